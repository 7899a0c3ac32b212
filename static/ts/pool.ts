// A pool of simulator workers for sweeps, apart from the live run's worker.
// Each is its own Web Worker with its own WebAssembly instance, made from
// the module the live run's worker compiled (sent by postMessage, so the
// wasm is downloaded and compiled once). The pool starts its workers
// ahead (resize, when the sweep panel comes into view), warms them up on
// a short run (warm) and keeps them
// between sweeps. A task is one cell: one seed of one point of one curve,
// the smallest piece of work, so the workers finish together. While more
// cells are left than workers, each worker has a second cell queued behind
// the one it runs, so it never waits for the page between two. When the
// last seed of a point is in, the worker that ran it summarises the point
// from every seed's sample (one short call). Cancelling drops the cells not
// started and ignores those sent, so no point comes after a Cancel. A
// worker that dies (an uncaught error, its simulator stopped) is replaced,
// and what it had in hand is run again, once: a cell or a point that
// fails twice so ends the sweep, with the error naming it. The class view
// runs on it the same way (replay): a cell is then one link, replayed to
// its end (classRow).
import type { FromWorker, PointStat, ToWorker } from "./types";

// Point is one point of one curve of a sweep: variant v, point i.
export interface Point {
  v: number;
  i: number;
}

// Cell is one seed s of a point; or, in a replay, link number i (from 0).
export interface Cell extends Point {
  s: number;
  link?: string;
}

// Job is a message sent to a worker, awaiting its answer: of sweep run
// (-1 for a warm-up), a cell's run or a point's summary from its samples.
interface Job {
  run: number;
  cell?: Cell;
  point?: Point & { samples: string };
}

// defaultSize is one worker per core but one (the page and the live run
// keep a core), at least one.
export const defaultSize = () => Math.max(1, (navigator.hardwareConcurrency || 2) - 1);

export class Pool {
  private workers: Worker[] = [];
  private module: WebAssembly.Module | null = null;
  private loaded = new Set<Worker>(); // the workers whose simulator is in (and warm)
  private warming = new Map<Worker, number>(); // a worker's warm-up run (its id)
  private warmRun: { scenario: string; plan: string } | null = null;
  private busy = new Map<Worker, number[]>(); // a worker's cells sent, in order (their ids)
  private sent = new Map<number, Job>(); // messages awaiting an answer, by id
  private held = new Map<Worker, Set<number>>(); // the ids a worker has in hand (cells, points, warm-up)
  private retried = new Set<string>(); // the cells and points of this sweep run again after a death
  private killOn: { key: string; times: number } | null = null; // testKillOn's cell
  private ids = 0;
  private run = 0; // the sweep being run; answers for older ones are ignored
  private scenario = "";
  private plan = "";
  private seeds = 0;
  private queue: Cell[] = [];
  private samples = new Map<string, string[]>(); // the samples of a point so far (JSON), by "v,i"
  private summarising = 0; // points sent to be summarised, not yet back
  private onPoint: (p: PointStat) => void = () => {};
  private onRow: ((row: string) => void) | null = null; // a replay's (JSON ClassRow)
  private onEnd: (error?: string, at?: Cell) => void = () => {};
  // onLoaded is told how many workers have their simulator in, as it changes.
  onLoaded: (n: number) => void = () => {};

  // setModule hands the compiled simulator to every worker, now and later.
  setModule(m: WebAssembly.Module) {
    if (this.module) return;
    this.module = m;
    for (const w of this.workers) this.give(w);
  }

  // warm sets a short run that each worker makes when it starts, before it
  // counts as loaded: the simulator's code is compiled on first use and
  // optimised when hot, once for every worker (they share the module), so
  // the first sweep does not pay for it.
  warm(scenario: string, plan: string) {
    this.warmRun = { scenario, plan };
  }

  private give(w: Worker) {
    if (this.module) w.postMessage({ t: "module", module: this.module } satisfies ToWorker);
  }

  // resize sets the number of workers: extra ones are stopped, missing
  // ones started (each instantiates the simulator once, then stays).
  resize(size: number) {
    const lost: Job[] = [];
    while (this.workers.length > size) lost.push(...this.drop(this.workers[this.workers.length - 1]));
    while (this.workers.length < size) this.spawn();
    for (const job of lost.reverse()) this.rehome(job, this.workers[0]); // run it elsewhere
    if (this.running) this.next();
  }

