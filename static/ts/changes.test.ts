// Unit tests of the banner's list of a link's changes (run by web's
// TestTypeScriptUnits under node --test).
import { test } from "node:test";
import assert from "node:assert/strict";
import { changeHead, changeList } from "./changes";
import type { Difference } from "./types";

const n800: Difference = { param: "sgsn-new-connections-per-second", label: "N: new connections (/s)", old: "400", new: "800", at_s: 0, timed: false };
const speed: Difference = { param: "cpu.speed", label: "CPU speed (×)", old: "1", new: "0.5", at_s: 95, timed: true };

test("changeList: each change in the schema's words, from the start or at its time, and its parameter", () => {
  assert.deepEqual(changeList({ changed: [n800, speed], comparing: false }), [
    { text: "N: new connections (/s): 400 → 800 from the start", param: "sgsn-new-connections-per-second" },
    { text: "CPU speed (×): 1 → 0.5 at 1:35", param: "cpu.speed" },
  ]);
  assert.deepEqual(changeList({ changed: [], comparing: false }), []);
});

test("changeList: comparing, A's changes from its base, then B's from A", () => {
  assert.deepEqual(
    changeList({ changed: [speed], changed_b: [n800], comparing: true }).map((c) => c.text),
    ["A: CPU speed (×): 1 → 0.5 at 1:35", "B: N: new connections (/s): 400 → 800 from the start"],
  );
  assert.deepEqual(
    changeList({ changed: [], changed_b: [n800], comparing: true }).map((c) => c.param),
    ["sgsn-new-connections-per-second"],
  );
});

test("changeHead: what the list is of, or that there is nothing", () => {
  assert.equal(changeHead({ changed: [n800] }, "preset attach-storm"), "Differences from preset attach-storm:");
  assert.equal(changeHead({ changed: [], changed_b: [n800] }, "preset attach-storm"), "Differences from preset attach-storm (B's from A):");
  assert.equal(changeHead({ changed: [] }, "the model's defaults"), "No difference from the model's defaults.");
});
