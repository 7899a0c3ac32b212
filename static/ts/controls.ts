// The parameters' controls (rendered by the server from the schema): the
// values in force shown, a change committed sent to the core, a refusal
// written beside its field; and the page's small helps (a parameter's "?",
// the skip link).
import { challengeRefuses } from "./challenge";
import { page, send } from "./state";
import { el, narrow } from "./util";

function controlsRoot(): HTMLElement | null {
  return page.model ? document.querySelector<HTMLElement>(`section.controls[data-model="${page.model.name}"]`) : null;
}

// typing is true of a box the user types into (a number, a text, a note):
// what it holds while focused is the user's, never rewritten under the caret.
const typing = (input: Element) => input instanceof HTMLTextAreaElement || (input instanceof HTMLInputElement && (input.type === "number" || input.type === "text"));

// syncControls shows the values in force (a timeline entry or a link moves
// the sliders too). A box the user is typing in is left alone, forced or
// not: it shows the values in force again when it is left; the control
// being dragged is left alone unless forced.
export function syncControls(force: boolean) {
  const root = controlsRoot();
  if (!root) return;
  for (const input of root.querySelectorAll<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>("[data-param]:is(input, select, textarea)")) {
    if (input === document.activeElement && (!force || typing(input))) continue;
    const v = page.values[input.dataset.param!];
    if (v === undefined) continue;
    if (input instanceof HTMLInputElement && input.type === "checkbox") input.checked = v === true || v === 1;
    else if (input.value !== String(v)) input.value = String(v);
  }
}

// fieldMessage writes (or, with "", clears) the message beside a
// parameter's field: why what was typed was not applied.
export function fieldMessage(name: string, text: string): boolean {
  const box = controlsRoot()?.querySelector<HTMLElement>(`[data-param="${CSS.escape(name)}"]`)?.closest<HTMLElement>(".param");
  const msg = box?.querySelector<HTMLElement>(".param-msg");
  if (!box || !msg) return false;
  msg.textContent = text;
  msg.hidden = text === "";
  for (const i of box.querySelectorAll("[data-param]")) i.toggleAttribute("aria-invalid", text !== "");
  return true;
}

// sameValue says whether what a field holds is the value in force (a
// change to it would change nothing: no marker, no timeline entry).
function sameValue(old: number | string | boolean | undefined, value: string): boolean {
  if (old === undefined) return false;
  if (typeof old === "number") return value.trim() !== "" && Number(value) === old;
  return String(old) === value;
}

// onControl applies a parameter when the user commits it — Enter or
// leaving a box, a slider released, a stepper arrow, a switch or a choice
// (the "change" event) — never at each key ("input"): typing 800 over 400
// is one change to 800, not 8 then 80 then 800. The core validates it
// then; a refusal is written beside the field.
function onControl(ev: Event) {
  const input = ev.target as HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;
  const name = input.dataset.param;
  if (!name || !page.info) return;
  if (input instanceof HTMLInputElement && input.type === "range") {
    // The box follows the slider while it is dragged.
    const exact = input.parentElement?.querySelector<HTMLInputElement>("input.exact");
    if (exact) exact.value = input.value;
  }
  if (ev.type === "input") {
    // Typing again: the refusal of what was committed before goes.
    if (typing(input)) fieldMessage(name, "");
    return;
  }
  let value = input instanceof HTMLInputElement && input.type === "checkbox" ? String(input.checked) : input.value;
  if (input instanceof HTMLInputElement && input.type === "number") {
    // (a box of type number holds "" for what is not a number)
    if (value.trim() === "" || !Number.isFinite(Number(value))) {
      fieldMessage(name, `Not applied: what was typed is not a number; still ${String(page.values[name])}.`);
      return;
    }
    value = String(Number(value));
  }
  if (sameValue(page.values[name], value)) {
    fieldMessage(name, "");
    return;
  }
  // A change the challenge attempted does not allow is refused here, at
  // once, its reason beside the field, the value in force shown again.
  const refused = challengeRefuses(name, value);
  if (refused) {
    fieldMessage(name, refused);
    syncControls(true);
    return;
  }
  page.setting.add(name);
  send({ t: "set", name, value });
}
// A box left shows the value in force again (unless its change is on its way).
function onLeave(ev: Event) {
  const input = ev.target as HTMLElement;
  const name = input.dataset.param;
  if (!name || !typing(input) || page.setting.has(name)) return;
  queueMicrotask(() => syncControls(true));
}

// The drawer listens for every model's controls, those a model's parts
// bring later (parts.ts) included.
const drawer = el("params");
drawer.addEventListener("input", onControl);
drawer.addEventListener("change", onControl);
drawer.addEventListener("focusout", onLeave);
// Esc in a box gives up what was typed (and leaves it, present.ts).
drawer.addEventListener("keydown", (ev) => {
  const input = ev.target as HTMLInputElement;
  const name = input.dataset.param;
  if (ev.key !== "Escape" || !name || !typing(input) || page.values[name] === undefined) return;
  input.value = String(page.values[name]);
  fieldMessage(name, "");
});

// A parameter's "?" shows its doc in place (and hides it again).
document.addEventListener("click", (ev) => {
  const b = (ev.target as HTMLElement).closest<HTMLButtonElement>("button.help");
  if (!b) return;
  const doc = document.getElementById(b.getAttribute("aria-controls") ?? "");
  if (!doc) return;
  doc.hidden = !doc.hidden;
  b.setAttribute("aria-expanded", String(!doc.hidden));
});

// On a narrow screen the parameters are folded, after the charts, and the
// exports with the link's title and note; open on a wide one (again when
// the window crosses the width).
const folds = () => {
  el<HTMLDetailsElement>("params").open = el<HTMLDetailsElement>("exports-fold").open = !narrow();
};
folds();
matchMedia("(max-width: 900px)").addEventListener("change", folds);

// The skip link focuses the charts (without touching the address, which
// holds the what-if link).
document.querySelector<HTMLAnchorElement>("a.skip")!.onclick = (ev) => {
  ev.preventDefault();
  el("charts").focus();
  el("charts").scrollIntoView();
};
