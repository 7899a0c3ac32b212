package backoff

import (
	"errors"
	"math"
	"testing"

	"overloadlab/core/engine/kernel"
	"overloadlab/core/engine/param"
)

func cfg() Config {
	return Config{On: true, Onset: 0.80, Abatement: 0.70, Min: 15 * kernel.Minute, Max: 30 * kernel.Minute}
}

// Congested from a reading at or above the onset until one below the
// abatement, not before and not after.
func TestOnsetAndAbatement(t *testing.T) {
	c := New(cfg())
	steps := []struct {
		rho  float64
		want bool
	}{{0.50, false}, {0.7999, false}, {0.80, true}, {0.75, true}, {0.70, true}, {0.6999, false}, {0.79, false}, {1, true}}
	for i, s := range steps {
		now := kernel.Time(i+1) * kernel.Second
		c.Observe(now, s.rho)
		if got, _ := c.Congested(); got != s.want {
			t.Fatalf("step %d: CPU %v: congested %v, want %v", i, s.rho, got, s.want)
		}
	}
	if _, since := c.Congested(); since != 8*kernel.Second {
		t.Errorf("congested since %v, want 8 s", since)
	}
	if c.Stats.Onsets != 2 {
		t.Errorf("%d onsets, want 2", c.Stats.Onsets)
	}
	c.Configure(9*kernel.Second, Config{})
	c.Observe(10*kernel.Second, 1)
	if got, _ := c.Congested(); got {
		t.Error("switched off, still congested")
	}
}

// TS 23.401 §4.3.7.4.2: high-priority access and emergency are never
// rejected for congestion; every other request is, with T3346.
func TestEmergencyAndHighPriorityNeverRejected(t *testing.T) {
	c := New(cfg())
	if rej, _ := c.Decide(Normal, 0.5); rej {
		t.Fatal("rejected while not congested")
	}
	c.Observe(kernel.Second, 0.95)
	s := kernel.NewStream(3, 4)
	for range 1000 {
		for _, a := range []Access{Emergency, HighPriority} {
			if rej, _ := c.Decide(a, s.Float64()); rej {
				t.Fatalf("access %d rejected for congestion", a)
			}
		}
		if rej, t3346 := c.Decide(Normal, s.Float64()); !rej || t3346 < 15*kernel.Minute || t3346 >= 30*kernel.Minute {
			t.Fatalf("normal request: reject %v with T3346 %v, want a reject with 15 ≤ T3346 < 30 min", rej, t3346)
		}
	}
	if c.Stats.Rejects != 1000 || c.Stats.Exempted != 2000 {
		t.Errorf("rejects %d, exempted %d; want 1000 and 2000", c.Stats.Rejects, c.Stats.Exempted)
	}
}

// A fixed T3346 gives every rejected UE the same back-off, so the herd
// returns at one instant; a random one is uniform over [min, max].
func TestT3346FixedOrUniform(t *testing.T) {
	fixed := cfg()
	fixed.Min, fixed.Max = 15*kernel.Minute, 15*kernel.Minute
	c := New(fixed)
	for _, r := range []float64{0, 0.3, math.Nextafter(1, 0)} {
		if got := c.T3346(r); got != 900*kernel.Second {
			t.Errorf("fixed 15 min, rand %v: %v, want 900 s", r, got)
		}
	}
	c = New(cfg())
	if got := c.T3346(0); got != 15*kernel.Minute {
		t.Errorf("rand 0: %v, want 15 min", got)
	}
	if got := c.T3346(0.5); got != 1350*kernel.Second {
		t.Errorf("rand 0.5: %v, want 22.5 min", got)
	}
	s := kernel.NewStream(5, 6)
	const n = 100000
	var hist [15]int // one-minute bins of [15, 30) min
	sum := 0.0
	for range n {
		d := c.T3346(s.Float64())
		hist[int(d/kernel.Minute)-15]++
		sum += d.Seconds() / 60
	}
	if m := sum / n; math.Abs(m-22.5) > 0.07 { // σ of the mean: 15/√12/√n ≈ 0.014 min
		t.Errorf("mean T3346 %.3f min, want 22.5", m)
	}
	for i, k := range hist { // each bin holds n/15 ± 5σ
		if math.Abs(float64(k)-n/15.0) > 5*math.Sqrt(n/15.0) {
			t.Errorf("minute %d holds %d draws, want about %.0f", 15+i, k, n/15.0)
		}
	}
}

func TestCheckParams(t *testing.T) {
	set := param.NewSet(Params...)
	if err := CheckParams(set.Defaults()); err != nil {
		t.Fatalf("defaults refused: %v", err)
	}
	if c := ConfigFrom(set.Defaults()); c.Min != 15*kernel.Minute || c.Max != 30*kernel.Minute || c.Onset != 0.8 || c.Abatement != 0.7 {
		t.Errorf("defaults read as %+v", c)
	}
	for name, field := range map[string]string{"t3346.min": "t3346.min", "nas-congestion.abatement": "nas-congestion.abatement"} {
		v := set.Defaults()
		if err := v.Put(name, param.Num(99)); err != nil {
			t.Fatal(err)
		}
		var pe *param.Error
		if err := CheckParams(v); !errors.As(err, &pe) || pe.Field != field {
			t.Errorf("%s = 99: %v, want an error naming %s", name, err, field)
		}
	}
}
