// Unit tests of the legend's labels (run by web's TestTypeScriptUnits
// under node --test).
import { test } from "node:test";
import assert from "node:assert/strict";
import { classesOf, shortLabels } from "./labels";
import type { Model } from "./types";

test("shortLabels moves the words all labels share into the note", () => {
  assert.deepEqual(shortLabels(["emergency goodput /s", "normal goodput /s"]), { labels: ["emergency", "normal"], note: "… goodput /s" });
  assert.deepEqual(shortLabels(["queue of SGSN A", "queue of SGSN B"]), { labels: ["A", "B"], note: "queue of SGSN …" });
  // Each keeps a word at least; nothing shared, or one label, stays as it is.
  assert.deepEqual(shortLabels(["cpu", "cpu max"]), { labels: ["cpu", "cpu max"], note: "" });
  assert.deepEqual(shortLabels(["offered", "carried"]), { labels: ["offered", "carried"], note: "" });
  assert.deepEqual(shortLabels(["only one"]), { labels: ["only one"], note: "" });
});

test("classesOf lists the classes by their offered columns, in order", () => {
  const m = { columns: [{ name: "offered" }, { name: "gold.offered" }, { name: "gold.carried" }, { name: "bronze.offered" }] } as unknown as Model;
  assert.deepEqual(classesOf(m), ["gold", "bronze"]);
});
