// The page's rarely used features, loaded when first used: the QR code
// (qr.ts, its encoder), the class view (classview.ts) and the sweep with
// its pool of workers (sweep.ts, pool.ts) are chunks of app.js that the
// first load does not fetch (build/main.go, DESIGN.md's page weight).
// This module stands in for them until they come: it keeps what they are
// told meanwhile (the live run's module, the QR short link, the sweep's
// run) and hands it over. A chunk that fails to load says so in the
// page's message line, the run goes on untouched, and the next use tries
// again (as parts.ts does for a model's parts).
import { showMessage } from "./notice";
import type * as Sweep from "./sweep";
import type { Info, Model, Variant } from "./types";
import { el } from "./util";

// chunk loads a feature once (what: its name in a message); a failed load
// rejects, saying why in the page, and the next call tries again. The
// body's data-chunk-NAME is "loading", "loaded" or "failed" (the tests
// read it).
function chunk<T>(name: string, what: string, retry: string, load: () => Promise<T>, then: (m: T) => void): () => Promise<T> {
  let p: Promise<T> | undefined;
  const key = "chunk" + name[0].toUpperCase() + name.slice(1);
  return () => {
    if (!p) {
      document.body.dataset[key] = "loading";
      p = load().then(
        (m) => {
          then(m);
          document.body.dataset[key] = "loaded";
          return m;
        },
        (e: unknown) => {
          p = undefined;
          document.body.dataset[key] = "failed";
          showMessage(`The ${what} could not be loaded (${e instanceof Error ? e.message : String(e)}). Your run goes on as it was; ${retry} to try again.`);
          throw e;
        },
      );
    }
    return p;
  };
}

const ignore = () => {};

// ---- the QR code ----------------------------------------------------------

const qr = { short: "", mod: null as typeof import("./qr") | null };
const qrChunk = chunk(
  "qr",
  "QR code",
  "press QR code again",
  () => import("./qr"),
  (m) => (qr.mod = m),
);

// initQR wires the QR code's buttons; askLink asks the worker for the
// current link, after which qrLink redraws an open code.
export function initQR(askLink: () => void) {
  for (const id of ["qr", "qr-share"]) el(id).onclick = () => qrChunk().then((m) => m.openQR(askLink, qr.short), ignore);
}

// qrLink is told the address holds a new link, and its short form.
export function qrLink(short: string) {
  qr.short = short;
  qr.mod?.qrLink(short);
}

// ---- the sweep ------------------------------------------------------------

const sweep = {
  mod: null as typeof Sweep | null,
  module: null as WebAssembly.Module | null,
  setup: null as Parameters<typeof Sweep.setupSweep> | null,
  seen: null as IntersectionObserver | null,
};

const sweepChunk = chunk(
  "sweep",
  "sweep",
  "press Try again under Sweep",
  () => import("./sweep"),
  (m) => {
    sweep.mod = m;
    el("sweep-out").replaceChildren();
    if (sweep.module) m.shareModule(sweep.module);
    if (sweep.setup) m.setupSweep(...sweep.setup);
  },
);

// loadSweep loads the sweep, showing its state where it goes; a failure
// leaves a button there to try again.
function loadSweep(): Promise<typeof Sweep> {
  if (!sweep.mod) {
    const wait = document.createElement("p");
    wait.className = "hint";
    wait.textContent = "Loading the sweep…";
    el("sweep-out").replaceChildren(wait);
  }
  return sweepChunk().catch((e: unknown) => {
    const again = document.createElement("button");
    again.type = "button";
    again.id = "sweep-load";
    again.textContent = "Try again";
    again.onclick = () => loadSweep().catch(ignore);
    const p = document.createElement("p");
    p.className = "hint";
    p.textContent = "The sweep could not be loaded. ";
    p.append(again);
    el("sweep-out").replaceChildren(p);
    throw e;
  });
}

// shareModule gives the sweep's pool the simulator the live run's worker
// compiled (kept until the sweep comes).
export function shareModule(m: WebAssembly.Module) {
  sweep.module = m;
  sweep.mod?.shareModule(m);
}

// setupSweep shows the sweep's panel for the run just started (sweep.ts's
// setupSweep, once loaded): the sweep loads when its panel comes near
// the window, or at once for a link with a sweep, which then runs.
export function setupSweep(m: Model, i: Info, compare: Variant[], share: (plan: string) => void) {
  sweep.setup = [m, i, compare, share];
  el("sweeps").hidden = false;
  if (sweep.mod) return sweep.mod.setupSweep(m, i, compare, share);
  if (i.sweep) return void loadSweep().catch(ignore);
  if (sweep.seen) return;
  sweep.seen = new IntersectionObserver(
    (es) => {
      if (!es.some((e) => e.isIntersecting)) return;
      sweep.seen!.disconnect();
      loadSweep().catch(ignore);
    },
    { rootMargin: "200px" },
  );
  sweep.seen.observe(el("sweeps"));
}

// ---- the class view -------------------------------------------------------

// The class view replays on the sweep's pool: the sweep comes first.
const classChunk = chunk(
  "class",
  "class view",
  "press Replay the links again",
  () => loadSweep().then(() => import("./classview")),
  ignore,
);

el("class-run").onclick = () => classChunk().then((m) => m.replay(), ignore);
el<HTMLInputElement>("class-file").onchange = (ev) => {
  const f = (ev.target as HTMLInputElement).files?.[0];
  if (f) classChunk().then((m) => m.openFile(f), ignore);
};
