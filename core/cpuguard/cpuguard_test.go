package cpuguard

import "testing"

// The guard acts at 70 % and above, not below, and follows every interval's
// measurement in both directions.
func TestThresholdIsSeventyPercentInclusive(t *testing.T) {
	var g Guard
	steps := []struct {
		rho  float64
		high bool
	}{
		{0.50, false}, {0.6999, false}, {0.70, true}, {0.95, true}, {0.6999, false}, {1.0, true}, {0.0, false},
	}
	for i, s := range steps {
		g.Observe(s.rho)
		if g.High() != s.high {
			t.Fatalf("step %d: CPU %.4f: High() = %v, want %v", i, s.rho, g.High(), s.high)
		}
	}
	if g.Activations != 2 || g.HighIntervals != 3 {
		t.Fatalf("activations %d, high intervals %d; want 2 and 3", g.Activations, g.HighIntervals)
	}
	g.Reset()
	if g.High() {
		t.Fatal("still high after Reset")
	}
}
