// The simulator's Web Worker: loads the Go core compiled to WebAssembly and
// answers the page's messages with one call into it each. The page never
// waits on the simulator: it sends one "advance" per animation frame and
// draws what comes back.
import type { Bridge, Compared, Comparison, Failure, FromWorker, Info, Summary, ToWorker, Values } from "./types";

declare class Go {
  importObject: WebAssembly.Imports;
  run(instance: WebAssembly.Instance): Promise<void>;
}
declare function importScripts(...urls: string[]): void;


const post = (m: FromWorker, transfer: Transferable[] = []) => (self as unknown as Worker).postMessage(m, transfer);

function failed(x: unknown): x is Failure {
  return typeof x === "object" && x !== null && "error" in x;
}

// ok unwraps a bridge result; a failure becomes an exception with its text.
function ok<T>(x: T | Failure): T {
  if (failed(x)) throw new Error(x.error);
  return x;
}

// The worker's run: the bridge to the core, the compiled module (given by
// the page to a pool worker), and the instance's generation.
const run = {
  bridge: undefined! as Bridge, // set before its first use
  given: (() => {}) as (m: WebAssembly.Module) => void,
  compiled: undefined! as WebAssembly.Module, // set before its first use
  generation: 0,
};

// withProgress passes a response on while telling the page how much of it
// has arrived (of its size before compression, which the server sends).
function withProgress(r: Response): Response {
  const total = Number(r.headers.get("X-Decoded-Length") ?? r.headers.get("Content-Length") ?? 0);
  if (!r.body || !total) return r;
  let got = 0;
  let last = 0;
  const counted = r.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, out) {
        got += chunk.byteLength;
        if (got - last > total / 50 || got >= total) {
          last = got;
          post({ t: "loading", got, total });
        }
        out.enqueue(chunk);
      },
    }),
  );
  return new Response(counted, { status: r.status, headers: { "Content-Type": "application/wasm" } });
}

// A pool worker (named "sweep", pool.ts) gets the module the live run's
// worker compiled; the live run's worker downloads and compiles it, and
// sends it to the page for the pool.
const pooled = self.name === "sweep";
const module = new Promise<WebAssembly.Module>((resolve) => (run.given = resolve));

async function load() {
  importScripts("wasm_exec.js");
  if (pooled) run.compiled = await module;
  else {
    run.compiled = await WebAssembly.compileStreaming(withProgress(await fetch("overloadlab.wasm")));
    post({ t: "module", module: run.compiled });
  }
  await instantiate();
  post(pooled ? { t: "loaded" } : { t: "ready", describe: ok(run.bridge.describe()) });
}

// instantiate starts a fresh instance of the core and takes its bridge; an
// instance an exception went through (the browser's stack ran out inside
// it) is left behind, its stop unheard.
async function instantiate() {
  const go = new Go();
  const g = ++run.generation;
  const instance = await WebAssembly.instantiate(run.compiled, go.importObject);
  void go.run(instance).then(() => g === run.generation && post({ t: "fatal", error: "the simulator stopped" }));
  run.bridge = (globalThis as unknown as { overloadlab: Bridge }).overloadlab;
}

// report posts the report of what is on screen now.
function report(page: string) {
  const html = run.bridge.report(page);
  post(failed(html) ? { t: "report", error: html.error } : { t: "report", html });
}

// state is what the page shows after each call: the values the controls
// change, A's summary, and while comparing B's rows and the comparison.
// The bridge's JSON answers are parsed as the generated types they are.
function state(rowsB?: Float64Array): { values: Values; summary: Summary; cmp?: Compared } {
  const comparison: Comparison | null = JSON.parse(ok(run.bridge.comparison()));
  const cmp: Compared | undefined = comparison ? { rowsB: rowsB ?? new Float64Array(0), valuesA: JSON.parse(ok(run.bridge.valuesA())), comparison } : undefined;
  return { values: JSON.parse(ok(run.bridge.values())), summary: JSON.parse(ok(run.bridge.summary())), cmp };
}

function started(before?: string) {
  const info: Info = JSON.parse(ok(run.bridge.info()));
  post({ t: "started", info, ...state(), before });
}

