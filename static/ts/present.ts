// Presentation mode and the keyboard: large type, the controls hidden, the
// lesson and the tour beside one or two charts that fill the screen; keys
// for the room (Space, →, ←, R, +, −, F, Esc, ?).
import type { ChartView } from "./charts";
import { el } from "./util";

// Keys is what the keyboard asks of the page.
export interface Keys {
  playPause(): void;
  next(): void; // the next tour step, or one interval outside a tour
  back(): void;
  reset(): void;
  faster(delta: number): void; // +1 faster, −1 slower
  charts(): ChartView[];
  focused(): string[]; // the charts to show in presentation mode
}
// Presentation mode's state: what its keys do (set by initPresent).
const presentState = {
  keys: undefined! as Keys, // set before its first use
};

export const presenting = () => document.body.classList.contains("present");

export function initPresent(k: Keys) {
  presentState.keys = k;
  el("present").onclick = () => setPresent(!presenting());
  el("keys").onclick = () => el<HTMLDialogElement>("shortcuts").showModal();
  document.addEventListener("keydown", onKey);
  // The charts' type follows the window in presentation mode (charts.ts,
  // typeScale): remade, then fitted, once the window has stopped changing.
  let resized = 0;
  window.addEventListener("resize", () => {
    if (!presenting()) return;
    fit();
    clearTimeout(resized);
    resized = window.setTimeout(() => {
      for (const c of presentState.keys.charts()) c.retheme();
      requestAnimationFrame(fit);
    }, 150);
  });
}

export function setPresent(on: boolean) {
  document.body.classList.toggle("present", on);
  el("present").textContent = on ? "Leave presentation" : "Present";
  document.body.dataset.present = String(on);
  if (on) window.scrollTo(0, 0);
  // The charts' text grows in presentation mode (charts.ts: big): they are
  // made again, then fitted to the window once uPlot has sized them (it
  // commits a size in a microtask).
  fit();
  for (const c of presentState.keys.charts()) c.retheme();
  requestAnimationFrame(fit);
}

function onKey(e: KeyboardEvent) {
  // The open list of shortcuts keeps its keys (Esc closes it).
  if (e.ctrlKey || e.metaKey || e.altKey || el<HTMLDialogElement>("shortcuts").open) return;
  const t = e.target as HTMLElement;
  const typing = t instanceof HTMLInputElement && t.type !== "range" && t.type !== "checkbox";
  if (typing || t instanceof HTMLSelectElement || t instanceof HTMLTextAreaElement) {
    if (e.key === "Escape") t.blur();
    return;
  }
  const act: Record<string, () => void> = {
    " ": () => presentState.keys.playPause(),
    ArrowRight: () => presentState.keys.next(),
    ArrowLeft: () => presentState.keys.back(),
    r: () => presentState.keys.reset(),
    R: () => presentState.keys.reset(),
    "+": () => presentState.keys.faster(1),
    "=": () => presentState.keys.faster(1),
    "-": () => presentState.keys.faster(-1),
    "−": () => presentState.keys.faster(-1),
    f: () => setPresent(!presenting()),
    F: () => setPresent(!presenting()),
    Escape: () => presenting() && setPresent(false),
    "?": () => el<HTMLDialogElement>("shortcuts").showModal(),
  };
  const f = act[e.key];
  if (!f) return;
  // A range input keeps its own arrows (the scrubber, the sliders).
  if ((e.key === "ArrowRight" || e.key === "ArrowLeft") && t instanceof HTMLInputElement) return;
  e.preventDefault();
  // A focused button would act on the key too, when it is released.
  if (t instanceof HTMLButtonElement) t.blur();
  f();
}

// MIN_PLOT is the least plot height (CSS px) of a chart in presentation
// mode: two charts that would leave either flatter stacked go side by side
// (each at least MIN_PAIR wide), else give way to the first.
const MIN_PLOT = 150;
const MIN_PAIR = 300;

// fit shows, in presentation mode, the charts the tour's step names, in
// the step's order (else the lesson's chart), at a height that fills the
// window below the tiles; out of it, every chart at its usual height.
// Heights are measured after layout (captions and legends wrap with the
// width and the type) and set again until each chart ends at the
// window's bottom: never cut (its legend included), never a flat plot
// over empty space. Two charts that do not fit one above the other go
// side by side (#charts.pair), each the window's height.
export function fit() {
  const charts = presentState.keys.charts();
  const on = presenting();
  const box = el("charts");
  const named = presentState.keys.focused().map((id) => charts.find((c) => c.chart.id === id)).filter((c): c is ChartView => c !== undefined);
  let shown = [...new Set(named)].slice(0, 2);
  if (shown.length === 0) shown = charts.slice(0, 1);
  const mark = () => {
    for (const c of charts) c.root.classList.toggle("shown", on && shown.includes(c));
    // The charts shown go in the step's order.
    shown.forEach((c, k) => (c.root.style.order = on ? String(k - 10) : ""));
  };
  box.classList.remove("pair");
  mark();
  if (!on) {
    for (const c of charts) {
      c.root.style.order = "";
      c.setHeight(210);
    }
    return;
  }
  const plot = (c: ChartView) => c.root.querySelector("canvas")?.clientHeight ?? 0;
  const area = (c: ChartView) => c.root.querySelector<HTMLElement>(".u-over")?.offsetHeight ?? 0;
  // What the charts of a column need besides their plots: captions and
  // legends (and an open data table).
  const room = (cs: ChartView[]) =>
    window.innerHeight - box.getBoundingClientRect().top - cs.reduce((s, c) => s + c.root.offsetHeight - plot(c), 0) - 12 * cs.length - 8;
  // A chart's axes and markers' band, around its plot (measured on the
  // chart when drawn, else about 110 px in presentation mode's type).
  const axes = (c: ChartView) => {
    const a = plot(c) - area(c);
    return plot(c) > 0 && area(c) > 0 && a > 0 ? a : 110;
  };
  if (shown.length > 1 && room(shown) / shown.length - Math.max(...shown.map(axes)) < MIN_PLOT) {
    if (box.clientWidth / 2 - 12 >= MIN_PAIR) {
      box.classList.add("pair");
    } else {
      shown = shown.slice(0, 1);
      mark();
    }
  }
  const pair = box.classList.contains("pair");
  for (const c of shown) c.resize(); // to its column's width
  for (const c of shown) c.setHeight(pair ? room([c]) : room(shown) / shown.length);
  // Once laid out (legends wrap, tiles fill), give or take back the
  // difference, twice at most.
  let tries = 3;
  const settle = () => {
    const off = (cs: ChartView[]) => window.innerHeight - 8 - Math.max(...cs.map((c) => c.root.getBoundingClientRect().bottom)); // > 0: room left; < 0: cut
    const columns = pair ? shown.map((c) => [c]) : [shown];
    if (columns.every((cs) => Math.abs(off(cs)) < 4) || tries-- === 0) return;
    for (const cs of columns) {
      const d = off(cs);
      for (const c of cs) c.setHeight(Math.max(MIN_PLOT / 2, plot(c) + d / cs.length));
    }
    requestAnimationFrame(settle);
  };
  requestAnimationFrame(settle);
}
