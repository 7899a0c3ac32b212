package main

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"overloadlab/web/headless"
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

// The main thread is found by its name; the longest of its tasks by wall
// time gives the CPU time, whatever other threads or processes did.
func TestLongestMainTask(t *testing.T) {
	var events []headless.Event
	err := json.Unmarshal([]byte(`[
	  {"name":"thread_name","ph":"M","pid":1,"tid":7,"args":{"name":"CrRendererMain"}},
	  {"name":"thread_name","ph":"M","pid":1,"tid":8,"args":{"name":"Compositor"}},
	  {"name":"ThreadControllerImpl::RunTask","ph":"X","pid":1,"tid":7,"dur":1200,"tdur":900},
	  {"name":"ThreadControllerImpl::RunTask","ph":"X","pid":1,"tid":7,"dur":812000,"tdur":737500},
	  {"name":"ThreadControllerImpl::RunTask","ph":"X","pid":1,"tid":8,"dur":990000,"tdur":990000},
	  {"name":"v8.callFunction","ph":"X","pid":1,"tid":7,"dur":900000,"tdur":800000},
	  {"name":"ThreadControllerImpl::RunTask","ph":"X","pid":2,"tid":7,"dur":999000,"tdur":999000}
	]`), &events)
	if err != nil {
		t.Fatal(err)
	}
	cpu, err := longestMainTask(events)
	if err != nil || cpu != 737500*time.Microsecond {
		t.Errorf("got %v, %v; want 737.5 ms", cpu, err)
	}
	if _, err := longestMainTask(events[1:]); err == nil || !strings.Contains(err.Error(), "no task of the page's main thread") {
		t.Errorf("without the main thread's name: %v", err)
	}
	events[3].TDur = 0
	if _, err := longestMainTask(events); err == nil || !strings.Contains(err.Error(), "no thread time") {
		t.Errorf("without thread time: %v", err)
	}
}

func TestBrowserName(t *testing.T) {
	if got := browserName("HeadlessChrome/156.0.8078.114", "15.6.75.63"); got != "Chromium 156.0.8078.114 (V8 15.6.75.63)" {
		t.Errorf("got %q", got)
	}
}
