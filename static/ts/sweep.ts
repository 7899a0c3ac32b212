// The page's sweep: any numeric parameter of the model from a value to
// another (linear or log), for one or more curves (the scenario as set, the
// preset's variants, the model study's curves), S seeds per point. Points
// run on a pool of workers apart from the live run (pool.ts); the chart
// shows each curve's carried load in time, mean and 95 % band over the
// seeds, with the model's capacity and pass lines, its y range fitted to
// the carried curves (the offered load drawn dashed, clipped). A chunk
// loaded when its panel comes near the window (lazy.ts).
import uPlot from "uplot";
import { cssVar, palette, yAxisSize } from "./theme";
import { fmt, keepUnits } from "./numbers";
import { Pool, defaultSize, type Point } from "./pool";
import { variantLabel } from "./types";
import type { Info, Model, Plan, PointStat, Spec, Variant } from "./types";
import type { Metric } from "./gen/types";
import { curveOf, within } from "./sweeplines";
import { csvCell, downloadBlob, downloadText, el } from "./util";
import { Label, MetricGoodput, MetricOffered, Metrics, SweepBound } from "./gen/types";

// A sample's metrics (sim.Metrics, generated): the two the chart draws.
const OFFERED = MetricOffered;
const GOODPUT = MetricGoodput;
const carried = Metrics[GOODPUT].label;
const offered = Metrics[OFFERED].label;

// Curve is a curve the sweep offers: a variant of the scenario as set
// (follow: parameters set to the swept value too, sim.Variant.Follow).
type Curve = Variant & { follow?: string[] };

const pool = new Pool();
// A page opened with ?test hands the pool to the tests (web: a worker made
// to die).
if (new URLSearchParams(location.search).has("test")) (globalThis as { overloadlabPool?: Pool }).overloadlabPool = pool;
// The sweep on the page: its model and run, the curves offered, the plan
// on the chart and its results so far (the page's one place for them).
const sweep = {
  model: null as Model | null,
  info: null as Info | null,
  curves: [] as Curve[], // the curves offered
  plan: null as Plan | null, // the sweep on the chart
  results: [] as (PointStat | null)[][], // [variant][point]
  done: 0,
  startedAt: 0,
  shareSweep: (() => {}) as (plan: string) => void,
  linkSweep: "", // the sweep of the link last opened
  frame: 0, // a draw is asked for the next animation frame
  metrics: [] as string[], // what the study picked measures (sim.Sweep.Metrics); none: carried against offered
  charts: [] as uPlot[], // one per measured metric (sim.Plan.Metrics), the carried chart alone if none
};

// A choice that stands for numbers (param.Spec.Numbers) is swept by them.
const numeric = (m: Model) => m.params.filter((p) => p.kind === "number" || p.kind === "integer" || (p.kind === "choice" && p.numbers?.length));

// metricsOf is what a plan measures, in order (sim.Plan.MetricList): the
// model's own by the studies that declare them, Metrics by name.
function metricsOf(p: Plan): Metric[] {
  if (!p.metrics?.length) return [...Metrics];
  const own = (sweep.model?.sweeps ?? []).flatMap((s) => s.metrics ?? []);
  return p.metrics.map((n) => Metrics.find((m) => m.name === n) ?? own.find((m) => m.name === n) ?? { name: n, label: n });
}

// charted are the metrics drawn, by index in the plan's: the carried
// chart alone (offered dashed on it) for carried against offered, else one
// chart per metric but offered.
function charted(p: Plan): number[] {
  if (!p.metrics?.length) return [GOODPUT];
  return p.metrics.flatMap((n, k) => (n === Metrics[OFFERED].name ? [] : [k]));
}

function input(id: string, label: string, attrs: Record<string, string>): HTMLLabelElement {
  const l = document.createElement("label");
  const span = document.createElement("span");
  span.textContent = label;
  const i = document.createElement("input");
  i.id = id;
  for (const [k, v] of Object.entries(attrs)) i.setAttribute(k, v);
  l.append(span, " ", i);
  return l;
}

function button(id: string, text: string, title: string): HTMLButtonElement {
  const b = document.createElement("button");
  b.type = "button";
  b.id = id;
  b.textContent = text;
  b.title = title;
  return b;
}

