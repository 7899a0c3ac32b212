// Compare: run B beside A on the same traffic. The worker advances both in
// lockstep (wasm/session, core/engine/compare); here B's series are kept in their
// own store, the charts draw B solid over A's faint ghost on the same axes,
// the tiles show B with A and the difference, and a table lists A, B, Δ
// and Δ % for the numbers the core lines up. The banner says what a
// what-if link changed.
import { ChartView } from "./charts";
import { Store } from "./store";
import { count, fmt } from "./numbers";
import { changeHead, changeList, type Change } from "./changes";
import { TileAgg } from "./gen/types";
import type { Compared, Comparison, Info, Model, Row, Summary, ToWorker, Values } from "./types";
import { el } from "./util";

export interface Host {
  send(m: ToWorker): void;
  charts(): ChartView[];
  store(): Store; // A's series
  model(): Model | null;
  play(): void;
}
// The comparison's state: the host page, B's store, the comparison on
// screen, A's info, and whether the run on screen came from a link.
const cmpState = {
  host: undefined! as Host, // set before its first use
  bStore: null as Store | null,
  comparison: null as Comparison | null,
  info: null as Info | null,
  fromLink: false,
};

export function comparing(): boolean {
  return cmpState.bStore !== null;
}

// tileSummary is the summary the tiles show: B's while comparing.
export function tileSummary(): Summary | null {
  return cmpState.comparison ? cmpState.comparison.b : null;
}

export function current(): Comparison | null {
  return cmpState.comparison;
}

export function storeB(): Store | null {
  return cmpState.bStore;
}

// sign is the sign of a difference; signed writes a difference as the
// row's values are written (web/report writes them alike).
const sign = (x: number) => (x > 0 ? "+" : x < 0 ? "−" : "±");
const signed = (r: Row, x: number) => sign(x) + num(r, Math.abs(x));
const pct = (x: number | null) => (x === null ? "–" : sign(x) + fmt(Math.abs(x), "%"));

function newStore(m: Model, columns: string[]): Store {
  return new Store(columns, new Set(m.columns.filter((c) => c.max).map((c) => c.name)));
}

// started is called for every run the worker starts or reshapes: a fresh
// run (A kept: false) or B opened beside the A on screen (keepA: true).
export function started(i: Info, values: Values, cmp: Compared | undefined, keepA: boolean) {
  cmpState.info = i;
  const m = cmpState.host.model();
  const charts = cmpState.host.charts();
  if (!i.comparing || !cmp || !m) {
    cmpState.bStore = null;
    cmpState.comparison = null;
    for (const c of charts) {
      c.setStore(cmpState.host.store());
      c.limit(values);
      c.setGhost(null);
    }
  } else {
    cmpState.bStore = newStore(m, i.columns);
    cmpState.bStore.append(cmp.rowsB);
    cmpState.comparison = cmp.comparison;
    for (const c of charts) {
      c.setStore(cmpState.bStore);
      c.limit(values, cmp.valuesA);
      c.setGhost(cmpState.host.store());
      if (keepA) c.clear();
      c.thresholdsFrom(0, values);
      c.ghostThresholdsFrom(0, cmp.valuesA);
      c.redraw();
    }
  }
  document.body.dataset.comparing = String(comparing());
  render();
  banner(i);
}

// rows takes B's rows of a batch.
export function rows(cmp: Compared | undefined, at: number) {
  if (!cmp || !cmpState.bStore) return;
  cmpState.bStore.append(cmp.rowsB);
  cmpState.comparison = cmp.comparison;
  if (cmp.rowsB.length > 0) for (const c of cmpState.host.charts()) c.ghostThresholdsFrom(at, cmp.valuesA);
  document.body.dataset.digestB = cmpState.comparison.b.digest;
}

// render draws the comparison's buttons, table and tiles' extra lines.
export function render() {
  const box = el("compare");
  const m = cmpState.host.model();
  const preset = m?.presets.find((p) => p.name === cmpState.info?.preset);
  el("compare-end").hidden = !comparing();
  el("compare-copy").hidden = comparing();
  const variants = el("compare-variants");
  variants.hidden = comparing();
  if (variants.dataset.preset !== (cmpState.info?.preset ?? "")) {
    variants.dataset.preset = cmpState.info?.preset ?? "";
    variants.replaceChildren(
      ...(preset?.compare ?? []).map((v, k) => {
        const b = document.createElement("button");
        b.type = "button";
        b.textContent = `vs ${v.label}`;
        b.title = `B: this preset with ${Object.entries(v.params ?? {})
          .map(([p, x]) => `${p} = ${x}`)
          .join(", ")}`;
        b.onclick = () => cmpState.host.send({ t: "compare", i: k });
        return b;
      }),
    );
  }
  const out = el("compare-out");
  box.classList.toggle("on", comparing());
  if (!cmpState.comparison) {
    out.replaceChildren();
    el("compare-head").textContent = "";
    return;
  }
  el("compare-head").textContent = `${side("A", cmpState.comparison.label_a)} (faint) against ${side("B", cmpState.comparison.label_b)} (solid): same seed, same traffic.`;
  out.replaceChildren(table(cmpState.comparison));
}

// side names a side of the comparison: "A", or "A: its label".
const side = (k: string, label: string) => (label === k ? k : `${k}: ${label}`);

