package traffic

import (
	"math"
	"testing"

	"overloadlab/core/engine/kernel"
)

func TestProfileRates(t *testing.T) {
	s := kernel.Second
	p := Profile{Shape: Burst, Base: 10, Peak: 100, Start: 5 * s, Length: 2 * s}
	for _, c := range []struct {
		t    kernel.Time
		want float64
	}{{0, 10}, {5*s - 1, 10}, {5 * s, 100}, {7*s - 1, 100}, {7 * s, 10}} {
		if got := p.Rate(c.t); got != c.want {
			t.Errorf("burst at %v: %v, want %v", c.t, got, c.want)
		}
	}
	r := Profile{Shape: Ramp, Base: 0, Peak: 100, Start: 0, Length: 10 * s}
	if got := r.Rate(5 * s); got != 50 {
		t.Errorf("ramp half way: %v, want 50", got)
	}
	if got := r.Rate(5*s + 50*kernel.Millisecond); got != 50 {
		t.Errorf("ramp inside a step: %v, want 50", got)
	}
	if got := r.NextChange(5*s + 50*kernel.Millisecond); got != 5*s+RampStep {
		t.Errorf("ramp next change %v", got)
	}
	st := Profile{Shape: Step, Base: 1, Peak: 3, Start: s}
	if st.Rate(s) != 3 || st.NextChange(s) != kernel.Never || st.NextChange(0) != s {
		t.Error("step")
	}
}

// TestPoissonSourceCount checks the mean count of a Poisson source over a
// long run within 4 standard deviations (√n).
func TestPoissonSourceCount(t *testing.T) {
	src := NewSource(Profile{Shape: Step, Base: 100, Peak: 1000, Start: 100 * kernel.Second}, kernel.NewStream(1, 1))
	next := src.Restart(0)
	var before, after int
	for next < 200*kernel.Second {
		arrival, n := src.Wake(next)
		if arrival {
			if next < 100*kernel.Second {
				before++
			} else {
				after++
			}
		}
		next = n
	}
	for _, c := range []struct {
		got  int
		want float64
	}{{before, 10000}, {after, 100000}} {
		if math.Abs(float64(c.got)-c.want) > 4*math.Sqrt(c.want) {
			t.Errorf("count %d, want %v ± 4√n", c.got, c.want)
		}
	}
}

func TestRetry(t *testing.T) {
	s := kernel.NewStream(1, 9)
	r := Retry{Prob: 1, AfterReject: 10 * kernel.Second, AfterTimeout: kernel.Second, Jitter: 0.5, MaxAttempts: 3}
	d, ok := r.Next(s, 1, true)
	if !ok || d < 5*kernel.Second || d > 15*kernel.Second {
		t.Fatalf("reject back-off %v %v", d, ok)
	}
	d, ok = r.Next(s, 2, false)
	if !ok || d < 500*kernel.Millisecond || d > 1500*kernel.Millisecond {
		t.Fatalf("timeout pause %v %v", d, ok)
	}
	if _, ok := r.Next(s, 3, true); ok {
		t.Fatal("retried beyond MaxAttempts")
	}
	if _, ok := (&Retry{Prob: 0}).Next(s, 1, true); ok {
		t.Fatal("retried with probability 0")
	}
}
