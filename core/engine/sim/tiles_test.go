package sim_test

import (
	"testing"

	"overloadlab/core/engine/sim"
)

// A counter reads as the model names it; a name ending in "." names every
// key it begins; a key the model does not name reads with spaces.
func TestCounterLabel(t *testing.T) {
	var cs sim.Counters
	cs.Add("stale_drops", "stale drops (waited longer than W)", "")
	cs.Family("level.", "intervals at level", "")
	cs.Add("wait_s", "mean wait", "seconds")
	cs.Add("unnamed", "", "") // the WebAssembly build: no words
	d := &sim.Def{Counters: &cs}
	for key, want := range map[string]string{
		"stale_drops":      "stale drops (waited longer than W)",
		"level.3":          "intervals at level 3",
		"mean_wait_s":      "mean wait s",
		"stale_drops_high": "stale drops high",
		"wait_s":           "mean wait (seconds)",
		"unnamed":          "unnamed",
	} {
		if got := d.CounterLabel(key); got != want {
			t.Errorf("CounterLabel(%q) = %q, want %q", key, got, want)
		}
	}
}
