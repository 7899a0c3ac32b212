// Starting a run: the preset picked, a link opened (from elsewhere, or by
// Back and Forward), and what the page builds for the run the worker
// started (its model's sections, its store, its charts).
import { ChartView } from "./charts";
import * as cmp from "./compare";
import { syncControls } from "./controls";
import { speedSelect, updateStatus } from "./frame";
import { classesOf } from "./labels";
import { setMarkers, setRunMarks } from "./markers";
import { showMessage } from "./notice";
import { hasParts, loadParts } from "./parts";
import { keepUnits } from "./numbers";
import { fit, presenting } from "./present";
import { LONG_RUN, view } from "./scrub";
import { linkSoon } from "./share";
import { challengeStarted } from "./challenge";
import { predictStarted } from "./predict";
import { page, send } from "./state";
import { Store } from "./store";
import { setupSweep } from "./lazy";
import * as tour from "./tour";
import type { Info, Summary, ToWorker, Values } from "./types";
import { el } from "./util";

const modelOf = (name: string) => page.models.find((m) => m.name === name);
export const presetSelect = el<HTMLSelectElement>("preset");
const classSelect = el<HTMLSelectElement>("class");
const buttons = ["play", "step", "reset", "share", "csv", "json", "report"].map((id) => el<HTMLButtonElement>(id));

// linkOf reads the link in a URL fragment; a mangled escape is left as it
// is, for the core to refuse with a message.
export function linkOf(hash: string): string {
  const raw = hash.replace(/^#/, "");
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

export function start(what: ToWorker & { t: "start" }) {
  page.playing = false;
  page.pending = false;
  page.startedAt = JSON.stringify(what);
  send(what);
}

export function started(i: Info, v: Values, s: Summary) {
  page.info = i;
  page.values = v;
  page.summary = s;
  const m = modelOf(i.model);
  if (!m) return showMessage(`Unknown model ${i.model}`);
  const newModel = page.model !== m;
  page.model = m;
  for (const sec of document.querySelectorAll<HTMLElement>("[data-model].controls, [data-model].how")) sec.hidden = sec.dataset.model !== m.name;
  if (i.preset) presetSelect.value = i.preset;
  presetSelect.dataset.shown = presetSelect.value; // what a pick that fails goes back to
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
  setRunMarks(s.marks);
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
  predictStarted(i);
  challengeStarted(i);
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
export function focusCharts(ids: string[]) {
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

// History: each preset picked is an entry of the browser's history, and
// each parameter committed (messages.ts: link), so Back returns to the run
// before (the preset or what-if, with its changes, from its link); other
// link updates (words, a comparison, the run going on) replace the entry's.
// A preset of a model whose parts are not in the page yet starts once they
// are (parts.ts); if they cannot be loaded, the run on screen stays, and
// the picker shows its preset again. Only the latest pick starts.
let picks = 0;
presetSelect.onchange = () => {
  const preset = presetSelect.value;
  const model = presetSelect.selectedOptions[0]?.dataset.model ?? "";
  const pick = ++picks;
  showMessage("");
  const go = () => {
    if (pick !== picks) return;
    cmp.openedLink(false);
    page.keepAddress = false;
    history.pushState(null, "", location.pathname + location.search);
    el<HTMLInputElement>("link").value = "";
    start({ t: "start", preset });
  };
  if (hasParts(model)) return go();
  loadParts(model).then(go, (e: unknown) => {
    if (pick !== picks) return;
    if (presetSelect.dataset.shown) presetSelect.value = presetSelect.dataset.shown;
    showMessage(`Preset “${preset}” could not be opened: the controls of its model could not be loaded (${e instanceof Error ? e.message : String(e)}). Still showing your run; pick the preset again to try again.`);
  });
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
    page.keepAddress = false;
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
