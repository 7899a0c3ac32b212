// The worker's messages: what the page does with each.
import * as cmp from "./compare";
import { fieldMessage, syncControls } from "./controls";
import { updateStatus, wake } from "./frame";
import { addLive, setRunMarks } from "./markers";
import { showMessage } from "./notice";
import { hasParts, loadParts } from "./parts";
import { challengeChanged, challengeRows } from "./challenge";
import { predictChanged, predictRows } from "./predict";
import * as report from "./report";
import { linkOf, presetSelect, start, started } from "./run";
import { linkSoon, reportBusy, runName } from "./share";
import { MAX_LOG, page } from "./state";
import { qrLink, shareModule } from "./lazy";
import * as tour from "./tour";
import type { Description, FromWorker } from "./types";
import { downloadText, el } from "./util";

// PoolMessage is what only a sweep's pool worker sends (pool.ts reads it);
// the live run's worker sends the others, each handled below.
type PoolMessage = Extract<FromWorker, { t: "loaded" | "cell" | "point" | "row" }>;
type RunMessage = Exclude<FromWorker, PoolMessage>;

// handlers holds what the page does with each of the live run's worker's
// messages, by its type: one entry each, which tsc checks.
const handlers: { [K in RunMessage["t"]]: (m: Extract<RunMessage, { t: K }>) => void } = {
  loading: (m) => {
    el<HTMLProgressElement>("loading-progress").value = m.got / m.total;
    el("loading-text").textContent = `Loading the simulator… ${(m.got / 1e6).toFixed(1)} of ${(m.total / 1e6).toFixed(1)} MB`;
  },
  module: (m) => {
    shareModule(m.module);
  },
  ready: (m) => {
    el("loading-text").textContent = "Starting the simulator…";
    page.models = (JSON.parse(m.describe) as Description).models ?? [];
    const link = linkOf(location.hash);
    cmp.openedLink(link !== "");
    if (link) start({ t: "start", link });
    else start({ t: "start", preset: presetSelect.value });
  },
  "start-failed": (m) => {
    if (m.link !== undefined) {
      const name = m.preset || presetSelect.value; // the link's own preset when it names one
      showMessage(`This link could not be opened: ${m.error}. Showing preset “${name}” with its defaults instead.`);
      history.replaceState(null, "", location.pathname + location.search);
      start({ t: "start", preset: name });
    } else showMessage(`Could not start: ${m.error}`);
  },
  started: (m) => {
    started(m.info, m.values, m.summary);
    cmp.started(m.info, m.values, m.cmp, false);
    report.words(m.info.words);
    linkSoon();
  },
  compared: (m) => {
    page.info = m.info;
    page.values = m.values;
    page.summary = m.summary;
    cmp.started(m.info, m.values, m.cmp, true);
    if (setRunMarks(m.summary.marks, m.cmp?.comparison.b.marks)) for (const c of page.charts) page.stale.add(c);
    syncControls(true);
    page.tilesStale = true;
    linkSoon();
  },
  "compare-failed": (m) => {
    showMessage(`Could not compare: ${m.error}`);
  },
  words: (m) => {
    if (m.error) showMessage(`Not kept: ${m.error}`);
    else linkSoon();
  },
  report: (m) => {
    reportBusy(false);
    if (m.error) showMessage(`No report: ${m.error}`);
    else report.download(m.html ?? "", runName());
  },
  rows: (m) => {
    page.pending = false;
    const n = m.rows.length;
    page.values = m.values;
    page.summary = m.summary;
    if (n > 0)
      for (const c of page.charts) {
        c.thresholdsFrom(m.rows[0], page.values);
        c.widen(page.values);
      }
    page.store.append(m.rows);
    if (setRunMarks(m.summary.marks, m.cmp?.comparison.b.marks)) for (const c of page.charts) page.stale.add(c);
    cmp.rows(m.cmp, m.rows[0]);
    page.claimLog.push({ t: m.now, claims: (cmp.tileSummary() ?? m.summary).claims });
    predictRows(m.now, m.summary.claims);
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
    challengeRows(m.summary.claims);
    updateStatus();
  },
  set: (m) => {
    page.values = m.values;
    page.setting.delete(m.name);
    // A refusal is written beside the field (where the user looks), else on top.
    if (m.error) {
      if (!fieldMessage(m.name, `Not applied: ${m.error}; still ${String(page.values[m.name])}.`)) showMessage(`Not applied: ${m.error}`);
    } else {
      fieldMessage(m.name, "");
      predictChanged(m.label ?? m.name);
      challengeChanged();
      if (m.label) {
        page.newEntry = true;
        addLive(page.summary?.duration_s ?? 0, m.label);
        for (const c of page.charts) page.stale.add(c);
      }
    }
    syncControls(true);
    linkSoon();
  },
  link: (m) => {
    const url = location.pathname + location.search + "#" + m.link;
    // A change committed is an entry of the history (Back undoes it);
    // every other link replaces the entry's.
    // After a model that could not be shown (partsFailed) the address
    // keeps the link opened, until a change, a share or another run.
    const push = page.newEntry && m.link !== document.body.dataset.link;
    if (push || !page.keepAddress || !m.quiet) {
      if (push) history.pushState(null, "", url);
      else history.replaceState(null, "", url);
      page.keepAddress = false;
    }
    page.newEntry = false;
    document.body.dataset.link = m.link;
    qrLink(m.short);
    if (m.quiet) return;
    el<HTMLInputElement>("link").value = location.href;
    el<HTMLInputElement>("link").select();
    navigator.clipboard?.writeText(location.href).then(
      () => showMessage("Link copied: whoever opens it sees this run, with your changes at the same simulated times.", "info"),
      () => showMessage("The address now holds this run: copy it from the box.", "info"),
    );
  },
  export: (m) => {
    downloadText(`${runName()}.json`, m.json, "application/json");
  },
  fatal: (m) => {
    page.playing = false;
    console.error("overloadlab simulator:", m.error);
    showMessage(`The simulator failed: ${m.error}`);
  },
};

