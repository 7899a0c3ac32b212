// Live charts (uPlot) drawn from a model's Chart definitions: stacked
// outcome areas with a per-class selector, plain series, and thresholds
// (a fixed value, or a parameter's current value, shown only while its
// switch is on) drawn as labelled dashed lines.
import uPlot from "uplot";
import type { Chart, Column, Model, Values } from "./types";
import { MARKER_BAND, drawCursor, drawMarkers, markers } from "./markers";
import { rowAt, timeIncrs, timeText, view } from "./scrub";

// MAX_ROWS bounds the rows a Store keeps: past it, neighbouring rows are
// merged two into one (means, or maxima for Max columns), as the core's
// recorder does, so a 48-hour run cannot exhaust the page's memory.
export const MAX_ROWS = 8192;

// Store holds the per-interval series of a run, column by column.
export class Store {
  readonly index = new Map<string, number>();
  data: number[][];
  stride = 1; // intervals merged into one stored row
  private acc: number[];
  private accN = 0;
  private isMax: boolean[];
  constructor(
    readonly columns: string[],
    maxColumns: Set<string> = new Set(),
  ) {
    columns.forEach((c, i) => this.index.set(c, i));
    this.data = columns.map(() => []);
    this.acc = columns.map(() => 0);
    this.isMax = columns.map((c) => maxColumns.has(c));
  }
  get length(): number {
    return this.data[0].length;
  }
  col(name: string): number[] | undefined {
    const i = this.index.get(name);
    return i === undefined ? undefined : this.data[i];
  }
  // append adds the flat rows (width = columns).
  append(flat: ArrayLike<number>) {
    const w = this.columns.length;
    const n = Math.floor(flat.length / w);
    for (let r = 0; r < n; r++) {
      for (let c = 0; c < w; c++) {
        const x = flat[r * w + c];
        if (this.accN === 0 || c === 0) this.acc[c] = x;
        else if (this.isMax[c]) this.acc[c] = Math.max(this.acc[c], x);
        else this.acc[c] += x;
      }
      if (++this.accN < this.stride) continue;
      for (let c = 0; c < w; c++) this.data[c].push(c === 0 || this.isMax[c] ? this.acc[c] : this.acc[c] / this.accN);
      this.accN = 0;
      if (this.length >= MAX_ROWS) this.halve();
    }
  }
  private halve() {
    this.data.forEach((d, c) => {
      const out: number[] = [];
      for (let k = 0; k + 1 < d.length; k += 2) out.push(c === 0 ? d[k + 1] : this.isMax[c] ? Math.max(d[k], d[k + 1]) : (d[k] + d[k + 1]) / 2);
      this.data[c] = out;
    });
    this.stride *= 2;
  }
}

const named: Record<string, string> = {
  offered: "#1f2328",
  completed: "#2e9d4f",
  late: "#d4a017",
  rejected: "#e8772e",
  dropped: "#c9302c",
  throttled: "#7a4fc9",
  cpu: "#1f6feb",
};
export const palette = ["#1f6feb", "#e8772e", "#2e9d4f", "#c9302c", "#7a4fc9", "#8c6d1f", "#0f8b8d", "#d6336c"];
const lineColors = ["#c9302c", "#6e7781", "#7a4fc9", "#0f8b8d"];

function colorOf(name: string, i: number): string {
  const last = name.slice(name.lastIndexOf(".") + 1);
  return named[name] ?? named[last] ?? palette[i % palette.length];
}

function fmt(v: number | null | undefined, unit = ""): string {
  if (v === null || v === undefined || Number.isNaN(v)) return "–";
  const a = Math.abs(v);
  const s = a >= 1000 ? v.toFixed(0) : a >= 10 ? v.toFixed(1) : a >= 1 ? v.toFixed(2) : v.toPrecision(2);
  return unit ? `${s} ${unit}` : s;
}

// classesOf lists the classes of a model: the prefixes of "<class>.offered".
export function classesOf(m: Model): string[] {
  return m.columns.filter((c) => c.name.endsWith(".offered")).map((c) => c.name.slice(0, -".offered".length));
}

const MAX_POINTS = 1000;