  // rehome gives a job of a worker that is gone to others: a cell back to
  // the head of the queue, a point's summary to worker w.
  private rehome(job: Job, w: Worker) {
    if (job.cell) this.queue.unshift(job.cell);
    else if (job.point) this.post(w, { t: "point", id: this.ids++, scenario: this.scenario, plan: this.plan, samples: job.point.samples }, job);
  }

  // spawn starts a worker: it gets the simulator and makes its warm-up run.
  private spawn(): Worker {
    const w = new Worker("worker.js", { name: "sweep" });
    w.onmessage = (ev: MessageEvent<FromWorker>) => this.answer(w, ev.data);
    w.onerror = (ev) => {
      ev.preventDefault();
      this.died(w, ev.message || "the worker stopped");
    };
    this.workers.push(w);
    this.held.set(w, new Set());
    this.give(w);
    if (this.warmRun) {
      const id = this.ids++;
      this.busy.set(w, [id]);
      this.warming.set(w, id);
      this.post(w, { t: "cell", id, ...this.warmRun, v: 0, i: 0, s: 0 }, { run: -1 }); // no sweep's: its answer is dropped
    }
    return w;
  }

  // drop stops worker w and forgets it; it returns the current sweep's
  // jobs w had in hand.
  private drop(w: Worker): Job[] {
    w.terminate();
    this.workers.splice(this.workers.indexOf(w), 1);
    const lost: Job[] = [];
    for (const id of this.held.get(w) ?? []) {
      const job = this.sent.get(id);
      this.sent.delete(id);
      if (job?.run === this.run) lost.push(job);
    }
    for (const m of [this.busy, this.warming, this.held]) m.delete(w);
    if (this.loaded.delete(w)) this.onLoaded(this.loaded.size);
    return lost;
  }

  // died replaces worker w, which stopped with error why, and runs again
  // the current sweep's cells and points it had in hand, each once. A
  // worker that dies before its simulator is in is not replaced (the
  // simulator cannot load: the next would die too).
  private died(w: Worker, why: string) {
    if (!this.workers.includes(w)) return;
    const wasLoaded = this.loaded.has(w);
    const lost = this.drop(w);
    if (!wasLoaded) return this.fail(`a sweep worker could not start: ${why}`);
    const fresh = this.spawn();
    for (const job of lost.reverse()) {
      const at = job.cell ?? { v: job.point!.v, i: job.point!.i, s: -1 };
      const key = `${at.v},${at.i},${at.s}`;
      if (this.retried.has(key)) return this.fail(`its worker died twice (${why})`, at);
      this.retried.add(key);
      this.rehome(job, fresh);
    }
    this.next();
  }

  // testKill makes worker k die as a worker does of an uncaught error
  // (stopped, then an error event): for the tests only (sweep.ts hands the
  // pool to them on a page opened with ?test).
  testKill(k: number) {
    const w = this.workers[k];
    w?.terminate();
    w?.dispatchEvent(new ErrorEvent("error", { message: "killed by a test" }));
  }

  // testKillOn makes the worker that has cell (v, i, s) in hand, with its
  // simulator in, die as in testKill, the next `times` times it happens:
  // a death at a known cell, for the tests only.
  testKillOn(v: number, i: number, s: number, times: number) {
    this.killOn = { key: `${v},${i},${s}`, times };
  }

  // strike carries out testKillOn on worker w, if it is due.
  private strike(w: Worker) {
    const k = this.killOn;
    if (!k || k.times <= 0 || !this.loaded.has(w)) return;
    for (const id of this.held.get(w) ?? []) {
      const c = this.sent.get(id)?.cell;
      if (c && `${c.v},${c.i},${c.s}` === k.key) {
        k.times--;
        queueMicrotask(() => this.testKill(this.workers.indexOf(w)));
        return;
      }
    }
  }

  get size() {
    return this.workers.length;
  }

  // start runs every seed of the points; onPoint gets each point as it is
  // summarised (in any order), onEnd once at the end, with an error if a
  // cell failed (and the cell, when its worker died twice on it; seed -1
  // for a point's summary).
  start(scenario: string, plan: string, seeds: number, points: Point[], onPoint: (p: PointStat) => void, onEnd: (error?: string, at?: Cell) => void) {
    const replay = this.onRow && this.running ? this.onEnd : null;
    this.begin(points.flatMap((p) => Array.from({ length: seeds }, (_, s) => ({ ...p, s }))), onEnd);
    this.scenario = scenario;
    this.plan = plan;
    this.seeds = seeds;
    this.onPoint = onPoint;
    replay?.("a sweep took the workers"); // a sweep comes first
    this.next();
  }

