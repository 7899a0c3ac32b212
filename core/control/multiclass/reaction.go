package multiclass

import "math"

// SettleBand is the band around the settled admitted fraction within which
// a control counts as having reached it: ±10 % of f*.
const SettleBand = 0.10

// Reaction measures how fast an admission control reacted to an overload
// from its admitted-fraction series f, one value per interval from the
// step on (f[0]: the fraction in force after the first interval of the
// overload) to the end of the overload. The settled fraction f* is the
// mean over the last third of the series.
//
//   - reached: intervals from the step to the end of the first interval in
//     which f is within ±SettleBand·f* of f*;
//   - settled: intervals from the step to the end of the first interval from
//     which f stays within that band to the end, the band widened to the
//     spread f keeps over the last third (max |f−f*|/f* there), so that the
//     noise of a settled control does not count as not settled.
//
// Only the control's own decisions count: buffer-full drops and the backlog
// do not shorten or lengthen it, as they did the earlier occupancy-based
// times. For OCC, from f₀, both are about ⌈ln(f₀/f*)/ln(1/ρ_target)⌉; ARO
// reaches f* in one or two. ok is false for a series under 3 intervals.
func Reaction(f []float64) (reached, settled int, fstar float64, ok bool) {
	n := len(f)
	if n < 3 {
		return 0, 0, 0, false
	}
	third := f[n-n/3:]
	for _, x := range third {
		fstar += x
	}
	fstar /= float64(len(third))
	band := SettleBand
	for _, x := range third {
		band = max(band, math.Abs(x-fstar)/fstar)
	}
	reached = n
	for i, x := range f {
		if math.Abs(x-fstar) <= SettleBand*fstar {
			reached = i + 1
			break
		}
	}
	settled = n
	for i := n - 1; i >= 0 && math.Abs(f[i]-fstar) <= band*fstar; i-- {
		settled = i + 1
	}
	return reached, settled, fstar, true
}