// measurer measures legend text for the PNG export's layout.
const measurer = document.createElement("canvas").getContext("2d")!;

// live lists the charts of the run on screen (not the side-by-side ones):
// they share one crosshair, one time zoom and the time in view.
const live = new Set<ChartView>();

// zoomAll shows the time range [min, max] on every live chart (null: all).
export function zoomAll(range: [number, number] | null) {
  view.zoom = range;
  document.body.dataset.zoom = range ? range.map((x) => x.toFixed(1)).join(" ") : "";
  for (const c of live) c.redraw();
}

// ChartView is one chart of the page.
export class ChartView {
  readonly root: HTMLElement;
  private height: number;
  private u: uPlot | null = null;
  private cls = "";
  // steps[k]: the k-th threshold's values, each from a simulated time on.
  private steps: { t: number; v: number | null }[][];
  private cols: Map<string, Column>;
  private colors: string[] = []; // of the series after "t", for the PNG legend
  // ghost: run A drawn faint under B on the same axes while comparing,
  // with its own thresholds (ghostSteps).
  private ghost: Store | null = null;
  private ghostSteps: { t: number; v: number | null }[][] = [];

  constructor(
    parent: HTMLElement,
    readonly chart: Chart,
    readonly model: Model,
    private store: Store,
    readonly compact = false,
  ) {
    this.cols = new Map(model.columns.map((c) => [c.name, c]));
    this.shown = chart.series;
    this.steps = (chart.lines ?? []).map(() => []);
    this.root = document.createElement("figure");
    this.root.className = "chart" + (compact ? " compact" : "");
    this.root.dataset.chart = chart.id;
    this.height = compact ? 150 : 210;
    if (!compact) live.add(this);
    const cap = document.createElement("figcaption");
    cap.textContent = chart.title + (chart.unit ? ` (${chart.unit})` : "");
    this.root.append(cap);
    parent.append(this.root);
    this.build();
  }

  // rebuild makes the chart again (a new run: its time axis may read
  // differently).
  rebuild() {
    this.build();
  }

  // shown: the series drawn; with upto, only the first values[upto] (one per instance).
  private shown: string[];

  // limit draws, for a chart whose series are per instance, one series per
  // instance the run has (values[upto]).
  limit(values: Values) {
    const k = this.chart.upto ? values[this.chart.upto] : undefined;
    const next = typeof k === "number" ? this.chart.series.slice(0, k) : this.chart.series;
    if (next.length === this.shown.length) return;
    this.shown = next;
    this.build();
  }

  // setStore points the chart at the series of a new run.
  setStore(s: Store) {
    this.store = s;
  }

  // setGhost draws the series of run A faint under this chart's own (B),
  // on the same axes; null removes it.
  setGhost(g: Store | null) {
    if (g === this.ghost) return;
    this.ghost = g;
    this.ghostSteps = (this.chart.lines ?? []).map(() => []);
    this.build();
  }

  // ghostThresholdsFrom records A's thresholds from simulated time t on.
  ghostThresholdsFrom(t: number, values: Values | null) {
    this.recordSteps(this.ghostSteps, t, values);
  }

  // names of the series a ghost repeats: the stack's layers (as running
  // sums), the overlays, then the thresholds.
  private ghostSeries(): uPlot.Series[] {
    if (!this.ghost) return [];
    const c = this.chart;
    const out: uPlot.Series[] = [];
    this.stackOrder().forEach((name, i) => out.push({ label: `A: ${this.label(name)}`, stroke: colorOf(name, i) + "66", width: 1.25, points: { show: false }, value: (_u, v) => fmt(v, c.unit) }));
    for (const name of c.overlay ?? []) out.push({ label: `A: ${this.label(name)}`, stroke: colorOf(name, 0) + "66", width: 1.25, dash: [2, 3], points: { show: false }, value: (_u, v) => fmt(v, c.unit) });
    (c.lines ?? []).forEach((l, k) => out.push({ label: `A: ${l.label}`, stroke: lineColors[k % lineColors.length] + "66", width: 1.25, dash: [8, 5], points: { show: false }, value: (_u, v) => fmt(v, c.unit) }));
    for (const s of out) this.colors.push(String(s.stroke));
    return out;
  }

