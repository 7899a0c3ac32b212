package multiclass

import "testing"

func TestReactionOnTheAdmittedFraction(t *testing.T) {
	for _, c := range []struct {
		name             string
		f                []float64
		reached, settled int
		fstar            float64
	}{
		// f* = 0.2 (mean of the last third, no spread): within ±10 % from the 3rd value on.
		{"falls and stays", []float64{0.5, 0.3, 0.21, 0.19, 0.2, 0.2, 0.2, 0.2, 0.2}, 3, 3, 0.2},
		// Reached at once, then an overshoot: settled only after it.
		{"overshoot", []float64{0.2, 0.1, 0.15, 0.2, 0.2, 0.2}, 1, 4, 0.2},
		// A last third spreading ±20 % widens the band for settling only.
		{"noisy", []float64{0.5, 0.23, 0.16, 0.24, 0.2, 0.16, 0.24}, 5, 2, 0.2},
	} {
		r, s, f, ok := Reaction(c.f)
		if !ok || r != c.reached || s != c.settled || f < c.fstar-1e-12 || f > c.fstar+1e-12 {
			t.Errorf("%s: reached %d, settled %d, f* %v, ok %v; want %d, %d, %v", c.name, r, s, f, ok, c.reached, c.settled, c.fstar)
		}
	}
	if _, _, _, ok := Reaction([]float64{1, 0.5}); ok {
		t.Error("a series of 2 intervals has no last third")
	}
}
