package sim_test

import (
	"testing"

	"overloadlab/core/engine/sim"
)

// A counter reads as the model names it; a name ending in "." names every
// key it begins; a key the model does not name reads with spaces.
func TestCounterLabel(t *testing.T) {
	d := &sim.Def{Counters: []sim.CounterName{
		{Name: "stale_drops", Label: "stale drops (waited longer than W)"},
		{Name: "level.", Label: "intervals at level"},
	}}
	for key, want := range map[string]string{
		"stale_drops":      "stale drops (waited longer than W)",
		"level.3":          "intervals at level 3",
		"mean_wait_s":      "mean wait s",
		"stale_drops_high": "stale drops high",
	} {
		if got := d.CounterLabel(key); got != want {
			t.Errorf("CounterLabel(%q) = %q, want %q", key, got, want)
		}
	}
}