// build lays out the sweep's form once.
function build() {
  const out = el("sweep-out");
  if (out.dataset.built) return;
  out.dataset.built = "true";
  const form = document.createElement("div");
  form.className = "sweep-form";
  const pick = document.createElement("label");
  pick.innerHTML = "<span>Parameter</span> ";
  const sel = document.createElement("select");
  sel.id = "sweep-param";
  pick.append(sel);
  const log = document.createElement("label");
  log.innerHTML = '<input type="checkbox" id="sweep-log"> <span>log</span>';
  form.append(
    pick,
    input("sweep-from", "From", { type: "number", step: "any", required: "" }),
    input("sweep-to", "To", { type: "number", step: "any", required: "" }),
    input("sweep-points", "Points", { type: "number", min: "1", max: String(SweepBound.MaxPoints), value: "6" }),
    log,
    input("sweep-seeds", "Seeds", { type: "number", min: "1", max: String(SweepBound.MaxSeeds), value: String(SweepBound.DefaultSeeds), title: "runs per point: the mean and a 95 % band over them" }),
    input("sweep-workers", "Workers", { type: "number", min: "1", max: "16", value: String(defaultSize()), title: "simulator workers of the sweep, apart from the live run's" }),
  );
  const cs = document.createElement("fieldset");
  cs.id = "sweep-curves";
  cs.className = "sweep-curves";
  const bar = document.createElement("div");
  bar.className = "sweep-bar";
  const progress = document.createElement("progress");
  progress.id = "sweep-progress";
  progress.value = 0;
  progress.setAttribute("aria-label", "sweep progress");
  const status = document.createElement("span");
  status.id = "sweep-status";
  status.setAttribute("role", "status");
  bar.append(
    button("sweep-run", "Run sweep", "run every point on the pool of workers; the live run goes on"),
    button("sweep-cancel", "Cancel", "stop the sweep (the points in flight are dropped)"),
    progress,
    status,
    button("sweep-csv", "CSV", "the points as CSV: mean, lo and hi of every metric"),
    button("sweep-png", "PNG", "the sweep's chart as a PNG picture"),
  );
  const box = document.createElement("div");
  box.id = "sweep-chart";
  box.className = "sweep-chart";
  box.setAttribute("role", "img");
  box.setAttribute("aria-label", "carried against offered load, one curve per control (the numbers are under Data)");
  const view = document.createElement("details");
  view.id = "sweep-data";
  view.innerHTML = "<summary>Data</summary>";
  view.ontoggle = () => view.open && drawTable();
  const table = document.createElement("table");
  table.id = "sweep-table";
  view.append(table);
  out.append(form, cs, bar, box, view);
  // The chart follows its box's width (a window resized, a scroll bar), as
  // the live charts do.
  new ResizeObserver(() => {
    const w = chartWidth();
    for (const c of sweep.charts) if (Math.abs(c.width - w) > 1) c.setSize({ width: w, height: c.height });
  }).observe(box);
  sel.onchange = () => defaultsFor(sel.value);
  el("sweep-run").onclick = () => run();
  el("sweep-cancel").onclick = () => cancel();
  el("sweep-csv").onclick = () => exportCSV();
  el("sweep-png").onclick = () => exportPNG();
  el<HTMLButtonElement>("sweep-cancel").disabled = true;
  // The pool's workers start when the panel comes into view, so that they
  // are ready by the first Run; a change of their number applies at once
  // between sweeps (at the next Run during one).
  const warm = new IntersectionObserver((es) => {
    if (!es.some((e) => e.isIntersecting)) return;
    warm.disconnect();
    // Each worker warms up on a 10 s run of the sweep in the form.
    if (sweep.info) pool.warm(JSON.stringify({ ...sweep.info.scenario, duration_s: 10 }), JSON.stringify(formPlan()));
    pool.resize(workersNow());
  });
  warm.observe(el("sweeps"));
  pool.onLoaded = (n) => (document.body.dataset.sweepWorkers = String(n));
  el("sweep-workers").onchange = () => pool.size > 0 && !pool.running && pool.resize(workersNow());
}

// (The class view may come before a run has built the form.)
const workersNow = () => Math.max(1, Math.min(16, Number(document.querySelector<HTMLInputElement>("#sweep-workers")?.value) || defaultSize()));