  // replay runs each link to its end (the class view): onRow gets each
  // link's row as it comes (JSON ClassRow, in any order), onEnd once at
  // the end.
  replay(links: string[], onRow: (row: string) => void, onEnd: (error?: string) => void) {
    this.begin(
      links.map((link, i) => ({ v: -1, i, s: 0, link })),
      onEnd,
    );
    this.onRow = onRow;
    this.next();
  }

  private begin(queue: Cell[], onEnd: (error?: string, at?: Cell) => void) {
    this.cancel();
    this.retried.clear();
    this.run++;
    this.queue = queue;
    this.samples.clear();
    this.onEnd = onEnd;
  }

  // cancel drops the cells not started; those in flight finish in their
  // workers and are ignored.
  cancel() {
    this.queue = [];
    this.summarising = 0;
    this.run++;
    this.onPoint = () => {};
    this.onRow = null;
    this.onEnd = () => {};
  }

  // replaying reports whether a replay (not a sweep) is running.
  get replaying() {
    return this.onRow !== null && this.running;
  }

  // running reports whether the current sweep has cells to run or answers
  // to wait for.
  get running() {
    if (this.queue.length > 0 || this.summarising > 0) return true;
    for (const ids of this.busy.values()) if (ids.some((id) => this.sent.get(id)?.run === this.run)) return true;
    return false;
  }

  private answer(w: Worker, m: FromWorker) {
    if (m.t === "fatal") return this.died(w, m.error);
    if (m.t === "loaded" || (m.t === "cell" && this.warming.get(w) === m.id)) {
      if (m.t === "loaded" && this.warming.has(w)) return; // loaded once warm
      this.warming.delete(w);
      this.loaded.add(w);
      this.onLoaded(this.loaded.size);
      this.strike(w);
      if (m.t === "loaded") return;
    }
    if (m.t !== "cell" && m.t !== "point" && m.t !== "row") return;
    const job = this.sent.get(m.id);
    this.sent.delete(m.id);
    this.held.get(w)?.delete(m.id);
    if (m.t !== "point") this.busy.get(w)?.shift();
    if (job?.run !== this.run) return this.next(); // a cancelled sweep's
    if (m.error !== undefined) return this.fail(m.error);
    if (m.t === "row") this.onRow?.(m.row!);
    else if (m.t === "point") {
      this.summarising--;
      this.onPoint(m.point!);
    } else {
      const c = job.cell!;
      const key = `${c.v},${c.i}`;
      const got = this.samples.get(key) ?? [];
      got.push(m.sample!);
      this.samples.set(key, got);
      if (got.length === this.seeds) {
        // The worker that ran the last seed summarises the point (after
        // the cell queued behind it, if any).
        this.samples.delete(key);
        this.summarising++;
        const samples = `[${got.join(",")}]`;
        this.post(w, { t: "point", id: this.ids++, scenario: this.scenario, plan: this.plan, samples }, { run: this.run, point: { v: c.v, i: c.i, samples } });
      }
    }
    this.next();
  }

  private post(w: Worker, m: ToWorker & { id: number }, job: Job) {
    this.sent.set(m.id, job);
    this.held.get(w)?.add(m.id);
    w.postMessage(m);
    this.strike(w);
  }

  private fail(error: string, at?: Cell) {
    const end = this.onEnd;
    this.cancel();
    end(error, at);
  }

  private next() {
    for (let depth = 1; depth <= 2; depth++)
      for (const w of this.workers) {
        const ids = this.busy.get(w) ?? [];
        this.busy.set(w, ids);
        if (ids.length >= depth || (depth === 2 && this.queue.length <= this.workers.length)) continue;
        const c = this.queue.shift();
        if (!c) break;
        const id = this.ids++;
        ids.push(id);
        const m: ToWorker & { id: number } =
          c.link !== undefined ? { t: "row", id, line: c.i + 1, link: c.link } : { t: "cell", id, scenario: this.scenario, plan: this.plan, v: c.v, i: c.i, s: c.s };
        this.post(w, m, { run: this.run, cell: c });
      }
    if (!this.running) {
      const end = this.onEnd;
      this.onEnd = () => {};
      end();
    }
  }
}
