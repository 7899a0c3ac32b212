// The page's sweep: any numeric parameter of the model from a value to
// another (linear or log), for one or more curves (the scenario as set, the
// preset's variants, the model study's curves), S seeds per point. Points
// run on a pool of workers apart from the live run (pool.ts); the chart
// shows each curve's carried load in time, mean and 95 % band over the
// seeds, with the model's capacity and pass lines, its y range fitted to
// the carried curves (the offered load drawn dashed, clipped).
import uPlot from "uplot";
import { cssVar, palette, yAxisSize } from "./theme";
import { fmt, keepUnits } from "./numbers";
import { Pool, defaultSize, type Point } from "./pool";
import { variantLabel } from "./types";
import type { Info, Model, Plan, PointStat, Spec, Variant } from "./types";
import { curveOf, within } from "./sweeplines";
import { csvCell, downloadBlob, downloadText, el } from "./util";
import { Label, MetricGoodput, MetricOffered, Metrics, SweepBound } from "./gen/types";

// A sample's metrics (sim.Metrics, generated): the two the chart draws.
const OFFERED = MetricOffered;
const GOODPUT = MetricGoodput;
const carried = Metrics[GOODPUT].label;
const offered = Metrics[OFFERED].label;

// Curve is a curve the sweep offers: a variant of the scenario as set.
type Curve = Variant;

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
  chart: null as uPlot | null,
  shareSweep: (() => {}) as (plan: string) => void,
  linkSweep: "", // the sweep of the link last opened
  frame: 0, // a draw is asked for the next animation frame
};

const numeric = (m: Model) => m.params.filter((p) => p.kind === "number" || p.kind === "integer");

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
    if (sweep.chart && Math.abs(sweep.chart.width - w) > 1) sweep.chart.setSize({ width: w, height: sweep.chart.height });
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