// shareModule gives the pool the simulator the live run's worker compiled.
export const shareModule = (m: WebAssembly.Module) => pool.setModule(m);

// sharedPool gives the class view the pool, with the workers the form asks for.
export function sharedPool(): Pool {
  pool.resize(workersNow());
  return pool;
}

// setupSweep fills the form for the run just started: the model's numeric
// parameters, its study (a button each) and the curves on offer.
// A Reset of the live run keeps the sweep going: it runs the same scenario.
// share gets the definition of every sweep run, for the link.
export function setupSweep(m: Model, i: Info, compare: Variant[], share: (plan: string) => void) {
  sweep.shareSweep = share;
  build();
  const key = JSON.stringify(i.scenario);
  const same = sweep.model === m && sweep.info !== null && JSON.stringify(sweep.info.scenario) === key;
  sweep.model = m;
  sweep.info = i;
  if (!same) {
    cancel();
    setupModel(m, compare);
  }
  // A link with a sweep: show it and run it (once: not again on a Reset).
  const fromLink = i.sweep ? JSON.stringify(i.sweep) : "";
  if (fromLink && fromLink !== sweep.linkSweep) runPlan(i.sweep!);
  sweep.linkSweep = fromLink;
}

function setupModel(m: Model, compare: Variant[]) {
  const sel = el<HTMLSelectElement>("sweep-param");
  sel.replaceChildren(...numeric(m).map((p) => new Option(`${p.label} (${p.name})`, p.name)));
  const seen = new Set<string>();
  sweep.curves = [];
  // The study's curves in its order, then the preset's other variants: a
  // variant that is a study curve (the same name) is listed once, there.
  for (const v of [{ label: Label.AsSet }, ...(m.sweeps ?? []).flatMap((s) => s.curves), ...compare] as Variant[]) {
    const label = variantLabel(v);
    if (seen.has(label)) continue;
    seen.add(label);
    sweep.curves.push({ label, params: v.params, ...((v as Curve).follow ? { follow: (v as Curve).follow } : {}) });
  }
  renderCurves();
  el("sweep-buttons").replaceChildren(
    ...(m.sweeps ?? []).map((sw) => {
      const b = document.createElement("button");
      b.type = "button";
      b.textContent = sw.title;
      b.onclick = () => {
        const vs = sw.values;
        setForm({ param: sw.param, from: vs[0], to: vs[vs.length - 1], points: vs.length, log: vs[vs.length - 1] / vs[0] >= 10, seeds: seedsNow(), variants: sw.curves.map(curveFor), metrics: names(sw.metrics) });
        el("sweep-doc").textContent = keepUnits(sw.doc);
        run();
      };
      return b;
    }),
  );
  const sw = m.sweeps?.[0];
  if (sw) {
    const vs = sw.values;
    setForm({ param: sw.param, from: vs[0], to: vs[vs.length - 1], points: sw.metrics ? vs.length : 6, log: vs[vs.length - 1] / vs[0] >= 10, seeds: SweepBound.DefaultSeeds, variants: sw.curves.map(curveFor), metrics: names(sw.metrics) });
    el("sweep-doc").textContent = keepUnits(sw.doc);
  } else {
    sweep.metrics = [];
    defaultsFor(el<HTMLSelectElement>("sweep-param").value);
    setCurves([Label.AsSet, ...compare.map(variantLabel)]);
    el("sweep-doc").textContent = "";
  }
  clearChart();
}

// curveFor is a study's curve as a plan's variant.
const curveFor = (c: Curve) => ({ label: variantLabel(c), params: c.params, ...(c.follow?.length ? { follow: c.follow } : {}) });
const names = (ms: Metric[] | undefined) => (ms ?? []).map((m) => m.name);

const seedsNow = () => Number(el<HTMLInputElement>("sweep-seeds").value) || SweepBound.DefaultSeeds;

function specOf(name: string): Spec | undefined {
  return sweep.model?.params.find((p) => p.name === name);
}

// defaultsFor proposes a range around the parameter's current value.
function defaultsFor(name: string) {
  const sp = specOf(name);
  if (!sp) return;
  const params = sweep.info?.scenario.params ?? {};
  const x = Number(params[name] ?? sp.default);
  const from = x > 0 ? Math.max(sp.min, x / 2) : sp.min;
  const to = x > 0 ? Math.min(sp.max, x * 2) : sp.max;
  el<HTMLInputElement>("sweep-from").value = String(from);
  el<HTMLInputElement>("sweep-to").value = String(to);
  el<HTMLInputElement>("sweep-log").checked = false;
}

