// Unit tests of which series a chart draws, under node --test.
import { test } from "node:test";
import assert from "node:assert/strict";
import { drawnSeries, heldWith } from "./seriesif";
import type { Chart } from "./types";

const cpu: Chart = { id: "cpu", title: "Server occupancy", unit: "%", series: ["server.cpu", "alternate.cpu"], if: ["", "alternate.enabled"] };

test("a series whose condition never holds is not drawn", () => {
  const off = heldWith(cpu, null, { "alternate.enabled": false });
  assert.deepEqual(drawnSeries(cpu, undefined, off), ["server.cpu"]);
  assert.deepEqual(drawnSeries(cpu, undefined, heldWith(cpu, null, { "alternate.enabled": true })), ["server.cpu", "alternate.cpu"]);
  // Comparing: drawn when A or B has it.
  assert.deepEqual(drawnSeries(cpu, undefined, heldWith(cpu, null, { "alternate.enabled": false }, { "alternate.enabled": true })), ["server.cpu", "alternate.cpu"]);
  // Turned on during the run: drawn from then on, and kept when turned off again.
  const on = heldWith(cpu, off, { "alternate.enabled": true });
  assert.deepEqual(drawnSeries(cpu, undefined, heldWith(cpu, on, { "alternate.enabled": false })), ["server.cpu", "alternate.cpu"]);
});

test("a chart without conditions draws the first upto series", () => {
  const per: Chart = { id: "clients", title: "", unit: "", series: ["c1", "c2", "c3"], upto: "clients" };
  const held = heldWith(per, null, {});
  assert.deepEqual(drawnSeries(per, 2, held), ["c1", "c2"]);
  assert.deepEqual(drawnSeries(per, undefined, held), ["c1", "c2", "c3"]);
});
