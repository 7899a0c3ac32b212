// Unit tests of how the page writes times (run by web's
// TestTypeScriptUnits under node --test): the same table as the Go side's
// core/engine/clock, so that the page, the report and the command line
// write every time alike.
import { test } from "node:test";
import assert from "node:assert/strict";
import cases from "../../core/engine/clock/testdata/clock.json";
import { LONG_RUN, tileValue, timeIncrs, timeNotation, timeText } from "./scrub";
import { Store } from "./store";

test("timeText: as core/engine/clock's table", () => {
  assert.equal(cases.length > 10, true);
  for (const c of cases) assert.equal(timeText(c.t, c.run > LONG_RUN), c.text, `${c.t} s of a ${c.run} s run (${c.why ?? ""})`);
});

test("timeText: no number reads –", () => {
  assert.equal(timeText(NaN), "–");
  assert.equal(timeText(Infinity, true), "–");
});

test("tileValue: the value, the highest, the total, the mean over a claim's window", () => {
  const s = new Store(["t", "x"]);
  s.append([10, 4, 20, 8, 30, 2, 40, 6]);
  assert.equal(tileValue(s, "x", "", 2), 2);
  assert.equal(tileValue(s, "x", "max", 2), 8);
  assert.equal(tileValue(s, "x", "sum", 1), 10 * 4 + 10 * 8);
  // "mean": the rows ending after from, as claim.Mean counts them (the
  // row ending at 20 is not after 20); none yet reads null.
  assert.equal(tileValue(s, "x", "mean", 3, 20), (2 + 6) / 2);
  assert.equal(tileValue(s, "x", "mean", 2, 20), 2);
  assert.equal(tileValue(s, "x", "mean", 1, 20), null);
  assert.equal(tileValue(s, "x", "mean", 3), (4 + 8 + 2 + 6) / 4);
  assert.equal(tileValue(s, "y", "", 0), null);
});

test("timeIncrs: seconds and minutes while times read m:ss, whole minutes once they read h:mm:ss", () => {
  const short = timeIncrs(false);
  const long = timeIncrs(true);
  assert.deepEqual(short.slice(0, 7), [1, 2, 5, 10, 15, 20, 30]);
  assert.deepEqual(short.slice(7), long);
  assert.equal(long[0], 60);
  assert.equal(long[long.length - 1], 86400);
  for (const s of long) assert.equal(s % 60, 0, `${s} s`);
  for (const ts of [short, long]) for (let k = 1; k < ts.length; k++) assert.equal(ts[k] > ts[k - 1], true);
  // A tick at each spacing reads as a whole label in its notation.
  assert.equal(timeText(90 * 60, true), "1:30:00");
  assert.equal(timeText(15, false), "0:15");
  assert.equal(timeNotation(), "m:ss");
});
