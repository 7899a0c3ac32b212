// The playground page: it starts the simulator worker, sends it one
// "advance" per animation frame while playing, and draws what comes back.
// Everything it shows about a model (controls, charts, panels, presets)
// comes from the core's description; nothing is restated here.
import { ChartView } from "./charts";
import { classesOf } from "./labels";
import { cssVar, setStyles } from "./theme";
import { Store } from "./store";
import { count, fmt, keepUnits } from "./numbers";
import { addLive, setMarkers } from "./markers";
import { fit, initPresent, presenting } from "./present";
import { LONG_RUN, rowAt, tileValue, timeText, view } from "./scrub";
import { setupSweep, shareModule } from "./sweep";
import * as tour from "./tour";
import type { ClaimResult, Description, FromWorker, Info, Summary, ToWorker, Values } from "./types";
import * as cmp from "./compare";
import * as report from "./report";
import { showClaims } from "./claims";
import { MAX_LOG, page, send } from "./state";
import { downloadBlob, downloadText, el, exportTitle, toCSV } from "./util";

const modelOf = (name: string) => page.models.find((m) => m.name === name);
const presetSelect = el<HTMLSelectElement>("preset");
const speedSelect = el<HTMLSelectElement>("speed");
const classSelect = el<HTMLSelectElement>("class");
const playBtn = el<HTMLButtonElement>("play");
const stepBtn = el<HTMLButtonElement>("step");
const resetBtn = el<HTMLButtonElement>("reset");
const buttons = ["play", "step", "reset", "share", "csv", "json", "report"].map((id) => el<HTMLButtonElement>(id));

page.worker = new Worker("worker.js");

function claimsAt(t: number): ClaimResult[] | undefined {
  let k = page.claimLog.length - 1;
  while (k > 0 && page.claimLog[k].t > t + 1e-9) k--;
  return page.claimLog[k]?.claims;
}

// ---- messages -------------------------------------------------------------

function showMessage(text: string, kind: "error" | "info" = "error") {
  const m = el("message");
  m.textContent = text;
  m.className = "message " + kind;
  m.hidden = text === "";
}

