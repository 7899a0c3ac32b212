// Unit tests of where the markers' labels go in the band above a chart
// (run by web's TestTypeScriptUnits under node --test).
import { test } from "node:test";
import assert from "node:assert/strict";
import { layoutLabels, markers, setMarkers, setRunMarks, type Marker, type Placed } from "./markers";

// Every letter is 6 px wide; device px = CSS px (px 1).
const width = (s: string) => 6 * s.length;
const ms = (...labels: string[]) => labels.map((label, k): Marker => ({ at_s: k, label }));

// beside is how far a label is from its own line: 3 px right of it or 3 px
// left of it is next to it (0), anything else is away from it.
const beside = (p: Placed) => Math.min(Math.abs(p.tx - (p.x + 3)), Math.abs(p.tx + p.w - (p.x - 3)));
const overlaps = (out: Placed[]) => out.some((a, k) => out.slice(0, k).some((b) => a.row === b.row && a.tx < b.tx + b.w && b.tx < a.tx + a.w));

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

test("near the band's right end a label goes left of its line, ending there", () => {
  const [near] = layoutLabels(ms("at the end"), [495], 0, 500, 1, width);
  assert.equal(near.tx + near.w, 492);
  assert.equal(beside(near), 0);
});

// Issue 23 #14: live changes (listed after the scenario's events, earlier
// in time) and changes made close together had their labels chained one
// after the other to the band's right end, far from their lines.
test("every label is next to its own line, whatever the list's order", () => {
  const list: Marker[] = [
    { at_s: 10, label: "storm starts" },
    { at_s: 40, label: "storm ends" },
    { at_s: 20, label: "SGSN N 400 → 800 /s", live: true },
    { at_s: 21, label: "queue wait 2 → 4 s", live: true },
    { at_s: 22, label: "queue depth 100 → 200", live: true },
    { at_s: 23, label: "guard off", live: true },
    { at_s: 9, label: "CPU speed 1 → 2", live: true },
  ];
  const xs = list.map((m) => 20 + m.at_s * 10); // 1 s = 10 px
  const out = layoutLabels(list, xs, 20, 620, 1, width);
  assert.equal(out.length >= 4, true, `${out.length} labels`);
  // The scenario's events first: they keep their labels whole.
  assert.deepEqual(
    out.filter((p) => !list[p.i].live).map((p) => p.text),
    ["storm starts", "storm ends"],
  );
  for (const p of out) assert.equal(beside(p), 0, `“${p.text}” at ${p.tx}–${p.tx + p.w}, its line at ${p.x}`);
  assert.equal(overlaps(out), false);
});

test("crowded labels are cut short beside their lines, or left out, never moved away", () => {
  // Near the band's end, with labels on the left, the room beside the
  // line is 35 px: the label is cut to it, right of its line.
  const out = layoutLabels(ms("aaaaaaaaaa", "bbbbbbbbbb", "cccccccccccccccccccc"), [0, 2, 100], 0, 140, 1, width);
  assert.equal(overlaps(out), false);
  assert.deepEqual(
    out.map((p) => [p.text, p.row, p.tx, beside(p)]),
    [
      ["aaaaaaaaaa", 0, 3, 0],
      ["bbbbbbbbbb", 1, 5, 0],
      ["cccc…", 0, 103, 0],
    ],
  );
  // Where not even a few letters fit beside the line, it is left out.
  assert.equal(layoutLabels(ms("aaaaaaaaaa", "bbbbbbbbbb", "cccccccccc"), [0, 2, 30], 0, 140, 1, width).length, 2);
  // Four lines on one spot take both rows on both sides; a fifth is left out.
  const same = layoutLabels(ms("aaaa", "bbbb", "cccc", "dddd", "eeee"), [100, 100, 100, 100, 100], 0, 300, 1, width);
  assert.deepEqual(
    same.map((p) => [p.text, p.row, p.tx]),
    [
      ["aaaa", 0, 103],
      ["bbbb", 1, 103],
      ["cccc", 0, 73],
      ["dddd", 1, 73],
    ],
  );
});