function handle(m: ToWorker) {
  switch (m.t) {
    case "start": {
      // The link of the run on screen, for the page to go back to.
      const was = run.bridge.link();
      const before = failed(was) ? undefined : was;
      const r = m.link !== undefined ? run.bridge.startLink(m.link) : m.scenario !== undefined ? run.bridge.start(m.scenario) : run.bridge.startPreset(m.preset ?? "");
      if (failed(r)) {
        const preset = m.link !== undefined ? run.bridge.linkPreset(m.link) : "";
        post({ t: "start-failed", error: r.error, link: m.link, preset: failed(preset) ? "" : preset });
        return;
      }
      started(before);
      return;
    }
    case "advance": {
      const rows = ok(run.bridge.advance(m.seconds, m.budget));
      const s = state(ok(run.bridge.rowsB()));
      post({ t: "rows", rows, now: s.summary.duration_s, ...s }, s.cmp ? [rows.buffer, s.cmp.rowsB.buffer] : [rows.buffer]);
      return;
    }
    case "compare": {
      const r = run.bridge.compare(m.i);
      if (failed(r)) {
        post({ t: "compare-failed", error: r.error });
        return;
      }
      // B so far, as one batch of rows with nothing new for A.
      const s = state(r);
      post({ t: "compared", info: JSON.parse(ok(run.bridge.info())), ...s });
      return;
    }
    case "compare-base": {
      const r = run.bridge.compareWithBase();
      if (failed(r)) {
        post({ t: "compare-failed", error: r.error });
        return;
      }
      started();
      return;
    }
    case "end-compare":
      ok(run.bridge.endCompare());
      started();
      return;
    case "reset":
      ok(run.bridge.reset());
      started();
      return;
    case "words": {
      const r = run.bridge.setWords(m.title, m.note);
      post({ t: "words", error: failed(r) ? r.error : undefined });
      return;
    }
    case "pick": {
      // A prediction made, for the link (replied as words are).
      const r = run.bridge.setPick(m.name, m.choice);
      post({ t: "words", error: failed(r) ? r.error : undefined });
      return;
    }
    case "attempt": {
      const r = run.bridge.setAttempt(m.name);
      post({ t: "words", error: failed(r) ? r.error : undefined });
      return;
    }
    case "report":
      report(m.page);
      return;
    case "set": {
      const r = run.bridge.set(m.name, m.value);
      post({ t: "set", name: m.name, ...(failed(r) ? { error: r.error } : { label: r }), values: JSON.parse(ok(run.bridge.values())) });
      return;
    }
    case "link":
      post({ t: "link", link: ok(run.bridge.link()), short: ok(run.bridge.shortLink()), quiet: m.quiet });
      return;
    case "export":
      post({ t: "export", json: ok(run.bridge.export()) });
      return;
    case "sweep":
      // The page's sweep, for the link; a refused one stays out of it (the
      // pool reports why the sweep cannot run).
      run.bridge.setSweep(m.plan);
      return;
    case "cell": {
      // A pool worker: one run of a sweep (sweep.ts, pool.ts).
      const r = run.bridge.sweepCell(m.scenario, m.plan, m.v, m.i, m.s);
      post(failed(r) ? { t: "cell", id: m.id, error: r.error } : { t: "cell", id: m.id, sample: r });
      return;
    }
    case "point": {
      // A pool worker: a point from its seeds' samples.
      const r = run.bridge.sweepPoint(m.scenario, m.plan, m.samples);
      post(failed(r) ? { t: "point", id: m.id, error: r.error } : { t: "point", id: m.id, point: JSON.parse(r) });
      return;
    }
    case "row": {
      // A pool worker: a link of the class view replayed to its end.
      const r = run.bridge.classRow(m.line, m.link);
      post(failed(r) ? { t: "row", id: m.id, error: r.error } : { t: "row", id: m.id, row: r });
      return;
    }
    case "module":
      return; // handled on arrival
  }
}

const ready = load().catch((e) => post({ t: "fatal", error: "could not load the simulator: " + String(e) }));

self.onmessage = (ev: MessageEvent<ToWorker>) => {
  if (ev.data.t === "module") return run.given(ev.data.module);
  void ready.then(() => {
    const m = ev.data;
    try {
      handle(m);
    } catch (e) {
      const error = String((e as Error).message ?? e);
      // The core failed opening a link: a fresh instance opens the first
      // preset instead, with the message, so the page stays usable.
      if (m.t === "start" && m.link !== undefined) void instantiate().then(() => post({ t: "start-failed", error, link: m.link, preset: "" }));
      else post({ t: "fatal", error });
    }
  });
};
