package main

import (
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/performance"
)

func TestParseRuns(t *testing.T) {
	ts, err := parseRuns("attach-storm 355000000 350000000\nattach-storm 714000000 0\n", "attach-storm")
	if err != nil {
		t.Fatal(err)
	}
	want := []timing{{355 * time.Millisecond, 350 * time.Millisecond}, {714 * time.Millisecond, 0}}
	if len(ts) != 2 || ts[0] != want[0] || ts[1] != want[1] {
		t.Errorf("got %v, want %v", ts, want)
	}
	for _, bad := range []struct{ out, says string }{
		{"", "no timed run"},
		{"attach-storm 355000000\n", `line "attach-storm 355000000"`},
		{"scp-standard-acg 1 1\n", `want "attach-storm"`},
		{"attach-storm 0 5\n", "wall time > 0"},
		{"attach-storm 12 -1\n", "CPU time ≥ 0"},
		{"attach-storm 1.5e9 3\n", "wall time > 0"},
	} {
		if _, err := parseRuns(bad.out, "attach-storm"); err == nil || !strings.Contains(err.Error(), bad.says) {
			t.Errorf("parseRuns(%q): error %v, want one saying %q", bad.out, err, bad.says)
		}
	}
}

func TestStatsAndVerdict(t *testing.T) {
	ms := func(v ...int) []time.Duration {
		d := make([]time.Duration, len(v))
		for i, x := range v {
			d[i] = time.Duration(x) * time.Millisecond
		}
		return d
	}
	for _, c := range []struct {
		in          []time.Duration
		med, lo, hi time.Duration
	}{
		{ms(714), 714 * time.Millisecond, 714 * time.Millisecond, 714 * time.Millisecond},
		{ms(9, 1, 5), 5 * time.Millisecond, time.Millisecond, 9 * time.Millisecond},
		{ms(4, 1, 10, 2), 3 * time.Millisecond, time.Millisecond, 10 * time.Millisecond},
	} {
		med, lo, hi := stats(c.in)
		if med != c.med || lo != c.lo || hi != c.hi {
			t.Errorf("stats(%v) = %v %v %v, want %v %v %v", c.in, med, lo, hi, c.med, c.lo, c.hi)
		}
	}
	if got := spread(ms(740, 812, 843)); got != "812 ms (740–843)" {
		t.Errorf("spread: %q", got)
	}
	nat := []timing{{355 * time.Millisecond, 350 * time.Millisecond}}
	chr := []timing{{714 * time.Millisecond, 700 * time.Millisecond}}
	if r := ratio(chr, nat); r < 2.011 || r > 2.012 {
		t.Errorf("ratio = %v, want 714/355", r)
	}
	if r := cpuRatio(chr, nat); r != 2 {
		t.Errorf("cpuRatio = %v, want 2", r)
	}
	for r, want := range map[float64]string{2.01: "OVER the budget", 2: "within budget, above the target", 1.51: "within budget, above the target", 1.5: "within the target", 0.9: "within the target"} {
		if got := verdict(r); got != want {
			t.Errorf("verdict(%v) = %q, want %q", r, got, want)
		}
	}
}

func TestMetric(t *testing.T) {
	ms := []*performance.Metric{{Name: "TaskDuration", Value: 0.5}, {Name: "ThreadTime", Value: 0.448574}}
	if d, err := metric(ms, "ThreadTime"); err != nil || d != 448574*time.Microsecond {
		t.Errorf("got %v, %v; want 448.574 ms", d, err)
	}
	if _, err := metric(ms[:1], "ThreadTime"); err == nil || err.Error() != "no metric ThreadTime among 1" {
		t.Errorf("without it: %v", err)
	}
}

func TestBrowserName(t *testing.T) {
	if got := browserName("HeadlessChrome/156.0.8078.114", "15.6.75.63"); got != "Chromium 156.0.8078.114 (V8 15.6.75.63)" {
		t.Errorf("got %q", got)
	}
}

func TestBusy(t *testing.T) {
	cores := float64(runtime.NumCPU())
	for load, want := range map[string]bool{"": false, "x": false, strconv.FormatFloat(cores, 'f', 2, 64): false, strconv.FormatFloat(cores+0.01, 'f', 2, 64): true} {
		if got := busy(load); got != want {
			t.Errorf("busy(%q) = %v on %v cores", load, got, cores)
		}
	}
}
