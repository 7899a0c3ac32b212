// Unit tests of where the markers' labels go in the band above a chart
// (run by web's TestTypeScriptUnits under node --test).
import { test } from "node:test";
import assert from "node:assert/strict";
import { layoutLabels, type Marker } from "./markers";

// Every letter is 6 px wide; device px = CSS px (px 1).
const width = (s: string) => 6 * s.length;
const ms = (...labels: string[]) => labels.map((label, k): Marker => ({ at_s: k, label }));

test("a label goes right of its line, on the first row where it fits", () => {
  const out = layoutLabels(ms("storm", "ends"), [10, 20], 0, 500, 1, width);
  assert.deepEqual(
    out.map((p) => [p.row, p.tx, p.text]),
    [
      [0, 13, "storm"],
      [1, 23, "ends"],
    ],
  );
  // Far enough apart, both on the first row.
  assert.deepEqual(
    layoutLabels(ms("storm", "ends"), [10, 200], 0, 500, 1, width).map((p) => p.row),
    [0, 0],
  );
});

test("a repeated label, and one off the plot, are left out", () => {
  const out = layoutLabels(ms("burst", "burst", "late", "off"), [10, 100, 200, 900], 0, 500, 1, width);
  assert.deepEqual(
    out.map((p) => p.text),
    ["burst", "late"],
  );
});

test("a label kept inside the band; cut with … where neither row has room, left out where nothing fits", () => {
  const [near] = layoutLabels(ms("at the end"), [495], 0, 500, 1, width);
  assert.equal(near.tx + near.w <= 500, true);
  const out = layoutLabels(ms("aaaaaaaaaa", "bbbbbbbbbb", "cccccccccccccccccccc"), [0, 2, 4], 0, 140, 1, width);
  assert.equal(out.length, 3);
  assert.equal(out[2].text.endsWith("…"), true);
  assert.equal(out[2].tx + out[2].w <= 140 - 2, true);
  assert.equal(layoutLabels(ms("aaaaaaaaaa", "bbbbbbbbbb", "cccccccccc"), [0, 2, 4], 0, 80, 1, width).length, 2);
});