  get title(): string {
    return this.chart.title;
  }

  // setClass selects the class whose outcomes a PerClass chart shows ("" = all).
  setClass(cls: string) {
    if (!this.chart.per_class || cls === this.cls) return;
    this.cls = cls;
    this.build();
  }

  private seriesName(name: string): string {
    return this.chart.per_class && this.cls && this.store.index.has(`${this.cls}.${name}`) ? `${this.cls}.${name}` : name;
  }

  private label(name: string): string {
    const c = this.cols.get(this.seriesName(name));
    return c ? c.label : name;
  }

  // stackOrder lists the stacked series top first, so lower layers paint over.
  private stackOrder(): string[] {
    return this.chart.stacked ? [...this.shown].reverse() : this.shown;
  }

  private build() {
    const c = this.chart;
    const width = Math.max(280, (this.root.clientWidth || this.root.parentElement?.clientWidth || 600) - 20);
    const series: uPlot.Series[] = [{ label: "t", value: (_u, v) => (v === null || v === undefined ? "–" : timeText(v, true)) }];
    this.colors = [];
    const main = this.stackOrder();
    main.forEach((name, i) => {
      const color = colorOf(name, i);
      const s: uPlot.Series = { label: this.label(name), stroke: color, width: 1.5, points: { show: false } };
      this.colors.push(color);
      if (c.stacked) {
        s.fill = color + "cc";
        s.value = (_u, _v, _si, idx) => (idx === null ? "–" : fmt(this.raw(name, idx), c.unit));
      } else {
        s.value = (_u, v) => fmt(v, c.unit);
      }
      series.push(s);
    });
    for (const name of c.overlay ?? []) {
      this.colors.push(colorOf(name, 0));
      series.push({ label: this.label(name), stroke: colorOf(name, 0), width: 2, dash: [2, 3], points: { show: false }, value: (_u, v) => fmt(v, c.unit) });
    }
    (c.lines ?? []).forEach((l, k) => {
      this.colors.push(lineColors[k % lineColors.length]);
      series.push({ label: l.label, stroke: lineColors[k % lineColors.length], width: 1.5, dash: [8, 5], points: { show: false }, value: (_u, v) => fmt(v, c.unit) });
    });
    series.push(...this.ghostSeries());
    const opts: uPlot.Options = {
      width,
      height: this.height,
      // A band above the plot for the event markers' labels (two rows).
      padding: this.compact ? undefined : [MARKER_BAND, null, null, null],
      series,
      scales: { x: { time: false }, y: { range: (_u, lo, hi) => [Math.min(0, lo), hi > 0 ? hi * 1.08 : 1] } },
      axes: [
        {
          label: this.compact ? undefined : `simulated time (${view.long ? "h:mm" : "m:ss"})`,
          size: 36,
          incrs: timeIncrs(),
          values: (_u, vals) => vals.map((v) => timeText(v, false)),
        },
        { label: c.unit || undefined, size: 56, values: (_u, vals) => vals.map((v) => fmt(v)) },
      ],
      legend: { live: !this.compact },
      // One crosshair over every live chart; dragging across one zooms all
      // of them in time (double-click shows the whole run again).
      cursor: this.compact ? { drag: { x: false, y: false } } : { sync: { key: "overloadlab" }, drag: { x: true, y: false, setScale: false } },
      hooks: {
        draw: [
          (u) => {
            this.drawLabels(u);
            if (!this.compact) {
              drawMarkers(u, markers);
              drawCursor(u, view.at);
            }
          },
        ],
        // The time range on screen, on the element (for tests).
        setScale: [(u, key) => void (key === "x" && !this.compact && (this.root.dataset.x = `${u.scales.x.min?.toFixed(1)} ${u.scales.x.max?.toFixed(1)}`))],
        setSelect: [
          (u) => {
            if (this.compact || u.select.width < 5) return;
            const lo = u.posToVal(u.select.left, "x");
            const hi = u.posToVal(u.select.left + u.select.width, "x");
            u.setSelect({ left: 0, top: 0, width: 0, height: 0 }, false);
            zoomAll([lo, hi]);
          },
        ],
      },
    };
    this.u?.destroy();
    this.u = new uPlot(opts, this.data(), this.root);
    if (!this.compact) this.u.over.addEventListener("dblclick", () => zoomAll(null));
    this.showMarkers();
  }

