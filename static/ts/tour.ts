// A preset's tour: three to six steps declared with the preset in Go and
// rendered into the page (the text is in the HTML, not the wasm). The tour
// plays the run to each step's simulated time, pauses there, shows the
// step's text and points at its charts. Next plays on to the next step,
// Back looks back at the step before (with the time cursor), and "Play
// freely" leaves the tour.
import { el } from "./util";
import { timeText } from "./scrub";
import type { TourStep } from "./types";

// Player is what the tour asks of the page.
export interface Player {
  now(): number; // simulated time reached
  play(): void; // play on (the page pauses at the tour's next stop)
  lookAt(t: number | null): void; // show the values at t (null: the latest)
  restart(): void; // start the preset again from 0 s
  focus(charts: string[]): void; // put these charts first and highlight them
}

// Step is a step of the tour on screen: the TourStep its item holds
// (data-step, rendered from Go's scenario.Step), and the item.
interface Step extends Required<TourStep> {
  li: HTMLLIElement;
}

let player: Player;
let box: HTMLElement | null = null;
let steps: Step[] = [];
let active = false;
let shown = -1; // the step on screen (-1: none yet)
let startWhenReady = false;

// at writes a step's time as the clock does.
const at = (t: number) => timeText(t);

// stepOf reads the TourStep an item of the tour holds.
const stepOf = (li: HTMLLIElement): Step => {
  const s = JSON.parse(li.dataset.step ?? "{}") as TourStep;
  return { at_s: s.at_s, charts: s.charts ?? [], claims: s.claims ?? [], li };
};

export function initTour(p: Player) {
  player = p;
  el("tour-next").onclick = () => next();
  el("tour-back").onclick = () => back();
  el("tour-free").onclick = () => leave();
  el("tour-start").onclick = () => start();
}

// setPreset shows the tour of the preset on screen (none: the box hides).
// A new run of the same preset keeps the tour going from its start.
export function setPreset(name: string) {
  const root = el("tour");
  box = root.querySelector<HTMLElement>(`.tour-steps[data-preset="${CSS.escape(name)}"]`);
  for (const b of root.querySelectorAll<HTMLElement>(".tour-steps")) b.hidden = b !== box;
  steps = box ? [...box.querySelectorAll<HTMLLIElement>("li")].map(stepOf) : [];
  for (const s of steps) s.li.querySelector(".tour-at")!.textContent = at(s.at_s);
  root.hidden = steps.length === 0;
  shown = -1;
  played = -1;
  if (startWhenReady && steps.length > 0) {
    startWhenReady = false;
    active = true;
    render();
    player.play();
    return;
  }
  active = false;
  render();
}

// pace is the preset's own speed, and watch its lesson's chart.
export function presetPace(name: string): { pace: number; watch: string } | null {
  const b = document.querySelector<HTMLElement>(`.tour-steps[data-preset="${CSS.escape(name)}"]`);
  return b ? { pace: Number(b.dataset.pace), watch: b.dataset.watch ?? "" } : null;
}

export const touring = () => active;

// played is the last step playback has reached (-1: none yet); looking
// back with Back does not lower it.
let played = -1;

// nextStop returns the time of the next step playback has not reached,
// where it pauses (null: none left). It may be at or before the time the
// run has reached (a pause just before the step was shown): the page
// then shows it at once, without advancing.
export function nextStop(): number | null {
  if (!active || played + 1 >= steps.length) return null;
  return steps[played + 1].at_s;
}

// reached is told that playback paused at t: the next step is shown (the
// latest one at or before t, should t be past several).
export function reached(t: number) {
  if (!active) return;
  let k = steps.length - 1;
  while (k > played + 1 && steps[k].at_s > t + 1e-9) k--;
  if (k < 0 || steps[k].at_s > t + 1e-9) return;
  played = k;
  show(k, null);
}

// current returns the charts of the step on screen.
export function currentCharts(): string[] {
  return active && shown >= 0 ? steps[shown].charts : [];
}

export function start() {
  if (steps.length === 0) return;
  if (player.now() > 0) {
    startWhenReady = true; // after the restart, setPreset goes on
    player.restart();
    return;
  }
  active = true;
  shown = -1;
  played = -1;
  render();
  player.play();
}

// next shows the next step: at once when the run is past it (looking
// back), else by playing on to its time. After the last step it leaves.
export function next(): boolean {
  if (!active) return false;
  const k = shown + 1;
  if (k >= steps.length) {
    leave();
    return true;
  }
  if (steps[k].at_s <= player.now() + 1e-9) {
    played = Math.max(played, k);
    show(k, steps[k].at_s < player.now() - 1e-9 ? steps[k].at_s : null);
  }
  else {
    player.lookAt(null);
    player.play();
    el("tour-count").textContent = `Playing to step ${k + 1} of ${steps.length} (${at(steps[k].at_s)})…`;
  }
  return true;
}

// back shows the step before, with the time cursor at its time.
export function back(): boolean {
  if (!active) return false;
  if (shown > 0) show(shown - 1, steps[shown - 1].at_s);
  return true;
}

export function leave() {
  active = false;
  shown = -1;
  played = -1;
  player.lookAt(null);
  player.focus([]);
  render();
}

function show(k: number, lookAt: number | null) {
  shown = k;
  // The step's text first: the page places its charts under it.
  render();
  player.lookAt(lookAt);
  player.focus(steps[k].charts);
}

function render() {
  const root = el("tour");
  steps.forEach((s, k) => {
    s.li.hidden = !active || k !== shown;
    s.li.classList.toggle("current", active && k === shown);
  });
  el("tour-start").hidden = active;
  for (const id of ["tour-back", "tour-next", "tour-free"]) el(id).hidden = !active;
  el<HTMLButtonElement>("tour-back").disabled = shown <= 0;
  el("tour-next").textContent = shown + 1 >= steps.length ? "Finish" : "Next →";
  el("tour-count").textContent = active
    ? shown < 0
      ? `Playing to step 1 of ${steps.length} (${at(steps[0].at_s)})…`
      : `Step ${shown + 1} of ${steps.length} · ${at(steps[shown].at_s)}`
    : `A tour in ${steps.length} steps`;
  // The claims the step relies on stand out in "What this run shows".
  const named = active && shown >= 0 ? steps[shown].claims : [];
  for (const li of document.querySelectorAll<HTMLElement>("#claims li")) li.classList.toggle("step-claim", named.includes(li.dataset.claim ?? ""));
  root.dataset.step = String(shown);
  document.body.dataset.tour = active ? String(shown) : "off";
}
