package multiclass

import (
	"errors"
	"strings"
	"testing"

	"overloadlab/core/engine/kernel"
	"overloadlab/core/engine/param"
)

// costs of four classes, highest priority first: 4, 3, 2 and 1 ms per call,
// the last the base class.
var costs4 = []float64{0.004, 0.003, 0.002, 0.001}

func config(a Algorithm) Config {
	return Config{Algorithm: a, Occupancy: occ, RED: RED{W: 1, MinTh: 5, MaxTh: 15, MaxP: 0.5},
		Costs: costs4, Base: 3, Window: 30, Forget: 0.95, MinVariation: 0.1, MaxOccupancy: 0.98}
}

func newController(t *testing.T, a Algorithm) *Controller {
	t.Helper()
	c, err := New(config(a), kernel.NewStream(1, 50))
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// offer offers n[i] first messages of each class at a time and returns how
// many were admitted.
func offer(c *Controller, now kernel.Time, n []int, queue float64) []int {
	got := make([]int, len(n))
	for i, k := range n {
		for range k {
			if c.Allow(now, i, queue) {
				got[i]++
			}
		}
	}
	return got
}

func same(a, b []float64) bool {
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return len(a) == len(b)
}

func fractions(c *Controller) []float64 {
	f := make([]float64, len(costs4))
	for i := range f {
		f[i] = c.Fraction(i)
	}
	return f
}

func TestControllerOCC(t *testing.T) {
	c := newController(t, OCC)
	if got := offer(c, 0, []int{1, 2, 3, 4}, 0); got[3] != 4 {
		t.Fatalf("before any measurement everything is admitted: %v", got)
	}
	// Rates 1, 2, 3, 4 calls/s: Λ_eq = 4+6+6+4 = 20; ρ = 1 → f = 0.9, E = 18.
	c.Update(kernel.Second, 1)
	if c.Offered() != 20 || c.Overall() != 0.9 {
		t.Fatalf("Λ_eq %v f %v, want 20 0.9", c.Offered(), c.Overall())
	}
	if f := fractions(c); !same(f, []float64{1, 1, 1, 0.5}) {
		t.Errorf("fractions %v, want [1 1 1 0.5]", f)
	}
	// Admitted shares of the interval that just ended: all 1.
	if c.Admitted(3) != 1 {
		t.Errorf("admitted share %v", c.Admitted(3))
	}
}

func TestControllerARO(t *testing.T) {
	c := newController(t, ARO)
	// α_target = 0.9 / 1 ms = 900 base calls/s.
	if c.TargetRate() != 0.9/0.001 {
		t.Fatalf("α_target %v", c.TargetRate())
	}
	// 100, 200, 300, 400 calls/s: Λ_eq = 400+600+600+400 = 2000 (a 2.2× overload).
	offer(c, 0, []int{100, 200, 300, 400}, 0)
	c.Update(kernel.Second, 1)
	if want := 900.0 / 2000; c.Overall() != want {
		t.Fatalf("f = %v, want α/Λ = %v", c.Overall(), want)
	}
	// E = 900: handover 400 of 400, mobile-terminated 500 of 600, the rest nothing.
	if f := fractions(c); !same(f, []float64{1, 500.0 / 600, 0, 0}) {
		t.Errorf("fractions %v, want [1 0.833 0 0]", f)
	}
	got := offer(c, kernel.Second, []int{100, 200, 300, 400}, 0)
	if got[0] != 100 || got[2] != 0 || got[3] != 0 || got[1] < 150 || got[1] > 190 {
		t.Errorf("admitted %v of [100 200 300 400]", got)
	}
	if c.Admitted(0) != 1 {
		t.Errorf("admitted share of the interval before: %v", c.Admitted(0))
	}
	c.Update(2*kernel.Second, 0.9)
	if c.Admitted(2) != 0 || c.Admitted(0) != 1 {
		t.Errorf("admitted shares %v %v", c.Admitted(0), c.Admitted(2))
	}
}

func TestControllerProportional(t *testing.T) {
	cfg := config(ARO)
	cfg.Proportional = true
	c, _ := New(cfg, kernel.NewStream(1, 50))
	offer(c, 0, []int{100, 200, 300, 400}, 0)
	c.Update(kernel.Second, 1)
	if f := fractions(c); !same(f, []float64{0.45, 0.45, 0.45, 0.45}) {
		t.Errorf("fractions %v, want all 0.45", f)
	}
}

func TestControllerSRED(t *testing.T) {
	c := newController(t, SRED) // w = 1: q̄ is the last queue seen
	if got := offer(c, 0, []int{10, 10, 10, 10}, 4); got[3] != 10 {
		t.Fatalf("below min_th: admitted %v", got)
	}
	if got := offer(c, 0, []int{10, 10, 10, 10}, 15); got[0] != 0 {
		t.Fatalf("at max_th: admitted %v", got)
	}
	// 20 of each per second: loads 80, 60, 40, 20 (Λ_eq 200).
	c.Update(kernel.Second, 1)
	// q̄ = 10: p = 0.25, E = 150: handover 1, MT 1, MO 10/40, LU 0.
	got := offer(c, kernel.Second, []int{20, 20, 20, 20}, 10)
	if got[0] != 20 || got[1] != 20 || got[3] != 0 || got[2] == 0 || got[2] == 20 {
		t.Errorf("q̄ = 10: admitted %v", got)
	}
	if c.AverageQueue() != 10 {
		t.Errorf("q̄ %v", c.AverageQueue())
	}
}

func TestControllerLostCountsAsOffered(t *testing.T) {
	c := newController(t, ARO)
	for range 10 {
		c.Lost(0)
	}
	c.Update(kernel.Second, 0.5)
	if c.Offered() != 40 {
		t.Errorf("Λ_eq %v, want 10 lost handovers × 4 = 40", c.Offered())
	}
}

// Same seed, same decisions; another seed, other decisions.
func TestControllerDeterministic(t *testing.T) {
	run := func(seed uint64) string {
		c, _ := New(config(ARO), kernel.NewStream(seed, 50))
		offer(c, 0, []int{100, 200, 300, 400}, 0)
		c.Update(kernel.Second, 1)
		var b strings.Builder
		for range 200 {
			if c.Allow(kernel.Second, 1, 0) {
				b.WriteByte('1')
			} else {
				b.WriteByte('0')
			}
		}
		return b.String()
	}
	if run(1) != run(1) {
		t.Error("same seed, different decisions")
	}
	if run(1) == run(2) {
		t.Error("different seeds, same decisions")
	}
}

func TestControllerRegressionLearnsCosts(t *testing.T) {
	cfg := config(ARO)
	cfg.Regression = true
	cfg.Costs = []float64{0.001, 0.001, 0.001, 0.001} // badly configured
	c, _ := New(cfg, kernel.NewStream(1, 50))
	mix := [][]float64{{10, 20, 30, 40}, {20, 10, 40, 30}, {5, 30, 20, 60}, {25, 15, 10, 20}, {15, 25, 50, 10}, {30, 5, 25, 50}}
	scale := []float64{1, 0.5, 1.5, 0.8, 1.2, 0.6, 1.4}
	for n := range 42 {
		m := mix[n%len(mix)]
		rho := 0.05
		for i, x := range m {
			x *= scale[n%len(scale)]
			c.Served(i, x) // x calls' worth of messages in 1 s
			rho += costs4[i] * x
		}
		c.Update(kernel.Time(n+1)*kernel.Second, rho)
	}
	for i, want := range costs4 {
		if !close(c.Cost(i), want) {
			t.Errorf("cost %d: %v, want %v", i, c.Cost(i), want)
		}
	}
	if !close(c.Idle(), 0.05) {
		t.Errorf("idle share %v, want 0.05", c.Idle())
	}
	if want := (0.9 - c.Idle()) / c.Cost(3); c.TargetRate() != want {
		t.Errorf("α_target %v, want %v", c.TargetRate(), want)
	}
}

func TestControllerConfigureKeepsState(t *testing.T) {
	c := newController(t, ARO)
	offer(c, 0, []int{100, 200, 300, 400}, 0)
	c.Update(kernel.Second, 1)
	cfg := config(ARO)
	cfg.Occupancy.Target = 0.8
	if err := c.Configure(cfg); err != nil {
		t.Fatal(err)
	}
	if c.Overall() != 0.45 || c.Offered() != 2000 || c.TargetRate() != 0.8/0.001 {
		t.Errorf("after Configure: f %v Λ %v α %v", c.Overall(), c.Offered(), c.TargetRate())
	}
	cfg.Costs = costs4[:2]
	if err := c.Configure(cfg); err == nil {
		t.Error("Configure accepted another number of classes")
	}
}

func TestControllerBadConfig(t *testing.T) {
	for name, mod := range map[string]func(*Config){
		"no classes":       func(c *Config) { c.Costs = nil },
		"too many":         func(c *Config) { c.Costs = make([]float64, MaxDim) },
		"base out":         func(c *Config) { c.Base = 4 },
		"base negative":    func(c *Config) { c.Base = -1 },
		"base cost zero":   func(c *Config) { c.Costs = []float64{1, 1, 1, 0} },
		"window too short": func(c *Config) { c.Regression = true; c.Window = 24 },
	} {
		cfg := config(ARO)
		cfg.Costs = append([]float64(nil), costs4...)
		mod(&cfg)
		if _, err := New(cfg, kernel.NewStream(1, 1)); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
}

func TestCheck(t *testing.T) {
	set := param.NewSet(Params...)
	v := set.Defaults()
	if err := Check(v, 4); err != nil {
		t.Fatalf("defaults: %v", err)
	}
	v.Put("sred.max-th", param.Num(5))
	var pe *param.Error
	if err := Check(v, 4); !errors.As(err, &pe) || pe.Field != "sred.max-th" || pe.Value != "5" || !strings.Contains(pe.Allowed, "sred.min-th = 5") {
		t.Errorf("max-th = min-th: %v", err)
	}
	v = set.Defaults()
	v.Put("regression.window", param.Num(24))
	if err := Check(v, 4); !errors.As(err, &pe) || pe.Field != "regression.window" || !strings.Contains(pe.Allowed, "at least 25") {
		t.Errorf("window 24: %v", err)
	}
	if err := v.Put("overload.target-occupancy", param.Num(120)); !errors.As(err, &pe) || pe.Field != "overload.target-occupancy" || !strings.Contains(pe.Allowed, "50 to 99") {
		t.Errorf("target 120: %v", err)
	}
	if err := v.Put("overload.algorithm", param.Str("red")); !errors.As(err, &pe) || !strings.Contains(pe.Allowed, "occ, sred, aro") {
		t.Errorf("algorithm red: %v", err)
	}
}

func TestConfigFrom(t *testing.T) {
	v := param.NewSet(Params...).Defaults()
	v.Put("overload.algorithm", param.Str("sred"))
	cfg, err := ConfigFrom(v, costs4, 3)
	if err != nil {
		t.Fatal(err)
	}
	want := RED{W: 0.002, MinTh: 5, MaxTh: 15, MaxP: 0.1}
	if cfg.Algorithm != SRED || cfg.Occupancy != occ || cfg.RED != want || cfg.Proportional || cfg.Regression ||
		cfg.Window != 60 || cfg.Forget != 0.95 || cfg.MinVariation != 0.1 || cfg.MaxOccupancy != 0.98 {
		t.Errorf("config %+v", cfg)
	}
}

// The per-message decision does not allocate.
func TestAllowDoesNotAllocate(t *testing.T) {
	for _, a := range []Algorithm{OCC, SRED, ARO} {
		c := newController(t, a)
		offer(c, 0, []int{100, 200, 300, 400}, 12)
		c.Update(kernel.Second, 1)
		if n := testing.AllocsPerRun(1000, func() { c.Allow(kernel.Second, 1, 12) }); n != 0 {
			t.Errorf("%s: %v allocations per decision", a, n)
		}
	}
}
