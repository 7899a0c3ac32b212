// The time in view, shared by every chart and tile: a scrubbed time (null
// = the latest row), one time zoom for all charts, and how times are
// written (m:ss, or h:mm:ss for runs over 10 minutes).
import { Clock, ClockTicks, TileAgg } from "./gen/types";
import type { Store } from "./store";

export const view = {
  // at is the simulated time the user looks at; null follows the run.
  at: null as number | null,
  // zoom is the time range every chart shows; null shows the whole run.
  zoom: null as [number, number] | null,
  // long is true for runs over 10 minutes: times read h:mm:ss.
  long: false,
};

// LONG_RUN is the length of a run (s) beyond which its times read h:mm:ss
// (core/engine/clock.Long, generated).
export const LONG_RUN = Clock.Long;

const pad = (n: number) => String(n).padStart(2, "0");

// timeText writes a simulated time as every part of the lab does
// (core/engine/clock, checked against its testdata/clock.json): in whole
// seconds, m:ss in a run of up to 10 minutes, h:mm:ss in a longer one
// (long), so that "0:01" never means a minute; "–" for no number.
export function timeText(t: number, long = view.long): string {
  if (!Number.isFinite(t)) return "–";
  const s = Math.round(Math.max(0, t));
  if (!long) return `${Math.floor(s / 60)}:${pad(s % 60)}`;
  return `${Math.floor(s / 3600)}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
}

// timeNotation names how timeText writes times, for an axis's label.
export function timeNotation(): string {
  return view.long ? "h:mm:ss" : "m:ss";
}

// timeIncrs are the tick spacings of the time axis (clock.Ticks,
// generated): whole minutes for runs over 10 minutes, seconds and minutes
// for shorter ones.
export function timeIncrs(long = view.long): number[] {
  return long ? ClockTicks.slice(Clock.LongFrom) : ClockTicks;
}

// rowAt returns the index of the last row at or before t (-1 if none).
export function rowAt(store: Store, t: number): number {
  const ts = store.col("t") ?? [];
  let lo = 0;
  let hi = ts.length - 1;
  let best = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (ts[mid] <= t + 1e-9) {
      best = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return best;
}

// tileValue is a headline tile's figure at row i: the column's value
// (agg ""), its maximum so far ("max"), its total so far ("sum": the
// per-second rate times each row's length), or its mean over the rows
// ending after from ("mean", as a claim's window: null before it ends).
export function tileValue(store: Store, column: string, agg: string, i: number, from = 0): number | null {
  const col = store.col(column);
  const ts = store.col("t");
  if (!col || !ts || i < 0) return null;
  if (agg === TileAgg.Max) {
    let m = -Infinity;
    for (let k = 0; k <= i; k++) m = Math.max(m, col[k]);
    return m;
  }
  if (agg === TileAgg.Sum) {
    let s = 0;
    for (let k = 0; k <= i; k++) s += col[k] * (ts[k] - (k > 0 ? ts[k - 1] : 0));
    return s;
  }
  if (agg === TileAgg.Mean) {
    let s = 0;
    let n = 0;
    for (let k = 0; k <= i; k++)
      if (ts[k] > from) {
        s += col[k];
        n++;
      }
    return n > 0 ? s / n : null;
  }
  return col[i];
}
