// Event markers: labelled vertical lines on every time chart for the
// scenario's timeline (storm start and end, reboot, window end, load
// steps) and for each live change the user makes ("SGSN N 400 → 800").
import type uPlot from "uplot";
import { cssVar } from "./charts";
import type { Event } from "./types";

// Marker is an event of the run (Info.markers) or a live change.
export type Marker = Event & {
  live?: boolean; // a change made by the user during the run
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

// The markers take the page theme's colours (muted for the scenario's
// events, accent for live changes, labels on the panel's colour).

// MARKER_BAND is the height (CSS px) of the band above a chart's plot that
// holds the markers' labels: two rows, so that labels never cover the data
// or a threshold's label.
export const MARKER_BAND = 28;

// drawMarkers draws the markers across u's plot area and their labels in
// the band above it, on the second row when they would overlap a label
// on the first.
export function drawMarkers(u: uPlot, ms: Marker[]) {
  if (ms.length === 0) return;
  const ctx = u.ctx;
  const { left, top, width, height } = u.bbox;
  const px = devicePixelRatio;
  ctx.save();
  ctx.font = `${Math.round(11 * px)}px system-ui, sans-serif`;
  ctx.textBaseline = "top";
  ctx.textAlign = "left";
  // Where each row's last label ends: a label takes the first row where it
  // fits, or moves right along the row that ends soonest.
  const rowRight = [-Infinity, -Infinity];
  const placed: number[][] = []; // [left, right, row] of each label, for the tests
  const timelineColor = cssVar("--muted");
  const liveColor = cssVar("--accent");
  for (const m of ms) {
    const x = Math.round(u.valToPos(m.at_s, "x", true));
    if (x < left || x > left + width) continue;
    const color = m.live ? liveColor : timelineColor;
    ctx.strokeStyle = color;
    ctx.lineWidth = px;
    ctx.setLineDash([3 * px, 3 * px]);
    ctx.beginPath();
    ctx.moveTo(x + 0.5, top - MARKER_BAND * px);
    ctx.lineTo(x + 0.5, top + height);
    ctx.stroke();
    const w = ctx.measureText(m.label).width;
    let tx = Math.min(x + 3 * px, left + width - w - 2 * px);
    let row = rowRight.findIndex((r) => tx >= r + 6 * px);
    if (row < 0) {
      // Both rows are taken here: the label moves right of the one that ends soonest.
      row = rowRight[0] <= rowRight[1] ? 0 : 1;
      tx = Math.min(rowRight[row] + 6 * px, left + width - w - 2 * px);
    }
    const ty = top - (MARKER_BAND - 1) * px + row * 13 * px;
    ctx.fillStyle = color;
    ctx.fillText(m.label, tx, ty);
    rowRight[row] = tx + w;
    placed.push([Math.round(tx / px), Math.round((tx + w) / px), row]);
  }
  u.root.dataset.labels = JSON.stringify(placed);
  ctx.restore();
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