function renderCurves() {
  el("sweep-curves").replaceChildren(
    Object.assign(document.createElement("legend"), { textContent: "Curves" }),
    ...sweep.curves.map((c, k) => {
      const l = document.createElement("label");
      l.innerHTML = `<input type="checkbox" data-curve="${k}"> `;
      l.append(c.label);
      return l;
    }),
  );
}

function setCurves(labels: string[]) {
  for (const b of el("sweep-curves").querySelectorAll<HTMLInputElement>("input[data-curve]")) b.checked = labels.includes(sweep.curves[Number(b.dataset.curve)].label);
}

// setForm shows a sweep definition (a link's, a study's) in the form.
export function setForm(p: Plan) {
  el<HTMLSelectElement>("sweep-param").value = p.param;
  el<HTMLInputElement>("sweep-from").value = String(p.from);
  el<HTMLInputElement>("sweep-to").value = String(p.to);
  el<HTMLInputElement>("sweep-points").value = String(p.points);
  el<HTMLInputElement>("sweep-log").checked = !!p.log;
  el<HTMLInputElement>("sweep-seeds").value = String(p.seeds);
  sweep.metrics = p.metrics ?? [];
  const n = sweep.curves.length;
  const labels: string[] = [];
  for (const v of p.variants ?? [{ label: Label.AsSet }]) {
    const c = curveOf(sweep.curves, v);
    const f = (v as Curve).follow;
    if (c) Object.assign(c, { params: v.params, follow: f });
    else sweep.curves.push({ label: v.label, params: v.params, follow: f });
    labels.push(c?.label ?? v.label);
  }
  if (sweep.curves.length > n) renderCurves();
  setCurves(labels);
}

// formPlan reads the form as a plan (the core checks it). A form that
// shows a study's parameter, first and last value and number of points
// runs the study's own values (sim.Sweep.Values), the points
// `overloadlab sweep` runs, not a grid between them.
export function formPlan(): Plan {
  const num = (id: string) => Number(el<HTMLInputElement>(id).value);
  const picked = [...el("sweep-curves").querySelectorAll<HTMLInputElement>("input[data-curve]:checked")].map((b) => sweep.curves[Number(b.dataset.curve)]);
  const [param, from, to, points] = [el<HTMLSelectElement>("sweep-param").value, num("sweep-from"), num("sweep-to"), num("sweep-points")];
  const study = sweep.model?.sweeps?.find((sw) => sw.param === param && sw.values.length === points && sw.values[0] === from && sw.values[points - 1] === to);
  // A choice runs the numbers of its choices from From to To (sim.ChoiceValues).
  const nums = specOf(param)?.numbers;
  const values = study ? study.values : nums?.filter((x) => x >= Math.min(from, to) && x <= Math.max(from, to));
  return {
    param,
    from,
    to,
    points: values ? values.length : points,
    log: el<HTMLInputElement>("sweep-log").checked,
    ...(values ? { values } : {}),
    seeds: num("sweep-seeds"),
    variants: picked.map((c) => ({ label: c.label, ...(c.params && Object.keys(c.params).length > 0 ? { params: c.params } : {}), ...(c.follow?.length ? { follow: c.follow } : {}) })),
    ...(sweep.metrics.length ? { metrics: sweep.metrics } : {}),
  };
}

// lastPlan is the sweep on the chart, for the link ("" if none).
export const lastPlan = () => (sweep.plan ? JSON.stringify(sweep.plan) : "");

function setStatus(state: string, text: string) {
  el("sweep-status").textContent = text;
  document.body.dataset.sweep = state;
}

// runPlan runs p over the live run's scenario as started, on the pool.
export function runPlan(p: Plan) {
  setForm(p);
  run();
}

