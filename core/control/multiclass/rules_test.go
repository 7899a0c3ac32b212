package multiclass

import (
	"testing"
)

var occ = Occupancy{Target: 0.9, PhiMax: 20, FMin: 0.01}

func TestOccupancyPhi(t *testing.T) {
	for _, c := range []struct{ rho, want float64 }{
		{1, 0.9},         // saturated: at most ρ_target per interval
		{0.9, 1},         // on target: unchanged
		{0.45, 2},        // half the target: double
		{0.01, 20},       // 90 capped at φ_max
		{0.045, 20},      // exactly φ_max
		{0, 20},          // idle
		{-1, 20},         // nonsense occupancy behaves as idle
		{0.5, 0.9 / 0.5}, // the formula itself
		{0.75, 0.9 / 0.75},
	} {
		if got := occ.Phi(c.rho); got != c.want {
			t.Errorf("Phi(%g) = %v, want %v", c.rho, got, c.want)
		}
	}
}

func TestOccupancyNext(t *testing.T) {
	for _, c := range []struct{ f, rho, want float64 }{
		{1, 1, 0.9},
		{0.5, 0.45, 1},      // 0.5·2 = 1
		{0.8, 0.45, 1},      // 1.6 clamped to 1
		{0.011, 1, 0.01},    // 0.0099 clamped to f_min
		{0.01, 0.01, 0.2},   // ×20
		{0.25, 0.9, 0.25},   // on target
		{0.5, 1, 0.5 * 0.9}, // one step down
	} {
		if got := occ.Next(c.f, c.rho); got != c.want {
			t.Errorf("Next(%g, %g) = %v, want %v", c.f, c.rho, got, c.want)
		}
	}
}

// intervalsTo counts the OCC intervals, at a saturated processor, until f
// reaches 1/k from 1.
func intervalsTo(k float64) int {
	f, n := 1.0, 0
	for f > 1/k {
		f = occ.Next(f, 1)
		n++
	}
	return n
}

// Kasera et al.: since ρ ≤ 1, OCC needs ⌈ln k / ln(1/0.9)⌉ intervals: 16 at 5×
// and 22 at 10×.
func TestOccupancySlowUnderOverload(t *testing.T) {
	if n := intervalsTo(5); n != 16 {
		t.Errorf("OCC reaches 1/5 in %d intervals, want 16", n)
	}
	if n := intervalsTo(10); n != 22 {
		t.Errorf("OCC reaches 1/10 in %d intervals, want 22", n)
	}
	if n := intervalsTo(2); n != 7 {
		t.Errorf("OCC reaches 1/2 in %d intervals, want 7", n)
	}
}

func TestAcceptanceRate(t *testing.T) {
	a := AcceptanceRate{occ}
	for _, c := range []struct{ f, rho, alpha, offered, want float64 }{
		{1, 1, 450, 2250, 0.2},                // a 5× overload is seen in one interval
		{1, 1, 450, 4500, 0.1},                // 10×
		{1, 1, 450, 450, 0.9},                 // on the target rate: the occupancy term wins
		{1, 0.5, 450, 300, 1},                 // underload: no limit
		{0.2, 1, 450, 2250, occ.Target * 0.2}, // saturated by backlog: the occupancy term cuts further
		{1, 1, 450, 0, 0.9},                   // nothing offered: the rate term does not limit
		{1, 1, 1, 1000, 0.01},                 // clamped to f_min
		{0.1, 0.3, 450, 1500, 0.3},            // the occupancy term would allow 0.3, the rate term 0.3
		{0.1, 0.3, 450, 3000, 0.15},           // the rate term is the smaller
		{0.01, 0.01, 450, 1000, 0.2},          // the occupancy term (×20) is the smaller
	} {
		if got := a.Next(c.f, c.rho, c.alpha, c.offered); got != c.want {
			t.Errorf("Next(f=%g, ρ=%g, α=%g, Λ=%g) = %v, want %v", c.f, c.rho, c.alpha, c.offered, got, c.want)
		}
	}
}

// ARO reaches the right fraction after one interval where OCC needs 16.
func TestAcceptanceRateReactsInOneInterval(t *testing.T) {
	a := AcceptanceRate{occ}
	const capacity, offered = 500.0, 2500.0 // base calls/s; a 5× overload
	alpha := TargetRate(0.9, 0, 1/capacity)
	f := a.Next(1, 1, alpha, offered)
	if want := alpha / offered; f != want {
		t.Fatalf("after one interval f = %v, want α/Λ = %v", f, want)
	}
	if f*offered/capacity != 0.9 {
		t.Errorf("admitted load %v, want the target 0.9", f*offered/capacity)
	}
}