function table(c: Comparison): HTMLTableElement {
  const t = document.createElement("table");
  t.className = "diff";
  t.id = "diff-table";
  const head = t.createTHead().insertRow();
  for (const h of ["", side("A", c.label_a), side("B", c.label_b), "Δ = B − A", "Δ %"]) {
    const th = document.createElement("th");
    th.textContent = h;
    head.append(th);
  }
  const body = t.createTBody();
  for (const r of c.table) {
    const tr = body.insertRow();
    tr.dataset.row = r.key;
    const u = r.unit && r.unit !== "msgs" ? r.unit : "";
    const name = r.name + (u ? ` (${u})` : "");
    // A flag's cells are words (the core's: yes/no or on/off, changed or
    // same); a time not reached's, or its number ("").
    const w = r.words;
    const cells = w ? [name, w.a || num(r, r.a), w.b || num(r, r.b), w.delta, "–"] : [name, num(r, r.a), num(r, r.b), r.delta === 0 ? "0" : signed(r, r.delta), pct(r.delta_pct)];
    cells.forEach((text, k) => {
      const td = tr.insertCell();
      td.textContent = text;
      if (k > 0) {
        td.className = "num";
        td.style.whiteSpace = "nowrap"; // "+1,288 %" on one line, not its sign or unit alone
      }
    });
  }
  return t;
}

const num = (r: Row, x: number) => (Number.isInteger(x) && r.unit !== "%" && r.unit !== "/s" ? count(x) : fmt(x));

// tileText writes a headline tile's figure (a total as a whole number).
export const tileText = (v: number | null, agg: string, none = "–") => (v === null ? none : agg === TileAgg.Sum ? count(Math.round(v)) : fmt(v));

// tileAB writes, under a headline tile's value (B's while comparing), A's
// value at the same time and Δ = B − A; a undefined (not comparing)
// removes the line.
export function tileAB(tile: HTMLElement, a: number | null | undefined, b: number | null, agg: string, none = "–") {
  let ab = tile.querySelector<HTMLElement>(".ab");
  if (a === undefined) {
    ab?.remove();
    return;
  }
  if (!ab) {
    ab = document.createElement("span");
    ab.className = "ab";
    tile.querySelector(".v")!.after(ab);
  }
  const d = a === null || b === null ? null : agg === TileAgg.Sum ? Math.round(b) - Math.round(a) : b - a;
  // A narrow tile breaks the line at "·", never between a figure and its name.
  const text = `A\u00a0${tileText(a, agg, none)} · Δ\u00a0${d === null ? "–" : d === 0 ? "0" : sign(d) + tileText(Math.abs(d), agg)}`;
  if (ab.textContent !== text) ab.textContent = text;
}

// decorateTiles adds, under each tile's value (B's), A's value and Δ.
export function decorateTiles() {
  const c = cmpState.comparison;
  for (const v of document.querySelectorAll<HTMLElement>("#totals .tile")) {
    let ab = v.querySelector<HTMLElement>(".ab");
    if (!c) {
      ab?.remove();
      continue;
    }
    const key = v.dataset.row;
    const r = key ? c.table.find((x) => x.key === key) : undefined;
    if (!r) continue;
    if (!ab) {
      ab = document.createElement("span");
      ab.className = "ab";
      v.append(ab);
    }
    ab.textContent = `A\u00a0${num(r, r.a)} · Δ\u00a0${r.delta === 0 ? "0" : signed(r, r.delta)}`;
  }
}

// ---- the banner of a what-if link -----------------------------------------

// openedLink marks the next start as the opening of a link (the banner
// shows); a preset picked by hand hides it.
export function openedLink(yes: boolean) {
  cmpState.fromLink = yes;
}

function banner(i: Info) {
  const b = el("banner");
  const changed = i.changed;
  const show = cmpState.fromLink && (i.words.title !== "" || i.words.note !== "" || changed.length > 0 || i.comparing);
  b.hidden = !show;
  if (!show) return;
  el("banner-title").textContent = i.words.title || (i.comparing ? "A comparison" : "A what-if");
  el("banner-note").textContent = i.words.note;
  el("banner-note").hidden = i.words.note === "";
  const list = el("banner-changes");
  const m = cmpState.host.model();
  // Each change in the schema's words, then the parameter's name (changes.ts).
  const item = (c: Change) => {
    const li = document.createElement("li");
    const name = document.createElement("code");
    name.textContent = c.param;
    li.append(c.text + " (", name, ")");
    return li;
  };
  // What to watch: the lesson's chart, drawn first, and how to see the difference.
  const watch = document.querySelector<HTMLElement>(`.tour-steps[data-preset="${i.preset}"]`)?.dataset.watch;
  const chart = m?.charts.find((c) => c.id === watch);
  el("banner-watch").textContent = !chart
    ? ""
    : i.comparing
      ? `Watch “${chart.title}”, the first chart: B solid, A faint; the table under Compare lists A, B and Δ.`
      : `Watch “${chart.title}”, the first chart; the lesson below is the preset's.`;
  const base = i.preset ? `preset ${i.preset}` : "the model's defaults";
  list.replaceChildren(...changeList(i).map(item));
  el("banner-base").textContent = changeHead(i, base);
  el("banner-compare").hidden = i.comparing || changed.length === 0;
}

export function init(h: Host) {
  cmpState.host = h;
  el("compare-copy").onclick = () => cmpState.host.send({ t: "compare", i: -1 });
  el("compare-end").onclick = () => cmpState.host.send({ t: "end-compare" });
  el("banner-play").onclick = () => cmpState.host.play();
  // The banner stays: it says then what A and B are.
  el("banner-compare").onclick = () => cmpState.host.send({ t: "compare-base" });
  el("banner-close").onclick = () => (el("banner").hidden = true);
}
