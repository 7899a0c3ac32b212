// Live charts (uPlot) drawn from a model's Chart definitions: stacked
// outcome areas with a per-class selector, plain series, and thresholds
// (a fixed value, or a parameter's current value, shown only while its
// switch is on) drawn as labelled dashed lines.
import uPlot from "uplot";
import type { Chart, Column, Model, Values } from "./types";

// Store holds the per-interval series of a run, column by column.
export class Store {
  readonly index = new Map<string, number>();
  readonly data: number[][];
  constructor(readonly columns: string[]) {
    columns.forEach((c, i) => this.index.set(c, i));
    this.data = columns.map(() => []);
  }
  get length(): number {
    return this.data[0].length;
  }
  col(name: string): number[] | undefined {
    const i = this.index.get(name);
    return i === undefined ? undefined : this.data[i];
  }
  // append adds the flat rows (width = columns) and returns how many.
  append(flat: ArrayLike<number>): number {
    const w = this.columns.length;
    const n = Math.floor(flat.length / w);
    for (let r = 0; r < n; r++) for (let c = 0; c < w; c++) this.data[c].push(flat[r * w + c]);
    return n;
  }
  clear() {
    for (const d of this.data) d.length = 0;
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
const palette = ["#1f6feb", "#e8772e", "#2e9d4f", "#c9302c", "#7a4fc9", "#8c6d1f", "#0f8b8d", "#d6336c"];
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

// ChartView is one chart of the page.
export class ChartView {
  readonly root: HTMLElement;
  private u: uPlot | null = null;
  private cls = "";
  // lineData[k][row]: the k-th threshold as it was when the row was measured.
  private lineData: (number | null)[][];
  private cols: Map<string, Column>;

  constructor(
    parent: HTMLElement,
    readonly chart: Chart,
    readonly model: Model,
    private store: Store,
    readonly compact = false,
  ) {
    this.cols = new Map(model.columns.map((c) => [c.name, c]));
    this.lineData = (chart.lines ?? []).map(() => []);
    this.root = document.createElement("figure");
    this.root.className = "chart" + (compact ? " compact" : "");
    this.root.dataset.chart = chart.id;
    const cap = document.createElement("figcaption");
    cap.textContent = chart.title + (chart.unit ? ` (${chart.unit})` : "");
    this.root.append(cap);
    parent.append(this.root);
    this.build();
  }

  // setStore points the chart at the series of a new run.
  setStore(s: Store) {
    this.store = s;
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
    return this.chart.stacked ? [...this.chart.series].reverse() : this.chart.series;
  }

  private build() {
    const c = this.chart;
    const width = Math.max(280, (this.root.clientWidth || this.root.parentElement?.clientWidth || 600) - 4);
    const series: uPlot.Series[] = [{ label: "t", value: (_u, v) => fmt(v, "s") }];
    const main = this.stackOrder();
    main.forEach((name, i) => {
      const color = colorOf(name, i);
      const s: uPlot.Series = { label: this.label(name), stroke: color, width: 1.5, points: { show: false } };
      if (c.stacked) {
        s.fill = color + "cc";
        s.value = (_u, _v, _si, idx) => (idx === null ? "–" : fmt(this.raw(name, idx), c.unit));
      } else {
        s.value = (_u, v) => fmt(v, c.unit);
      }
      series.push(s);
    });
    for (const name of c.overlay ?? []) {
      series.push({ label: this.label(name), stroke: colorOf(name, 0), width: 2, dash: [2, 3], points: { show: false }, value: (_u, v) => fmt(v, c.unit) });
    }
    (c.lines ?? []).forEach((l, k) => {
      series.push({ label: l.label, stroke: lineColors[k % lineColors.length], width: 1.5, dash: [8, 5], points: { show: false }, value: (_u, v) => fmt(v, c.unit) });
    });
    const opts: uPlot.Options = {
      width,
      height: this.compact ? 150 : 210,
      series,
      scales: { x: { time: false }, y: { range: (_u, lo, hi) => [Math.min(0, lo), hi > 0 ? hi * 1.08 : 1] } },
      axes: [
        { label: this.compact ? undefined : "simulated time (s)", size: 36 },
        { label: c.unit || undefined, size: 56, values: (_u, vals) => vals.map((v) => fmt(v)) },
      ],
      legend: { live: !this.compact },
      cursor: { drag: { x: false, y: false } },
      hooks: { draw: [(u) => this.drawLabels(u)] },
    };
    this.u?.destroy();
    this.u = new uPlot(opts, this.data(), this.root);
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
      const layers = c.series.map((name) => {
        const v = at(name);
        return v.map((x, j) => (sums[j] += x ?? 0));
      });
      out.push(...layers.reverse());
    } else {
      for (const name of c.series) out.push(at(name));
    }
    for (const name of c.overlay ?? []) out.push(at(name));
    for (const l of this.lineData) out.push(idx.map((i) => l[i] ?? null));
    return out as uPlot.AlignedData;
  }

  // appended records the thresholds in force for the n rows just added.
  appended(n: number, values: Values | null) {
    (this.chart.lines ?? []).forEach((l, k) => {
      let v: number | null = null;
      const on = !l.if || !values || values[l.if] === true || values[l.if] === 1;
      if (on) {
        if (l.param) {
          const p = values ? values[l.param] : undefined;
          v = typeof p === "number" ? p : null;
        } else v = l.value ?? 0;
      }
      for (let i = 0; i < n; i++) this.lineData[k].push(v);
    });
  }

  // clear forgets the thresholds recorded; the caller redraws.
  clear() {
    for (const l of this.lineData) l.length = 0;
  }

  redraw() {
    this.u?.setData(this.data());
  }

  resize() {
    const w = Math.max(280, this.root.clientWidth - 4);
    this.u?.setSize({ width: w, height: this.compact ? 150 : 210 });
  }

  // drawLabels writes each threshold's label at the right end of its line.
  private drawLabels(u: uPlot) {
    const lines = this.chart.lines ?? [];
    if (!lines.length) return;
    const first = 1 + this.chart.series.length + (this.chart.overlay ?? []).length;
    const ctx = u.ctx;
    ctx.save();
    ctx.font = `${Math.round(11 * devicePixelRatio)}px system-ui, sans-serif`;
    ctx.textAlign = "right";
    lines.forEach((l, k) => {
      const d = u.data[first + k];
      let v: number | null | undefined = null;
      for (let i = d.length - 1; i >= 0 && (v === null || v === undefined); i--) v = d[i];
      if (v === null || v === undefined) return;
      const y = u.valToPos(v, "y", true);
      if (y < u.bbox.top || y > u.bbox.top + u.bbox.height) return;
      ctx.fillStyle = lineColors[k % lineColors.length];
      ctx.fillText(l.label, u.bbox.left + u.bbox.width - 4, y - 4 * devicePixelRatio);
    });
    ctx.restore();
  }

  // paint draws the chart with its title and legend onto ctx at y; returns the height used.
  // With ctx null it only measures.
  paint(ctx: CanvasRenderingContext2D | null, y: number, width: number): number {
    if (!this.u) return 0;
    const cv = this.u.ctx.canvas;
    const h = (cv.height / cv.width) * width;
    if (!ctx) return h + 52;
    ctx.fillStyle = "#1f2328";
    ctx.font = "bold 15px system-ui, sans-serif";
    ctx.fillText(this.chart.title + (this.chart.unit ? ` (${this.chart.unit})` : ""), 12, y + 18);
    ctx.drawImage(cv, 0, y + 26, width, h);
    let x = 12;
    const ly = y + 26 + h + 16;
    ctx.font = "12px system-ui, sans-serif";
    this.u.series.slice(1).forEach((s) => {
      const label = String(s.label ?? "");
      const stroke = typeof s.stroke === "function" ? "#888" : String(s.stroke ?? "#888");
      ctx.fillStyle = stroke;
      ctx.fillRect(x, ly - 9, 14, 10);
      ctx.fillStyle = "#1f2328";
      ctx.fillText(label, x + 18, ly);
      x += 26 + ctx.measureText(label).width;
    });
    return h + 52;
  }

  destroy() {
    this.u?.destroy();
    this.root.remove();
  }
}

export { fmt };
