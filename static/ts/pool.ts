// A pool of simulator workers for sweeps, apart from the live run's worker:
// each is its own Web Worker with its own WebAssembly instance, and runs one
// point of a sweep (every seed) per task. Tasks go to whichever worker is
// free; cancelling drops the tasks not started and ignores the points in
// flight, so a sweep stops within one point.
import type { FromWorker, PointStat, ToWorker } from "./types";

export interface Task {
  scenario: string; // the scenario as JSON
  plan: string; // the sweep's definition as JSON
  v: number; // variant
  i: number; // point
}

// defaultSize is one worker per core but one (the page and the live run
// keep a core), at least one.
export const defaultSize = () => Math.max(1, (navigator.hardwareConcurrency || 2) - 1);

export class Pool {
  private workers: Worker[] = [];
  private busy = new Map<Worker, { run: number; k: number }>(); // the task in flight
  private queue: number[] = [];
  private tasks: Task[] = [];
  private run = 0; // the sweep being run; results of older ones are ignored
  private onPoint: (p: PointStat) => void = () => {};
  private onEnd: (error?: string) => void = () => {};

  // size is the number of workers; extra ones are stopped, missing ones
  // started (each loads the simulator once, then stays).
  resize(size: number) {
    while (this.workers.length > size) {
      const w = this.workers.pop()!;
      w.terminate();
      this.busy.delete(w);
    }
    while (this.workers.length < size) {
      const w = new Worker("worker.js");
      w.onmessage = (ev: MessageEvent<FromWorker>) => {
        const m = ev.data;
        if (m.t === "fatal") return this.fail(m.error);
        if (m.t !== "point") return;
        const task = this.busy.get(w);
        this.busy.delete(w);
        if (task?.run !== this.run) return this.next(); // a cancelled sweep's
        if (m.error !== undefined || !m.point) return this.fail(m.error ?? "no point");
        this.onPoint(m.point);
        this.next();
      };
      this.workers.push(w);
    }
  }

  get size() {
    return this.workers.length;
  }

  // start runs the tasks; onPoint gets each point as it comes (in any
  // order), onEnd once at the end, with an error if one failed.
  start(tasks: Task[], onPoint: (p: PointStat) => void, onEnd: (error?: string) => void) {
    this.cancel();
    this.run++;
    this.tasks = tasks;
    this.queue = tasks.map((_, k) => k);
    this.onPoint = onPoint;
    this.onEnd = onEnd;
    for (const w of this.workers) if (!this.busy.has(w)) this.dispatch(w);
  }

  // cancel drops the tasks not started; the points in flight finish in
  // their workers and are ignored.
  cancel() {
    this.queue = [];
    this.run++;
    this.onPoint = () => {};
    this.onEnd = () => {};
  }

  // running reports whether the current sweep has points to run or in flight.
  get running() {
    for (const t of this.busy.values()) if (t.run === this.run) return true;
    return this.queue.length > 0;
  }

  private fail(error: string) {
    const end = this.onEnd;
    this.cancel();
    end(error);
  }

  private next() {
    for (const w of this.workers) if (!this.busy.has(w)) this.dispatch(w);
    if (!this.running) {
      const end = this.onEnd;
      this.onEnd = () => {};
      end();
    }
  }

  private dispatch(w: Worker) {
    const k = this.queue.shift();
    if (k === undefined) return;
    const t = this.tasks[k];
    this.busy.set(w, { run: this.run, k });
    const m: ToWorker = { t: "point", task: k, scenario: t.scenario, plan: t.plan, v: t.v, i: t.i };
    w.postMessage(m);
  }
}