function run() {
  if (!sweep.model || !sweep.info) return;
  const p = formPlan();
  if (!p.variants || p.variants.length === 0) return setStatus("failed", "Pick at least one curve.");
  sweep.plan = p;
  sweep.shareSweep(JSON.stringify(p));
  const nv = p.variants.length;
  sweep.results = p.variants.map(() => new Array<PointStat | null>(p.points).fill(null));
  sweep.done = 0;
  const total = nv * p.points;
  pool.resize(workersNow());
  const points: Point[] = [];
  for (let i = 0; i < p.points; i++) for (let v = 0; v < nv; v++) points.push({ v, i });
  el<HTMLProgressElement>("sweep-progress").max = total;
  el<HTMLProgressElement>("sweep-progress").value = 0;
  el<HTMLButtonElement>("sweep-cancel").disabled = false;
  setStatus("running", `0 of ${total} points (${p.seeds} seeds each) on ${pool.size} worker${pool.size > 1 ? "s" : ""}…`);
  delete document.body.dataset.sweepMs;
  sweep.startedAt = performance.now();
  buildChart();
  pool.start(
    JSON.stringify(sweep.info.scenario),
    JSON.stringify(p),
    p.seeds,
    points,
    (pt) => {
      sweep.results[pt.variant][pt.point] = pt;
      sweep.done++;
      drawSoon();
    },
    (error, at) => {
      draw();
      el<HTMLButtonElement>("sweep-cancel").disabled = true;
      if (error && at) {
        const where = `${p.param} = ${fmt(xs()[at.i])} (${p.variants![at.v].label}${at.s >= 0 ? `, seed ${at.s + 1}` : ""})`;
        return setStatus("failed", `The sweep failed at ${where}: ${error}.`);
      }
      if (error) return setStatus("failed", `The sweep failed: ${error}`);
      const ms = performance.now() - sweep.startedAt;
      document.body.dataset.sweepMs = ms.toFixed(0);
      setStatus("done", `${total} points × ${p.seeds} seeds in ${(ms / 1000).toFixed(1)} s on ${pool.size} worker${pool.size > 1 ? "s" : ""}.`);
    },
  );
}

function cancel() {
  if (!pool.running) return;
  pool.cancel();
  draw(); // the points in before the Cancel, none after
  el<HTMLButtonElement>("sweep-cancel").disabled = true;
  setStatus("cancelled", `Cancelled after ${sweep.done} points.`);
}

// ---- the chart ------------------------------------------------------------

// approxGrid places the points before their exact values (from the core)
// come back.
function approxGrid(p: Plan): number[] {
  if (p.values?.length) return p.values;
  return Array.from({ length: p.points }, (_, i) => {
    const f = p.points > 1 ? i / (p.points - 1) : 0;
    return p.log ? p.from * Math.pow(p.to / p.from, f) : p.from + f * (p.to - p.from);
  });
}

function xs(): number[] {
  const g = approxGrid(sweep.plan!);
  return g.map((x, i) => sweep.results.find((r) => r[i])?.[i]?.x ?? x);
}

// lineValues gives the model's capacity and pass lines at each point, as
// the core computed them for the point's scenario (null until the point is
// in): a line follows the swept parameter when it depends on it.
function lineValues(): { label: string; ys: (number | null)[] }[] {
  const study = sweep.model?.sweeps?.[0];
  const lines = study?.lines ?? [];
  const at = Array.from({ length: sweep.plan!.points }, (_, i) => sweep.results.find((r) => r[i])?.[i]?.lines);
  const x = xs();
  return lines.map((l, k) => ({ label: l.label, ys: within(at.map((ls) => ls?.[k] ?? null), x, l.upto, sweep.plan!.param === study?.param) }));
}

function clearChart() {
  for (const c of sweep.charts) c.destroy();
  sweep.charts = [];
  sweep.plan = null;
  el("sweep-chart").replaceChildren();
  delete el("sweep-chart").dataset.band;
  el("sweep-table").replaceChildren();
  el<HTMLProgressElement>("sweep-progress").value = 0;
  setStatus("idle", "");
}

const colorOf = (v: number) => palette[v % palette.length];

// chartWidth is the sweep chart's width in its box (CSS px).
const chartWidth = () => Math.max(300, el("sweep-chart").clientWidth - 4);

// words is a metric's label with its unit: "time to 95 % (s)".
const words = (m: Metric) => (m.unit ? `${m.label} (${m.unit})` : m.label);

