// Unit tests of the CSV cells the page exports, under node --test.
import { test } from "node:test";
import assert from "node:assert/strict";
import { Store } from "./store";
import { csvCell, exportTitle, toCSV } from "./util";

test("csvCell neutralises formulas and quotes what would end a cell or a row", () => {
  assert.equal(csvCell("adaptive"), "adaptive");
  assert.equal(csvCell("=HYPERLINK(1)"), "'=HYPERLINK(1)");
  for (const c of ["+", "-", "@"]) assert.equal(csvCell(c + "1"), "'" + c + "1");
  assert.equal(csvCell("a,b"), '"a,b"');
  assert.equal(csvCell('say "hi"'), '"say ""hi"""');
  assert.equal(csvCell("a\rb"), '"a\rb"');
  assert.equal(csvCell("a\nb"), '"a\nb"');
  assert.equal(csvCell("=a,b"), `"'=a,b"`);
});

test("exportTitle names the run, and A and B while comparing", () => {
  assert.deepEqual(exportTitle("attach-storm", 1, "15:00", null), ["overloadlab — attach-storm (seed 1), t = 15:00"]);
  assert.deepEqual(exportTitle("doic-priority-only", 3, "1:00", { label_a: "priority only", label_b: "colour within priority" }), [
    "overloadlab — doic-priority-only (seed 3), t = 1:00",
    "A: priority only (faint) against B: colour within priority (solid), on the same seed and traffic",
  ]);
  assert.deepEqual(exportTitle("", 2, "0:30", { label_a: "A", label_b: "B" }), ["overloadlab — custom (seed 2), t = 0:30", "A (faint) against B (solid), on the same seed and traffic"]);
});

test("toCSV: the head as comments, A's columns, then B's prefixed b.", () => {
  const a = new Store(["t", "goodput"]);
  a.append([1, 0.5, 2, 1 / 3]);
  assert.equal(toCSV(a, ["model: imsimgr", "two\nlines"]), "# model: imsimgr\n# two lines\nt,goodput\n1,0.5\n2,0.333333\n");
  const b = new Store(["t", "goodput"]);
  b.append([1, 7]);
  assert.equal(toCSV(a, [], b), "t,goodput,b.goodput\n1,0.5,7\n2,0.333333,\n");
});
