// Predictions (issue 27): a preset's question asked before Play, the
// choice locked when the run starts, and the answer revealed by the run
// itself when the deciding claims' windows close (✓/✗, the explanation,
// the measured figures, a marker on the charts where it was decided).
// The presets' predictions come with their model's parts (parts.ts);
// the choice goes into the link (the worker's setPick).
import { keepUnits } from "./numbers";
import { markers } from "./markers";
import { allData } from "./parts";
import { presenting } from "./present";
import { page, send } from "./state";
import type { Challenge, ClaimResult, Info, Prediction } from "./types";
import { el, fold } from "./util";

// Exercises are a preset's predictions and challenges, as the page holds them.
export interface Exercises {
  predictions?: Prediction[];
  challenges?: Challenge[];
}

export function exercisesOf(preset: string): Exercises {
  for (const d of allData()) if (preset in d.exercises) return d.exercises[preset] as Exercises;
  return {};
}

// One prediction of the run on screen and where it stands.
interface Ask {
  q: Prediction;
  picked: number | null;
  locked: boolean;
  revealed: boolean;
  void: string; // why it no longer applies ("" while it does)
  box: HTMLElement;
}
let asks: Ask[] = [];
let skipped = false;

const PRESENT_KEY = "overloadlab-predict-present";
let inPresent = false; // the trainer asks in presentation mode too
try {
  inPresent = localStorage.getItem(PRESENT_KEY) === "on";
} catch {
  // storage may be off: not asked in presentation mode
}
const askInPresent = () => inPresent;

// showing says whether the section is on screen: not when skipped, and in
// presentation mode only when the trainer turned it on.
// Skipped, answered (until the run reveals it) or no longer applying, the
// box folds to one line that says so; open, it shows everything again.
function show() {
  const sec = el("predict");
  sec.hidden = asks.length === 0 || (presenting() && !askInPresent());
  document.body.dataset.predict = asks.length === 0 ? "" : asks.map(state).join(",");
  const a = asks[0];
  const line = !a ? "" : a.revealed ? "" : skipped ? "skipped" : a.void ? "no longer applies to this run" : a.picked !== null ? `your choice: ${keepUnits(a.q.choices[a.picked].text)}` : "";
  fold("predict-fold", line === "", line && `: ${line}`, line);
}
const state = (a: Ask) => (a.void ? "void" : a.revealed ? "revealed" : a.locked ? "locked" : a.picked === null ? "asked" : "picked");

// predictStarted is told a run has started (a preset, a link, Reset).
export function predictStarted(i: Info) {
  const qs = exercisesOf(i.preset).predictions ?? [];
  const list = el("predict-list");
  skipped = false;
  // A link opened with a pick shows it, locked: the student's answer.
  const fromLink = page.startedAt.includes('"link"');
  asks = qs.map((q) => {
    const pick = i.picks?.find((p) => p.n === q.name);
    const box = document.createElement("fieldset");
    box.className = "ask";
    box.dataset.prediction = q.name;
    const legend = document.createElement("legend");
    legend.textContent = keepUnits(q.question);
    box.append(legend);
    q.choices.forEach((c, k) => {
      const label = document.createElement("label");
      label.className = "choice";
      const r = document.createElement("input");
      r.type = "radio";
      r.name = "predict-" + q.name;
      r.value = String(k);
      r.checked = pick?.c === k;
      const mark = document.createElement("span");
      mark.className = "mark";
      mark.setAttribute("aria-hidden", "true");
      const text = document.createElement("span");
      text.textContent = keepUnits(c.text);
      label.append(r, mark, text);
      box.append(label);
    });
    const out = document.createElement("p");
    out.className = "verdict";
    box.append(out);
    const a: Ask = { q, picked: pick ? pick.c : null, locked: fromLink && !!pick, revealed: false, void: "", box };
    box.addEventListener("change", (ev) => {
      const r = ev.target as HTMLInputElement;
      if (a.locked || r.type !== "radio") return;
      a.picked = Number(r.value);
      skipped = false;
      send({ t: "pick", name: q.name, choice: a.picked });
      render(a);
      show();
    });
    return a;
  });
  if ((i.changed ?? []).length > 0)
    for (const a of asks) a.void = "This run differs from the preset's, so the prediction, about the preset's run, does not apply to it.";
  list.replaceChildren(...asks.map((a) => a.box));
  for (const a of asks) render(a);
  show();
}

