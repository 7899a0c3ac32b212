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

let keys: Keys;

export const presenting = () => document.body.classList.contains("present");

export function initPresent(k: Keys) {
  keys = k;
  el("present").onclick = () => setPresent(!presenting());
  el("keys").onclick = () => el<HTMLDialogElement>("shortcuts").showModal();
  document.addEventListener("keydown", onKey);
  window.addEventListener("resize", () => presenting() && fit());
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
  for (const c of keys.charts()) c.retheme();
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
    " ": () => keys.playPause(),
    ArrowRight: () => keys.next(),
    ArrowLeft: () => keys.back(),
    r: () => keys.reset(),
    R: () => keys.reset(),
    "+": () => keys.faster(1),
    "=": () => keys.faster(1),
    "-": () => keys.faster(-1),
    "−": () => keys.faster(-1),
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

// MIN_PLOT is the least plot height (CSS px) of a chart in presentation mode.
const MIN_PLOT = 180;

// fit shows, in presentation mode, the focused charts (the tour step's, or
// the lesson's chart) at a height that fills the window below the tiles;
// out of it, every chart at its usual height.
export function fit() {
  const charts = keys.charts();
  const on = presenting();
  const want = new Set(keys.focused());
  let shown = charts.filter((c) => want.has(c.chart.id)).slice(0, 2);
  if (shown.length === 0) shown = charts.slice(0, 1);
  for (const c of charts) c.root.classList.toggle("shown", on && shown.includes(c));
  if (!on) {
    for (const c of charts) c.setHeight(210);
    return;
  }
  const box = el("charts");
  // What a chart needs besides its plot: caption and legend.
  const room = (cs: typeof shown) =>
    window.innerHeight - box.getBoundingClientRect().top - cs.reduce((s, c) => s + c.root.offsetHeight - (c.root.querySelector("canvas")?.clientHeight ?? 0), 0) - 12 * cs.length - 8;
  // Two charts whose captions and legends leave each a plot too flat to
  // read (MIN_PLOT) give way to the first alone.
  if (shown.length > 1 && room(shown) / shown.length < MIN_PLOT) {
    shown = shown.slice(0, 1);
    for (const c of charts) c.root.classList.toggle("shown", shown.includes(c));
  }
  const h = room(shown) / shown.length;
  for (const c of shown) c.setHeight(h);
  // Once laid out (legends wrap, tiles fill), take back what still overflows.
  requestAnimationFrame(() => {
    const over = Math.max(...shown.map((c) => c.root.getBoundingClientRect().bottom)) - window.innerHeight + 8;
    if (over > 0) for (const c of shown) c.setHeight(c.root.querySelector("canvas")!.clientHeight - over / shown.length);
  });
}