test("a label running over a later line is cut short before it, so that both have labels", () => {
  const list: Marker[] = [
    { at_s: 0, label: "Traffic: 6 rates ×1.75" },
    { at_s: 1, label: "attach storm starts ×6" },
    { at_s: 2, label: "attach storm ends" },
  ];
  const out = layoutLabels(list, [10, 12, 100], 0, 500, 1, width);
  assert.deepEqual(
    out.map((p) => [p.text, p.row, beside(p)]),
    [
      ["Traffic: 6 ra…", 0, 0],
      ["attach storm starts ×6", 1, 0],
      ["attach storm ends", 0, 0],
    ],
  );
  assert.equal(overlaps(out), false);
  // A live change's label does not cut the scenario's: there it goes without.
  list[2].live = true;
  assert.deepEqual(
    layoutLabels(list, [10, 12, 100], 0, 500, 1, width).map((p) => p.text),
    ["Traffic: 6 rates ×1.75", "attach storm starts ×6"],
  );
});

// The moments the model marks during the run (OVERLOAD START, the T3346
// echo) are labelled beside their lines like the others, after the
// scenario's events and the live changes, and never cut their labels.
test("marked moments come last, beside their lines, cutting no other kind's label", () => {
  const list: Marker[] = [
    { at_s: 0, label: "outage ends: re-attach" },
    { at_s: 1, label: "OVERLOAD START MME 1, 2, 3", run: true },
    { at_s: 3, label: "OVERLOAD STOP MME 1, 2, 3", run: true },
    { at_s: 2, label: "T3346 15 → 30 min", live: true },
  ];
  // The START's line is crowded by the two labels before it: it goes
  // without rather than cut theirs; the STOP's has room.
  const out = layoutLabels(list, [10, 12, 300, 20], 0, 500, 1, width);
  assert.deepEqual(
    out.map((p) => p.i),
    [0, 3, 2],
  );
  // The scenario's event and the live change keep their labels whole.
  assert.equal(out[0].text, list[0].label);
  assert.equal(out[1].text, list[3].label);
  for (const p of out) assert.equal(beside(p), 0, `“${p.text}” at ${p.tx}–${p.tx + p.w}, its line at ${p.x}`);
  assert.equal(overlaps(out), false);
});

test("setRunMarks replaces the marked moments, keeps the rest, and says when they changed", () => {
  setMarkers([{ at_s: 60, label: "core outage", until_s: 120 }]);
  markers.push({ at_s: 70, label: "guard off", live: true });
  assert.equal(setRunMarks(undefined), false);
  assert.equal(setRunMarks([{ at_s: 123, label: "OVERLOAD START MME 1" }]), true);
  assert.equal(setRunMarks([{ at_s: 123, label: "OVERLOAD START MME 1" }]), false);
  assert.equal(setRunMarks([{ at_s: 123, label: "OVERLOAD START MME 1" }, { at_s: 1025, until_s: 1100, label: "T3346 echo" }]), true);
  // A span growing with the clock is a change.
  assert.equal(setRunMarks([{ at_s: 123, label: "OVERLOAD START MME 1" }, { at_s: 1025, until_s: 1200, label: "T3346 echo" }]), true);
  assert.deepEqual(
    markers.map((m) => [m.at_s, m.label, m.live ?? false, m.run ?? false]),
    [
      [60, "core outage", false, false],
      [70, "guard off", true, false],
      [123, "OVERLOAD START MME 1", false, true],
      [1025, "T3346 echo", false, true],
    ],
  );
  // While comparing: B's own marks after A's, named for their side.
  assert.equal(setRunMarks([{ at_s: 123, label: "OVERLOAD START MME 1" }], [{ at_s: 123, label: "OVERLOAD START MME 1" }, { at_s: 130, label: "OVERLOAD START MME 2" }]), true);
  assert.deepEqual(
    markers.filter((m) => m.run).map((m) => m.label),
    ["OVERLOAD START MME 1", "B: OVERLOAD START MME 2"],
  );
  assert.equal(setRunMarks([]), true);
  assert.equal(markers.length, 2);
});