// predictRows is told the run has reached now, with its claims: the first
// slice locks the choices, a prediction whose deciding claims are all
// decided is revealed, its marker set at now.
export function predictRows(now: number, claims: ClaimResult[] | undefined) {
  if (asks.length === 0 || now <= 0) return;
  for (const a of asks) {
    if (!a.locked) {
      a.locked = true;
      render(a);
    }
    if (a.revealed || a.void) continue;
    const names = new Set(a.q.choices.flatMap((c) => c.claims));
    const got = (claims ?? []).filter((c) => names.has(c.name));
    if (got.length < names.size || got.some((c) => c.pending)) continue;
    a.revealed = true;
    a.box.dataset.at = String(now);
    if (a.picked !== null) {
      markers.push({ at_s: now, label: `prediction decided: ${right(a, got) === a.picked ? "✓" : "✗"}` });
      for (const c of page.charts) page.stale.add(c);
    }
    render(a, got);
  }
  show();
}

// predictChanged is told a parameter was changed (applied): a prediction
// not yet revealed no longer applies.
export function predictChanged(label: string) {
  for (const a of asks)
    if (!a.revealed && !a.void) {
      a.void = `You changed ${label} before the reveal: the prediction was about the preset's run and no longer applies to this one.`;
      render(a);
    }
  show();
}

// right is the choice whose claims all hold.
function right(a: Ask, got: ClaimResult[]): number {
  const holds = new Map(got.map((c) => [c.name, c.holds]));
  return a.q.choices.findIndex((c) => c.claims.every((n) => holds.get(n)));
}

function render(a: Ask, got?: ClaimResult[]) {
  a.box.dataset.state = state(a);
  const radios = [...a.box.querySelectorAll<HTMLInputElement>("input[type=radio]")];
  for (const r of radios) r.disabled = a.locked || a.revealed;
  const out = a.box.querySelector<HTMLElement>(".verdict")!;
  if (a.void) {
    out.textContent = a.void;
    return;
  }
  if (!a.revealed || !got) {
    out.textContent = a.locked
      ? a.picked === null
        ? "No choice made: the answer shows when the run decides it."
        : "Your choice is locked: the run decides it when its windows close."
      : a.picked === null
        ? "Pick one, then press Play (or skip)."
        : "Press Play: your choice locks when the run starts.";
    return;
  }
  const k = right(a, got);
  const labels = [...a.box.querySelectorAll<HTMLElement>("label.choice")];
  labels.forEach((l, i) => {
    l.dataset.right = String(i === k);
    l.querySelector(".mark")!.textContent = i === k ? "✓" : i === a.picked ? "✗" : "";
  });
  const figures = (a.q.choices[k]?.claims ?? [])
    .map((n) => got.find((c) => c.name === n))
    .filter((c): c is ClaimResult => !!c)
    .map((c) => `${c.says}: measured ${c.figure}`)
    .join("; ");
  const verdict = a.picked === null ? "" : a.picked === k ? "✓ Right. " : "✗ Not this time. ";
  out.textContent = keepUnits(`${verdict}${a.q.explain} (${figures}.)`);
  out.dataset.verdict = a.picked === null ? "none" : String(a.picked === k);
}

// initPredict wires Skip and the presentation-mode switch.
export function initPredict() {
  el("predict-skip").onclick = () => {
    skipped = true;
    show();
  };
  const sw = el<HTMLInputElement>("predict-present");
  sw.checked = askInPresent();
  sw.onchange = () => {
    inPresent = sw.checked;
    try {
      localStorage.setItem(PRESENT_KEY, sw.checked ? "on" : "off");
    } catch {
      // not kept, still applied
    }
    show();
  };
  new MutationObserver(show).observe(document.body, { attributes: true, attributeFilter: ["class"] });
}