function buildChart() {
  for (const c of sweep.charts) c.destroy();
  sweep.charts = [];
  const box = el("sweep-chart");
  box.replaceChildren();
  const p = sweep.plan!;
  const sp = specOf(p.param);
  const xlabel = `${sp?.label ?? p.param}${sp?.unit ? ` (${sp.unit})` : ""}`;
  const ms = metricsOf(p);
  const shown = charted(p);
  box.setAttribute("aria-label", `${shown.map((k) => (k === goodputAt(p) ? "Carried in time per second" : words(ms[k]))).join("; ")} against ${xlabel}: mean and 95 % band over ${p.seeds} seeds per point`);
  for (const k of shown) {
    const carriedChart = k === goodputAt(p);
    const off = offeredAt(p);
    const series: uPlot.Series[] = [{ label: xlabel }];
    const bands: uPlot.Band[] = [];
    p.variants!.forEach((v, c) => {
      const col = colorOf(c);
      const base = series.length;
      // A metric's chart names it on its axis: its legend, the curves alone.
      series.push({ label: carriedChart ? `${v.label}: ${carried}` : v.label, stroke: col, width: 2, value: (_u, y) => fmt(y) });
      series.push({ label: `${v.label}: 95 % high`, stroke: col + "55", width: 0.5, points: { show: false }, value: (_u, y) => fmt(y) });
      series.push({ label: `${v.label}: 95 % low`, stroke: col + "55", width: 0.5, points: { show: false }, value: (_u, y) => fmt(y) });
      if (carriedChart && off >= 0) series.push({ label: `${v.label}: ${offered}`, stroke: col, dash: [4, 4], width: 1, points: { show: false }, value: (_u, y) => fmt(y) });
      bands.push({ series: [base + 1, base + 2], fill: col + "33" });
    });
    if (carriedChart)
      for (const [j, l] of lineValues().entries())
        series.push({ label: l.label, stroke: ["#6e7781", "#c9302c"][j % 2], dash: [8, 4], width: 1.5, points: { show: false }, value: (_u, y) => fmt(y) });
    const chart = new uPlot(
      {
        width: chartWidth(),
        height: 280,
        series,
        bands,
        scales: { x: { time: false, distr: p.log ? 3 : 1 }, y: { range: (_u, _min, _max) => [0, yTop(k, carriedChart)] } },
        axes: [
          { label: xlabel, stroke: cssVar("--muted"), grid: { stroke: cssVar("--grid") } },
          { label: carriedChart ? "per second" : words(ms[k]), size: yAxisSize(60), stroke: cssVar("--muted"), grid: { stroke: cssVar("--grid") } },
        ],
      },
      data(k, carriedChart),
      box,
    );
    // The band's edges are drawn, not listed: the legend keeps the mean.
    const per = carriedChart && off >= 0 ? 4 : 3;
    const rows = chart.root.querySelectorAll<HTMLElement>(".u-legend .u-series");
    p.variants!.forEach((_, c) => {
      for (const j of [1, 2]) rows[1 + per * c + j]?.style.setProperty("display", "none");
    });
    chart.root.dataset.metric = ms[k].name;
    sweep.charts.push(chart);
  }
}

// goodputAt and offeredAt are the indexes of the carried and offered
// metrics in the plan's (-1: not measured).
const goodputAt = (p: Plan) => (p.metrics?.length ? p.metrics.indexOf(Metrics[GOODPUT].name) : GOODPUT);
const offeredAt = (p: Plan) => (p.metrics?.length ? p.metrics.indexOf(Metrics[OFFERED].name) : OFFERED);

// yTop fits the y range to the curves of metric k and their bands (and,
// on the carried chart, the lines): the offered diagonal does not set the
// scale.
function yTop(k: number, withLines: boolean): number {
  let top = 0;
  for (const r of sweep.results) for (const pt of r) if (pt) top = Math.max(top, pt.stats[k].hi);
  if (withLines) for (const l of lineValues()) for (const y of l.ys) if (y !== null && Number.isFinite(y)) top = Math.max(top, y);
  return top > 0 ? top * 1.1 : 1;
}

