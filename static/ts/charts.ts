// Live charts (uPlot) drawn from a model's Chart definitions: stacked
// outcome areas with a per-class selector, plain series, and thresholds
// (a fixed value, or a parameter's current value, shown only while its
// switch is on) drawn as labelled dashed lines.
import uPlot from "uplot";
import type { Chart, Column, Model, Style, Styles, Values } from "./types";
import { MARKER_BAND, drawCursor, drawMarkers, markerAt, markers } from "./markers";
import { rowAt, timeIncrs, timeNotation, timeText, view } from "./scrub";
import { fmt, ticks } from "./numbers";
import { shortLabels } from "./labels";
import { drawnSeries, heldWith, lineOn } from "./seriesif";
import { Store } from "./store";
import { areaFill, big, colourOf, cssVar, isDark, markerCSS, measurer, stylesOf, typeScale, yAxisSize, yTickReach } from "./theme";

const MAX_POINTS = 1000;

// live lists the charts of the run on screen (not the side-by-side ones):
// they share one crosshair, one time zoom and the time in view.
const live = new Set<ChartView>();

// zoomAll shows the time range [min, max] on every live chart (null: all).
export function zoomAll(range: [number, number] | null) {
  view.zoom = range;
  document.body.dataset.zoom = range ? range.map((x) => x.toFixed(1)).join(" ") : "";
  for (const c of live) c.redraw();
}

// legendRow is the row every live chart's legend shows while the pointer
// is on none of them: the time in view (the scrubbed time, else the
// latest), but no later than the last row every one of them has drawn,
// so that while a run plays (one chart drawn per frame) every legend names
// the same time and shows that row's values.
function legendRow(): number {
  let row = Infinity;
  for (const c of live) row = Math.min(row, c.drawnRows - 1);
  if (!Number.isFinite(row)) return -1;
  const first = live.values().next().value;
  if (view.at !== null && first) row = Math.min(row, rowAt(first.store, view.at));
  return row;
}

// syncLegends sets every live chart's legend to legendRow's values.
function syncLegends() {
  const row = legendRow();
  for (const c of live) c.showRow(row);
}

// DATA_ROWS is how many of the latest rows a chart's data table shows.
const DATA_ROWS = 10;
// The charts' state: chartNo numbers the charts made, for their ids.
const chartsState = {
  chartNo: 0,
};

// ChartView is one chart of the page: a figure named by its caption, the
// chart, its legend, and a "data" table of the latest rows for those who
// do not read the picture.
export class ChartView {
  readonly root: HTMLElement;
  private height: number;
  private u: uPlot | null = null;
  // drawnRows: how many of the store's rows the chart has drawn.
  drawnRows = 0;
  // shownRow: the store's row the legend shows while the pointer is off
  // every live chart (null: the row under the pointer, uPlot's).
  private shownRow: number | null = null;
  private cls = "";
  // steps[k]: the k-th threshold's values, each from a simulated time on.
  private steps: { t: number; v: number | null }[][];
  private cols: Map<string, Column>;
  private colors: string[] = []; // of the series after "t", for the PNG legend
  private note: HTMLElement;
  private table: HTMLTableElement;
  private tableBox: HTMLElement; // scrolls sideways, reachable by keyboard
  private dataBtn: HTMLButtonElement;
  private labels: string[] = [];
  private meta: { series: string; side: string }[] = [];
  // ghost: run A drawn faint under B on the same axes while comparing,
  // with its own thresholds (ghostSteps).
  private ghost: Store | null = null;
  private ghostSteps: { t: number; v: number | null }[][] = [];

