package broadcast

import (
	"errors"
	"math"
	"strings"
	"testing"
	"time"

	"golang.org/x/time/rate"

	"overloadlab/core/engine/kernel"
	"overloadlab/core/engine/param"
)

func mustNew(t testing.TB, cfg Config) *Control {
	t.Helper()
	c, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

type step struct {
	at     kernel.Time
	rho    float64
	mapped bool
	want   Decision
}

func run(t *testing.T, c *Control, steps []step) {
	t.Helper()
	for i, s := range steps {
		if got := c.Decide(s.at, s.rho, s.mapped); got != s.want {
			t.Errorf("step %d: Decide(%v s, ρ=%v, mapped=%v) = %v, want %v", i, s.at.Seconds(), s.rho, s.mapped, got, s.want)
		}
	}
}

// A request whose mapping exists is routed whatever the CPU and the window.
func TestMappedIsAlwaysRouted(t *testing.T) {
	c := mustNew(t, Default())
	c.Reboot(0)
	run(t, c, []step{
		{0, 0, true, Route},
		{time0(30), 1, true, Route},
		{2 * Window, 0.99, true, Route},
	})
}

func time0(min int) kernel.Time { return kernel.Time(min) * kernel.Minute }

// Seed: "no broadcasting ... for first 60 minutes after reboot"; after 60
// minutes the configured behaviour applies. The window is [t_r, t_r+60 min).
func TestRebootWindowEdge(t *testing.T) {
	c := mustNew(t, Default())
	tr := 5 * kernel.Minute
	run(t, c, []step{
		{tr - 1, 0.1, false, Broadcast}, // never rebooted yet: no window
	})
	c.Reboot(tr)
	run(t, c, []step{
		{tr, 0.1, false, AvoidWindow},
		{tr + 30*kernel.Minute, 0.1, false, AvoidWindow},
		{tr + Window - 1, 0.1, false, AvoidWindow}, // 59:59.999999999
		{tr + Window, 0.1, false, Broadcast},       // exactly 60 min: window over
		{tr + Window + 1, 0.1, false, Broadcast},
		{tr + Window, 0.5, false, AvoidCPU}, // after the window the CPU threshold applies
	})
	if c.InWindow(tr+Window) || !c.InWindow(tr+Window-1) || !c.InWindow(tr) {
		t.Error("InWindow disagrees with [t_r, t_r + 60 min)")
	}
	// A second reboot restarts the window.
	c.Reboot(3 * kernel.Hour)
	run(t, c, []step{{3*kernel.Hour + Window - 1, 0.1, false, AvoidWindow}, {3*kernel.Hour + Window, 0.1, false, Broadcast}})
}

// Seed: broadcasting stops when the CPU threshold is reached and resumes
// when the CPU comes down below it: ρ ≥ P avoids, ρ < P broadcasts.
func TestCPUThresholdBothWays(t *testing.T) {
	for _, p := range []float64{0.50, 0.60, 0.70} {
		cfg := Default()
		cfg.Threshold = p
		c := mustNew(t, cfg)
		below := math.Nextafter(p, 0)
		run(t, c, []step{
			{1, below, false, Broadcast},
			{2, p, false, AvoidCPU}, // reached
			{3, min(p+0.005, Congestion), false, AvoidCPU},
			{4, p, false, AvoidCPU},
			{5, below, false, Broadcast}, // came down below
			{6, 0, false, Broadcast},
		})
	}
}

// Seed: once the CPU crosses 70 % every unknown subscriber request is
// dropped: ρ > 0.70, strictly; at exactly 70 % the request is avoided
// (ρ ≥ P), not dropped.
func TestCongestionDropAbove70(t *testing.T) {
	cfg := Default()
	cfg.Threshold = 0.70
	c := mustNew(t, cfg)
	above := math.Nextafter(Congestion, 1)
	run(t, c, []step{
		{1, 0.70, false, AvoidCPU},
		{2, above, false, Drop},
		{3, 1, false, Drop},
		{4, 1, true, Route}, // known subscribers are not dropped
	})
	// The drop applies inside the reboot window too [R: order], and with
	// avoid-all.
	c.Reboot(0)
	run(t, c, []step{{kernel.Minute, above, false, Drop}, {kernel.Minute, 0.70, false, AvoidWindow}})
	cfg.AvoidAll = true
	c = mustNew(t, cfg)
	run(t, c, []step{{1, 0, false, AvoidConfig}, {2, 0.69, false, AvoidConfig}, {3, above, false, Drop}})
}

// The lab switches: with every rule off, everything without a mapping is
// broadcast; each rule alone does only its own part.
func TestLabSwitches(t *testing.T) {
	c := mustNew(t, Config{})
	c.Reboot(0)
	run(t, c, []step{{0, 1, false, Broadcast}, {1, 0.5, false, Broadcast}})
	c = mustNew(t, Config{CongestionDrop: true})
	c.Reboot(0)
	run(t, c, []step{{0, 0.7, false, Broadcast}, {1, 0.71, false, Drop}})
	c = mustNew(t, Config{RebootWindow: true, Threshold: 0.6})
	c.Reboot(0)
	run(t, c, []step{{0, 0.9, false, AvoidWindow}, {Window, 0.9, false, Broadcast}})
	// Avoid off: P is not used and need not be in range.
	c = mustNew(t, Config{Avoid: false, Threshold: 0})
	run(t, c, []step{{0, 0.6, false, Broadcast}})
}

func TestCounts(t *testing.T) {
	c := mustNew(t, Default())
	c.Reboot(0)
	for _, s := range []step{
		{0, 0, true, Route}, {0, 0, false, AvoidWindow}, {Window, 0, false, Broadcast},
		{Window, 0.55, false, AvoidCPU}, {Window, 0.75, false, Drop}, {Window, 0.55, false, AvoidCPU},
	} {
		c.Decide(s.at, s.rho, s.mapped)
	}
	want := [NumDecisions]int64{Route: 1, Broadcast: 1, AvoidWindow: 1, AvoidCPU: 2, Drop: 1}
	if c.Count != want {
		t.Errorf("Count = %v, want %v", c.Count, want)
	}
	if !AvoidCPU.Avoided() || !AvoidWindow.Avoided() || !AvoidConfig.Avoided() || Broadcast.Avoided() || Drop.Avoided() || Route.Avoided() {
		t.Error("Avoided is wrong")
	}
	if Drop.String() != "drop" || AvoidWindow.String() != "avoid-window" {
		t.Error("names")
	}
}

func TestBadThreshold(t *testing.T) {
	for _, p := range []float64{0.4999, 0.7001, 0, 1, math.NaN(), math.Inf(1)} {
		cfg := Default()
		cfg.Threshold = p
		_, err := New(cfg)
		var pe *param.Error
		if !errors.As(err, &pe) || pe.Field != "cpu_threshold" || !strings.Contains(pe.Allowed, "50 to 70 %") {
			t.Errorf("threshold %v: err = %v, want a param.Error on cpu_threshold naming 50 to 70 %%", p, err)
		}
		c := mustNew(t, Default())
		if err := c.Configure(cfg); err == nil || c.Config().Threshold != DefaultThreshold {
			t.Errorf("Configure(%v) = %v, and must keep the old config", p, err)
		}
	}
	cfg := Default()
	cfg.AvoidAll, cfg.Threshold = true, 0 // without cpu_threshold P is unused
	if _, err := New(cfg); err != nil {
		t.Errorf("avoid-all without threshold: %v", err)
	}
}

func TestDecideDoesNotAllocate(t *testing.T) {
	c := mustNew(t, Default())
	c.Reboot(0)
	now := kernel.Time(0)
	if a := testing.AllocsPerRun(1000, func() {
		now += kernel.Second
		c.Decide(now, 0.55, false)
	}); a != 0 {
		t.Errorf("Decide allocates %v times", a)
	}
}

// benchInputs varies the time and the CPU so every branch is taken.
func benchInputs() ([256]kernel.Time, [256]float64) {
	var ts [256]kernel.Time
	var rhos [256]float64
	s := kernel.NewStream(1, 1)
	for i := range ts {
		ts[i] = kernel.Time(i) * 30 * kernel.Second // crosses the 60-min edge at i = 120
		rhos[i] = s.Float64()
	}
	return ts, rhos
}

// BenchmarkDecide is the per-request decision for a request without a
// mapping (the path that reaches the rules).
func BenchmarkDecide(b *testing.B) {
	c := mustNew(b, Default())
	c.Reboot(0)
	ts, rhos := benchInputs()
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		c.Decide(ts[i&255], rhos[i&255], i&7 == 0)
		i++
	}
}

// BenchmarkRateLimiterAllow is x/time/rate's Limiter.Allow in the same run,
// the reference the budget compares with.
func BenchmarkRateLimiterAllow(b *testing.B) {
	l := rate.NewLimiter(rate.Limit(1e6), 100)
	b.ReportAllocs()
	for b.Loop() {
		l.Allow()
	}
}

// BenchmarkRateLimiterAllowN is Limiter.AllowN with the time passed in, as
// Decide takes it.
func BenchmarkRateLimiterAllowN(b *testing.B) {
	l := rate.NewLimiter(rate.Limit(1e6), 100)
	t0 := time.Unix(0, 0)
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		l.AllowN(t0.Add(time.Duration(i)*time.Microsecond), 1)
		i++
	}
}
