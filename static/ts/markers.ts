// Event markers: labelled vertical lines on every time chart for the
// scenario's timeline (storm start and end, reboot, window end, load
// steps), for each live change the user makes ("SGSN N 400 → 800") and
// for the moments the model marks as the run reaches them (Summary.marks:
// "OVERLOAD START MME 1").
import type uPlot from "uplot";
import { cssVar } from "./theme";
import type { Event } from "./types";

// Marker is an event of the run (Info.markers) or a live change.
export type Marker = Event & {
  live?: boolean; // a change made by the user during the run
  run?: boolean; // a moment the model marked during the run
};

// markers is the list of the run on screen, shared by its charts.
export const markers: Marker[] = [];

// setMarkers replaces the list (a new run).
export function setMarkers(ms: Marker[]) {
  markers.length = 0;
  markers.push(...ms);
}

// addLive records a live change at simulated time t.
export function addLive(t: number, label: string) {
  markers.push({ at_s: t, label, live: true });
}

// setRunMarks puts the moments the model marked so far (the summary of
// the latest rows: none past the run's clock) in the list, in place of
// those before, A's and, while comparing, those of B that A lacks, as
// "B: …" (as the report has them); it says whether they changed.
export function setRunMarks(a: Event[] = [], b: Event[] = []): boolean {
  const same = (x: Event, y: Event) => x.at_s === y.at_s && x.until_s === y.until_s && x.label === y.label;
  const ms = [...a, ...b.filter((x) => !a.some((y) => same(x, y))).map((x) => ({ ...x, label: "B: " + x.label }))];
  const old = markers.filter((m) => m.run);
  if (old.length === ms.length && old.every((m, i) => same(m, ms[i]))) return false;
  setMarkers([...markers.filter((m) => !m.run), ...ms.map((m) => ({ ...m, run: true }))]);
  return true;
}

// The markers take the page theme's colours (muted for the scenario's
// events, accent for live changes, labels on the panel's colour).

// MARKER_BAND is the height (CSS px) of the band above a chart's plot that
// holds the markers' labels: two rows, so that labels never cover the data
// or a threshold's label.
export const MARKER_BAND = 28;
const ROW = 13; // CSS px per row of labels
const GAP = 6; // CSS px between two labels of a row

// Placed is a marker's label as laid out in the band (device px).
export interface Placed {
  i: number; // the marker's index
  x: number; // the marker's line
  tx: number; // the text's left
  row: number;
  w: number; // the text's width
  text: string; // the label, or its start and "…" where the full one does not fit
}

// layoutLabels places the labels of markers at device x positions xs in a
// band from left to right (device px), each next to its own line, never
// away from it. The scenario's events come first, then the live changes,
// then the moments the model marked, each in the order of their lines: a label goes just right of its line on
// the first of the two rows where that is free, else just left of it,
// ending at the line (near the band's right end, or beside a label on the
// right). Where no side of either row has room for it whole, a label of an
// earlier line that runs over this line is cut short with "…" before it
// (a later kind's never cuts an earlier kind's), else this label is cut to the
// most room beside its line (the full labels are the lines' tooltips), and
// left out if not even a few letters fit. A label
// equal to the one before it (the next burst of a series) is not repeated.
export function layoutLabels(ms: Marker[], xs: number[], left: number, right: number, px: number, width: (s: string) => number): Placed[] {
  const out: Placed[] = [];
  const gap = GAP * px;
  const hi = right - 2 * px;
  // room is how far row r is free from a on, rightwards (dir 1) or
  // leftwards (-1), the gaps to the labels there kept (-1: a is taken).
  const room = (r: number, a: number, dir: number): number => {
    let end = dir > 0 ? hi : left;
    for (const p of out) {
      if (p.row !== r) continue;
      const s = p.tx - gap;
      const e = p.tx + p.w + gap;
      if (a > s && a < e) return -1;
      if (dir > 0 && s >= a) end = Math.min(end, s);
      if (dir < 0 && e <= a) end = Math.max(end, e);
    }
    return (end - a) * dir;
  };
  // fit is the label whole if it fits in room, else its start and "…",
  // else null (not even a few letters).
  const fit = (label: string, room: number): string | null => {
    if (width(label) <= room) return label;
    let text = label;
    while (text.length > 3 && width(text.trimEnd() + "…") > room) text = text.slice(0, -1);
    return text.length > 3 ? text.trimEnd() + "…" : null;
  };
  const shown = xs.map((_, i) => i).filter((i) => xs[i] >= left && xs[i] <= right);
  const byX = (a: number, b: number) => xs[a] - xs[b];
  const rank = (m: Marker) => (m.live ? 1 : m.run ? 2 : 0);
  const order = [0, 1, 2].flatMap((r) => shown.filter((i) => rank(ms[i]) === r).sort(byX));
  let prev = "";
  for (const i of order) {
    const { label } = ms[i];
    const x = xs[i];
    if (label === prev) continue;
    prev = label;
    const put = (row: number, dir: number, text: string) => {
      const w = width(text);
      out.push({ i, x, tx: dir > 0 ? x + 3 * px : x - 3 * px - w, row, w, text });
    };
    // The four places beside the line: right of it on each row, then left.
    const spots = [
      [1, 0],
      [1, 1],
      [-1, 0],
      [-1, 1],
    ].map(([dir, row]) => ({ dir, row, free: room(row, x + 3 * px * dir, dir) }));
    const whole = spots.find((p) => p.free >= width(label));
    if (whole) {
      put(whole.row, whole.dir, label);
      continue;
    }
    // A label right of an earlier line that runs over this one is cut
    // short before it (never one of an earlier kind: a live change's label
    // never cuts an event's, a marked moment's neither), so
    // that each line keeps a label beside it.
    let done = false;
    for (const row of [0, 1]) {
      const a = x + 3 * px;
      const p = out.find((p) => p.row === row && p.tx > p.x && a > p.tx - gap && a < p.tx + p.w + gap && rank(ms[p.i]) >= rank(ms[i]));
      const cut = p && fit(ms[p.i].label, a - gap - p.tx);
      if (!p || !cut) continue;
      const was = [p.text, p.w];
      [p.text, p.w] = [cut, width(cut)];
      const text = fit(label, room(row, a, 1));
      if (text) {
        put(row, 1, text);
        done = true;
        break;
      }
      [p.text, p.w] = was as [string, number];
    }
    if (done) continue;
    // Else the label is cut short to the most room beside its line.
    const most = spots.reduce((a, b) => (b.free > a.free ? b : a));
    const text = fit(label, most.free);
    if (text) put(most.row, most.dir, text);
  }
  return out;
}

