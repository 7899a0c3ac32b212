// Which of a chart's series the page draws: with upto, the first k (one
// per instance, sim.Chart.Upto); a conditional series (sim.Chart.If) only
// if its condition held at some time of the run (an alternate server the
// scenario does not have is neither drawn at 0 nor listed). web/report
// draws the same (heldSeries).
import type { Chart, Values } from "./types";

// lineOn says whether a threshold line's switch is on (sim.Line.On): If
// names a Bool parameter (on while true), or is "name=a|b" for a Choice
// parameter with one of those values.
export function lineOn(cond: string, values: Values): boolean {
  const eq = cond.indexOf("=");
  if (eq < 0) return values[cond] === true || values[cond] === 1;
  const v = values[cond.slice(0, eq)];
  return typeof v === "string" && cond.slice(eq + 1).split("|").includes(v);
}

// heldWith marks the series whose condition holds with any of values,
// keeping those marked before (held: null for a new run).
export function heldWith(chart: Chart, held: boolean[] | null, ...values: Values[]): boolean[] {
  return chart.series.map((_, i) => {
    const c = chart.if?.[i];
    return !c || (held?.[i] ?? false) || values.some((v) => lineOn(c, v));
  });
}

// drawnSeries is the series drawn: the first k (undefined: all), of them
// those held.
export function drawnSeries(chart: Chart, k: number | undefined, held: boolean[]): string[] {
  return chart.series.filter((_, i) => (k === undefined || i < k) && held[i]);
}