  constructor(
    parent: HTMLElement,
    readonly chart: Chart,
    readonly model: Model,
    private storeOf: Store,
    readonly compact = false,
  ) {
    this.cols = new Map(model.columns.map((c) => [c.name, c]));
    this.shown = chart.series;
    this.steps = (chart.lines ?? []).map(() => []);
    const id = `chart-${++chartsState.chartNo}`;
    this.root = document.createElement("figure");
    this.root.className = "chart" + (compact ? " compact" : "");
    this.root.dataset.chart = chart.id;
    this.root.setAttribute("aria-labelledby", id);
    this.height = compact ? 150 : 210;
    if (!compact) live.add(this);
    const cap = document.createElement("figcaption");
    const title = document.createElement("span");
    title.className = "title";
    title.id = id;
    title.textContent = chart.title;
    this.note = document.createElement("span");
    this.note.className = "note";
    title.append(this.note);
    this.dataBtn = document.createElement("button");
    this.dataBtn.type = "button";
    this.dataBtn.textContent = "data";
    this.dataBtn.setAttribute("aria-expanded", "false");
    this.dataBtn.setAttribute("aria-controls", id + "-data");
    this.dataBtn.setAttribute("aria-label", `data of ${chart.title}`);
    this.dataBtn.onclick = () => {
      const open = this.tableBox.hidden;
      this.tableBox.hidden = !open;
      this.dataBtn.setAttribute("aria-expanded", String(open));
      if (open) this.fillTable();
    };
    cap.append(title);
    if (!compact) cap.append(this.dataBtn);
    this.root.append(cap);
    this.table = document.createElement("table");
    this.tableBox = document.createElement("div");
    this.tableBox.className = "data";
    this.tableBox.id = id + "-data";
    this.tableBox.tabIndex = 0;
    this.tableBox.setAttribute("role", "region");
    this.tableBox.setAttribute("aria-label", `latest values of ${chart.title}`);
    this.tableBox.hidden = true;
    this.tableBox.append(this.table);
    parent.append(this.root);
    this.build();
  }

  // rebuild makes the chart again (a new run: its time axis may read
  // differently).
  rebuild() {
    this.build();
  }

  // shown: the series drawn (seriesif.ts): with upto, only the first
  // values[upto] (one per instance); a conditional one only if held.
  private shown: string[];
  private held: boolean[] = [];
  private upto: number | undefined;

  // limit chooses the series a new run draws: one per instance the run
  // has (values[upto]), and the conditional series that hold with its
  // values or with one of also (A's, while comparing).
  limit(values: Values, ...also: Values[]) {
    const k = this.chart.upto ? values[this.chart.upto] : undefined;
    this.upto = typeof k === "number" ? k : undefined;
    this.held = heldWith(this.chart, null, values, ...also);
    this.reshow();
  }

  // widen adds the conditional series that come to hold during the run.
  widen(values: Values) {
    if (!this.chart.if) return;
    this.held = heldWith(this.chart, this.held, values);
    this.reshow();
  }

  private reshow() {
    const next = drawnSeries(this.chart, this.upto, this.held);
    if (next.join("\n") === this.shown.join("\n")) return;
    this.shown = next;
    this.build();
  }

  // setStore points the chart at the series of a new run.
  setStore(s: Store) {
    this.storeOf = s;
  }

  get store(): Store {
    return this.storeOf;
  }

  // rowOf is the store's row whose values the legend shows for uPlot's
  // index idx: the legend's own row while the pointer is off the charts.
  private rowOf(u: uPlot, idx: number | null): number {
    if (this.shownRow !== null && !((u.cursor.left ?? -1) >= 0)) return this.shownRow;
    const i = idx === null ? undefined : this.picked[idx];
    return i === undefined ? -1 : i;
  }

  // valueOf is the value of column name at the legend's row, written.
  private valueOf(u: uPlot, name: string, idx: number | null, store: Store | null = this.storeOf): string {
    const col = store?.col(this.seriesName(name));
    const i = this.rowOf(u, idx);
    return col && i >= 0 && i < col.length ? fmt(col[i], this.chart.unit) : "–";
  }

  // stepAt is threshold k's value (of A's steps, or the chart's) at the legend's row, written.
  private stepAt(u: uPlot, steps: { t: number; v: number | null }[][], k: number, idx: number | null): string {
    const i = this.rowOf(u, idx);
    const t = this.storeOf.col("t")?.[i];
    const st = steps[k];
    if (t === undefined || !st) return "–";
    let v: number | null = null;
    for (const p of st) if (p.t <= t) v = p.v;
    return v === null ? "–" : fmt(v, this.chart.unit);
  }