// linkOf reads the link in a URL fragment; a mangled escape is left as it
// is, for the core to refuse with a message.
function linkOf(hash: string): string {
  const raw = hash.replace(/^#/, "");
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

function start(what: ToWorker & { t: "start" }) {
  page.playing = false;
  page.pending = false;
  page.startedAt = JSON.stringify(what);
  send(what);
}

// Every message may leave rows or tiles to draw: the frame loop wakes.
page.worker.onmessage = (ev: MessageEvent<FromWorker>) => {
  onMessage(ev.data);
  wake();
};

function onMessage(m: FromWorker) {
  switch (m.t) {
    case "loading":
      el<HTMLProgressElement>("loading-progress").value = m.got / m.total;
      el("loading-text").textContent = `Loading the simulator… ${(m.got / 1e6).toFixed(1)} of ${(m.total / 1e6).toFixed(1)} MB`;
      return;
    case "module":
      shareModule(m.module);
      return;
    case "ready": {
      el("loading-text").textContent = "Starting the simulator…";
      page.models = (JSON.parse(m.describe) as Description).models ?? [];
      // The charts' styles come with the page (web/palette), by model and chart.
      setStyles(el("charts").dataset.styles ?? "{}");
      const link = linkOf(location.hash);
      cmp.openedLink(link !== "");
      if (link) start({ t: "start", link });
      else start({ t: "start", preset: presetSelect.value });
      return;
    }
    case "start-failed":
      if (m.link !== undefined) {
        const name = m.preset || presetSelect.value; // the link's own preset when it names one
        showMessage(`This link could not be opened: ${m.error}. Showing preset “${name}” with its defaults instead.`);
        history.replaceState(null, "", location.pathname + location.search);
        start({ t: "start", preset: name });
      } else showMessage(`Could not start: ${m.error}`);
      return;
    case "started":
      started(m.info, m.values, m.summary);
      cmp.started(m.info, m.values, m.cmp, false);
      report.words(m.info.words);
      linkSoon();
      return;
    case "compared":
      page.info = m.info;
      page.values = m.values;
      page.summary = m.summary;
      cmp.started(m.info, m.values, m.cmp, true);
      syncControls(true);
      page.tilesStale = true;
      linkSoon();
      return;
    case "compare-failed":
      showMessage(`Could not compare: ${m.error}`);
      return;
    case "words":
      if (m.error) showMessage(`Not kept: ${m.error}`);
      else linkSoon();
      return;
    case "report":
      reportBusy(false);
      if (m.error) showMessage(`No report: ${m.error}`);
      else report.download(m.html ?? "", runName());
      return;
    case "rows": {
      page.pending = false;
      const n = m.rows.length;
      page.values = m.values;
      page.summary = m.summary;
      if (n > 0) for (const c of page.charts) c.thresholdsFrom(m.rows[0], page.values);
      page.store.append(m.rows);
      cmp.rows(m.cmp, m.rows[0]);
      page.claimLog.push({ t: m.now, claims: (cmp.tileSummary() ?? m.summary).claims });
      if (page.claimLog.length > MAX_LOG) page.claimLog = page.claimLog.filter((_, k) => k % 2 === 1);
      page.tilesStale = true;
      if (n > 0) for (const c of page.charts) page.stale.add(c);
      // A tour's step is shown when the run reaches it, the last one at
      // the run's end included (checked before the end stops the run).
      const stop = page.tourStop;
      if (stop !== null && m.now >= stop - 1e-9 && page.playing) {
        page.playing = false;
        page.tourStop = null;
        tour.reached(stop);
      }
      if (page.summary.error) {
        // The core stopped the run early (an offered load beyond what it
        // simulates): say why, and stop asking for more.
        showMessage(`The run stopped early: ${page.summary.error}`);
        page.playing = false;
        document.body.dataset.done = "true";
      } else if (page.info && m.now >= page.info.duration_s) {
        page.playing = false;
        document.body.dataset.done = "true";
      }
      updateStatus();
      return;
    }
    case "set": {
      page.values = m.values;
      const label = page.liveLabels.get(m.name);
      page.liveLabels.delete(m.name);
      // A refusal is written beside the field (where the user looks), else on top.
      if (m.error) {
        if (!fieldMessage(m.name, `Not applied: ${m.error}; still ${String(page.values[m.name])}.`)) showMessage(`Not applied: ${m.error}`);
      } else {
        fieldMessage(m.name, "");
        if (label) {
          addLive(page.summary?.duration_s ?? 0, label);
          for (const c of page.charts) page.stale.add(c);
        }
      }
      syncControls(true);
      linkSoon();
      return;
    }
    case "link": {
      const url = location.pathname + location.search + "#" + m.link;
      history.replaceState(null, "", url);
      document.body.dataset.link = m.link;
      if (m.quiet) return;
      el<HTMLInputElement>("link").value = location.href;
      el<HTMLInputElement>("link").select();
      navigator.clipboard?.writeText(location.href).then(
        () => showMessage("Link copied: whoever opens it sees this run, with your changes at the same simulated times.", "info"),
        () => showMessage("The address now holds this run: copy it from the box.", "info"),
      );
      return;
    }
    case "export":
      downloadText(`${runName()}.json`, m.json, "application/json");
      return;
      return;
    case "fatal":
      page.playing = false;
      console.error("overloadlab simulator:", m.error);
      showMessage(`The simulator failed: ${m.error}`);
      return;
  }
}
page.worker.onerror = (e) => showMessage(`The simulator worker could not run: ${e.message}`);

// ---- starting a run -------------------------------------------------------

function started(i: Info, v: Values, s: Summary) {
  page.info = i;
  page.values = v;
  page.summary = s;
  const m = modelOf(i.model);
  if (!m) return showMessage(`Unknown model ${i.model}`);
  const newModel = page.model !== m;
  page.model = m;
  for (const sec of document.querySelectorAll<HTMLElement>("[data-model].controls, [data-model].how")) sec.hidden = sec.dataset.model !== m.name;
  if (i.preset) presetSelect.value = i.preset;
  const preset = m.presets.find((p) => p.name === i.preset);
  el("teaches").textContent = preset ? keepUnits(preset.teaches) : "A custom scenario.";
  el("preset-summary").textContent = preset ? preset.summary : "";
  el("loading").hidden = true;
  page.store = new Store(i.columns, new Set(m.columns.filter((c) => c.max).map((c) => c.name)));
  for (const h of document.querySelectorAll<HTMLElement>(".headline")) h.hidden = h.dataset.model !== m.name;
  // The time axis reads h:mm for runs over 10 minutes; the markers are the
  // scenario's; a new run shows the latest values over the whole run.
  view.long = i.duration_s > LONG_RUN;
  view.at = null;
  view.zoom = null;
  el("scrub-at").textContent = "latest";
  document.body.dataset.lookAt = "";
  document.body.dataset.zoom = "";
  page.claimLog = [{ t: 0, claims: s.claims }];
  setMarkers(i.markers);
  const paced = tour.presetPace(i.preset);
  if (paced && page.pacedPreset !== i.preset) {
    page.pacedPreset = i.preset;
    speedSelect.value = String(paced.pace);
  }
  page.watch = paced?.watch ?? "";
  if (newModel || page.charts.length === 0) buildCharts();
  else
    for (const c of page.charts) {
      c.setStore(page.store);
      c.clear();
      c.rebuild();
      page.stale.add(c);
    }
  for (const c of page.charts) c.limit(v);
  orderCharts();
  tour.setPreset(i.preset);
  setupSweep(m, i, preset?.compare ?? [], (plan) => {
    send({ t: "sweep", plan });
    linkSoon();
  });
  for (const b of buttons) b.disabled = false;
  delete document.body.dataset.done;
  syncControls(true);
  updateStatus();
  page.tilesStale = true;
  document.body.dataset.state = "ready";
  if (!document.body.dataset.firstChart) document.body.dataset.firstChart = String(Math.round(performance.now()));
}


function orderCharts() {
  const first = page.charts.find((c) => c.chart.id === page.watch);
  if (first) {
    page.charts = [first, ...page.charts.filter((c) => c !== first)];
    el("charts").prepend(first.root);
  }
}

// focusCharts highlights the charts a tour step points at and brings the
// first into view just under the tour's box, which stays at the top of the
// window during a tour (style.css): the step's text, its buttons and its
// chart are seen together.
function focusCharts(ids: string[]) {
  for (const c of page.charts) c.root.classList.toggle("focus", ids.includes(c.chart.id));
  const first = page.charts.find((c) => c.chart.id === ids[0]);
  if (presenting()) fit();
  else if (first) {
    const above = el("tour").offsetHeight + 8;
    const r = first.root.getBoundingClientRect();
    if (r.top < above || r.bottom > innerHeight) window.scrollBy({ top: r.top - above, behavior: "instant" });
  }
}

function buildCharts() {
  for (const c of page.charts) c.destroy();
  // The old charts' undrawn rows go with them (else the page never settles).
  page.stale.clear();
  const box = el("charts");
  page.charts = page.model!.charts.map((c) => new ChartView(box, c, page.model!, page.store));
  const classes = classesOf(page.model!);
  const perClass = page.model!.charts.some((c) => c.per_class) && classes.length > 0;
  el("class-pick").hidden = !perClass;
  classSelect.replaceChildren(new Option("all classes", ""), ...classes.map((c) => new Option(c, c)));
}

classSelect.onchange = () => {
  for (const c of page.charts) c.setClass(classSelect.value);
};

// ---- the frame loop -------------------------------------------------------

// The loop runs while the run plays or something is left to draw, and
// rests otherwise (no work per frame on a paused, drawn page); wake
// starts it again, after every message from the worker and every change
// of play/pause. Its first frame counts as one of 1/60 s.
function wake() {
  if (page.frameId) return;
  page.frameId = requestAnimationFrame((t) => {
    page.lastFrame = t - 1000 / 60;
    frame(t);
  });
}

function frame(now: number) {
  page.frameId = 0;
  const dt = Math.min(now - page.lastFrame, 100) / 1000;
  page.lastFrame = now;
  if (page.playing && !page.pending && page.info) {
    const speed = Number(speedSelect.value);
    // A tour pauses at its next step's time.
    // (1 ms past it, so that the interval ending there is drawn).
    const now = page.summary?.duration_s ?? 0;
    page.tourStop = tour.nextStop();
    if (page.tourStop !== null && page.tourStop <= now + 1e-9) {
      // Reached already (paused on the way, or the run's end): shown now.
      page.playing = false;
      tour.reached(now);
      page.tourStop = null;
      updateStatus();
    } else {
      const seconds = Math.min(speed > 0 ? speed * dt : page.info.duration_s, page.tourStop === null ? Infinity : page.tourStop + 0.001 - now);
      page.pending = true;
      send({ t: "advance", seconds, budget: speed > 0 ? 12 : 14 });
    }
  }
  // Draw a little each frame: one chart per frame in turn, the tiles and
  // sliders every few frames while playing, so no frame holds the main
  // thread for long.
  page.frameNo++;
  if ((page.stale.size > 0 || page.tilesStale) && (!page.playing || page.frameNo % 2 === 0)) {
    const t0 = performance.now();
    for (let k = 0; k < page.charts.length; k++) {
      const c = page.charts[(page.frameNo + k) % page.charts.length];
      if (page.stale.delete(c)) {
        c.redraw();
        break;
      }
    }
    if (page.tilesStale && (!page.playing || page.frameNo % 8 === 0)) {
      page.tilesStale = false;
      updateTiles();
      syncControls(false);
    }
    const settled = String(page.stale.size === 0 && !page.tilesStale);
    if (document.body.dataset.settled !== settled) document.body.dataset.settled = settled;
    // uPlot draws in a microtask: measure after it.
    queueMicrotask(() =>
      queueMicrotask(() => {
        const ms = performance.now() - t0;
        if (ms > page.maxFrameMs) {
          page.maxFrameMs = ms;
          document.body.dataset.maxFrameMs = ms.toFixed(1);
        }
      }),
    );
  }
  if (page.playing || page.stale.size > 0 || page.tilesStale) page.frameId = requestAnimationFrame(frame);
}
wake();

// ---- the live region ------------------------------------------------------

// announce tells screen readers the clock and the headline numbers, politely
// and seldom: when a run stops, and every 15 s while it plays.
function announce(force: boolean) {
  const now = performance.now();
  if (!page.summary || (!force && now - page.announced < 15000)) return;
  page.announced = now;
  const t = page.summary.total;
  el("live").textContent =
    `t = ${timeText(page.summary.duration_s)} of ${timeText(page.info?.duration_s ?? 0)}: goodput ${fmt(t.goodput_per_s)} per second, ` +
    `rejected ${count(t.rejected)}, dropped ${count(t.dropped)}, max CPU ${fmt(page.summary.cpu.max, "%")}.`;
}

function updateStatus() {
  wake();
  if (page.wasPlaying !== page.playing || page.playing) announce(page.wasPlaying !== page.playing);
  page.wasPlaying = page.playing;
  playBtn.textContent = page.playing ? "❚❚ Pause" : "▶ Play";
  el("banner-play").textContent = playBtn.textContent;
  playBtn.classList.toggle("playing", page.playing);
  const t = page.summary?.duration_s ?? 0;
  const d = page.info?.duration_s ?? 1;
  el("clock").textContent = `t = ${timeText(t)} of ${timeText(d)}`;
  el("tour-clock").textContent = `${page.playing ? "▶" : "❚❚"} ${timeText(t)} of ${timeText(d)}`;
  const scrub = el<HTMLInputElement>("scrub");
  scrub.max = String(t);
  if (view.at === null) scrub.value = String(t);
  el<HTMLProgressElement>("progress").value = t / d;
  document.body.dataset.playing = String(page.playing);
  document.body.dataset.t = String(t);
  document.body.dataset.digest = page.summary?.digest ?? "";
}

playBtn.onclick = () => {
  if (!page.info) return;
  if (page.summary && page.summary.duration_s >= page.info.duration_s) return;
  page.playing = !page.playing;
  updateStatus();
};
stepBtn.onclick = () => {
  if (!page.info || page.pending) return;
  page.playing = false;
  page.pending = true;
  send({ t: "advance", seconds: page.info.duration_s, budget: 0 }); // one interval: the first boundary stops it
  updateStatus();
};
resetBtn.onclick = () => {
  if (!page.startedAt) return;
  page.playing = false;
  page.pending = false;
  send({ t: "reset" });
};
// History: each preset picked is an entry of the browser's history, so
// Back returns to the run before (the preset or what-if, with its changes,
// from its link); a change within a run is not an entry (the address's link
// of the entry follows it, replaced).
presetSelect.onchange = () => {
  showMessage("");
  cmp.openedLink(false);
  history.pushState(null, "", location.pathname + location.search);
  el<HTMLInputElement>("link").value = "";
  start({ t: "start", preset: presetSelect.value });
};
// Back or Forward (popstate, then hashchange) opens the entry's link as the
// run it was, without the banner of a link opened from elsewhere.
window.addEventListener("popstate", () => {
  page.traversing = true;
  setTimeout(() => (page.traversing = false), 500);
});
window.addEventListener("hashchange", () => {
  const link = linkOf(location.hash);
  const back = page.traversing;
  page.traversing = false;
  if (link && link !== document.body.dataset.link) {
    cmp.openedLink(!back);
    start({ t: "start", link });
  }
});
// Charts follow the width of their boxes (window resize, scroll bar).
new ResizeObserver(() => {
  if (page.resizeQueued) return;
  page.resizeQueued = true;
  requestAnimationFrame(() => {
    page.resizeQueued = false;
    for (const c of page.charts) c.resize();
  });
}).observe(el("charts"));

// ---- tiles ----------------------------------------------------------------

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

// plainName is a counter's name in plain words, as its model declares it
// (Details); a key the model does not name reads with spaces.
function plainName(key: string): { label: string; flag: boolean } {
  const names = page.model ? document.querySelector(`dl.counter-names[data-model="${page.model.name}"]`) : null;
  for (const dt of names?.querySelectorAll<HTMLElement>("dt") ?? []) {
    const name = dt.textContent ?? "";
    const label = dt.nextElementSibling?.textContent ?? "";
    if (name === key) return { label, flag: dt.hasAttribute("data-flag") };
    if (name.endsWith(".") && key.startsWith(name)) return { label: `${label} ${key.slice(name.length)}`, flag: false };
  }
  return { label: key.replaceAll("_", " "), flag: false };
}

// updateHeadline fills the model's headline tiles with their figures at
// the time in view.
function updateHeadline() {
  if (!page.model) return;
  const b = cmp.storeB();
  const st = b ?? page.store; // B's while comparing, as the other tiles; A and Δ under it
  const i = view.at === null ? st.length - 1 : rowAt(st, view.at);
  for (const tile of document.querySelectorAll<HTMLElement>(`.headline[data-model="${page.model.name}"] .tile`)) {
    const agg = tile.dataset.agg ?? "";
    const v = tileValue(st, tile.dataset.column!, agg, i);
    const text = cmp.tileText(v, agg);
    const out = tile.querySelector(".v")!;
    if (out.textContent !== text) out.textContent = text;
    cmp.tileAB(tile, b ? tileValue(page.store, tile.dataset.column!, agg, i) : undefined, v, agg);
  }
}

function updateTiles() {
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

// ---- controls (rendered by the server from the schema) --------------------

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
function syncControls(force: boolean) {
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
function fieldMessage(name: string, text: string): boolean {
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
  page.liveLabels.set(name, changeLabel(name, page.values[name], value));
  send({ t: "set", name, value });
}
// A box left shows the value in force again (unless its change is on its way).
function onLeave(ev: Event) {
  const input = ev.target as HTMLElement;
  const name = input.dataset.param;
  if (!name || !typing(input) || page.liveLabels.has(name)) return;
  queueMicrotask(() => syncControls(true));
}
// changeLabel names a live change for its marker: "SGSN N 400 → 800 /s".
function changeLabel(name: string, old: number | string | boolean | undefined, value: string): string {
  const sp = page.model?.params.find((p) => p.name === name);
  if (!sp) return `${name} → ${value}`;
  if (sp.kind === "bool") return `${sp.marker} ${value === "true" ? "on" : "off"}`;
  const unit = sp.unit && (sp.kind === "number" || sp.kind === "integer") ? ` ${sp.unit}` : "";
  return `${sp.marker} ${String(old)} → ${value}${unit}`;
}

for (const sec of document.querySelectorAll<HTMLElement>("section.controls")) {
  sec.addEventListener("input", onControl);
  sec.addEventListener("change", onControl);
  sec.addEventListener("focusout", onLeave);
  // Esc in a box gives up what was typed (and leaves it, present.ts).
  sec.addEventListener("keydown", (ev) => {
    const input = ev.target as HTMLInputElement;
    const name = input.dataset.param;
    if (ev.key !== "Escape" || !name || !typing(input) || page.values[name] === undefined) return;
    input.value = String(page.values[name]);
    fieldMessage(name, "");
  });
}

// A parameter's "?" shows its doc in place (and hides it again).
document.addEventListener("click", (ev) => {
  const b = (ev.target as HTMLElement).closest<HTMLButtonElement>("button.help");
  if (!b) return;
  const doc = document.getElementById(b.getAttribute("aria-controls") ?? "");
  if (!doc) return;
  doc.hidden = !doc.hidden;
  b.setAttribute("aria-expanded", String(!doc.hidden));
});

// On a narrow screen the parameters start folded, after the charts.
if (matchMedia("(max-width: 900px)").matches) el<HTMLDetailsElement>("params").open = false;

// The skip link focuses the charts (without touching the address, which
// holds the what-if link).
document.querySelector<HTMLAnchorElement>("a.skip")!.onclick = (ev) => {
  ev.preventDefault();
  el("charts").focus();
  el("charts").scrollIntoView();
};

// ---- theme ----------------------------------------------------------------

// The theme: "auto" follows the system; the toggle cycles auto → dark → light.
const themes = ["auto", "dark", "light"] as const;
const themeBtn = el<HTMLButtonElement>("theme");
function setTheme(t: string) {
  if (t === "dark" || t === "light") document.documentElement.dataset.theme = t;
  else delete document.documentElement.dataset.theme;
  themeBtn.textContent = `Theme: ${t}`;
}
function applyTheme(t: string) {
  setTheme(t);
  for (const c of page.charts) c.retheme();
}
let theme = "auto";
try {
  theme = localStorage.getItem("overloadlab-theme") ?? "auto";
} catch {
  // storage may be off: the system's theme then
}
setTheme(theme);
themeBtn.onclick = () => {
  theme = themes[(themes.indexOf(theme as (typeof themes)[number]) + 1) % themes.length];
  try {
    localStorage.setItem("overloadlab-theme", theme);
  } catch {
    // not kept, still applied
  }
  applyTheme(theme);
};
matchMedia("(prefers-color-scheme: dark)").addEventListener("change", () => {
  if (theme === "auto") applyTheme(theme);
});

// ---- share and export -----------------------------------------------------

function runName(): string {
  return `overloadlab-${page.info?.preset || "custom"}-seed${page.info?.seed ?? 0}-t${Math.round(page.summary?.duration_s ?? 0)}s`;
}

// The address bar always holds the link of what is on screen: asked for
// after every change, a moment later (changes come in bursts).
function linkSoon() {
  clearTimeout(page.linkTimer);
  page.linkTimer = window.setTimeout(() => send({ t: "link", quiet: true }), 250);
}
el("share").onclick = () => send({ t: "link", quiet: false });
el("csv").onclick = () => downloadText(`${runName()}.csv`, toCSV(page.store, csvHead(), cmp.storeB()), "text/csv");
// reportBusy says on the button that a report is being prepared (the
// worker writes it, its charts included, in one call).
function reportBusy(busy: boolean) {
  const b = el<HTMLButtonElement>("report");
  b.textContent = busy ? "Preparing report…" : "Report";
  b.setAttribute("aria-busy", String(busy));
  b.dataset.busy = busy ? "1" : "";
}
el("report").onclick = () => {
  if (el("report").dataset.busy) return;
  reportBusy(true);
  send({ t: "report", page: location.origin + location.pathname });
};
const sendWords = () => send({ t: "words", title: el<HTMLInputElement>("title").value, note: el<HTMLTextAreaElement>("note").value });
el("title").addEventListener("change", sendWords);
el("note").addEventListener("change", sendWords);

// csvHead names what the CSV holds, for a file read alone later.
function csvHead(): string[] {
  const m = page.model;
  const unit = new Map((m?.columns ?? []).map((c) => [c.name, c.unit]));
  const units = page.store.columns.map((c) => `${c}: ${(c === "t" ? "s" : unit.get(c)) || "1"}`).join(", ");
  const c = cmp.current();
  return [
    `model: ${page.info?.model ?? ""}`,
    `scenario: ${page.info?.preset || "custom"}`,
    `seed: ${page.info?.seed ?? ""}`,
    `link: ${location.href}`,
    ...(c ? [`columns prefixed b. are B (${c.label_b}), the others A (${c.label_a})`] : []),
    `units: ${units}`,
    // As the command line's run CSV says it (cmd/overloadlab writeCSV).
    `time: t is the end of each interval, in seconds of simulated time; the run lasts ${timeText(page.info?.duration_s ?? 0)} (${view.long ? "h:mm:ss" : "m:ss"})`,
  ];
}
el("json").onclick = () => send({ t: "export" });
el("png").onclick = () => {
  const width = 1000;
  // The title names the run, and A and B while comparing (on the button, for tests).
  const title = exportTitle(page.info?.preset ?? "", page.info?.seed ?? 0, timeText(page.summary?.duration_s ?? 0), cmp.current());
  el("png").dataset.title = title.join("\n");
  const draw = (ctx: CanvasRenderingContext2D | null): number => {
    if (ctx) {
      ctx.fillStyle = cssVar("--panel");
      ctx.fillRect(0, 0, ctx.canvas.width, ctx.canvas.height);
      ctx.fillStyle = cssVar("--fg");
      ctx.font = "bold 16px system-ui, sans-serif";
      title.forEach((line, k) => ctx.fillText(line, 12, 24 + 22 * k));
    }
    let y = 36 + 22 * (title.length - 1);
    for (const c of page.charts) y += c.paint(ctx, y, width);
    return y;
  };
  const canvas = document.createElement("canvas");
  canvas.width = width;
  canvas.height = draw(null);
  draw(canvas.getContext("2d"));
  canvas.toBlob((b) => b && downloadBlob(`${runName()}.png`, b));
};

// ---- compare and sweeps ----------------------------------------------------

cmp.init({
  send,
  charts: () => page.charts,
  store: () => page.store,
  model: () => page.model,
  // The banner's Play plays and pauses, says which on its label, and
  // brings the first chart into view (on a phone it is screens down).
  play: () => {
    playBtn.click();
    if (page.playing) {
      const r = el("charts").getBoundingClientRect();
      if (r.top > innerHeight * 0.6 || r.top < 0) el("charts").scrollIntoView({ block: "start", behavior: "instant" });
    }
  },
});

// ---- the time in view, the tour and presentation mode ---------------------

// lookAt shows every chart and tile at simulated time t (null: the latest).
function lookAt(t: number | null) {
  view.at = t;
  const scrub = el<HTMLInputElement>("scrub");
  if (t !== null) scrub.value = String(t);
  else scrub.value = scrub.max;
  el("scrub-at").textContent = t === null ? "latest" : timeText(t);
  document.body.dataset.lookAt = t === null ? "" : String(t);
  for (const c of page.charts) c.redraw();
  updateHeadline();
  const s = cmp.tileSummary() ?? page.summary;
  if (s) showClaims(el("claims"), t === null ? s.claims : claimsAt(t), cmp.comparing());
}

el<HTMLInputElement>("scrub").addEventListener("input", (e) => {
  const s = e.target as HTMLInputElement;
  const t = Number(s.value);
  lookAt(t >= Number(s.max) - 1e-9 ? null : t);
});

const play = () => {
  if (!page.info || (page.summary && page.summary.duration_s >= page.info.duration_s)) return;
  page.playing = true;
  updateStatus();
};

tour.initTour({
  now: () => page.summary?.duration_s ?? 0,
  play,
  lookAt,
  restart: () => resetBtn.click(),
  focus: focusCharts,
});

initPresent({
  playPause: () => playBtn.click(),
  next: () => tour.next() || stepBtn.click(),
  back: () => tour.back(),
  reset: () => resetBtn.click(),
  faster: (d) => {
    const i = Math.min(speedSelect.options.length - 1, Math.max(0, speedSelect.selectedIndex + d));
    speedSelect.selectedIndex = i;
  },
  charts: () => page.charts,
  focused: () => (tour.currentCharts().length > 0 ? tour.currentCharts() : [page.watch]),
});
