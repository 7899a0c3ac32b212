package acg

import (
	"fmt"
	"math"
	"strings"
	"testing"
	"time"

	"golang.org/x/time/rate"

	"overloadlab/core/engine/kernel"
)

const ms = kernel.Millisecond

// TestGapRule walks the Crawford rule step by step: admit iff now − LCT ≥ g,
// then LCT := now.
func TestGapRule(t *testing.T) {
	var g Gap
	// No control: everything admitted, each admission sets LCT.
	for _, at := range []kernel.Time{0, 1 * ms, 2 * ms} {
		if !g.Allow(at) {
			t.Fatalf("no control: query at %v blocked", at)
		}
	}
	// The response to the query at 2 ms arrives at 50 ms: g = 100 ms for 1 s.
	g.Set(50*ms, 100*ms, kernel.Second)
	steps := []struct {
		at    kernel.Time
		admit bool
	}{
		{60 * ms, false},  // 58 ms since LCT = 2 ms
		{101 * ms, false}, // 99 ms
		{102 * ms, true},  // exactly 100 ms: admitted, LCT = 102 ms
		{150 * ms, false}, // 48 ms
		{201 * ms, false}, // 99 ms
		{202 * ms, true},  // 100 ms, LCT = 202 ms
		{500 * ms, true},  // 298 ms, LCT = 500 ms
		{599 * ms, false}, // 99 ms
		{1049 * ms, true}, // 549 ms, LCT = 1049 ms
		{1050 * ms, true}, // the control ended at 50 ms + 1 s
		{1051 * ms, true}, // no control
	}
	for i, s := range steps {
		if got := g.Allow(s.at); got != s.admit {
			t.Fatalf("step %d at %v: admitted %v, want %v", i, s.at, got, s.admit)
		}
	}
}

func TestGapStopAllAndForever(t *testing.T) {
	var g Gap
	g.Allow(0)
	g.Set(10*ms, Stop, 4*kernel.Second)
	for _, at := range []kernel.Time{10 * ms, kernel.Second, 4009 * ms} {
		if g.Allow(at) {
			t.Fatalf("stop all: query at %v admitted", at)
		}
	}
	if !g.Allow(4010 * ms) {
		t.Fatal("stop all ended at 4.01 s but the query was blocked")
	}
	g.Set(5*kernel.Second, 2*kernel.Second, Forever)
	if !g.Allow(100 * kernel.Hour) { // LCT = 4.01 s, far more than 2 s ago
		t.Fatal("infinite control: query 100 h later blocked")
	}
	if g.Allow(100*kernel.Hour + kernel.Second) {
		t.Fatal("infinite control: query 1 s after the last admitted one admitted")
	}
	if !g.Active(1000 * kernel.Hour) {
		t.Fatal("infinite control ended")
	}
	g.Cancel()
	if g.Active(0) || !g.Allow(100*kernel.Hour+kernel.Second+1) {
		t.Fatal("cancelled control still in force")
	}
}

func TestGapZeroAdmitsAll(t *testing.T) {
	var g Gap
	g.Set(0, 0, 8*kernel.Second)
	for i := range 100 {
		if !g.Allow(kernel.Time(i / 10)) {
			t.Fatalf("g = 0: query %d blocked", i)
		}
	}
	if g.Active(0) || g.Interval(0) != 0 {
		t.Fatal("g = 0 counts as an active gap")
	}
}