  // showRow sets the legend to the store's row (while the pointer is off
  // every live chart).
  showRow(row: number) {
    const u = this.u;
    if (!u || this.compact || (u.cursor.left ?? -1) >= 0) return;
    this.shownRow = row;
    let k = this.picked.length - 1;
    while (k > 0 && this.picked[k] > row) k--;
    u.setLegend({ idx: Math.max(0, k) });
    // The time of the row the legend shows (for tests and tools).
    const t = row >= 0 ? String(this.storeOf.col("t")?.[row]) : "";
    if (this.root.dataset.legendT !== t) this.root.dataset.legendT = t;
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
    const dark = isDark();
    const st = this.styles();
    // A's entries carry the class "ghost" (presentation mode leaves them
    // out of a many-series legend) and the legend's short names.
    const faint = (style: Style | undefined, dash: number[] | undefined): uPlot.Series => ({ class: "ghost", stroke: colourOf(style, dark) + "66", width: 1.25, dash: style?.dash ?? dash, points: { show: false } });
    const out: uPlot.Series[] = [];
    // A stacked layer is drawn as its running sum; its legend value is the
    // layer's own (A's column at that row), as B's is.
    for (const i of this.stackOrder()) {
      const name = this.shown[i];
      const s: uPlot.Series = { ...faint(st.series[i], undefined), label: `A: ${this.labels[i] ?? this.label(name)}` };
      s.value = (u, _v, _si, idx) => this.valueOf(u, name, idx, this.ghost);
      out.push(s);
      this.meta.push({ series: this.seriesName(name), side: "A" });
    }
    (c.overlay ?? []).forEach((name, k) => {
      out.push({ ...faint(st.overlay?.[k], [2, 3]), label: `A: ${this.label(name)}`, value: (u, _v, _si, idx) => this.valueOf(u, name, idx, this.ghost) });
      this.meta.push({ series: this.seriesName(name), side: "A" });
    });
    (c.lines ?? []).forEach((l, k) => {
      out.push({ ...faint(st.lines?.[k], [8, 5]), label: `A: ${l.label}`, value: (u, _v, _si, idx) => this.stepAt(u, this.ghostSteps, k, idx) });
      this.meta.push({ series: "", side: "A" });
    });
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

  // retheme draws the chart again in the page's current theme and type
  // size (larger in presentation mode).
  retheme() {
    this.build();
    // uPlot commits a new chart in a microtask: set the legend after it.
    requestAnimationFrame(() => this.redraw());
  }

  private seriesName(name: string): string {
    return this.chart.per_class && this.cls && this.storeOf.index.has(`${this.cls}.${name}`) ? `${this.cls}.${name}` : name;
  }

  private label(name: string): string {
    const c = this.cols.get(this.seriesName(name));
    return c ? c.label : name;
  }

  // stackOrder lists the stacked series top first, so lower layers paint over.
  private stackOrder(): number[] {
    const idx = this.shown.map((_, i) => i);
    return this.chart.stacked ? idx.reverse() : idx;
  }

  // styles are how the chart's series are drawn (web/palette.For).
  private styles(): Styles {
    return stylesOf(this.model.name, this.chart.id);
  }

  private get percent(): boolean {
    return this.chart.unit === "%";
  }

  private build() {
    const c = this.chart;
    const dark = isDark();
    const st = this.styles();
    const width = Math.max(260, (this.root.clientWidth || this.root.parentElement?.clientWidth || 600) - 18);
    const series: uPlot.Series[] = [{ label: "t", value: (u, _v, _si, idx) => timeText(this.storeOf.col("t")?.[this.rowOf(u, idx)] ?? NaN) }];
    this.colors = [];
    // What each legend entry after the time shows: its column and side
    // (on the legend's rows as data-series and data-side, for tests and tools).
    this.meta = [];
    const side = this.ghost ? "B" : "";
    // Beyond six series the legend is a compact table (style.css: .many).
    this.root.classList.toggle("many", this.shown.length + (c.overlay ?? []).length + (c.lines ?? []).length > 6);
    const short = shortLabels(this.shown.map((n) => this.label(n)));
    // What the legend leaves out, said once as a sentence with an example.
    const top = this.stackOrder()[0] ?? 0; // the legend's first entry
    this.note.textContent = short.note ? `In the legend, “${short.labels[top]}” stands for “${this.label(this.shown[top])}”, and so on.` : "";
    this.labels = [...short.labels, ...(c.overlay ?? []).map((n) => this.label(n))];
    const legendMarks: string[] = [];
    for (const i of this.stackOrder()) {
      const name = this.shown[i];
      const style = st.series[i];
      const color = colourOf(style, dark);
      const s: uPlot.Series = { label: short.labels[i], stroke: color, width: 1.5, points: { show: false } };
      this.colors.push(color);
      this.meta.push({ series: this.seriesName(name), side });
      legendMarks.push(markerCSS(style, dark, !!c.stacked));
      if (c.stacked) {
        s.fill = areaFill(style, dark);
        s.width = 1;
      } else {
        s.dash = style.dash;
        s.width = 2;
      }
      s.value = (u, _v, _si, idx) => this.valueOf(u, name, idx);
      series.push(s);
    }
    // Overlays and thresholds are drawn after (above) the areas, wider.
    (c.overlay ?? []).forEach((name, k) => {
      const style = st.overlay?.[k];
      const color = colourOf(style, dark);
      this.colors.push(color);
      this.meta.push({ series: this.seriesName(name), side });
      legendMarks.push(markerCSS(style, dark, false));
      series.push({ label: this.label(name), stroke: color, width: 2.5, dash: style?.dash, points: { show: false }, value: (u, _v, _si, idx) => this.valueOf(u, name, idx) });
    });
    (c.lines ?? []).forEach((l, k) => {
      const style = st.lines?.[k];
      const color = colourOf(style, dark);
      this.colors.push(color);
      this.meta.push({ series: "", side });
      legendMarks.push(markerCSS(style, dark, false));
      series.push({ label: l.label, stroke: color, width: 2, dash: style?.dash ?? [8, 5], points: { show: false }, value: (u, _v, _si, idx) => this.stepAt(u, this.steps, k, idx) });
    });
    series.push(...this.ghostSeries());
    // In presentation mode the axes are read from the back of a room.
    const px = big();
    this.root.dataset.axisFont = String(px(12));
    const axis = {
      stroke: cssVar("--muted"),
      grid: { stroke: cssVar("--grid"), width: 1 },
      ticks: { stroke: cssVar("--grid"), width: 1 },
      font: `${px(12)}px system-ui, sans-serif`,
      labelFont: `bold ${px(12)}px system-ui, sans-serif`,
    };
    const opts: uPlot.Options = {
      width,
      height: this.height,
      // A band above the plot for the unit and the event markers' labels (two rows).
      // On the right, room for half the widest time label (centred on
      // the last tick: "0:15:00" whole, not "0:15:0").
      padding: [this.compact ? (c.unit ? 18 : 8) : px(MARKER_BAND), Math.max(px(14), Math.ceil(this.halfTimeLabel(px(12))) + 2), 0, 0],
      series,
      scales: {
        x: { time: false },
        y: { range: this.percent ? () => [0, 100] : (_u, lo, hi) => [Math.min(0, lo), hi > 0 ? hi * 1.08 : 1] },
      },
      axes: [
        {
          ...axis,
          label: this.compact ? undefined : `simulated time (${timeNotation()})`,
          size: px(40),
          labelSize: px(30),
          incrs: timeIncrs(),
          values: (_u, vals) => vals.map((v) => timeText(v)),
        },
        { ...axis, size: yAxisSize(px(56)), values: (_u, vals) => ticks(vals) },
      ],
      legend: { live: !this.compact },
      // One crosshair over every live chart; dragging across one zooms all
      // of them in time (double-click shows the whole run again).
      cursor: this.compact ? { drag: { x: false, y: false } } : { sync: { key: "overloadlab" }, drag: { x: true, y: false, setScale: false } },
      hooks: {
        // uPlot lays out a new size in a microtask: fit the legend after.
        ready: [() => this.fitLegend()],
        setSize: [() => this.fitLegend()],
        draw: [
          (u) => {
            this.drawLabels(u);
            this.showTickRight(u);
            this.showTickLeft(u);
            if (!this.compact) {
              drawMarkers(u, markers, typeScale());
              drawCursor(u, view.at);
            }
          },
        ],
        // A marker's full label as the tooltip where the pointer is on it.
        setCursor: [
          (u) => {
            if (this.compact) return;
            const t = u.cursor.left !== undefined && u.cursor.left >= 0 ? markerAt(u, markers, u.cursor.left) : "";
            if (u.over.title !== t) u.over.title = t;
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
    // The legend's markers as drawn: hatched areas, dashed lines.
    this.root.querySelectorAll<HTMLElement>(".u-legend .u-series").forEach((row, i) => {
      const meta = i > 0 ? this.meta[i - 1] : undefined;
      if (meta?.series) row.dataset.series = meta.series;
      if (meta?.side) row.dataset.side = meta.side;
      const m = row.querySelector<HTMLElement>(".u-marker");
      if (m && i > 0 && legendMarks[i - 1]) {
        m.style.background = legendMarks[i - 1];
        m.style.borderColor = "transparent";
      }
    });
    this.root.append(this.tableBox);
    if (!this.tableBox.hidden) this.fillTable();
    if (!this.compact) this.u.over.addEventListener("dblclick", () => zoomAll(null));
    if (!this.compact) syncLegends();
    this.showMarkers();
  }

  private picked: number[] = [];

  private data(): uPlot.AlignedData {
    const n = this.storeOf.length;
    this.drawnRows = n;
    const k = Math.max(1, Math.ceil(n / MAX_POINTS));
    const idx: number[] = [];
    for (let i = 0; i < n; i += k) idx.push(i);
    if (n > 0 && idx[idx.length - 1] !== n - 1) idx.push(n - 1);
    this.picked = idx;
    const at = (name: string) => {
      const col = this.storeOf.col(this.seriesName(name));
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

  // fillTable writes the latest rows as a table: time, then each series;
  // while comparing, A's and B's value of each series side by side.
  private fillTable() {
    const c = this.chart;
    const names = [...this.shown, ...(c.overlay ?? [])];
    const n = this.storeOf.length;
    const g = this.ghost;
    const sides: { side: string; store: Store }[] = g ? [{ side: "A", store: g }, { side: "B", store: this.storeOf }] : [{ side: "", store: this.storeOf }];
    const cap = document.createElement("caption");
    cap.textContent = `${c.title}: the latest ${Math.min(n, DATA_ROWS)} of ${n} intervals${c.unit ? ` (${c.unit})` : ""}${g ? ", A and B" : ""}`;
    const head = document.createElement("tr");
    const th0 = document.createElement("th");
    th0.scope = "col";
    th0.textContent = `t (${timeNotation()})`;
    head.append(th0);
    names.forEach((name, k) => {
      for (const { side } of sides) {
        const th = document.createElement("th");
        th.scope = "col";
        th.textContent = side ? `${side}: ${this.labels[k]}` : this.labels[k];
        th.dataset.series = this.seriesName(name);
        if (side) th.dataset.side = side;
        head.append(th);
      }
    });
    const rows = [head];
    for (let r = Math.max(0, n - DATA_ROWS); r < n; r++) {
      const tr = document.createElement("tr");
      const t = document.createElement("th");
      t.scope = "row";
      const at = this.storeOf.col("t")?.[r];
      t.textContent = at === undefined ? "–" : timeText(at);
      tr.dataset.t = String(at);
      tr.append(t);
      for (const name of names)
        for (const { side, store } of sides) {
          const td = document.createElement("td");
          td.textContent = fmt(store.col(this.seriesName(name))?.[r]);
          td.dataset.series = this.seriesName(name);
          if (side) td.dataset.side = side;
          tr.append(td);
        }
      rows.push(tr);
    }
    this.table.replaceChildren(cap, ...rows);
  }

  // thresholdsFrom records the thresholds in force from simulated time t on.
  thresholdsFrom(t: number, values: Values | null) {
    this.recordSteps(this.steps, t, values);
  }

  private recordSteps(steps: { t: number; v: number | null }[][], t: number, values: Values | null) {
    (this.chart.lines ?? []).forEach((l, k) => {
      let v: number | null = null;
      const on = !l.if || !values || lineOn(l.if, values);
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
    if (this.compact) {
      if (n > 0) u.setLegend({ idx: this.indexAt(view.at) ?? n - 1 });
    } else syncLegends();
    this.showMarkers();
    if (!this.tableBox.hidden) this.fillTable();
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
    const i = rowAt(this.storeOf, t);
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
    const w = Math.max(260, this.root.clientWidth - 18);
    if (this.u && Math.abs(this.u.width - w) > 1) this.u.setSize({ width: w, height: this.height });
  }

  // fitLegend lets an entry of a many-series legend (a grid of columns,
  // style.css: .many) that is wider than a column span as many columns as
  // it needs: an entry is never broken over two lines ("OC-Maximum-Rate
  // requested" beside its value), and never runs into the next.
  private fitLegend() {
    const body = this.root.querySelector<HTMLElement>(".u-legend tbody");
    if (!body || !this.root.classList.contains("many")) return;
    const rows = [...body.querySelectorAll<HTMLElement>("tr.u-series")].slice(1); // after the time
    for (const r of rows) r.style.gridColumn = "";
    const cs = getComputedStyle(body);
    const cols = cs.gridTemplateColumns.split(" ").map(parseFloat).filter((x) => x > 0);
    if (cols.length === 0) return;
    const gap = parseFloat(cs.columnGap) || 0;
    for (const r of rows) {
      // The entry's box is its column less its margin.
      if (r.offsetParent === null || r.scrollWidth <= r.clientWidth) continue;
      const need = r.scrollWidth + cols[0] - r.clientWidth;
      r.style.gridColumn = `span ${Math.min(cols.length, Math.ceil((need + gap) / (cols[0] + gap)))}`;
    }
  }

  // drawLabels writes the unit above the y axis (horizontal), each
  // threshold's label at the right end of its line, and on a percentage
  // chart a marker on the top edge wherever a value beyond 100 % is clipped.
  private drawLabels(u: uPlot) {
    const ctx = u.ctx;
    const dpr = devicePixelRatio;
    ctx.save();
    ctx.font = `${Math.round(big()(11) * dpr)}px system-ui, sans-serif`;
    if (this.chart.unit) {
      ctx.fillStyle = cssVar("--muted");
      ctx.textAlign = "left";
      ctx.fillText(this.chart.unit, 2 * dpr, u.bbox.top - big()(9) * dpr);
    }
    const placed: { y: number; left: number }[] = [];
    // The clipped note sits at the top right: a threshold's label at the
    // top edge (100 %) goes left of it.
    const note = this.percent ? this.drawClipped(u) : null;
    if (note !== null) placed.push({ y: u.bbox.top, left: note });
    const lines = this.chart.lines ?? [];
    const spans: number[][] = [];
    const first = 1 + this.shown.length + (this.chart.overlay ?? []).length;
    ctx.textAlign = "right";
    lines.forEach((l, k) => {
      const d = u.data[first + k];
      if (!d) return; // (data of another set of series, before the chart is rebuilt)
      let v: number | null | undefined = null;
      for (let i = d.length - 1; i >= 0 && (v === null || v === undefined); i--) v = d[i];
      if (v === null || v === undefined) return;
      const y = u.valToPos(v, "y", true);
      if (y < u.bbox.top || y > u.bbox.top + u.bbox.height) return;
      ctx.fillStyle = this.colors[first - 1 + k] ?? cssVar("--fg");
      // Labels of lines at the same height go side by side; one that
      // would run out of the plot (over the y axis's numbers) goes under
      // the line instead, at its right end.
      const end = u.bbox.left + u.bbox.width - 4;
      const w = ctx.measureText(l.label).width;
      let right = end;
      for (const p of placed) if (Math.abs(p.y - y) < 14 * dpr) right = Math.min(right, p.left - 10);
      const flip = right - w < u.bbox.left;
      if (flip) right = end;
      // A halo of the panel's colour keeps the label readable over the data.
      ctx.strokeStyle = cssVar("--panel");
      ctx.lineWidth = 3 * dpr;
      ctx.lineJoin = "round";
      // The label's descenders end above the line, not across its dashes;
      // a line near the plot's top edge has its label under it, so that it
      // stays out of the markers' band ("pinned 99 %" under a storm's label).
      const under = y - 3 * dpr - big()(13) * dpr < u.bbox.top !== flip;
      ctx.textBaseline = under ? "top" : "bottom";
      ctx.strokeText(l.label, right, under ? y + 3 * dpr : y - 3 * dpr);
      ctx.fillText(l.label, right, under ? y + 3 * dpr : y - 3 * dpr);
      placed.push({ y: flip ? y + 14 * dpr : y, left: right - w });
      spans.push([Math.round((right - w) / dpr), Math.round(right / dpr)]);
    });
    ctx.restore();
    // Where each line's label went, [left, right] in CSS px (for tests).
    const ls = JSON.stringify(spans);
    if (this.root.dataset.lineLabels !== ls) this.root.dataset.lineLabels = ls;
  }

  // halfTimeLabel is half the width of the widest time label at the axis's type size.
  private halfTimeLabel(size: number): number {
    const m = measurer();
    m.font = `${size}px system-ui, sans-serif`;
    return m.measureText(timeText(view.long ? 35999 : 599)).width / 2;
  }

  // showTickRight puts where the time axis's last label ends (CSS px from
  // the chart's left) on the chart as data-x-tick-right (for tests).
  private showTickRight(u: uPlot) {
    const ax = u.axes[0] as uPlot.Axis & { _splits?: number[]; _values?: (string | number | null)[] };
    const splits = ax._splits ?? [];
    const values = ax._values ?? [];
    const m = measurer();
    m.font = `${big()(12)}px system-ui, sans-serif`;
    let right = 0;
    splits.forEach((x, i) => {
      const v = values[i];
      if (v === null || v === undefined || v === "") return;
      const pos = u.valToPos(x, "x") + u.bbox.left / devicePixelRatio;
      right = Math.max(right, pos + m.measureText(String(v)).width / 2);
    });
    const r = right.toFixed(1);
    if (this.root.dataset.xTickRight !== r) this.root.dataset.xTickRight = r;
  }

  // showTickLeft puts where the y axis's widest label begins as drawn (CSS
  // px from the chart's left; below 0 it is cut) on the chart as
  // data-y-tick-left, and that label as data-y-tick-widest (for tests).
  private showTickLeft(u: uPlot) {
    const ax = u.axes[1] as uPlot.Axis & { _pos?: number; _values?: (string | number | null)[] };
    const values = ax._values ?? [];
    const m = measurer();
    m.font = (ax.font as unknown as [string, number, number])[0];
    let widest = "";
    for (const v of values) if (v !== null && m.measureText(String(v)).width > m.measureText(widest).width) widest = String(v);
    const left = ((ax._pos ?? 0) - yTickReach(ax, values) + 1).toFixed(1);
    if (this.root.dataset.yTickLeft !== left) this.root.dataset.yTickLeft = left;
    if (this.root.dataset.yTickWidest !== widest) this.root.dataset.yTickWidest = widest;
  }

  // drawClipped marks, on the top edge, the stretches where a series is
  // above 100 %, with a triangle at each start; it returns where its note
  // begins (null without a clipped value).
  private drawClipped(u: uPlot): number | null {
    const ctx = u.ctx;
    const dpr = devicePixelRatio;
    const top = u.bbox.top;
    let any = false;
    for (let si = 1; si < u.series.length; si++) {
      const d = u.data[si];
      ctx.fillStyle = ctx.strokeStyle = this.colors[si - 1] ?? cssVar("--fg");
      ctx.lineWidth = 3 * dpr;
      let start = -1;
      for (let i = 0; i <= d.length; i++) {
        const over = i < d.length && (d[i] ?? 0) > 100;
        if (over && start < 0) start = i;
        if (!over && start >= 0) {
          any = true;
          const x0 = u.valToPos(u.data[0][start], "x", true);
          const x1 = u.valToPos(u.data[0][i - 1], "x", true);
          ctx.beginPath();
          ctx.moveTo(x0, top + 1.5 * dpr);
          ctx.lineTo(Math.max(x1, x0 + 2 * dpr), top + 1.5 * dpr);
          ctx.stroke();
          ctx.beginPath();
          ctx.moveTo(x0 - 5 * dpr, top + 10 * dpr);
          ctx.lineTo(x0, top);
          ctx.lineTo(x0 + 5 * dpr, top + 10 * dpr);
          ctx.fill();
          start = -1;
        }
      }
    }
    this.root.dataset.clipped = String(any);
    if (!any) return null;
    const text = "▲ above 100 %, clipped";
    const right = u.bbox.left + u.bbox.width;
    ctx.fillStyle = cssVar("--muted");
    ctx.textAlign = "right";
    ctx.fillText(text, right, top - 6 * dpr);
    return right - ctx.measureText(text).width;
  }

  // paint draws the chart with its title and legend onto ctx at y and
  // returns the height used; with ctx null it only measures.
  paint(ctx: CanvasRenderingContext2D | null, y: number, width: number): number {
    if (!this.u) return 0;
    const cv = this.u.ctx.canvas;
    const h = (cv.height / cv.width) * width;
    const m = ctx ?? measurer();
    const fg = cssVar("--fg");
    if (ctx) {
      ctx.fillStyle = fg;
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
        ctx.fillStyle = fg;
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

