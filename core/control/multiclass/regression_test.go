package multiclass

import (
	"math"
	"testing"
)

// close reports whether a and b agree to 1e-9 relative: the fit solves
// normal equations in floating point, so the last bits may differ.
func close(a, b float64) bool { return math.Abs(a-b) <= 1e-9*math.Max(1, math.Abs(b)) }

// With noiseless data and a varying mix the fit recovers the costs.
func TestRegressionRecoversCosts(t *testing.T) {
	r := NewRegression(3, 2, 20, 1, 0.1, []float64{0.001, 0.001, 0})
	x1 := []float64{10, 20, 30, 15, 25, 12, 28, 18}
	x2 := []float64{100, 60, 120, 80, 140, 90, 70, 130}
	for i := range x1 {
		r.Add([]float64{x1[i], x2[i], 1}, 0.008*x1[i]+0.002*x2[i]+0.05)
	}
	if !r.Fit() {
		t.Fatal("Fit did not estimate")
	}
	for j, want := range []float64{0.008, 0.002, 0.05} {
		if !close(r.Estimate(j), want) || !r.Identified(j) {
			t.Errorf("coefficient %d: %v (identified %v), want %v", j, r.Estimate(j), r.Identified(j), want)
		}
	}
	if r.Fits != 1 || r.Holds != 0 {
		t.Errorf("fits %d holds %d", r.Fits, r.Holds)
	}
}

// A steady mix cannot tell the costs apart: they keep their estimates, and
// the constant takes what they do not explain.
func TestRegressionHoldsSteadyMix(t *testing.T) {
	r := NewRegression(3, 2, 20, 1, 0.1, []float64{0.006, 0.002, 0})
	for range 10 {
		r.Add([]float64{10, 100, 1}, 0.008*10+0.002*100+0.05)
	}
	r.Fit()
	if r.Estimate(0) != 0.006 || r.Estimate(1) != 0.002 || r.Identified(0) || r.Identified(1) {
		t.Errorf("costs %v %v, want held at 0.006 0.002", r.Estimate(0), r.Estimate(1))
	}
	if want := 0.33 - 0.006*10 - 0.002*100; !close(r.Estimate(2), want) || !r.Identified(2) {
		t.Errorf("constant %v, want %v", r.Estimate(2), want)
	}
	if r.Held(0) != 1 || r.Held(2) != 0 {
		t.Errorf("held counts %d %d", r.Held(0), r.Held(2))
	}
}

// Variation that is only the Poisson noise of the counts is not variation
// of the mix: CV² must reach v² + 1/x̄ (counts over 1 s).
func TestRegressionPoissonNoiseIsNotVariation(t *testing.T) {
	fit := func(lo, hi float64) bool {
		r := NewRegression(2, 1, 20, 1, 0.1, []float64{0.001, 0})
		r.CountsOver(1)
		for i := range 10 {
			x := lo
			if i%2 == 1 {
				x = hi
			}
			r.Add([]float64{x, 1}, 0.004*x+0.05)
		}
		r.Fit()
		return r.Identified(0)
	}
	// Mean 16, CV 0.25: CV² = 0.0625 < 0.01 + 1/16 = 0.0725.
	if fit(12, 20) {
		t.Error("CV 0.25 at a mean of 16 calls taken for variation")
	}
	// Mean 16, CV 0.5: CV² = 0.25 ≥ 0.0725.
	if !fit(8, 24) {
		t.Error("CV 0.5 at a mean of 16 calls not taken for variation")
	}
}

// A coefficient the fit makes negative is held, and the others refitted.
func TestRegressionNegativeIsHeld(t *testing.T) {
	r := NewRegression(3, 2, 20, 1, 0.1, []float64{0.001, 0.002, 0})
	x1 := []float64{10, 20, 30, 15, 25, 12, 28, 18}
	x2 := []float64{100, 60, 120, 80, 140, 90, 70, 130}
	for i := range x1 {
		r.Add([]float64{x1[i], x2[i], 1}, -0.001*x1[i]+0.002*x2[i]+0.3)
	}
	if !r.Fit() {
		t.Fatal("Fit held everything")
	}
	if r.Estimate(0) != 0.001 || r.Identified(0) {
		t.Errorf("negative coefficient: %v (identified %v), want held at 0.001", r.Estimate(0), r.Identified(0))
	}
	if r.Estimate(1) <= 0 || r.Estimate(2) <= 0 {
		t.Errorf("refit: %v %v", r.Estimate(1), r.Estimate(2))
	}
}

// The forgetting factor weighs an observation k intervals old by γ^k, and
// the window keeps only the last observations.
func TestRegressionForgettingAndWindow(t *testing.T) {
	r := NewRegression(1, -1, 3, 0.5, 0, []float64{0})
	r.Add([]float64{1}, 9) // falls out of the window
	r.Add([]float64{1}, 1)
	r.Add([]float64{2}, 1)
	r.Add([]float64{1}, 2)
	r.Fit()
	// Σ γ^k x y / Σ γ^k x², newest first: (1·1·2 + 0.5·2·1 + 0.25·1·1) / (1 + 0.5·4 + 0.25).
	if want := (2 + 0.5*2 + 0.25) / (1 + 0.5*4 + 0.25); !close(r.Estimate(0), want) {
		t.Errorf("estimate %v, want %v", r.Estimate(0), want)
	}
	if r.Len() != 3 {
		t.Errorf("window holds %d, want 3", r.Len())
	}
}

// Too few observations: no fit.
func TestRegressionNeedsObservations(t *testing.T) {
	r := NewRegression(3, 2, 20, 1, 0.1, []float64{1, 2, 3})
	for i := range 5 {
		r.Add([]float64{float64(i), float64(i * i), 1}, 1)
	}
	if r.Fit() || r.Estimate(1) != 2 {
		t.Error("fitted with 5 observations of 3 regressors (needs 6)")
	}
}
