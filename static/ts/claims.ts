// "What this run shows": each claim of the preset with ✓ or ✗ for the run
// on screen, as the core's claim evaluator judged it (the same evaluator the
// tests run), updated as the run plays and after a slider move. A claim
// whose window the run has not passed yet shows the figure so far.

import type { ClaimResult } from "./types";
import { keepUnits } from "./numbers";
import { el, fold, narrow } from "./util";

// showClaims fills box with one line per claim; the lines are built once per
// set of names and then only their text changes. While comparing, the
// claims are checked on B (the run the tiles show), and the heading says so.
export function showClaims(box: HTMLElement, claims: ClaimResult[] | undefined, onB = false) {
  const heading = onB ? "What this run shows, checked on B (solid)" : "What this run shows";
  const h = el("claims-title");
  if (h.textContent !== heading) h.textContent = heading;
  const list = box.querySelector("ul")!;
  // An exercise's claims that the preset's run fails (a wrong choice, a
  // goal not reached yet) show with their exercise, not as the lesson's.
  const cs = (claims ?? []).filter((c) => !c.exercise);
  box.hidden = cs.length === 0;
  const key = cs.map((c) => c.name).join(",");
  if (list.dataset.key !== key) {
    list.dataset.key = key;
    list.replaceChildren(
      ...cs.map((c) => {
        const li = document.createElement("li");
        li.dataset.claim = c.name;
        if (c.step) li.dataset.step = "";
        const mark = document.createElement("span");
        mark.className = "mark";
        mark.setAttribute("aria-hidden", "true");
        const text = document.createElement("span");
        text.className = "says";
        li.append(mark, text);
        return li;
      }),
    );
  }
  // The claims that back tour steps show while their step does, or all
  // on request; the lesson's own claims always show.
  const more = cs.filter((c) => c.step).length;
  const all = el<HTMLButtonElement>("claims-all");
  all.hidden = more === 0;
  if (!all.onclick) {
    all.onclick = () => {
      const open = box.classList.toggle("all");
      all.setAttribute("aria-expanded", String(open));
      all.textContent = open ? "only the lesson's" : all.dataset.more ?? "";
    };
  }
  all.dataset.more = `${more} more, checked in the tour`;
  if (!box.classList.contains("all")) all.textContent = all.dataset.more;
  cs.forEach((c, i) => {
    const li = list.children[i] as HTMLElement;
    const state = c.pending ? "pending" : c.holds ? "holds" : "fails";
    li.dataset.state = state;
    li.querySelector(".mark")!.textContent = c.pending ? "…" : c.holds ? "✓" : "✗";
    let text = c.says;
    if (c.pending) text += ` — so far ${c.figure}`;
    else if (!c.holds) text += ` — measured ${c.figure}, claim: ${c.wanted}`;
    else if (c.unusual) text += ` — measured ${c.figure}`;
    text = keepUnits(text);
    const says = li.querySelector(".says")!;
    if (says.textContent !== text) says.textContent = text;
    li.title = `${state === "holds" ? "holds" : state === "fails" ? "does not hold" : "not yet decided"}: measured ${c.figure}, claim ${c.wanted}`;
  });
  // On a phone the list starts folded to its count (the lesson's own).
  const own = cs.filter((c) => !c.step);
  const n = (f: (c: ClaimResult) => boolean, one: string, more: string) => {
    const k = own.filter(f).length;
    return k ? [`${k} ${k === 1 ? one : more}`] : [];
  };
  const parts = [
    ...n((c) => !c.pending && c.holds, "holds ✓", "hold ✓"),
    ...n((c) => !c.pending && !c.holds, "fails ✗", "fail ✗"),
    ...n((c) => !!c.pending, "not decided yet", "not decided yet"),
  ];
  fold("claims-fold", !narrow(600), `: ${parts.join(", ")}`);
}