// TestWorkedCase is the lab's worked case of the table's failure Smith
// (1995) describes, target 500/s: 100 SSPs at 10/s need g = 0.1 s (500/s), the next table
// step 0.25 s gives 2000/7 ≈ 286/s (57 %); 1000 SSPs at 1/s stay
// overloaded at g = 0.1, 0.25 and 0.5 s and need g = 1 s.
func TestWorkedCase(t *testing.T) {
	same := func(n int, l float64) []float64 {
		s := make([]float64, n)
		for i := range s {
			s[i] = l
		}
		return s
	}
	cases := []struct {
		n       int
		lambda  float64
		g, want float64
	}{
		{100, 10, 0.1, 500},
		{100, 10, 0.25, 2000.0 / 7},
		{1000, 1, 0.1, 10000.0 / 11},
		{1000, 1, 0.25, 800},
		{1000, 1, 0.5, 2000.0 / 3},
		{1000, 1, 1, 500},
	}
	for _, c := range cases {
		got := AdmittedSum(same(c.n, c.lambda), c.g)
		if math.Abs(got-c.want) > 1e-9 {
			t.Errorf("%d SSPs at %g/s, g = %g s: admitted %.12g/s, want %.12g/s", c.n, c.lambda, c.g, got, c.want)
		}
	}
	if r := AdmittedSum(same(100, 10), 0.25) / 500; math.Abs(r-4.0/7) > 1e-12 {
		t.Errorf("g = 0.25 s gives %.4f of the target, want 4/7", r)
	}
	for _, c := range []struct {
		n             int
		lambda, gWant float64
	}{{100, 10, 0.1}, {1000, 1, 1}, {10, 5, 0}} {
		if g := BalancedGap(c.n, c.lambda, 500); math.Abs(g-c.gWant) > 1e-12 {
			t.Errorf("BalancedGap(%d, %g, 500) = %g, want %g", c.n, c.lambda, g, c.gWant)
		}
	}
	if Admitted(0, 1) != 0 || Admitted(10, 0) != 10 {
		t.Error("Admitted: λ = 0 must give 0 and g = 0 must give λ")
	}
	// At most 1/g, whatever λ.
	if a := Admitted(1e12, 0.5); a >= 2 || a < 1.999999 {
		t.Errorf("Admitted(1e12, 0.5) = %g, want just under 1/g = 2", a)
	}
}

func TestDefaultTableLevels(t *testing.T) {
	tab, err := ParseTable(DefaultTable)
	if err != nil {
		t.Fatal(err)
	}
	if len(tab) != 7 {
		t.Fatalf("default table has %d levels, want 7", len(tab))
	}
	cases := []struct {
		load      float64
		level     int
		gap, dur  kernel.Time
		noControl bool
	}{
		{0, 0, 0, 0, true},
		{99.999, 0, 0, 0, true},
		{100, 1, 100 * ms, 8 * kernel.Second, false},
		{129.9, 1, 100 * ms, 8 * kernel.Second, false},
		{130, 2, 250 * ms, 8 * kernel.Second, false},
		{250, 3, 500 * ms, 16 * kernel.Second, false},
		{300, 4, kernel.Second, 16 * kernel.Second, false},
		{799, 5, 2 * kernel.Second, 32 * kernel.Second, false},
		{800, 6, 5 * kernel.Second, 32 * kernel.Second, false},
		{1200, 7, Stop, 8 * kernel.Second, false},
		{1e9, 7, Stop, 8 * kernel.Second, false},
	}
	for _, c := range cases {
		k := tab.Level(c.load)
		if k != c.level {
			t.Errorf("load %g %%: level %d, want %d", c.load, k, c.level)
			continue
		}
		if c.noControl {
			continue
		}
		g, d := tab.Control(k)
		if g != c.gap || d != c.dur {
			t.Errorf("level %d: gap %v duration %v, want %v %v", k, g, d, c.gap, c.dur)
		}
	}
}

func TestParseTable(t *testing.T) {
	tab, err := ParseTable("  # comment only\n\n50 0 1 # no gap\n60 600 2048\n70 stop inf\n")
	if err != nil {
		t.Fatal(err)
	}
	want := Table{{50, 0, kernel.Second}, {60, 600 * kernel.Second, 2048 * kernel.Second}, {70, Stop, Forever}}
	if len(tab) != len(want) {
		t.Fatalf("got %v, want %v", tab, want)
	}
	for i := range want {
		if tab[i] != want[i] {
			t.Errorf("level %d: %+v, want %+v", i+1, tab[i], want[i])
		}
	}
}

