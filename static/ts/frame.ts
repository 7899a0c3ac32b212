// The frame loop: one "advance" asked of the worker per animation frame
// while the run plays, a little drawn each frame; the play, step and reset
// buttons; the live region that speaks the clock.
import { syncControls } from "./controls";
import { count, fmt } from "./numbers";
import { timeText, view } from "./scrub";
import { page, send } from "./state";
import { updateTiles } from "./tiles";
import * as tour from "./tour";
import { el } from "./util";

export const speedSelect = el<HTMLSelectElement>("speed");
export const playBtn = el<HTMLButtonElement>("play");
export const stepBtn = el<HTMLButtonElement>("step");
export const resetBtn = el<HTMLButtonElement>("reset");

// The loop runs while the run plays or something is left to draw, and
// rests otherwise (no work per frame on a paused, drawn page); wake
// starts it again, after every message from the worker and every change
// of play/pause. Its first frame counts as one of 1/60 s.
export function wake() {
  // Not settled from the moment there is something to draw (a worker's
  // rows: the run's last included) until it is drawn.
  if ((page.stale.size > 0 || page.tilesStale) && document.body.dataset.settled !== "false") document.body.dataset.settled = "false";
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

export function updateStatus() {
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

// play plays the run (unless it is over): the tour's Play.
export const play = () => {
  if (!page.info || (page.summary && page.summary.duration_s >= page.info.duration_s)) return;
  page.playing = true;
  updateStatus();
};
