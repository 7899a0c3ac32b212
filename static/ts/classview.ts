// The class view (issue 27): the students' links, pasted one a line or
// read from a text file, each replayed to its end on the sweep's pool of
// workers (classRow: the core's class.RowOf), a row a link as it comes
// back. A broken or foreign link's row says why. The table sorts by any
// column (a click on its head) and exports, in the order shown, as CSV and
// as the HTML report `overloadlab class` writes (classtable.ts). A chunk
// loaded on the first replay (lazy.ts), which then hands it the buttons.
import { cell, columns, toCSV, toHTML } from "./classtable";
import { sharedPool } from "./sweep";
import type { ClassRow } from "./types";
import { downloadText, el } from "./util";

const view = {
  rows: [] as (ClassRow | undefined)[], // by line, from 0; undefined: not back yet
  sort: { col: "line", dir: 1 },
};

// linksOf reads the links as class.Links does: one a line, blank lines
// and comments ("# …") skipped.
export const linksOf = (text: string) =>
  text
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => l && l !== "#" && !l.startsWith("# "));

function status(state: string, text: string) {
  el("class-status").textContent = text;
  document.body.dataset.classView = state;
}

const plural = (n: number, w: string) => `${n} ${w}${n === 1 ? "" : "s"}`;

export function replay() {
  const max = Number(el("class-links").dataset.max);
  const links = linksOf(el<HTMLTextAreaElement>("class-links").value);
  if (links.length === 0) return status("failed", "Paste the links first, one a line.");
  if (links.length > max) return status("failed", `${links.length} links: a class view replays at most ${max}. Remove ${links.length - max}, or split the class in two.`);
  const pool = sharedPool();
  // A replay replaces the one running; a sweep is left to end.
  if (pool.running && !pool.replaying) return status("failed", "The workers are running a sweep: wait for its end, or cancel it, then replay.");
  view.rows = links.map(() => undefined);
  const t0 = performance.now();
  const on = `on ${plural(pool.size, "worker")}`;
  for (const id of ["class-csv", "class-html"]) el<HTMLButtonElement>(id).disabled = true;
  status("running", `0 of ${links.length} links replayed ${on}…`);
  pool.replay(
    links,
    (json) => {
      const r: ClassRow = JSON.parse(json);
      view.rows[r.line - 1] = r;
      status("running", `${shown().length} of ${links.length} links replayed ${on}…`);
      draw();
    },
    (error) => {
      if (error) return status("failed", `The replay stopped: ${error}`);
      const broken = shown().filter((r) => r.error).length;
      status("done", `${plural(links.length, "link")} replayed in ${((performance.now() - t0) / 1000).toFixed(1)} s ${on}${broken ? `; ${broken} could not be opened: ${broken === 1 ? "its row says" : "their rows say"} why` : ""}.`);
      for (const id of ["class-csv", "class-html"]) el<HTMLButtonElement>(id).disabled = false;
    },
  );
  draw();
}

// shown is the rows back so far, in the order of the sort.
function shown(): ClassRow[] {
  const { col, dir } = view.sort;
  return view.rows.filter((r) => r !== undefined).sort((a, b) => dir * cell(a, col).localeCompare(cell(b, col), "en", { numeric: true }) || a.line - b.line);
}

// draw writes the table: every column of the exports but the link and
// the digest (long, and in the exports), each head a sort button; a
// broken link's reason second, after its line, where it is read before
// the table scrolls sideways.
function draw() {
  const rows = shown();
  const cols = columns(rows).filter((c) => c !== "link" && c !== "digest" && c !== "error");
  if (rows.some((r) => r.error)) cols.splice(1, 0, "error");
  const table = document.createElement("table");
  table.className = "class-table";
  const head = table.createTHead().insertRow();
  for (const c of cols) {
    const th = document.createElement("th");
    th.scope = "col";
    th.dataset.col = c;
    if (view.sort.col === c) th.setAttribute("aria-sort", view.sort.dir > 0 ? "ascending" : "descending");
    const b = document.createElement("button");
    b.type = "button";
    b.title = `sort by ${c}`;
    b.textContent = c.slice(c.indexOf(":") + 1);
    b.onclick = () => {
      view.sort = { col: c, dir: view.sort.col === c ? -view.sort.dir : 1 };
      draw();
    };
    th.append(b);
    head.append(th);
  }
  const body = table.createTBody();
  for (const r of rows) {
    const tr = body.insertRow();
    tr.dataset.line = String(r.line);
    if (r.error) tr.className = "broken";
    for (const c of cols) {
      const td = tr.insertCell();
      td.textContent = cell(r, c);
      if (td.textContent[0] === "✓") td.className = "holds";
      if (td.textContent[0] === "✗") td.className = "fails";
    }
  }
  el("class-out").replaceChildren(table);
}

el("class-run").onclick = replay;
el("class-csv").onclick = () => downloadText("class-view.csv", toCSV(shown()), "text/csv");
el("class-html").onclick = () => downloadText("class-view.html", toHTML(shown()), "text/html");
el<HTMLInputElement>("class-file").onchange = (ev) => {
  const f = (ev.target as HTMLInputElement).files?.[0];
  if (f) openFile(f);
};

// openFile replays the links of a text file.
export async function openFile(f: File) {
  if (f.size > 4 << 20) return status("failed", `${f.name} is ${(f.size / 1e6).toFixed(1)} MB: a file of links is at most 4 MB.`);
  el<HTMLTextAreaElement>("class-links").value = await f.text();
  replay();
}
