// Challenges (issue 27): a goal over the run, reached by changing only the
// challenge's free parameters (the others locked in the page), within its
// limit. The goals tick live as their claims' verdicts do; at the run's
// end it is solved when all hold, else the page says what still fails,
// with the measured figures. The attempt goes into the link (setAttempt;
// the changes are the link's own).
import { keepUnits } from "./numbers";
import { exercisesOf } from "./predict";
import { page, send } from "./state";
import type { Challenge, ClaimResult, Info, Values } from "./types";
import { el, fold, narrow } from "./util";

// The challenges' state: the preset's challenges, the one attempted (null:
// none), and base, the preset's values when the attempt began.
const ch = {
  list: [] as Challenge[],
  active: null as Challenge | null,
  base: {} as Values,
};

function controls(): HTMLElement | null {
  return page.model ? document.querySelector<HTMLElement>(`section.controls[data-model="${page.model.name}"]`) : null;
}

// lock disables every parameter's input but the challenge's free ones and
// those its limit names (keep: a try of one is refused, saying the limit),
// all enabled again without a challenge.
function lock() {
  const open = new Set(ch.active ? [...ch.active.free, ...(ch.active.keep ?? [])] : []);
  for (const i of controls()?.querySelectorAll<HTMLInputElement>("[data-param]") ?? []) {
    const locked = ch.active !== null && !open.has(i.dataset.param!);
    i.disabled = locked;
    i.closest(".param")?.classList.toggle("locked", locked);
  }
}

// changes lists the free parameters whose values differ from those when
// the attempt began.
function changes(): string[] {
  // Only the free ones: the others are locked, and the scenario's own
  // timeline moves some values (a storm's rates) by itself.
  return (ch.active?.free ?? []).filter((n) => n in ch.base && String(ch.base[n]) !== String(page.values[n]));
}

// challengeRefuses says why setting parameter name to value would break
// the challenge's limit, "" if it would not: a parameter it keeps, or one
// change more than it allows (putting a value back is always allowed).
export function challengeRefuses(name: string, value: string): string {
  const c = ch.active;
  if (!c) return "";
  const limit = c.limit ? ` (${c.limit})` : "";
  if ((c.keep ?? []).includes(name)) return `Not applied: the challenge keeps ${name} as it is${limit}.`;
  const changed = changes();
  if (!c.max_changes || changed.includes(name) || changed.length < c.max_changes || String(ch.base[name]) === value) return "";
  return `Not applied: the challenge allows ${c.max_changes} change${c.max_changes === 1 ? "" : "s"}${limit}, made already: ${changed.join(", ")}. Put one back first.`;
}

// challengeStarted is told a run has started: its preset's challenges are
// offered, and a link's attempt is taken up again.
export function challengeStarted(i: Info) {
  ch.list = exercisesOf(i.preset).challenges ?? [];
  const want = ch.active?.name ?? i.attempt ?? "";
  ch.active = ch.list.find((c) => c.name === want) ?? null;
  if (ch.active && Object.keys(ch.base).length === 0) ch.base = { ...page.values };
  if (!ch.active) ch.base = {};
  const sec = el("challenge");
  sec.hidden = ch.list.length === 0;
  el("challenge-pick").replaceChildren(
    ...ch.list.map((c) => {
      const b = document.createElement("button");
      b.type = "button";
      b.className = "try";
      b.textContent = `Try: ${keepUnits(c.title)}`;
      b.onclick = () => begin(c);
      return b;
    }),
  );
  render(page.summary?.claims);
}

function begin(c: Challenge | null) {
  ch.active = c;
  ch.base = c ? { ...page.values } : {};
  send({ t: "attempt", name: c?.name ?? "" });
  render(page.summary?.claims);
}

// challengeRows ticks the goals with the run's claims.
export function challengeRows(claims: ClaimResult[] | undefined) {
  if (ch.active) render(claims);
}

// challengeChanged is told a parameter was applied: the limit is checked.
export function challengeChanged() {
  if (ch.active) render(page.summary?.claims);
}

function render(claims: ClaimResult[] | undefined) {
  lock();
  const box = el("challenge-now");
  box.hidden = ch.active === null;
  el("challenge-pick").hidden = ch.active !== null;
  document.body.dataset.challenge = ch.active ? ch.active.name : "";
  // None attempted (on a phone), or solved: folded to one line.
  if (!ch.active) {
    fold("challenge-fold", !narrow(), `: ${ch.list.length} to try`);
    return;
  }
  const c = ch.active;
  el("challenge-title").textContent = keepUnits(c.title);
  el("challenge-rules").textContent = keepUnits(
    `You may change: ${c.free.filter((n) => !(c.keep ?? []).includes(n)).join(", ")}${c.limit ? `; ${c.limit}` : ""}. Hint: ${c.hint}`,
  );
  const got = new Map((claims ?? []).map((r) => [r.name, r]));
  const ul = el("challenge-goals");
  ul.replaceChildren(
    ...c.goals.map((g) => {
      const r = got.get(g);
      const li = document.createElement("li");
      li.dataset.goal = g;
      li.dataset.state = !r ? "pending" : r.pending ? "pending" : r.holds ? "holds" : "fails";
      li.textContent = keepUnits(!r ? `… ${g}` : `${r.pending ? "…" : r.holds ? "✓" : "✗"} ${r.says} — ${r.pending ? "so far" : "measured"} ${r.figure}`);
      return li;
    }),
  );
  const changed = changes();
  const over = c.max_changes !== undefined && c.max_changes > 0 && changed.length > c.max_changes;
  const done = document.body.dataset.done === "true";
  const failing = c.goals.map((g) => got.get(g)).filter((r) => !r || r.pending || !r.holds);
  const v = el("challenge-verdict");
  let state = "playing";
  if (over) {
    state = "over";
    v.textContent = `Over the limit: ${changed.length} changes (${changed.join(", ")}), at most ${c.max_changes}. Put one back.`;
  } else if (!done) v.textContent = `${changed.length} change${changed.length === 1 ? "" : "s"} so far${changed.length ? ` (${changed.join(", ")})` : ""}. Play to the end: solved when every goal holds then.`;
  else if (failing.length === 0) {
    state = "solved";
    v.textContent = `✓ Solved, with ${changed.length} change${changed.length === 1 ? "" : "s"}${changed.length ? ` (${changed.map((n) => `${n} ${String(ch.base[n])} → ${String(page.values[n])}`).join(", ")})` : ""}.`;
  } else {
    state = "failed";
    v.textContent = keepUnits(`✗ Not solved yet: ${failing.map((r) => (r ? `${r.says} — measured ${r.figure}, wanted ${r.wanted}` : "a goal not judged")).join("; ")}.`);
  }
  v.dataset.state = state;
  document.body.dataset.challengeState = state;
  fold("challenge-fold", state !== "solved", state === "solved" ? `: ${v.textContent}` : "");
}

// initChallenge wires leaving a challenge.
export function initChallenge() {
  el("challenge-leave").onclick = () => begin(null);
}
