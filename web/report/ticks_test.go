package report

import (
	"testing"

	"overloadlab/core/engine/clock"
)

// The report's time axis steps through clock.Ticks, the page's list
// (generated into gen/types.ts): each spacing is the one chosen for an
// axis six of it long, in a short run and in a long one, and nothing
// beyond the last.
func TestTimeStepIsTheClocks(t *testing.T) {
	for _, run := range []float64{120, clock.Long + 1} {
		ticks := clock.Ticks(run)
		for _, s := range ticks {
			if got := timeStep(6*s, run); got != s {
				t.Errorf("run %g s: an axis of %g s steps by %g s, clock.Ticks has %g s", run, 6*s, got, s)
			}
		}
		if got := timeStep(ticks[0], run); got != ticks[0] {
			t.Errorf("run %g s: the shortest step is %g s, clock.Ticks' %g s", run, got, ticks[0])
		}
		if got, last := timeStep(1e9, run), ticks[len(ticks)-1]; got != last {
			t.Errorf("run %g s: beyond the list, %g s, want clock.Ticks' last %g s", run, got, last)
		}
	}
}
