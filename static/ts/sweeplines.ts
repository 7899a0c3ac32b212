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
