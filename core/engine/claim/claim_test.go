package claim

import (
	"testing"

	"overloadlab/core/engine/metrics"
)

var cols = []metrics.Column{{Name: "t", Unit: "s"}, {Name: "cpu", Label: "CPU", Unit: "%"}}

func run(t *testing.T, cs []Claim, cpu []float64, limit float64) []Result {
	t.Helper()
	e, err := New(cs, cols)
	if err != nil {
		t.Fatal(err)
	}
	for i, c := range cpu {
		e.Observe([]float64{float64(i + 1), c}, func(string) float64 { return limit })
	}
	return e.Results(float64(len(cpu)), float64(len(cpu)), func(ref string) (float64, bool) {
		if ref == "g/crashes" {
			return 2, true
		}
		return 0, false
	})
}

// Intervals end at 1 … 10 s; the window (2, 8] holds intervals 3 … 8.
func TestShareSettleAndCounter(t *testing.T) {
	cpu := []float64{90, 90, 80, 60, 75, 50, 40, 30, 99, 99}
	got := run(t, []Claim{
		{Name: "under", Kind: Share, Column: "cpu", Op: Below, Value: 70, From: 2, To: 8, Min: 50, Max: 100},
		{Name: "over-param", Kind: Share, Column: "cpu", Op: AtLeast, Param: "limit", Min: 0, Max: 40},
		{Name: "settle", Kind: Settle, Column: "cpu", Op: Below, Value: 70, From: 2, To: 8, Min: 0, Max: 3},
		{Name: "never", Kind: Settle, Column: "cpu", Op: Below, Value: 70, From: 2, Min: 0, Max: 3},
		{Name: "crashes", Kind: Counter, Counter: "g/crashes", Min: 0, Max: 0},
		{Name: "missing", Kind: Counter, Counter: "g/none", Min: 0, Max: 0},
		{Name: "mean", Kind: Mean, Column: "cpu", From: 7, Min: 70, Max: 80},
		{Name: "at-most", Kind: Share, Column: "cpu", Op: AtMost, Value: 75, To: 5, Min: 0, Max: 50},
		{Name: "above", Kind: Share, Column: "cpu", Op: Above, Value: 90, Min: 20, Max: 20},
	}, cpu, 75)
	want := []struct {
		holds    bool
		measured float64
	}{
		{true, 100 * 4.0 / 6}, // 60, 50, 40, 30 of 80, 60, 75, 50, 40, 30
		{false, 60},           // 90, 90, 80, 75, 99, 99 ≥ 75: 6 of 10
		{true, 5 - 2},         // under 70 for good from the interval starting at 5 s
		{false, -1},           // 99 at the end: never for good
		{false, 2},
		{false, 0},
		{true, (30 + 99 + 99) / 3.0}, // intervals ending at 8, 9, 10
		{true, 40},                   // 60, 75 of 90, 90, 80, 60, 75
		{true, 20},                   // 99, 99 of ten
	}
	for i, w := range want {
		if got[i].Holds != w.holds || abs(got[i].Measured-w.measured) > 1e-9 {
			t.Errorf("%s: holds %v measured %v, want %v %v (%s: %s)", got[i].Name, got[i].Holds, got[i].Measured, w.holds, w.measured, got[i].Says, got[i].Figure)
		}
	}
	if got[0].Says != "CPU < 70 % in ≥ 50 % of the intervals from 2 to 8 s" || got[0].Figure != "66.7 % (4 of 6 intervals)" {
		t.Errorf("says %q, figure %q", got[0].Says, got[0].Figure)
	}
	if got[4].Wanted != "= 0" || got[5].Figure != "no counter g/none" {
		t.Errorf("wanted %q, figure %q", got[4].Wanted, got[5].Figure)
	}
}

// A claim whose window the run has not passed is pending; one naming an
// unknown column is refused.
func TestPendingAndUnknownColumn(t *testing.T) {
	e, _ := New([]Claim{{Name: "x", Kind: Share, Column: "cpu", Op: Below, Value: 70, From: 0, To: 5, Min: 0, Max: 100}}, cols)
	e.Observe([]float64{1, 10}, nil)
	if r := e.Results(1, 10, nil)[0]; !r.Pending || !r.Holds {
		t.Errorf("after 1 s of a window to 5 s: %+v", r)
	}
	if _, err := New([]Claim{{Name: "y", Kind: Share, Column: "nope"}}, cols); err == nil {
		t.Error("unknown column accepted")
	}
}

func abs(x float64) float64 { return max(x, -x) }
