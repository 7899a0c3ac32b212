// Small DOM and download helpers.
import type { Store } from "./store";

// el returns the element with the id, which the page always has.
export function el<T extends HTMLElement = HTMLElement>(id: string): T {
  const e = document.getElementById(id);
  if (!e) throw new Error(`the page has no #${id}`);
  return e as T;
}

export function downloadBlob(name: string, blob: Blob) {
  const a = document.createElement("a");
  a.href = URL.createObjectURL(blob);
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 10000);
}

export function downloadText(name: string, text: string, type: string) {
  downloadBlob(name, new Blob([text], { type }));
}

// round keeps 6 significant digits: the series are rates and means over
// an interval, whose further digits are noise of the sampling, not data.
export function round(x: number): string {
  if (!Number.isFinite(x)) return String(x);
  if (Number.isInteger(x)) return String(x);
  return String(Number(x.toPrecision(6)));
}

// csvCell writes a text cell as spreadsheets need it (as the command
// line's csvText): a leading =, +, - or @ (a formula) gets an apostrophe,
// and a cell holding a quote, a comma or a line break is quoted.
export function csvCell(s: string): string {
  const t = /^[=+\-@]/.test(s) ? "'" + s : s;
  return /[",\r\n]/.test(t) ? `"${t.replaceAll('"', '""')}"` : t;
}

// toCSV writes the series as CSV, one row per measurement interval, after
// comment lines ("# ...") saying what they are; with B, B's columns follow
// A's, prefixed "b.".
export function toCSV(s: Store, head: string[] = [], b: Store | null = null): string {
  const cols = [...s.columns, ...(b ? b.columns.slice(1).map((c) => "b." + c) : [])];
  const lines = [...head.map((h) => "# " + h.replace(/[\r\n]/g, " ")), cols.join(",")];
  for (let r = 0; r < s.length; r++) {
    const row = s.data.map((c) => round(c[r]));
    if (b) for (const c of b.data.slice(1)) row.push(r < c.length ? round(c[r]) : "");
    lines.push(row.join(","));
  }
  return lines.join("\n") + "\n";
}

// exportTitle is the title a picture of the charts carries, one line a
// string: the preset, seed and time reached, then, while comparing, what A
// and B are (they share the seed and the traffic).
export function exportTitle(preset: string, seed: number | string, time: string, cmp: { label_a: string; label_b: string } | null): string[] {
  const run = `overloadlab — ${preset || "custom"} (seed ${seed}), t = ${time}`;
  if (!cmp) return [run];
  const side = (k: string, label: string) => (label === k ? k : `${k}: ${label}`);
  return [run, `${side("A", cmp.label_a)} (faint) against ${side("B", cmp.label_b)} (solid), on the same seed and traffic`];
}

// narrow is a narrow screen's width (900 px: one column), or a phone's
// (600), where boxes above the charts start folded to one line
// (style.css: .fold), so that the first chart comes soon.
export const narrow = (w = 900) => matchMedia(`(max-width: ${w}px)`).matches;

// fold opens or folds a box (a details element, class fold) when what it
// should show changes (open, or the key of what it holds) — the user's own
// opening or folding is kept until then — and writes the line it reads as
// while folded.
export function fold(id: string, open: boolean, line: string, key = "") {
  const d = el<HTMLDetailsElement>(id);
  const want = `${open} ${key}`;
  if (d.dataset.want !== want) {
    d.dataset.want = want;
    d.open = open;
  }
  const l = d.querySelector(".fold-line")!;
  if (l.textContent !== line) l.textContent = line;
}
