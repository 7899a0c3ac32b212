// The tiles: the model's headline figures, the run's totals, the claims
// and the controls' counters, at the time in view.
import { showClaims } from "./claims";
import * as cmp from "./compare";
import { count, fmt } from "./numbers";
import { rowAt, tileValue, view } from "./scrub";
import { page } from "./state";
import type { ClaimResult } from "./types";
import { el } from "./util";

export function claimsAt(t: number): ClaimResult[] | undefined {
  let k = page.claimLog.length - 1;
  while (k > 0 && page.claimLog[k].t > t + 1e-9) k--;
  return page.claimLog[k]?.claims;
}

// TILE_MIN is the narrowest a tile may be (px).
const TILE_MIN = 130;

// balanceTiles chooses the tiles per row of each tile box so that the
// rows are as even as they can be: 8 tiles in 4 + 4, 7 in 4 + 3, never one
// alone in its row (unless only one fits).
function balanceTiles() {
  for (const box of [el("tiles"), el("totals")]) {
    const n = [...box.querySelectorAll<HTMLElement>(".tile")].filter((t) => !t.hidden && !t.closest("[hidden]")).length;
    if (n === 0 || box.clientWidth === 0) continue;
    const fit = Math.max(1, Math.floor((box.clientWidth + 1) / (TILE_MIN + 1)));
    const rows = Math.ceil(n / Math.min(fit, n));
    const cols = Math.ceil(n / rows);
    box.style.setProperty("--cols", String(cols));
    box.dataset.cols = String(cols);
  }
}
const tilesSeen = new ResizeObserver(() => balanceTiles());
tilesSeen.observe(el("tiles"));
tilesSeen.observe(el("totals"));

function counter(name: string): number | null {
  if (!page.summary) return null;
  for (const g of Object.values(page.summary.controls ?? {})) if (name in g) return g[name];
  return null;
}

// plainName is a counter's name in plain words and unit, as its model
// declares it (the run's Info, as sim.CounterName.Words writes it); a key
// the model does not name reads with spaces.
function plainName(key: string): { label: string; flag: boolean } {
  for (const c of page.info?.counters ?? []) {
    const label = c.unit ? `${c.label} (${c.unit})` : c.label;
    if (c.name === key) return { label, flag: !!c.flag };
    if (c.name.endsWith(".") && key.startsWith(c.name)) return { label: `${label} ${key.slice(c.name.length)}`, flag: false };
  }
  return { label: key.replaceAll("_", " "), flag: false };
}

// updateHeadline fills the model's headline tiles with their figures at
// the time in view.
export function updateHeadline() {
  if (!page.model) return;
  const b = cmp.storeB();
  const st = b ?? page.store; // B's while comparing, as the other tiles; A and Δ under it
  const i = view.at === null ? st.length - 1 : rowAt(st, view.at);
  for (const tile of document.querySelectorAll<HTMLElement>(`.headline[data-model="${page.model.name}"] .tile`)) {
    const agg = tile.dataset.agg ?? "";
    const from = Number(tile.dataset.from ?? 0);
    // An unset tile's 0 is no value yet: a time not reached (sim.Tile.Unset).
    const none = tile.dataset.unset === undefined ? "–" : "not reached";
    const val = (s: typeof st) => {
      const x = tileValue(s, tile.dataset.column!, agg, i, from);
      return x === 0 && none !== "–" ? null : x;
    };
    const v = val(st);
    const text = cmp.tileText(v, agg, none);
    const out = tile.querySelector(".v")!;
    if (out.textContent !== text) out.textContent = text;
    cmp.tileAB(tile, b ? val(page.store) : undefined, v, agg, none);
  }
}

export function updateTiles() {
  updateHeadline();
  const s = cmp.tileSummary() ?? page.summary;
  if (!s) return;
  const t = s.total;
  showClaims(el("claims"), view.at === null ? s.claims : claimsAt(view.at), cmp.comparing());
  el("tile-goodput").textContent = fmt(t.goodput_per_s);
  el("tile-offered").textContent = count(t.offered);
  el("tile-late").textContent = count(t.late);
  el("tile-rejected").textContent = count(t.rejected);
  el("tile-dropped").textContent = count(t.dropped);
  el("tile-throttled").textContent = count(t.throttled);
  el("tile-cpu").textContent = fmt(s.cpu.max, "%");
  el("tile-cpu-mean").textContent = `mean ${fmt(s.cpu.mean, "%")}`;
  const crashes = counter("crashes");
  el("tile-crashes").textContent = crashes === null ? "–" : count(crashes);
  el("tile-crashes").parentElement!.hidden = crashes === null;
  balanceTiles();
  // The controls' counters: built once per set of names, then only the
  // numbers change (no layout work each frame).
  const box = el("counters");
  const groups = Object.entries(s.controls ?? {});
  const key = groups.map(([g, cs]) => g + ":" + Object.keys(cs).join(",")).join(";");
  if (box.dataset.key !== key) {
    box.dataset.key = key;
    box.replaceChildren(
      ...groups.map(([g, cs]) => {
        const d = document.createElement("div");
        d.className = "counter-group";
        const h = document.createElement("h3");
        h.textContent = g;
        const dl = document.createElement("dl");
        for (const k of Object.keys(cs)) {
          const dt = document.createElement("dt");
          dt.textContent = plainName(k).label;
          dl.append(dt, document.createElement("dd"));
        }
        d.append(h, dl);
        return d;
      }),
    );
  }
  const dds = box.querySelectorAll("dd");
  let i = 0;
  for (const [, cs] of groups)
    for (const [k, v] of Object.entries(cs)) {
      const text = plainName(k).flag ? (v ? "on" : "off") : Number.isInteger(v) ? count(v) : fmt(v);
      if (dds[i].textContent !== text) dds[i].textContent = text;
      i++;
    }
  cmp.decorateTiles();
  cmp.render();
}