function data(k: number, carriedChart: boolean): uPlot.AlignedData {
  const x = xs();
  const off = offeredAt(sweep.plan!);
  const cols: (number | null)[][] = [x];
  sweep.results.forEach((r) => {
    cols.push(r.map((pt) => pt?.stats[k].mean ?? null));
    cols.push(r.map((pt) => pt?.stats[k].hi ?? null));
    cols.push(r.map((pt) => pt?.stats[k].lo ?? null));
    if (carriedChart && off >= 0) cols.push(r.map((pt) => pt?.stats[off].mean ?? null));
  });
  if (carriedChart) for (const l of lineValues()) cols.push(l.ys);
  return cols as uPlot.AlignedData;
}

// drawSoon draws at the next animation frame: the points that come in
// between are drawn once, so the main thread stays free while they come.
function drawSoon() {
  if (!sweep.frame) sweep.frame = requestAnimationFrame(draw);
}

// curvesOf is metric k's mean, band and digest per curve, as the tests
// read them.
function curvesOf(k: number) {
  return sweep.plan!.variants!.map((v, c) => ({
    label: v.label,
    mean: sweep.results[c].map((pt) => pt?.stats[k].mean ?? null),
    lo: sweep.results[c].map((pt) => pt?.stats[k].lo ?? null),
    hi: sweep.results[c].map((pt) => pt?.stats[k].hi ?? null),
    digest: sweep.results[c].map((pt) => pt?.digest ?? null),
  }));
}

// draw updates the progress, the charts, the band the tests read and the
// data view if open.
function draw() {
  cancelAnimationFrame(sweep.frame);
  sweep.frame = 0;
  if (!sweep.charts.length || !sweep.plan) return;
  const p = sweep.plan;
  const total = sweep.results.length * p.points;
  el<HTMLProgressElement>("sweep-progress").value = sweep.done;
  if (document.body.dataset.sweep === "running")
    setStatus("running", `${sweep.done} of ${total} points (${p.seeds} seeds each) on ${pool.size} worker${pool.size > 1 ? "s" : ""}…`);
  const shown = charted(p);
  sweep.charts.forEach((c, j) => c.setData(data(shown[j], shown[j] === goodputAt(p))));
  const band = {
    param: p.param,
    x: xs(),
    curves: curvesOf(goodputAt(p) >= 0 ? goodputAt(p) : 0),
    lines: lineValues(),
    ...(p.metrics?.length ? { metrics: metricsOf(p).map((m, k) => ({ name: m.name, curves: curvesOf(k) })) } : {}),
  };
  el("sweep-chart").dataset.band = JSON.stringify(band);
  if (el<HTMLDetailsElement>("sweep-data").open) drawTable();
}

// drawTable writes the data view: one row per point in.
function drawTable() {
  if (!sweep.plan) return;
  const p = sweep.plan;
  const ms = metricsOf(p);
  // Carried against offered: carried with its band and offered; a study's
  // own metrics: each with its band.
  const cells = p.metrics?.length
    ? ms.map((m, k) => ({ head: `${words(m)} (95 %)`, cell: (pt: PointStat) => band(pt, k) }))
    : [
        { head: `${carried} (95 %)`, cell: (pt: PointStat) => band(pt, GOODPUT) },
        { head: offered, cell: (pt: PointStat) => fmt(pt.stats[OFFERED].mean) },
      ];
  const head = document.createElement("tr");
  for (const h of ["curve", p.param, "seeds", ...cells.map((c) => c.head), "digest"]) head.append(Object.assign(document.createElement("th"), { textContent: h }));
  const rows = [head];
  for (const r of sweep.results)
    for (const pt of r) {
      if (!pt) continue;
      const tr = document.createElement("tr");
      for (const t of [pt.label, String(pt.x), String(pt.seeds), ...cells.map((c) => c.cell(pt)), pt.digest]) tr.append(Object.assign(document.createElement("td"), { textContent: t }));
      rows.push(tr);
    }
  el("sweep-table").replaceChildren(...rows);
}

const band = (pt: PointStat, k: number) => {
  const g = pt.stats[k];
  return `${fmt(g.mean)} [${fmt(g.lo)}, ${fmt(g.hi)}]`;
};

// ---- export ---------------------------------------------------------------

function fileName(ext: string) {
  return `overloadlab-${sweep.info?.preset || "custom"}-sweep-${sweep.plan?.param ?? ""}.${ext}`;
}

