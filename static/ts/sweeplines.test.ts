// Unit tests of where a sweep's lines are drawn, under node --test.
import { test } from "node:test";
import assert from "node:assert/strict";
import { curveOf, within } from "./sweeplines";

test("a pass line to 30 % overload ends at 1.3× on a sweep of the load", () => {
  const xs = [0.5, 0.8, 1, 1.2, 1.3, 1.5, 2, 3, 5, 7, 10];
  const ys = xs.map(() => 900);
  assert.deepEqual(within(ys, xs, 1.3, true), [900, 900, 900, 900, 900, null, null, null, null, null, null]);
  // The capacity line holds everywhere; so does any line on a sweep of another parameter.
  assert.deepEqual(within(ys, xs, undefined, true), ys);
  assert.deepEqual(within(ys, xs, 1.3, false), ys);
  // A point not yet in stays null.
  assert.deepEqual(within([null, 900], [1, 2], 3, true), [null, 900]);
});

test("an old link's curve, named by its control's key, is the list's curve with its words", () => {
  const curves = [
    { label: "as set" },
    { label: "no control", params: { "scp.control": "none" } },
    { label: "standard ACG", params: { "scp.control": "standard-acg" } },
    { label: "adaptive", params: { "scp.control": "adaptive-acg" } },
  ];
  assert.equal(curveOf(curves, { label: "none", params: { "scp.control": "none" } })?.label, "no control");
  assert.equal(curveOf(curves, { label: "adaptive-acg", params: { "scp.control": "adaptive-acg" } })?.label, "adaptive");
  assert.equal(curveOf(curves, { label: "standard ACG", params: { "scp.control": "standard-acg" } })?.label, "standard ACG");
  assert.equal(curveOf(curves, { label: "as set" })?.label, "as set");
  // A curve of the link's own (other parameters, or none under a new name) is not one of the list's.
  assert.equal(curveOf(curves, { label: "mine", params: { "scp.control": "none", "ssp.timer": 4 } }), undefined);
  assert.equal(curveOf(curves, { label: "mine" }), undefined);
  // The order of the parameters does not matter.
  const two = [{ label: "both", params: { a: 1, b: 2 } }];
  assert.equal(curveOf(two, { label: "x", params: { b: 2, a: 1 } })?.label, "both");
});