  // raw returns the value of a stacked series (not the running sum) at a drawn index.
  private raw(name: string, idx: number): number {
    const col = this.store.col(this.seriesName(name));
    return col ? col[this.pick()[idx]] : NaN;
  }

  private picked: number[] = [];
  private pick(): number[] {
    return this.picked;
  }

  private data(): uPlot.AlignedData {
    const n = this.store.length;
    const k = Math.max(1, Math.ceil(n / MAX_POINTS));
    const idx: number[] = [];
    for (let i = 0; i < n; i += k) idx.push(i);
    if (n > 0 && idx[idx.length - 1] !== n - 1) idx.push(n - 1);
    this.picked = idx;
    const at = (name: string) => {
      const col = this.store.col(this.seriesName(name));
      return idx.map((i) => (col ? col[i] : null));
    };
    const out: (number | null)[][] = [at("t")];
    const c = this.chart;
    if (c.stacked) {
      const sums = idx.map(() => 0);
      const layers = this.shown.map((name) => {
        const v = at(name);
        return v.map((x, j) => (sums[j] += x ?? 0));
      });
      out.push(...layers.reverse());
    } else {
      for (const name of this.shown) out.push(at(name));
    }
    for (const name of c.overlay ?? []) out.push(at(name));
    const ts = out[0] as number[];
    const stepped = (steps: { t: number; v: number | null }[][]) => {
      for (const st of steps) {
        let j = -1;
        out.push(
          ts.map((t) => {
            while (j + 1 < st.length && st[j + 1].t <= t) j++;
            return j < 0 ? null : st[j].v;
          }),
        );
      }
    };
    stepped(this.steps);
    const g = this.ghost;
    if (g) {
      // A and B run in lockstep: row i of both ends at the same time.
      const gat = (name: string) => {
        const col = g.col(this.seriesName(name));
        return idx.map((i) => (col && i < col.length ? col[i] : null));
      };
      if (c.stacked) {
        const sums = idx.map(() => 0);
        const layers = c.series.map((name) => gat(name).map((x, j) => (x === null ? null : (sums[j] += x))));
        out.push(...layers.reverse());
      } else for (const name of c.series) out.push(gat(name));
      for (const name of c.overlay ?? []) out.push(gat(name));
      stepped(this.ghostSteps);
    }
    return out as uPlot.AlignedData;
  }

  // thresholdsFrom records the thresholds in force from simulated time t on.
  thresholdsFrom(t: number, values: Values | null) {
    this.recordSteps(this.steps, t, values);
  }

  private recordSteps(steps: { t: number; v: number | null }[][], t: number, values: Values | null) {
    (this.chart.lines ?? []).forEach((l, k) => {
      let v: number | null = null;
      const on = !l.if || !values || values[l.if] === true || values[l.if] === 1;
      if (on) {
        if (l.param) {
          const p = values ? values[l.param] : undefined;
          v = typeof p === "number" ? p : null;
        } else v = l.value ?? 0;
      }
      const st = steps[k];
      if (st && (st.length === 0 || st[st.length - 1].v !== v)) st.push({ t, v });
    });
  }

  // clear forgets the thresholds recorded; the caller redraws.
  clear() {
    for (const st of this.steps) st.length = 0;
    for (const st of this.ghostSteps) st.length = 0;
  }


  redraw() {
    const u = this.u;
    if (!u) return;
    const d = this.data();
    const zoom = this.compact ? null : view.zoom;
    u.setData(d, zoom === null);
    if (zoom) u.setScale("x", { min: zoom[0], max: zoom[1] });
    // Without a cursor on the chart, the legend shows the values at the
    // time in view: the scrubbed time, else the latest.
    const n = d[0].length;
    // The y range drawn, for the tests: while comparing, A and B share it.
    const y = u.scales.y;
    if (y.min !== undefined && y.max !== undefined) this.root.dataset.y = `${y.min},${y.max}`;
    if (n > 0 && (u.cursor.idx === null || u.cursor.idx === undefined || u.cursor.left! < 0)) u.setLegend({ idx: this.indexAt(view.at) ?? n - 1 });
    this.showMarkers();
  }