func TestTargetRate(t *testing.T) {
	for _, c := range []struct{ target, c0, cb, want float64 }{
		{0.75, 0, 0.25, 3},
		{0.75, 0.25, 0.25, 2},
		{0.5, 0.75, 0.25, 0}, // other work above the target: admit nothing
		{0.9, 0, 0, 0},       // no cost: no rate
	} {
		if got := TargetRate(c.target, c.c0, c.cb); got != c.want {
			t.Errorf("TargetRate(%g, %g, %g) = %v, want %v", c.target, c.c0, c.cb, got, c.want)
		}
	}
}

func TestRED(t *testing.T) {
	r := RED{W: 0.5, MinTh: 5, MaxTh: 15, MaxP: 0.5}
	steps := []struct{ q, avg, p float64 }{
		{4, 2, 0},        // below min_th
		{8, 5, 0},        // at min_th: p = 0
		{15, 10, 0.25},   // halfway: max_p/2
		{20, 15, 1},      // at max_th: 1
		{5, 10, 0.25},    // back down
		{0, 5, 0},        //
		{0, 2.5, 0},      //
		{17.5, 10, 0.25}, //
	}
	for i, s := range steps {
		p := r.Observe(s.q)
		if r.Avg != s.avg || p != s.p {
			t.Fatalf("step %d: Observe(%g) gives q̄ %v, p %v; want %v, %v", i, s.q, r.Avg, p, s.avg, s.p)
		}
	}
	// The default weight: q̄ moves 0.2 % of the way per first message.
	d := RED{W: 0.002, MinTh: 5, MaxTh: 15, MaxP: 0.1}
	d.Observe(1000)
	if d.Avg != 2 {
		t.Errorf("w = 0.002: q̄ = %v after one sample of 1000, want 2", d.Avg)
	}
}

func TestWeightsAndEquivalentRate(t *testing.T) {
	w := make([]float64, 4)
	Weights(w, []float64{0.008, 0.006, 0.004, 0.002}, 3)
	want := []float64{4, 3, 2, 1}
	for i := range w {
		if w[i] != want[i] {
			t.Fatalf("w = %v, want %v", w, want)
		}
	}
	if got := EquivalentRate(w, []float64{1, 2, 3, 4}); got != 20 {
		t.Errorf("Λ_eq = %v, want 4+6+6+4 = 20", got)
	}
	Weights(w, []float64{8, 6, 4, 2}, 0)
	if w[3] != 0.25 || w[0] != 1 {
		t.Errorf("base 0: w = %v", w)
	}
	Weights(w, []float64{8, 6, 4, 0}, 3)
	for i := range w {
		if w[i] != 1 {
			t.Errorf("base cost 0: w = %v, want all 1", w)
		}
	}
}

func TestPartition(t *testing.T) {
	w := []float64{4, 3, 2, 1}
	rates := []float64{1, 2, 3, 4} // equivalent loads 4, 6, 6, 4
	for _, c := range []struct {
		e    float64
		f    []float64
		left float64
	}{
		{25, []float64{1, 1, 1, 1}, 5},
		{20, []float64{1, 1, 1, 1}, 0},
		{18, []float64{1, 1, 1, 0.5}, 0},
		{13, []float64{1, 1, 0.5, 0}, 0},
		{7, []float64{1, 0.5, 0, 0}, 0},
		{2, []float64{0.5, 0, 0, 0}, 0},
		{0, []float64{0, 0, 0, 0}, 0},
		{-3, []float64{0, 0, 0, 0}, 0},
	} {
		f := make([]float64, 4)
		left := Partition(f, c.e, w, rates)
		for i := range f {
			if f[i] != c.f[i] {
				t.Errorf("E = %g: f = %v, want %v", c.e, f, c.f)
				break
			}
		}
		if left != c.left {
			t.Errorf("E = %g: left %v, want %v", c.e, left, c.left)
		}
		// Conservation: what is given plus what is left is E (or all of it).
		var given float64
		for i := range f {
			given += f[i] * w[i] * rates[i]
		}
		if want := max(min(c.e, 20), 0); given != want {
			t.Errorf("E = %g: gives %v, want %v", c.e, given, want)
		}
	}
	// A class that offered nothing is open while something is left.
	f := make([]float64, 3)
	Partition(f, 5, []float64{1, 1, 1}, []float64{2, 0, 4})
	if f[0] != 1 || f[1] != 1 || f[2] != 0.75 {
		t.Errorf("silent class: f = %v, want [1 1 0.75]", f)
	}
	Partition(f, 2, []float64{1, 1, 1}, []float64{2, 0, 4})
	if f[1] != 0 {
		t.Errorf("silent class with nothing left: f = %v", f)
	}
}

func TestProportional(t *testing.T) {
	f := make([]float64, 3)
	Proportional(f, 5, 20)
	for _, x := range f {
		if x != 0.25 {
			t.Fatalf("f = %v, want all 0.25", f)
		}
	}
	Proportional(f, 30, 20)
	if f[0] != 1 {
		t.Errorf("E above the load: f = %v", f)
	}
	Proportional(f, 5, 0)
	if f[0] != 1 {
		t.Errorf("nothing offered: f = %v", f)
	}
}
