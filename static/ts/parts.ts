// A model's parts: its controls, "How it works" panels, headline tiles,
// tours, exercises and chart styles. The page holds none: each model's are
// in a file of their own (web.Part, dist/model/NAME.html), fetched from
// this server the first time the page shows the model (the default
// preset's too, while the simulator loads: main.ts) and inserted before
// the page shows it: a first load carries the parts of the model it shows,
// no other's (DESIGN.md, the page weight).
import type { Styles } from "./types";

// Data is what the scripts read of a model's parts (web's modelData).
export interface Data {
  exercises: Record<string, unknown>;
  styles: Record<string, Styles>;
}

const data = new Map<string, Data>();
const loading = new Map<string, Promise<void>>();

// hasParts says whether the page holds the parts of model.
export const hasParts = (model: string) => document.getElementById("model-" + model) !== null;

// dataOf is the data of model's parts (undefined: not in the page yet).
export function dataOf(model: string): Data | undefined {
  let d = data.get(model);
  if (!d) {
    const s = document.getElementById("model-" + model);
    if (!s) return undefined;
    try {
      d = JSON.parse(s.textContent ?? "") as Data;
    } catch {
      d = { exercises: {}, styles: {} };
    }
    data.set(model, d);
  }
  return d;
}

// allData is the data of every model whose parts are in the page.
export function allData(): Data[] {
  return [...document.querySelectorAll<HTMLElement>('script[id^="model-"]')].map((s) => dataOf(s.id.slice("model-".length))!);
}

// loadParts brings model's parts into the page (at once when they are in
// it); a failed fetch rejects, saying why, and the next call tries again.
export function loadParts(model: string): Promise<void> {
  if (hasParts(model)) return Promise.resolve();
  let p = loading.get(model);
  if (!p) {
    p = fetch(`model/${encodeURIComponent(model)}.html`)
      .then((r) => {
        if (!r.ok) throw new Error(`the server answered ${r.status}${r.statusText ? " " + r.statusText : ""}`);
        return r.text();
      })
      .then((html) => {
        // (a second call may have inserted them meanwhile)
        if (!hasParts(model)) insert(html);
        if (!hasParts(model)) throw new Error("the file holds no parts of this model");
      });
    loading.set(model, p);
    p.then(
      () => loading.delete(model),
      () => loading.delete(model),
    );
  }
  return p;
}

// insert puts each data-into element's children at the end of the
// element that selector names in the page (before its data-before one).
function insert(html: string) {
  const t = document.createElement("template");
  t.innerHTML = html;
  for (const part of [...t.content.children] as HTMLElement[]) {
    const into = document.querySelector(part.dataset.into!);
    if (!into) continue;
    const before = part.dataset.before ? into.querySelector(`:scope > ${part.dataset.before}`) : null;
    const f = document.createDocumentFragment();
    f.append(...part.childNodes);
    into.insertBefore(f, before);
  }
}
