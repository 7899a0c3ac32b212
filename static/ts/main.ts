// The playground page: it starts the simulator worker, sends it one
// "advance" per animation frame while playing, and draws what comes back.
// Everything it shows about a model (controls, charts, panels, presets)
// comes from the core's description; nothing is restated here.
import { showClaims } from "./claims";
import * as cmp from "./compare";
import "./controls";
import "./darkmode";
import { play, playBtn, resetBtn, speedSelect, stepBtn, wake } from "./frame";
import { onMessage } from "./messages";
import { showMessage } from "./notice";
import { initPresent } from "./present";
import { initChallenge } from "./challenge";
import { initPredict } from "./predict";
import { initQR } from "./lazy";
import { loadParts } from "./parts";
import { focusCharts, linkOf, presetSelect } from "./run";
import { timeText, view } from "./scrub";
import "./share";
import { page, send } from "./state";
import { claimsAt, updateHeadline } from "./tiles";
import * as tour from "./tour";
import type { FromWorker } from "./types";
import { el } from "./util";

page.worker = new Worker("worker.js");

// Every message may leave rows or tiles to draw: the frame loop wakes.
page.worker.onmessage = (ev: MessageEvent<FromWorker>) => {
  onMessage(ev.data);
  wake();
};
page.worker.onerror = (e) => showMessage(`The simulator worker could not run: ${e.message}`);

// The page as opened shows the picker's preset: its model's parts come
// while the simulator loads, not after (a failure is told, and the fetch
// tried again, when the run starts: messages.ts).
if (!linkOf(location.hash)) loadParts(presetSelect.selectedOptions[0]?.dataset.model ?? "").catch(() => {});

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

tour.initTour({
  now: () => page.summary?.duration_s ?? 0,
  play,
  lookAt,
  restart: () => resetBtn.click(),
  focus: focusCharts,
});

initQR(() => send({ t: "link", quiet: true }));
initPredict();
initChallenge();

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
