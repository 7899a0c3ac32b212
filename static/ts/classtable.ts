// The class view's table (issue 27) from its rows (ClassRow, the core's
// class.RowOf): its columns, each cell in words, and the CSV and HTML
// report `overloadlab class` writes, byte for byte (core/class/table.go,
// restated: the wasm links class.RowOf only, and its writers with a reader
// of the rows would weigh more there than these lines here;
// web.TestClassTableIsTheCores compares the two on awkward rows).
import type { ClassRow } from "./types";

// columns are the table's columns for the rows (class.Columns).
export function columns(rows: ClassRow[]): string[] {
  const cols = ["line", "link", "title", "note", "model", "preset", "seed", "changes"];
  const add = (c: string) => cols.includes(c) || cols.push(c);
  for (const r of rows) {
    for (const a of r.answers ?? []) add("prediction:" + a.prediction);
    for (const c of r.challenges ?? []) {
      add("challenge:" + c.name);
      for (const g of c.goals) add(`goal:${c.name}/${g.name}`);
    }
  }
  for (const r of rows) for (const t of r.tiles ?? []) add("tile:" + t.label);
  return [...cols, "digest", "error"];
}

// cell is the row's value in column col, in words (class.Row.Cell).
export function cell(r: ClassRow, col: string): string {
  const [kind, name] = cut(col, ":");
  switch (kind) {
    case "line":
      return String(r.line);
    case "link":
    case "title":
    case "note":
    case "model":
    case "preset":
    case "digest":
    case "error":
      return (r as unknown as Record<string, string | undefined>)[kind] ?? "";
    case "seed":
      return r.error ? "" : String(r.seed ?? 0);
    case "changes":
      return !r.error && r.changes.length === 0 ? "none: the preset as it is" : r.changes.join("; ");
    case "prediction":
      for (const a of r.answers ?? [])
        if (a.prediction === name) {
          let s = (a.choice >= 0 ? `${a.choice + 1}. ` : "– ") + a.text;
          if (!a.applies) s += " (a changed run: not the preset's)";
          return a.picked >= 0 ? `picked ${a.picked + 1} ${a.right ? "✓" : "✗"}; the run: ${s}` : s;
        }
      break;
    case "challenge":
      for (const c of r.challenges ?? [])
        if (c.name === name) {
          if (c.breaks) return "not solved: the attempt " + c.breaks;
          return (c.attempted ? "attempted: " : "") + (c.solved ? "solved" : "not solved");
        }
      break;
    case "goal": {
      const [ch, goal] = cut(name, "/");
      for (const c of r.challenges ?? []) for (const g of c.goals) if (c.name === ch && g.name === goal) return (g.holds ? "✓ " : "✗ ") + g.figure;
      break;
    }
    case "tile":
      for (const t of r.tiles ?? []) if (t.label === name) return t.value;
  }
  return "";
}

// cut is Go's strings.Cut.
function cut(s: string, sep: string): [string, string] {
  const i = s.indexOf(sep);
  return i < 0 ? [s, ""] : [s.slice(0, i), s.slice(i + sep.length)];
}

// toCSV writes the rows as class.CSV does: a field quoted as encoding/csv
// quotes it.
export function toCSV(rows: ClassRow[]): string {
  const cols = columns(rows);
  const field = (f: string) => (f === "\\." || /[,"\r\n]/.test(f) || f[0] === " " || f[0] === "\t" ? `"${f.replaceAll('"', '""')}"` : f);
  return [cols, ...rows.map((r) => cols.map((c) => cell(r, c)))].map((rec) => rec.map(field).join(",") + "\n").join("");
}

const entities: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&#34;", "'": "&#39;" };
const escape = (s: string) => s.replace(/[&<>"']/g, (c) => entities[c]);

// toHTML writes the rows as class.HTML does: a self-contained page, one table.
export function toHTML(rows: ClassRow[]): string {
  const cols = columns(rows);
  let b =
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>overloadlab: the class view</title>` +
    `<style>body{font:14px system-ui,sans-serif;margin:1.5em}table{border-collapse:collapse}th,td{border:1px solid #ccc;padding:.3em .5em;vertical-align:top;text-align:left}` +
    `th{background:#f3f3f3}td.fails{color:#a00}td.holds{color:#060}tr.broken td{background:#fff3f3}</style></head><body>` +
    `<h1>The class view</h1><p>${rows.length} links, each replayed to its end; ✓ a goal the run meets, ✗ one it does not.</p><table><thead><tr>`;
  for (const c of cols) b += `<th>${escape(c)}</th>`;
  b += "</tr></thead><tbody>";
  for (const r of rows) {
    b += r.error ? `<tr class="broken">` : "<tr>";
    for (const c of cols) {
      const v = cell(r, c);
      b += `<td${v[0] === "✓" ? ` class="holds"` : v[0] === "✗" ? ` class="fails"` : ""}>${escape(v)}</td>`;
    }
    b += "</tr>";
  }
  return b + "</tbody></table></body></html>\n";
}
