package cpuguard

import (
	"testing"

	"overloadlab/core/engine/kernel"
)

// The guard acts at 70 % and above, not below, and follows every reading
// in both directions; OnTime counts the time between a reading ≥ 70 % and
// the next one below.
func TestThresholdIsSeventyPercentInclusive(t *testing.T) {
	var g Guard
	steps := []struct {
		rho  float64
		high bool
	}{
		{0.50, false}, {0.6999, false}, {0.70, true}, {0.95, true}, {0.6999, false}, {1.0, true}, {0.0, false},
	}
	ms := kernel.Millisecond
	for i, s := range steps {
		g.Observe(kernel.Time(i+1)*100*ms, s.rho)
		if g.High() != s.high {
			t.Fatalf("step %d: CPU %.4f: High() = %v, want %v", i, s.rho, g.High(), s.high)
		}
	}
	if g.Activations != 2 || g.HighSamples != 3 {
		t.Fatalf("activations %d, high samples %d; want 2 and 3", g.Activations, g.HighSamples)
	}
	// On from 0.3 s to 0.5 s and from 0.6 s to 0.7 s.
	if on := g.OnTime(800 * ms); on != 300*ms {
		t.Fatalf("on for %v, want 300 ms", on)
	}
	g.Observe(900*ms, 0.8)
	if on := g.OnTime(1000 * ms); on != 100*ms {
		t.Fatalf("on for %v since the last call, want 100 ms", on)
	}
	g.Reset(1500 * ms)
	if g.High() {
		t.Fatal("still high after Reset")
	}
	if on := g.OnTime(2000 * ms); on != 500*ms {
		t.Fatalf("on for %v, want 500 ms (until the reset)", on)
	}
}