const workersNow = () => Math.max(1, Math.min(16, Number(el<HTMLInputElement>("sweep-workers").value) || defaultSize()));

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
  el("sweeps").hidden = false;
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
    sweep.curves.push({ label, params: v.params });
  }
  renderCurves();
  el("sweep-buttons").replaceChildren(
    ...(m.sweeps ?? []).map((sw) => {
      const b = document.createElement("button");
      b.type = "button";
      b.textContent = sw.title;
      b.onclick = () => {
        const vs = sw.values;
        setForm({ param: sw.param, from: vs[0], to: vs[vs.length - 1], points: vs.length, log: vs[vs.length - 1] / vs[0] >= 10, seeds: seedsNow(), variants: sw.curves.map((c) => ({ label: variantLabel(c), params: c.params })) });
        el("sweep-doc").textContent = keepUnits(sw.doc);
        run();
      };
      return b;
    }),
  );
  const sw = m.sweeps?.[0];
  if (sw) {
    const vs = sw.values;
    setForm({ param: sw.param, from: vs[0], to: vs[vs.length - 1], points: 6, log: vs[vs.length - 1] / vs[0] >= 10, seeds: SweepBound.DefaultSeeds, variants: sw.curves.map((c) => ({ label: variantLabel(c), params: c.params })) });
    el("sweep-doc").textContent = keepUnits(sw.doc);
  } else {
    defaultsFor(el<HTMLSelectElement>("sweep-param").value);
    setCurves([Label.AsSet, ...compare.map(variantLabel)]);
    el("sweep-doc").textContent = "";
  }
  clearChart();
}

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
  const n = sweep.curves.length;
  const labels: string[] = [];
  for (const v of p.variants ?? [{ label: Label.AsSet }]) {
    const c = curveOf(sweep.curves, v);
    if (c) c.params = v.params;
    else sweep.curves.push({ label: v.label, params: v.params });
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
  return {
    param,
    from,
    to,
    points,
    log: el<HTMLInputElement>("sweep-log").checked,
    ...(study ? { values: study.values } : {}),
    seeds: num("sweep-seeds"),
    variants: picked.map((c) => (c.params && Object.keys(c.params).length > 0 ? { label: c.label, params: c.params } : { label: c.label })),
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
  sweep.chart?.destroy();
  sweep.chart = null;
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

function buildChart() {
  sweep.chart?.destroy();
  const box = el("sweep-chart");
  box.replaceChildren();
  const p = sweep.plan!;
  const sp = specOf(p.param);
  const xlabel = `${sp?.label ?? p.param}${sp?.unit ? ` (${sp.unit})` : ""}`;
  box.setAttribute("aria-label", `Carried in time per second against ${xlabel}: mean and 95 % band over ${p.seeds} seeds per point`);
  const series: uPlot.Series[] = [{ label: xlabel }];
  const bands: uPlot.Band[] = [];
  p.variants!.forEach((v, k) => {
    const c = colorOf(k);
    const base = series.length;
    series.push({ label: `${v.label}: ${carried}`, stroke: c, width: 2, value: (_u, y) => fmt(y) });
    series.push({ label: `${v.label}: 95 % high`, stroke: c + "55", width: 0.5, points: { show: false }, value: (_u, y) => fmt(y) });
    series.push({ label: `${v.label}: 95 % low`, stroke: c + "55", width: 0.5, points: { show: false }, value: (_u, y) => fmt(y) });
    series.push({ label: `${v.label}: ${offered}`, stroke: c, dash: [4, 4], width: 1, points: { show: false }, value: (_u, y) => fmt(y) });
    bands.push({ series: [base + 1, base + 2], fill: c + "33" });
  });
  for (const [k, l] of lineValues().entries())
    series.push({ label: l.label, stroke: ["#6e7781", "#c9302c"][k % 2], dash: [8, 4], width: 1.5, points: { show: false }, value: (_u, y) => fmt(y) });
  sweep.chart = new uPlot(
    {
      width: chartWidth(),
      height: 280,
      series,
      bands,
      scales: { x: { time: false, distr: p.log ? 3 : 1 }, y: { range: (_u, _min, _max) => [0, yTop()] } },
      axes: [
        { label: xlabel, stroke: cssVar("--muted"), grid: { stroke: cssVar("--grid") } },
        { label: "per second", size: yAxisSize(60), stroke: cssVar("--muted"), grid: { stroke: cssVar("--grid") } },
      ],
    },
    data(),
    box,
  );
  // The band's edges are drawn, not listed: the legend keeps the mean.
  const rows = sweep.chart.root.querySelectorAll<HTMLElement>(".u-legend .u-series");
  p.variants!.forEach((_, k) => {
    for (const j of [2, 3]) rows[1 + 4 * k + j - 1]?.style.setProperty("display", "none");
  });
}

// yTop fits the y range to the carried curves, their bands and the lines:
// the offered diagonal does not set the scale.
function yTop(): number {
  let top = 0;
  for (const r of sweep.results) for (const pt of r) if (pt) top = Math.max(top, pt.stats[GOODPUT].hi);
  for (const l of lineValues()) for (const y of l.ys) if (y !== null && Number.isFinite(y)) top = Math.max(top, y);
  return top > 0 ? top * 1.1 : 1;
}

function data(): uPlot.AlignedData {
  const x = xs();
  const cols: (number | null)[][] = [x];
  sweep.results.forEach((r) => {
    cols.push(r.map((pt) => pt?.stats[GOODPUT].mean ?? null));
    cols.push(r.map((pt) => pt?.stats[GOODPUT].hi ?? null));
    cols.push(r.map((pt) => pt?.stats[GOODPUT].lo ?? null));
    cols.push(r.map((pt) => pt?.stats[OFFERED].mean ?? null));
  });
  for (const l of lineValues()) cols.push(l.ys);
  return cols as uPlot.AlignedData;
}

// drawSoon draws at the next animation frame: the points that come in
// between are drawn once, so the main thread stays free while they come.
function drawSoon() {
  if (!sweep.frame) sweep.frame = requestAnimationFrame(draw);
}

// draw updates the progress, the chart, the band the tests read and the
// data view if open.
function draw() {
  cancelAnimationFrame(sweep.frame);
  sweep.frame = 0;
  if (!sweep.chart || !sweep.plan) return;
  const total = sweep.results.length * sweep.plan.points;
  el<HTMLProgressElement>("sweep-progress").value = sweep.done;
  if (document.body.dataset.sweep === "running")
    setStatus("running", `${sweep.done} of ${total} points (${sweep.plan.seeds} seeds each) on ${pool.size} worker${pool.size > 1 ? "s" : ""}…`);
  sweep.chart.setData(data());
  const band = {
    param: sweep.plan.param,
    x: xs(),
    curves: sweep.plan.variants!.map((v, k) => ({
      label: v.label,
      mean: sweep.results[k].map((pt) => pt?.stats[GOODPUT].mean ?? null),
      lo: sweep.results[k].map((pt) => pt?.stats[GOODPUT].lo ?? null),
      hi: sweep.results[k].map((pt) => pt?.stats[GOODPUT].hi ?? null),
      digest: sweep.results[k].map((pt) => pt?.digest ?? null),
    })),
    lines: lineValues(),
  };
  el("sweep-chart").dataset.band = JSON.stringify(band);
  if (el<HTMLDetailsElement>("sweep-data").open) drawTable();
}

// drawTable writes the data view: one row per point in.
function drawTable() {
  if (!sweep.plan) return;
  const head = document.createElement("tr");
  for (const h of ["curve", sweep.plan.param, "seeds", `${carried} (95 %)`, offered, "digest"]) head.append(Object.assign(document.createElement("th"), { textContent: h }));
  const rows = [head];
  for (const r of sweep.results)
    for (const pt of r) {
      if (!pt) continue;
      const tr = document.createElement("tr");
      const g = pt.stats[GOODPUT];
      for (const t of [pt.label, String(pt.x), String(pt.seeds), `${fmt(g.mean)} [${fmt(g.lo)}, ${fmt(g.hi)}]`, fmt(pt.stats[OFFERED].mean), pt.digest])
        tr.append(Object.assign(document.createElement("td"), { textContent: t }));
      rows.push(tr);
    }
  el("sweep-table").replaceChildren(...rows);
}

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
  return [
    `model: ${sweep.info?.model ?? ""}`,
    `scenario: ${sweep.info?.preset || "custom"}`,
    `seed: ${seed} (each point runs seeds ${seed} to ${seed + p.seeds - 1})`,
    `link: ${location.href}`,
    `sweep: ${grid}, ${p.seeds} seeds per point; curves: ${(p.variants ?? [{ label: Label.AsSet }]).map((v) => v.label).join(", ")}`,
    `units: ${p.param}: ${unit}, *_per_s: per second, *_pct: %, seeds: runs per point; *_mean is the mean over the seeds, *_lo and *_hi its 95 % interval, in 8 significant digits`,
  ].map((h) => "# " + h.replace(/[\r\n]/g, " "));
}

// exportCSV writes the points as `overloadlab sweep` does: its comment
// lines, then one row per point, mean, lo and hi of every metric, and the
// point's digest.
function exportCSV() {
  if (!sweep.plan) return;
  const head = ["variant", sweep.plan.param, "seeds", ...Metrics.flatMap(({ name: m }) => [`${m}_mean`, `${m}_lo`, `${m}_hi`]), "digest"];
  const lines = [...sweepHead(sweep.plan), head.join(",")];
  for (const r of sweep.results)
    for (const pt of r) {
      if (!pt) continue;
      lines.push([csvCell(pt.label), pt.x, pt.seeds, ...pt.stats.flatMap((s) => [g8(s.mean), g8(s.lo), g8(s.hi)]), pt.digest].join(","));
    }
  downloadText(fileName("csv"), lines.join("\n") + "\n", "text/csv");
}

function exportPNG() {
  if (!sweep.chart || !sweep.plan) return;
  const src = sweep.chart.ctx.canvas;
  const legend = sweep.chart.series.slice(1).map((s, k) => ({ label: String(s.label ?? ""), color: String(s.stroke ?? "#888"), k })).filter((s) => !/95 %/.test(s.label));
  const w = src.width;
  const title = `overloadlab — ${sweep.info?.preset || "custom"}: sweep of ${sweep.plan.param}, ${sweep.plan.seeds} seeds per point, mean and 95 % band`;
  const canvas = document.createElement("canvas");
  canvas.width = w;
  canvas.height = src.height + 40 + 20 * legend.length;
  const ctx = canvas.getContext("2d")!;
  ctx.fillStyle = cssVar("--panel");
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.fillStyle = cssVar("--fg");
  ctx.font = "bold 16px system-ui, sans-serif";
  ctx.fillText(title, 12, 24);
  ctx.drawImage(src, 0, 36);
  ctx.font = "13px system-ui, sans-serif";
  legend.forEach((s, i) => {
    const y = src.height + 48 + 20 * i;
    ctx.fillStyle = s.color;
    ctx.fillRect(12, y - 10, 14, 10);
    ctx.fillStyle = cssVar("--fg");
    ctx.fillText(s.label, 32, y);
  });
  canvas.toBlob((b) => b && downloadBlob(fileName("png"), b));
}