func TestParseTableErrors(t *testing.T) {
	cases := []struct{ text, want string }{
		{"", "no level"},
		{"# nothing\n", "no level"},
		{"100 0.1", `line 1: "100 0.1" has 2 fields`},
		{"100 0.3 8", `line 1: gap "0.3" (allowed: 0 0.1 0.25 0.5 1 2 5 10 15 30 60 120 300 600 stop`},
		{"100 0.1 3", `line 1: duration "3" (allowed: 1 2 4 8 16 32 64 128 256 512 1024 2048 inf`},
		{"100 0.1 8\n90 0.25 8", "line 2: load 90 is not above the previous level's 100"},
		{"100 0.1 8\n100 0.25 8", "line 2: load 100 is not above"},
		{"0 0.1 8", `line 1: load "0" (allowed: a number above 0`},
		{"-5 0.1 8", `line 1: load "-5"`},
		{"NaN 0.1 8", `line 1: load "NaN"`},
		{"abc 0.1 8", `line 1: load "abc"`},
		{"1e9 0.1 8", `line 1: load "1e9"`},
		{"100 fast 8", `line 1: gap "fast"`},
		{"100 0.1 forever", `line 1: duration "forever"`},
		{"1 0 1\n", ""},
	}
	for _, c := range cases {
		_, err := ParseTable(c.text)
		if c.want == "" {
			if err != nil {
				t.Errorf("%q: %v", c.text, err)
			}
			continue
		}
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: error %v, want it to contain %q", c.text, err, c.want)
		}
	}
	var b strings.Builder
	for i := range MaxLevels + 1 {
		fmt.Fprintf(&b, "%d 0.1 8\n", 100+i)
	}
	if _, err := ParseTable(b.String()); err == nil || !strings.Contains(err.Error(), "line 17: more than 16 levels") {
		t.Errorf("17 levels: %v", err)
	}
}

func TestAdaptive(t *testing.T) {
	a := Adaptive{Target: 500, Min: 0.01, Max: 1000}
	if a.Rate() != 1000 || a.Gap() != 0 {
		t.Fatalf("before any update: rate %g gap %v, want r_max and no gap", a.Rate(), a.Gap())
	}
	// 5000/s reached the SCP: r = 1000·500/5000 = 100, g = 10 ms.
	if r := a.Update(5000); r != 100 || a.Gap() != 10*ms {
		t.Fatalf("first update: r %g g %v, want 100 and 10 ms", r, a.Gap())
	}
	// 1000/s: r = 100·500/1000 = 50, g = 20 ms.
	if r := a.Update(1000); r != 50 || a.Gap() != 20*ms {
		t.Fatalf("second update: r %g g %v, want 50 and 20 ms", r, a.Gap())
	}
	// Far too much: clamped at r_min = 0.01, g = 100 s.
	if r := a.Update(1e9); r != 0.01 || a.Gap() != 100*kernel.Second {
		t.Fatalf("clamp at r_min: r %g g %v", r, a.Gap())
	}
	// Nothing reached the SCP: r_max, gapping lifted.
	if r := a.Update(0); r != 1000 || a.Gap() != 0 {
		t.Fatalf("no load: r %g g %v, want r_max and no gap", r, a.Gap())
	}
	// Below target at r_max: stays at r_max.
	if r := a.Update(250); r != 1000 {
		t.Fatalf("under target at r_max: r %g", r)
	}
	a.Update(5000)
	a.Reset()
	if a.Rate() != 1000 {
		t.Fatal("Reset did not return to r_max")
	}
}

// BenchmarkGapAllow is the per-query decision at a source, beside
// BenchmarkRateLimiterAllow (golang.org/x/time/rate) in the same run.
func BenchmarkGapAllow(b *testing.B) {
	var g Gap
	g.Set(0, kernel.Millisecond, Forever)
	now := kernel.Time(0)
	admitted := 0
	b.ReportAllocs()
	for b.Loop() {
		now += 100 * kernel.Microsecond
		if g.Allow(now) {
			admitted++
		}
	}
	if admitted == 0 {
		b.Fatal("nothing admitted")
	}
}

func BenchmarkRateLimiterAllow(b *testing.B) {
	l := rate.NewLimiter(rate.Every(time.Millisecond), 1)
	b.ReportAllocs()
	for b.Loop() {
		l.Allow()
	}
}