// held are the worker's messages from a run whose model's parts are on
// their way (parts.ts), handled in order once they are in: the page shows
// a model only with its parts, and until then the run before.
let held: FromWorker[] | null = null;

export function onMessage(m: FromWorker) {
  if (held) {
    held.push(m);
    return;
  }
  if (m.t === "started" && !hasParts(m.info.model)) {
    held = [m];
    const model = m.info.model;
    loadParts(model).then(
      () => {
        const q = held!;
        held = null;
        for (const x of q) onMessage(x);
        wake();
      },
      (e: unknown) => {
        held = null;
        partsFailed(m, model, e);
      },
    );
    return;
  }
  const h = handlers[m.t as RunMessage["t"]] as ((m: FromWorker) => void) | undefined;
  h?.(m);
}

// partsFailed says that a run's model could not be shown, and goes back to
// the run on screen before (from its link, which the worker gave: the
// same scenario, changes, comparison and words), the address keeping the
// link the user opened, to reload. Without a run before (the page as
// opened, or a link opened in a new page), the page stays as it is, a
// link in the address.
function partsFailed(m: Extract<FromWorker, { t: "started" }>, model: string, e: unknown) {
  const title = page.models.find((d) => d.name === model)?.title ?? model;
  const why = `The controls of the model “${title}” could not be loaded (${e instanceof Error ? e.message : String(e)})`;
  if (m.before && page.model) {
    showMessage(`${why}. Still showing the run you had; the address keeps the link you opened: reload the page to try again.`);
    page.keepAddress = true;
    cmp.openedLink(false);
    start({ t: "start", link: m.before });
  } else showMessage(`${why}. Reload the page to try again${linkOf(location.hash) ? ": the link stays in the address" : ""}.`);
}
