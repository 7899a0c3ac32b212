package claim

import (
	"math"
	"strings"
	"testing"

	"overloadlab/core/engine/metrics"
)

var cols = []metrics.Column{{Name: "t", Unit: "s"}, {Name: "cpu", Label: "CPU", Unit: "%"}}

func run(t *testing.T, cs []Claim, cpu []float64, limit float64) []Result {
	t.Helper()
	return runTo(t, cs, cpu, limit, float64(len(cpu)), float64(len(cpu)))
}

// runTo observes the intervals of cpu (ending at 1, 2, … s) of a run
// ending at end and checks the claims at now; the counter g/crashes is 2.
func runTo(t *testing.T, cs []Claim, cpu []float64, limit, now, end float64) []Result {
	t.Helper()
	e, err := New(cs, cols)
	if err != nil {
		t.Fatal(err)
	}
	for i, c := range cpu {
		e.Observe([]float64{float64(i + 1), c}, func(string) float64 { return limit })
	}
	return e.Results(now, end, func(ref string) (float64, bool) {
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
		{Name: "over-param", Kind: Share, Column: "cpu", Op: AtLeast, Param: "limit", What: "CPU at least the limit", Min: 0, Max: 40},
		{Name: "settle", Kind: Settle, Column: "cpu", Op: Below, Value: 70, From: 2, To: 8, Min: 0, Max: 3},
		{Name: "never", Kind: Settle, Column: "cpu", Op: Below, Value: 70, From: 2, Min: 0, Max: 3},
		{Name: "crashes", Kind: Counter, Counter: "g/crashes", What: "crashes", Min: 0, Max: 0},
		{Name: "missing", Kind: Counter, Counter: "g/none", What: "nothing", Min: 0, Max: 0},
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
	if got[0].Figure != "66.7 % (4 of 6 intervals)" {
		t.Errorf("figure %q", got[0].Figure)
	}
	checkSays(t, got, []string{
		"CPU below 70 % in at least 50 % of the intervals from 0:02 to 0:08",
		"CPU at least the limit in at most 40 % of the intervals over the run",
		"CPU below 70 % for good within 3 s after 0:02",
		"CPU below 70 % for good within 3 s after 0:02",
		"crashes: none",
		"nothing: none",
		"mean CPU from 0:07 on: 70 to 80 %",
		"CPU at most 75 % in at most 50 % of the intervals up to 0:05",
		"CPU above 90 % in exactly 20 % of the intervals over the run",
	})
	if got[4].Wanted != "= 0" || got[5].Figure != "not counted in this run" {
		t.Errorf("wanted %q, figure %q", got[4].Wanted, got[5].Figure)
	}
}

// Every interval, none, a long run's times (h:mm:ss, as its clock) and a
// counter's share in words.
func TestSaysInWords(t *testing.T) {
	got := runTo(t, []Claim{
		{Name: "all", Kind: Share, Column: "cpu", Op: Below, Value: 100, From: 300, To: 3900, Min: 100, Max: 100},
		{Name: "none", Kind: Share, Column: "cpu", Op: AtLeast, Value: 99, Min: 0, Max: 0},
		{Name: "share", Kind: Counter, Counter: "g/crashes", Per: "g/crashes", What: "crashes, as a share of crashes", Min: 99, Max: 100},
		{Name: "what", Kind: Share, Column: "cpu", Op: AtLeast, Value: 1, What: "CPU busy", From: 2, Min: 100, Max: 100},
		{Name: "zero", Kind: Share, Column: "cpu", Op: AtMost, Value: 0, To: 90, Min: 100, Max: 100},
	}, []float64{50}, 0, 5400, 5400)
	checkSays(t, got, []string{
		"CPU below 100 % in every interval from 0:05:00 to 1:05:00",
		"CPU at least 99 % in no interval over the run",
		"crashes, as a share of crashes: at least 99 %",
		"CPU busy in every interval from 0:00:02 on",
		"CPU at 0 % in every interval up to 0:01:30",
	})
}

// checkSays compares each result's words with want.
func checkSays(t *testing.T, got []Result, want []string) {
	t.Helper()
	for i, says := range want {
		if got[i].Says != says {
			t.Errorf("%s says %q, want %q", got[i].Name, got[i].Says, says)
		}
	}
}

// A counter claim, or a claim against a parameter, must say what it
// checks in words.
func TestWhatRequired(t *testing.T) {
	for _, c := range []Claim{
		{Name: "c", Kind: Counter, Counter: "g/crashes"},
		{Name: "p", Kind: Share, Column: "cpu", Param: "limit"},
	} {
		if _, err := New([]Claim{c}, cols); err == nil || !strings.Contains(err.Error(), "What") {
			t.Errorf("%s: error %v, want one asking for What", c.Name, err)
		}
	}
}

// A claim is decided at the end of its window, a counter at the end of
// the run.
func TestDecidedAt(t *testing.T) {
	for _, tc := range []struct {
		c    Claim
		want float64
	}{
		{Claim{Kind: Share, From: 10, To: 20}, 20},
		{Claim{Kind: Share, From: 10}, 60},
		{Claim{Kind: Mean, To: 90}, 60},
		{Claim{Kind: Settle, From: 10, To: 30}, 30},
		{Claim{Kind: Counter, To: 20}, 60},
	} {
		if got := tc.c.DecidedAt(60); got != tc.want {
			t.Errorf("%+v: decided at %g, want %g", tc.c, got, tc.want)
		}
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

// A verdict the rest of the run cannot change is not pending, and its
// figure says it was decided early: a count that only grows past its Min,
// "every interval" after a failing one, "no interval" after a passing one.
// Anything else stays pending until its window ends.
func TestDecidedEarly(t *testing.T) {
	inf := math.Inf(1)
	cs := []Claim{
		{Name: "grown", Kind: Counter, Counter: "g/crashes", What: "crashes", Min: 1, Max: inf},
		{Name: "not-yet", Kind: Counter, Counter: "g/crashes", What: "crashes", Min: 3, Max: inf},
		{Name: "bounded", Kind: Counter, Counter: "g/crashes", What: "crashes", Min: 1, Max: 5},
		{Name: "share-of", Kind: Counter, Counter: "g/crashes", Per: "g/crashes", What: "crashes, as a share", Min: 50, Max: inf},
		{Name: "every-failed", Kind: Share, Column: "cpu", Op: Below, Value: 70, Min: 100, Max: 100},
		{Name: "none-passed", Kind: Share, Column: "cpu", Op: AtLeast, Value: 85, Min: 0, Max: 0},
		{Name: "every-so-far", Kind: Share, Column: "cpu", Op: Below, Value: 95, Min: 100, Max: 100},
		{Name: "some", Kind: Share, Column: "cpu", Op: Below, Value: 70, Min: 10, Max: 60},
	}
	got := runTo(t, cs, []float64{90, 60, 80}, 0, 3, 60)
	want := []struct {
		pending, holds bool
		figure         string
	}{
		{false, true, "2 so far: at least 1 reached, decided"},
		{true, false, "2"},
		{true, true, "2"},
		{true, true, "100 % (2 of 2)"},
		{false, false, "33.3 % (1 of 3 intervals) so far: decided"},
		{false, false, "33.3 % (1 of 3 intervals) so far: decided"},
		{true, true, "100 % (3 of 3 intervals)"},
		{true, true, "33.3 % (1 of 3 intervals)"},
	}
	for i, w := range want {
		if g := got[i]; g.Pending != w.pending || g.Holds != w.holds || g.Figure != w.figure {
			t.Errorf("%s at 3 s of 60: pending %v, holds %v, figure %q; want %v, %v, %q", g.Name, g.Pending, g.Holds, g.Figure, w.pending, w.holds, w.figure)
		}
	}
	// At the end of the run nothing is pending and no figure says "so far".
	for _, g := range runTo(t, cs, []float64{90, 60, 80}, 0, 60, 60) {
		if g.Pending || strings.Contains(g.Figure, "so far") {
			t.Errorf("%s at the end: pending %v, figure %q", g.Name, g.Pending, g.Figure)
		}
	}
}

func abs(x float64) float64 { return max(x, -x) }

// A counter claim's figure is in words, never the counter's key: before
// its share has anything to be taken of, and in a run without the counter
// (a variant without that control).
func TestCounterFiguresInWords(t *testing.T) {
	e, err := New([]Claim{
		{Name: "share", Kind: Counter, Counter: "p0/rejected", Per: "p0/offered", What: "P0 abated, as a share of P0 offered", Min: 48, Max: 52},
		{Name: "absent", Kind: Counter, Counter: "gaps/throttled", What: "queries blocked", Min: 0, Max: 0},
	}, cols)
	if err != nil {
		t.Fatal(err)
	}
	got := e.Results(0, 60, func(ref string) (float64, bool) { return 0, strings.HasPrefix(ref, "p0/") })
	for i, want := range []string{"none yet: nothing yet to take a share of", "not counted in this run"} {
		if got[i].Figure != want || strings.Contains(got[i].Figure, "/") {
			t.Errorf("%s: figure %q, want %q", got[i].Name, got[i].Figure, want)
		}
	}
}

// A claim with a range of most runs says it after its own, its verdict
// is its own range's alone, and a figure outside the range of most runs
// says so once decided; a range of most runs that is not a narrower part
// of the claim's is refused.
func TestMostRuns(t *testing.T) {
	inf := math.Inf(1)
	cs := []Claim{
		{Name: "typical", Kind: Share, Column: "cpu", Op: AtLeast, Value: 99, From: 2, To: 8, Min: 20, Max: 80, Most: &Range{40, 60}},
		{Name: "stray", Kind: Share, Column: "cpu", Op: AtLeast, Value: 99, Min: 10, Max: 80, Most: &Range{40, 60}},
		{Name: "outside", Kind: Share, Column: "cpu", Op: AtLeast, Value: 99, Min: 30, Max: 80, Most: &Range{40, 60}},
		{Name: "every", Kind: Share, Column: "cpu", Op: Below, Value: 100, Min: 90, Max: 100, Most: &Range{100, 100}},
		{Name: "mean", Kind: Mean, Column: "cpu", Min: 50, Max: 100, Most: &Range{70, 90}},
		{Name: "counter", Kind: Counter, Counter: "g/crashes", What: "crashes", Min: 0, Max: 3, Most: &Range{0, 0}},
		{Name: "grows", Kind: Counter, Counter: "g/crashes", What: "crashes", Min: 1, Max: inf, Most: &Range{3, inf}},
	}
	// Intervals 3 … 8 in (2, 8]: 99, 99, 99, 10, 10, 10; over the run 3 of 10.
	cpu := []float64{10, 10, 99, 99, 99, 10, 10, 10, 10, 10}
	got := run(t, cs, cpu, 0)
	want := []struct {
		holds  bool
		figure string
	}{
		{true, "50 % (3 of 6 intervals)"},
		{true, "30 % (3 of 10 intervals), outside the range of most runs"},
		{true, "30 % (3 of 10 intervals), outside the range of most runs"},
		{true, "100 % (10 of 10 intervals)"},
		{false, "36.7 %"},
		{true, "2, outside the range of most runs"},
		{true, "2, outside the range of most runs"},
	}
	for i, w := range want {
		if got[i].Holds != w.holds || got[i].Figure != w.figure {
			t.Errorf("%s: holds %v, figure %q; want %v, %q", got[i].Name, got[i].Holds, got[i].Figure, w.holds, w.figure)
		}
	}
	checkSays(t, got, []string{
		"CPU at least 99 % in 20 to 80 % of the intervals from 0:02 to 0:08, in most runs 40 to 60 %",
		"CPU at least 99 % in 10 to 80 % of the intervals over the run, in most runs 40 to 60 %",
		"CPU at least 99 % in 30 to 80 % of the intervals over the run, in most runs 40 to 60 %",
		"CPU below 100 % in at least 90 % of the intervals over the run, in most runs every interval",
		"mean CPU over the run: 50 to 100 %, in most runs 70 to 90 %",
		"crashes: 0 to 3, in most runs none",
		"crashes: at least 1, in most runs at least 3",
	})
	if got[0].Wanted != "20–80 %" {
		t.Errorf("wanted %q: the claim's own range, not that of most runs", got[0].Wanted)
	}
	if !cs[0].InMost(50) || cs[0].InMost(61) || !(&Claim{}).InMost(-1) {
		t.Error("InMost")
	}
	// Pending, a figure outside the range of most runs says nothing yet.
	if g := runTo(t, cs[5:6], cpu, 0, 5, 60)[0]; g.Figure != "2" || !g.Pending {
		t.Errorf("pending counter: %+v", g)
	}
	for _, m := range []Range{{50, 40}, {10, 60}, {40, 90}, {20, 80}} {
		c := cs[0]
		c.Most = &m
		if _, err := New([]Claim{c}, cols); err == nil || !strings.Contains(err.Error(), "most runs") {
			t.Errorf("most runs %v of 20–80: error %v", m, err)
		}
	}
}

// A share short of every interval never reads 100 %.
func TestShareShortOfAllIsNot100(t *testing.T) {
	cpu := make([]float64, 2700)
	cpu[100] = 50
	got := run(t, []Claim{{Name: "low", Kind: Share, Column: "cpu", Op: Below, Value: 30, Min: 100, Max: 100}}, cpu, 0)[0]
	if got.Holds || got.Figure != "99.9 % (2699 of 2700 intervals)" {
		t.Errorf("holds %v, figure %q", got.Holds, got.Figure)
	}
}

// A claim that states only what most runs show (Min −Inf, Max +Inf) says
// so, holds in every run, and says when a run falls outside; a claim with
// no range at all is refused.
func TestOnlyMostRuns(t *testing.T) {
	inf := math.Inf(1)
	cs := []Claim{
		{Name: "typical", Kind: Mean, Column: "cpu", From: 2, Min: -inf, Max: inf, Most: &Range{0, 20}},
		{Name: "unusual", Kind: Counter, Counter: "g/crashes", What: "crashes", Min: -inf, Max: inf, Most: &Range{0, 1}},
	}
	got := run(t, cs, []float64{90, 10, 10, 30}, 0)
	checkSays(t, got, []string{
		"mean CPU from 0:02 on: 0 to 20 % in most runs",
		"crashes: 0 to 1 in most runs",
	})
	for i, w := range []string{"20 %", "2, outside the range of most runs"} {
		if !got[i].Holds || got[i].Figure != w || got[i].Unusual != (i == 1) {
			t.Errorf("%s: holds %v, figure %q; want it to hold, %q", got[i].Name, got[i].Holds, got[i].Figure, w)
		}
	}
	if got[0].Wanted != "0–20 in most runs" || !cs[0].OnlyMost() || (&Claim{Min: 0, Max: inf, Most: &Range{1, 2}}).OnlyMost() {
		t.Errorf("wanted %q", got[0].Wanted)
	}
	// Pending, a growing counter with a range of most runs is not decided
	// early: it may yet leave that range.
	grow := []Claim{{Name: "grows", Kind: Counter, Counter: "g/crashes", What: "crashes", Min: 1, Max: inf, Most: &Range{1, 5}}}
	if g := runTo(t, grow, nil, 0, 5, 60)[0]; !g.Pending {
		t.Errorf("decided early: %+v", g)
	}
	if _, err := New([]Claim{{Name: "any", Kind: Mean, Column: "cpu", Min: -inf, Max: inf}}, cols); err == nil || !strings.Contains(err.Error(), "no run can fail") {
		t.Errorf("a claim without a range: error %v", err)
	}
}
