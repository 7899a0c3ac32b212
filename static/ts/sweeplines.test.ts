// Unit tests of where a sweep's lines are drawn, under node --test.
import { test } from "node:test";
import assert from "node:assert/strict";
import { within } from "./sweeplines";

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