  // showMarkers puts the marker list on the chart's element (for tests and
  // tools: data-markers, JSON).
  private showMarkers() {
    if (this.compact) return;
    const m = JSON.stringify(markers);
    if (this.root.dataset.markers !== m) this.root.dataset.markers = m;
  }

  // indexAt returns the drawn point at or before simulated time t (null
  // when t is null or before the first point).
  private indexAt(t: number | null): number | null {
    if (t === null) return null;
    const i = rowAt(this.store, t);
    if (i < 0) return null;
    let k = this.picked.length - 1;
    while (k >= 0 && this.picked[k] > i) k--;
    return k < 0 ? null : k;
  }

  // setHeight sets the plot's height in CSS pixels (presentation mode).
  setHeight(h: number) {
    this.height = Math.max(120, Math.round(h));
    if (this.u) this.u.setSize({ width: this.u.width, height: this.height });
  }

  resize() {
    const w = Math.max(280, this.root.clientWidth - 20);
    if (this.u && Math.abs(this.u.width - w) > 1) this.u.setSize({ width: w, height: this.height });
  }

  // drawLabels writes each threshold's label at the right end of its line.
  private drawLabels(u: uPlot) {
    const lines = this.chart.lines ?? [];
    if (!lines.length) return;
    const first = 1 + this.shown.length + (this.chart.overlay ?? []).length;
    const ctx = u.ctx;
    ctx.save();
    ctx.font = `${Math.round(11 * devicePixelRatio)}px system-ui, sans-serif`;
    ctx.textAlign = "right";
    const placed: { y: number; left: number }[] = [];
    lines.forEach((l, k) => {
      const d = u.data[first + k];
      let v: number | null | undefined = null;
      for (let i = d.length - 1; i >= 0 && (v === null || v === undefined); i--) v = d[i];
      if (v === null || v === undefined) return;
      const y = u.valToPos(v, "y", true);
      if (y < u.bbox.top || y > u.bbox.top + u.bbox.height) return;
      ctx.fillStyle = lineColors[k % lineColors.length];
      // Labels of lines at the same height go side by side.
      let right = u.bbox.left + u.bbox.width - 4;
      for (const p of placed) if (Math.abs(p.y - y) < 14 * devicePixelRatio) right = Math.min(right, p.left - 10);
      ctx.fillText(l.label, right, y - 4 * devicePixelRatio);
      placed.push({ y, left: right - ctx.measureText(l.label).width });
    });
    ctx.restore();
  }

  // paint draws the chart with its title and legend onto ctx at y and
  // returns the height used; with ctx null it only measures.
  paint(ctx: CanvasRenderingContext2D | null, y: number, width: number): number {
    if (!this.u) return 0;
    const cv = this.u.ctx.canvas;
    const h = (cv.height / cv.width) * width;
    const m = ctx ?? measurer;
    if (ctx) {
      ctx.fillStyle = "#1f2328";
      ctx.font = "bold 15px system-ui, sans-serif";
      ctx.fillText(this.chart.title + (this.chart.unit ? ` (${this.chart.unit})` : ""), 12, y + 18);
      ctx.drawImage(cv, 0, y + 26, width, h);
    }
    let x = 12;
    let ly = y + 26 + h + 16;
    m.font = "12px system-ui, sans-serif";
    this.u.series.slice(1).forEach((s, i) => {
      const label = String(s.label ?? "");
      const w = m.measureText(label).width;
      if (x > 12 && x + 30 + w > width) {
        x = 12;
        ly += 16;
      }
      if (ctx) {
        ctx.fillStyle = this.colors[i] ?? "#888";
        ctx.fillRect(x, ly - 9, 14, 10);
        ctx.fillStyle = "#1f2328";
        ctx.fillText(label, x + 18, ly);
      }
      x += 26 + w;
    });
    return ly - y + 20;
  }

  destroy() {
    live.delete(this);
    this.u?.destroy();
    this.root.remove();
  }
}

export { fmt };
