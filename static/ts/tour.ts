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
// The tour's state, in one place.
const tourState = {
  player: undefined! as Player, // set before its first use
  box: null as HTMLElement | null,
  steps: [] as Step[],
  active: false,
  shown: -1, // the step on screen (-1: none yet)
  startWhenReady: false,
  // played is the last step playback has reached (-1: none yet); looking
  // back with Back does not lower it.
  played: -1,
};

// at writes a step's time as the clock does.
const at = (t: number) => timeText(t);

// stepOf reads the TourStep an item of the tour holds.
const stepOf = (li: HTMLLIElement): Step => {
  const s = JSON.parse(li.dataset.step ?? "{}") as TourStep;
  return { at_s: s.at_s, charts: s.charts ?? [], claims: s.claims ?? [], li };
};

export function initTour(p: Player) {
  tourState.player = p;
  el("tour-next").onclick = () => next();
  el("tour-back").onclick = () => back();
  el("tour-free").onclick = () => leave();
  el("tour-start").onclick = () => start();
}

// setPreset shows the tour of the preset on screen (none: the box hides).
// A new run of the same preset keeps the tour going from its start.
export function setPreset(name: string) {
  const root = el("tour");
  tourState.box = root.querySelector<HTMLElement>(`.tour-steps[data-preset="${CSS.escape(name)}"]`);
  for (const b of root.querySelectorAll<HTMLElement>(".tour-steps")) b.hidden = b !== tourState.box;
  tourState.steps = tourState.box ? [...tourState.box.querySelectorAll<HTMLLIElement>("li")].map(stepOf) : [];
  for (const s of tourState.steps) s.li.querySelector(".tour-at")!.textContent = at(s.at_s);
  root.hidden = tourState.steps.length === 0;
  tourState.shown = -1;
  tourState.played = -1;
  if (tourState.startWhenReady && tourState.steps.length > 0) {
    tourState.startWhenReady = false;
    tourState.active = true;
    render();
    tourState.player.play();
    return;
  }
  tourState.active = false;
  render();
}

// pace is the preset's own speed, and watch its lesson's chart.
export function presetPace(name: string): { pace: number; watch: string } | null {
  const b = document.querySelector<HTMLElement>(`.tour-steps[data-preset="${CSS.escape(name)}"]`);
  return b ? { pace: Number(b.dataset.pace), watch: b.dataset.watch ?? "" } : null;
}

export const touring = () => tourState.active;

// nextStop returns the time of the next step playback has not reached,
// where it pauses (null: none left). It may be at or before the time the
// run has reached (a pause just before the step was shown): the page
// then shows it at once, without advancing.
export function nextStop(): number | null {
  if (!tourState.active || tourState.played + 1 >= tourState.steps.length) return null;
  return tourState.steps[tourState.played + 1].at_s;
}

// reached is told that playback paused at t: the next step is shown (the
// latest one at or before t, should t be past several).
export function reached(t: number) {
  if (!tourState.active) return;
  let k = tourState.steps.length - 1;
  while (k > tourState.played + 1 && tourState.steps[k].at_s > t + 1e-9) k--;
  if (k < 0 || tourState.steps[k].at_s > t + 1e-9) return;
  tourState.played = k;
  show(k, null);
}

// current returns the charts of the step on screen.
export function currentCharts(): string[] {
  return tourState.active && tourState.shown >= 0 ? tourState.steps[tourState.shown].charts : [];
}

export function start() {
  if (tourState.steps.length === 0) return;
  if (tourState.player.now() > 0) {
    tourState.startWhenReady = true; // after the restart, setPreset goes on
    tourState.player.restart();
    return;
  }
  tourState.active = true;
  tourState.shown = -1;
  tourState.played = -1;
  render();
  tourState.player.play();
}

// next shows the next step: at once when the run is past it (looking
// back), else by playing on to its time. After the last step it leaves.
export function next(): boolean {
  if (!tourState.active) return false;
  const k = tourState.shown + 1;
  if (k >= tourState.steps.length) {
    leave();
    return true;
  }
  if (tourState.steps[k].at_s <= tourState.player.now() + 1e-9) {
    tourState.played = Math.max(tourState.played, k);
    show(k, tourState.steps[k].at_s < tourState.player.now() - 1e-9 ? tourState.steps[k].at_s : null);
  }
  else {
    tourState.player.lookAt(null);
    tourState.player.play();
    el("tour-count").textContent = `Playing to step ${k + 1} of ${tourState.steps.length} (${at(tourState.steps[k].at_s)})…`;
  }
  return true;
}

// back shows the step before, with the time cursor at its time.
export function back(): boolean {
  if (!tourState.active) return false;
  if (tourState.shown > 0) show(tourState.shown - 1, tourState.steps[tourState.shown - 1].at_s);
  return true;
}

export function leave() {
  tourState.active = false;
  tourState.shown = -1;
  tourState.played = -1;
  tourState.player.lookAt(null);
  tourState.player.focus([]);
  render();
}

function show(k: number, lookAt: number | null) {
  tourState.shown = k;
  // The step's text first: the page places its charts under it.
  render();
  tourState.player.lookAt(lookAt);
  tourState.player.focus(tourState.steps[k].charts);
}

function render() {
  const root = el("tour");
  tourState.steps.forEach((s, k) => {
    s.li.hidden = !tourState.active || k !== tourState.shown;
    s.li.classList.toggle("current", tourState.active && k === tourState.shown);
  });
  el("tour-start").hidden = tourState.active;
  for (const id of ["tour-back", "tour-next", "tour-free"]) el(id).hidden = !tourState.active;
  el<HTMLButtonElement>("tour-back").disabled = tourState.shown <= 0;
  el("tour-next").textContent = tourState.shown + 1 >= tourState.steps.length ? "Finish" : "Next →";
  el("tour-count").textContent = tourState.active
    ? tourState.shown < 0
      ? `Playing to step 1 of ${tourState.steps.length} (${at(tourState.steps[0].at_s)})…`
      : `Step ${tourState.shown + 1} of ${tourState.steps.length} · ${at(tourState.steps[tourState.shown].at_s)}`
    : `A tour in ${tourState.steps.length} steps`;
  // The claims the step relies on stand out in "What this run shows".
  const named = tourState.active && tourState.shown >= 0 ? tourState.steps[tourState.shown].claims : [];
  for (const li of document.querySelectorAll<HTMLElement>("#claims li")) li.classList.toggle("step-claim", named.includes(li.dataset.claim ?? ""));
  root.dataset.step = String(tourState.shown);
  document.body.dataset.tour = tourState.active ? String(tourState.shown) : "off";
}