// drawMarkers draws the markers across u's plot area (a span shaded) and
// their labels in the band above it, laid out by layoutLabels, and returns
// where the labels went (device px). k scales the labels' type, their rows
// and the band (MARKER_BAND × k: the chart's top padding) with the page's
// (4/3 in presentation mode).
export function drawMarkers(u: uPlot, ms: Marker[], k = 1): Placed[] {
  if (ms.length === 0) return [];
  const ctx = u.ctx;
  const { left, top, width, height } = u.bbox;
  const dpr = devicePixelRatio;
  const px = dpr * k; // device px per CSS px of the labels' layout
  const font = Math.round(11 * k);
  ctx.save();
  ctx.font = `${font * dpr}px system-ui, sans-serif`;
  ctx.textBaseline = "top";
  ctx.textAlign = "left";
  const timelineColor = cssVar("--muted");
  const liveColor = cssVar("--accent");
  const xs = ms.map((m) => Math.round(u.valToPos(m.at_s, "x", true)));
  ms.forEach((m, i) => {
    const x = xs[i];
    if (m.until_s !== undefined) {
      const x2 = Math.min(left + width, Math.round(u.valToPos(m.until_s, "x", true)));
      const x1 = Math.max(left, x);
      if (x2 > x1) {
        ctx.globalAlpha = 0.12;
        ctx.fillStyle = timelineColor;
        ctx.fillRect(x1, top, x2 - x1, height);
        ctx.globalAlpha = 1;
      }
    }
    if (x < left || x > left + width) return;
    ctx.strokeStyle = m.live ? liveColor : timelineColor;
    // A model's marks can come by the dozen (a control flapping): their
    // lines fainter, so that the data stay readable between them.
    ctx.globalAlpha = m.run ? 0.5 : 1;
    ctx.lineWidth = dpr;
    ctx.setLineDash([3 * dpr, 3 * dpr]);
    ctx.beginPath();
    ctx.moveTo(x + 0.5, top - MARKER_BAND * px);
    ctx.lineTo(x + 0.5, top + height);
    ctx.stroke();
    ctx.globalAlpha = 1;
  });
  const placed = layoutLabels(ms, xs, left, left + width, px, (s) => ctx.measureText(s).width);
  // Each label on a box of the panel's colour: the other markers' lines
  // do not run through its letters.
  const panel = cssVar("--panel");
  for (const p of placed) {
    const y = top - (MARKER_BAND - 1) * px + p.row * ROW * px;
    ctx.fillStyle = panel;
    ctx.fillRect(p.tx - 2 * px, y - px, p.w + 4 * px, ROW * px);
    ctx.fillStyle = ms[p.i].live ? liveColor : timelineColor;
    ctx.fillText(p.text, p.tx, y);
  }
  ctx.restore();
  // Where each label went, for the tests: [left, right, row, the marker's
  // index] in CSS px, and its type size.
  u.root.dataset.labels = JSON.stringify(placed.map((p) => [Math.round(p.tx / dpr), Math.round((p.tx + p.w) / dpr), p.row, p.i]));
  u.root.dataset.labelFont = String(font);
  return placed;
}

// markerAt returns the full labels of the markers within a few pixels of
// the plot position x (CSS px from the plot's left), for the tooltip.
export function markerAt(u: uPlot, ms: Marker[], x: number): string {
  return ms
    .filter((m) => {
      const a = u.valToPos(m.at_s, "x");
      const b = m.until_s === undefined ? a : u.valToPos(m.until_s, "x");
      return x >= a - 4 && x <= b + 4;
    })
    .map((m) => m.label)
    .join("\n");
}

// drawCursor draws the scrubbed time as a solid vertical line.
export function drawCursor(u: uPlot, t: number | null) {
  if (t === null) return;
  const x = Math.round(u.valToPos(t, "x", true));
  const { left, top, width, height } = u.bbox;
  if (x < left || x > left + width) return;
  const ctx = u.ctx;
  ctx.save();
  ctx.strokeStyle = "#cf222e";
  ctx.lineWidth = 2 * devicePixelRatio;
  ctx.beginPath();
  ctx.moveTo(x, top);
  ctx.lineTo(x, top + height);
  ctx.stroke();
  ctx.restore();
}
