// Unit tests of how the page writes numbers (run by web's
// TestTypeScriptUnits under node --test).
import { test } from "node:test";
import assert from "node:assert/strict";
import cases from "../../core/engine/numtext/testdata/numbers.json";
import { count, fmt, keepUnits, ticks } from "./numbers";

test("ticks: the decimals the step needs, alike on every tick", () => {
  assert.deepEqual(ticks([0, 0.25, 0.5, 0.75]), ["0.00", "0.25", "0.50", "0.75"]);
  assert.deepEqual(ticks([0, 2.5, 5, 7.5]), ["0.0", "2.5", "5.0", "7.5"]);
  assert.deepEqual(ticks([0, 20, 40]), ["0", "20", "40"]);
  // Floating-point steps (0.1 + 0.2) still read as one decimal.
  assert.deepEqual(ticks([0.1, 0.1 + 0.1, 0.1 + 0.2]), ["0.1", "0.2", "0.3"]);
  assert.deepEqual(ticks([0, 5000, 10000]), ["0", "5,000", "10,000"]);
  assert.deepEqual(ticks([0, 0.001, 0.002]), ["0.000", "0.001", "0.002"]);
  // One tick: its own value is the step.
  assert.deepEqual(ticks([5]), ["5"]);
  assert.deepEqual(ticks([]), []);
});

test("fmt: thousands separators and decimals by magnitude", () => {
  assert.equal(fmt(12345.678), "12,346");
  assert.equal(fmt(1000), "1,000");
  assert.equal(fmt(999.94), "999.9");
  assert.equal(fmt(123.456), "123.5");
  assert.equal(fmt(10), "10.0");
  assert.equal(fmt(1.2345), "1.23");
  assert.equal(fmt(0), "0.0");
  assert.equal(fmt(0.5), "0.50");
  assert.equal(fmt(0.012345), "0.012");
  assert.equal(fmt(0.9996), "1.0");
  assert.equal(fmt(-1234.4), "-1,234");
  assert.equal(fmt(99.46, "%"), "99.5 %");
  assert.equal(fmt(null), "–");
  assert.equal(fmt(undefined, "%"), "–");
  assert.equal(fmt(NaN), "–");
});

test("keepUnits: a number and its unit are bound by a no-break space", () => {
  assert.equal(keepUnits("at least 99 % in 60 to 80 % of the intervals from 120 s to 300 s"), "at least 99\u00a0% in 60 to 80\u00a0% of the intervals from 120\u00a0s to 300\u00a0s");
  assert.equal(keepUnits("N = 400 /s, W = 5 s, a 60 min window, 250 ms"), "N = 400\u00a0/s, W = 5\u00a0s, a 60\u00a0min window, 250\u00a0ms");
  // Words that begin like a unit are left alone.
  assert.equal(keepUnits("3 seeds, 2 sessions, 10 SSPs, 5 minutes"), "3 seeds, 2 sessions, 10 SSPs, 5 minutes");
});

test("count: whole numbers with thousands separators", () => {
  assert.equal(count(0), "0");
  assert.equal(count(999), "999");
  assert.equal(count(1234567), "1,234,567");
});

test("fmt and count: as core/engine/numtext's table (the report's, the class view's numbers)", () => {
  assert.equal(cases.fmt.length > 20, true);
  for (const c of cases.fmt) assert.equal(fmt(c.v), c.text, `fmt(${c.v})`);
  for (const c of cases.count) assert.equal(count(c.n), c.text, `count(${c.n})`);
});
