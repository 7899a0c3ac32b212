// Unit tests of how the page writes times (run by web's
// TestTypeScriptUnits under node --test): the same table as the Go side's
// core/engine/clock, so that the page, the report and the command line
// write every time alike.
import { test } from "node:test";
import assert from "node:assert/strict";
import cases from "../../core/engine/clock/testdata/clock.json";
import { LONG_RUN, timeText } from "./scrub";

test("timeText: as core/engine/clock's table", () => {
  assert.equal(cases.length > 10, true);
  for (const c of cases) assert.equal(timeText(c.t, c.run > LONG_RUN), c.text, `${c.t} s of a ${c.run} s run (${c.why ?? ""})`);
});

test("timeText: no number reads –", () => {
  assert.equal(timeText(NaN), "–");
  assert.equal(timeText(Infinity, true), "–");
});
