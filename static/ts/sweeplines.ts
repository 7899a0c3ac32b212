// Where a sweep's capacity and pass lines are drawn: a line that holds
// only up to a value of the study's parameter (sim.SweepLine.Upto, "90 %
// of capacity to 30 % overload") ends there on a sweep of that parameter.

// within keeps a line's values at the points it holds for: those at or
// below upto when the sweep is of the study's parameter (null elsewhere,
// a gap in the chart); every value when upto is unset or the sweep is of
// another parameter.
export function within(ys: (number | null)[], xs: number[], upto: number | undefined, ofStudyParam: boolean): (number | null)[] {
  if (!upto || !ofStudyParam) return ys;
  return ys.map((y, i) => (xs[i] !== undefined && xs[i] <= upto * (1 + 1e-9) ? y : null));
}

// A variant as the sweep's curve list and a link hold it.
type Curve = { label: string; params?: Record<string, unknown> };

// curveOf finds a link's variant in the curves on offer: by its label, or
// else by the parameters it sets, so that a link made when the curve had
// another name (an old link names a control by its key, "none" or
// "adaptive-acg", where the list has its words, "no control", "adaptive")
// shows that curve once, under the list's words.
export function curveOf<C extends Curve>(curves: C[], v: Curve): C | undefined {
  const set = (c: Curve) => JSON.stringify(Object.entries(c.params ?? {}).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  return curves.find((c) => c.label === v.label) ?? (set(v) === "[]" ? undefined : curves.find((c) => set(c) === set(v)));
}
