package dsr

import (
	"testing"

	"overloadlab/core/engine/param"
	"overloadlab/core/engine/scenario"
	"overloadlab/core/engine/sim"
	"overloadlab/core/engine/sim/simtest"
)

// The burst markers are where the run bursts: the "burst on" column, read
// at each interval's end t, is 1 exactly when t lies in a marked span.
func TestBurstEventsMatchTheRun(t *testing.T) {
	sc := simtest.Preset(t, Def, "doic-shm-bursty")
	series, _ := simtest.Series(t, Def, sc)
	spans := events(sc)
	if len(spans) != 6 {
		t.Fatalf("%d burst events in 60 s every 10 s, want 6: %v", len(spans), spans)
	}
	for i, on := range series["burst"] {
		at := float64(i + 1)
		in := false
		for _, e := range spans {
			in = in || at >= e.At && at < e.Until
		}
		if in != (on == 1) {
			t.Errorf("at %g s: burst column %g, marked %v", at, on, in)
		}
	}
}

// A long run marks its first bursts; a change of a burst parameter in the
// timeline ends the series.
func TestBurstEventsBounded(t *testing.T) {
	sc := simtest.Preset(t, Def, "doic-shm-bursty")
	sc.Duration = 3600
	if es := events(sc); len(es) != maxBursts || es[maxBursts-1].Until != 300 {
		t.Errorf("a 1-hour run: %d events, the last %+v", len(es), es[len(es)-1])
	}
	sc.Timeline = []scenario.Change{{At: 25, Param: "burst.period", Value: param.Num(5)}}
	if es := events(sc); len(es) != 2 || es[1] != (sim.Event{At: 18, Until: 20, Label: "P0 burst ×3"}) {
		t.Errorf("bursts replanned at 25 s: %v, want the two before", es)
	}
}