// g8 writes a number as `overloadlab sweep` does: 8 significant digits
// (the rest is sampling noise, not data).
export const g8 = (x: number) => (Number.isFinite(x) ? String(Number(x.toPrecision(8))) : String(x));

// sweepHead is the CSV's comment lines, as `overloadlab sweep` writes them
// (cmd/overloadlab writeSweepHead): what the file holds, for a file read
// alone later.
function sweepHead(p: Plan): string[] {
  const seed = sweep.info?.seed ?? 0;
  const unit = specOf(p.param)?.unit || "1";
  const grid = p.values?.length ? `${p.param} at ${p.values.join(", ")}` : `${p.param} from ${p.from} to ${p.to}, ${p.points} points${p.log ? " (log)" : ""}`;
  const own = metricsOf(p)
    .filter((m) => m.unit)
    .map((m) => `, ${m.name}: ${m.unit}`)
    .join("");
  return [
    `model: ${sweep.info?.model ?? ""}`,
    `scenario: ${sweep.info?.preset || "custom"}`,
    `seed: ${seed} (each point runs seeds ${seed} to ${seed + p.seeds - 1})`,
    `link: ${location.href}`,
    `sweep: ${grid}, ${p.seeds} seeds per point; curves: ${(p.variants ?? [{ label: Label.AsSet }]).map((v) => v.label).join(", ")}${p.metrics?.length ? `; measures: ${p.metrics.join(", ")}` : ""}`,
    `units: ${p.param}: ${unit}, *_per_s: per second, *_pct: %${own}, seeds: runs per point; *_mean is the mean over the seeds, *_lo and *_hi its 95 % interval, in 8 significant digits`,
  ].map((h) => "# " + h.replace(/[\r\n]/g, " "));
}

// exportCSV writes the points as `overloadlab sweep` does: its comment
// lines, then one row per point, mean, lo and hi of every metric, and the
// point's digest.
function exportCSV() {
  if (!sweep.plan) return;
  const head = ["variant", sweep.plan.param, "seeds", ...metricsOf(sweep.plan).flatMap(({ name: m }) => [`${m}_mean`, `${m}_lo`, `${m}_hi`]), "digest"];
  const lines = [...sweepHead(sweep.plan), head.join(",")];
  for (const r of sweep.results)
    for (const pt of r) {
      if (!pt) continue;
      lines.push([csvCell(pt.label), pt.x, pt.seeds, ...pt.stats.flatMap((s) => [g8(s.mean), g8(s.lo), g8(s.hi)]), pt.digest].join(","));
    }
  downloadText(fileName("csv"), lines.join("\n") + "\n", "text/csv");
}

// exportPNG draws the charts one under the other, with the title and one
// legend (the curves' colours are the same on every chart).
function exportPNG() {
  if (!sweep.charts.length || !sweep.plan) return;
  const srcs = sweep.charts.map((c) => c.ctx.canvas);
  const legend = sweep.charts[0].series.slice(1).map((s, k) => ({ label: String(s.label ?? ""), color: String(s.stroke ?? "#888"), k })).filter((s) => !/95 %/.test(s.label));
  const w = srcs[0].width;
  const h = srcs.reduce((a, c) => a + c.height, 0);
  const title = `overloadlab — ${sweep.info?.preset || "custom"}: sweep of ${sweep.plan.param}, ${sweep.plan.seeds} seeds per point, mean and 95 % band`;
  const canvas = document.createElement("canvas");
  canvas.width = w;
  canvas.height = h + 40 + 20 * legend.length;
  const ctx = canvas.getContext("2d")!;
  ctx.fillStyle = cssVar("--panel");
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.fillStyle = cssVar("--fg");
  ctx.font = "bold 16px system-ui, sans-serif";
  ctx.fillText(title, 12, 24);
  let y0 = 36;
  for (const src of srcs) {
    ctx.drawImage(src, 0, y0);
    y0 += src.height;
  }
  ctx.font = "13px system-ui, sans-serif";
  legend.forEach((s, i) => {
    const y = h + 48 + 20 * i;
    ctx.fillStyle = s.color;
    ctx.fillRect(12, y - 10, 14, 10);
    ctx.fillStyle = cssVar("--fg");
    ctx.fillText(s.label, 32, y);
  });
  canvas.toBlob((b) => b && downloadBlob(fileName("png"), b));
}
