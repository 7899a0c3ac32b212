package scp

import (
	"errors"
	"math"
	"overloadlab/core/engine/sim/simtest"
	"strings"
	"testing"

	"overloadlab/core/control/acg"
	"overloadlab/core/engine/kernel"
	"overloadlab/core/engine/param"
	"overloadlab/core/engine/scenario"
	"overloadlab/core/engine/sim"
)

func set(t testing.TB, sc *scenario.Scenario, kv map[string]param.Value) *scenario.Scenario {
	t.Helper()
	sc = sc.Clone()
	for k, v := range kv {
		if err := sc.Params.Put(k, v); err != nil {
			t.Fatal(err)
		}
	}
	return sc
}

func run(t testing.TB, sc *scenario.Scenario) (*sim.Run, sim.Summary) {
	t.Helper()
	r, err := sim.Start(Def, sc, false)
	if err != nil {
		t.Fatal(err)
	}
	r.RunToEnd()
	if err := r.Err(); err != nil {
		t.Fatal(err)
	}
	return r, r.Summary()
}

func throughput(t testing.TB, s sim.Summary) float64 {
	return simtest.Counter(t, s, "scp", cThroughputPctOfCapacity.Key())
}

func jainOf(t testing.TB, s sim.Summary) float64 {
	return simtest.Counter(t, s, "fairness", cJainIndex.Key())
}

func TestPackControl(t *testing.T) {
	cases := []struct{ gap, dur kernel.Time }{
		{0, kernel.Second},
		{100 * kernel.Millisecond, 8 * kernel.Second},
		{600 * kernel.Second, 2048 * kernel.Second},
		{acg.Stop, acg.Forever},
		{1234567 * kernel.Microsecond, 4 * kernel.Second},
	}
	for _, c := range cases {
		a := packControl(c.gap, c.dur)
		if a&ansCtl == 0 || a&ansLate != 0 {
			t.Fatalf("flags of %v/%v: %x", c.gap, c.dur, a)
		}
		g, d := unpackControl(a | ansLate)
		if g != c.gap || d != c.dur {
			t.Errorf("pack(%v, %v) comes back as (%v, %v)", c.gap, c.dur, g, d)
		}
	}
}

func TestFairnessArithmetic(t *testing.T) {
	demand := []float64{10, 1, 10, 2}
	order := []int32{1, 3, 0, 2}
	want := make([]float64, 4)
	maxMin(want, demand, order, 12)
	for i, w := range []float64{4.5, 1, 4.5, 2} {
		if want[i] != w {
			t.Fatalf("max-min of 12 over %v: %v", demand, want)
		}
	}
	maxMin(want, demand, order, 100) // more than asked: everyone gets its demand
	for i := range demand {
		if want[i] != demand[i] {
			t.Fatalf("max-min of 100 over %v: %v", demand, want)
		}
	}
	proportional(want, demand, 23)
	for i, w := range []float64{10, 1, 10, 2} {
		if want[i] != w {
			t.Fatalf("proportional 23 over %v: %v", demand, want)
		}
	}
	ones := []float64{1, 1, 1, 1}
	if j, lo, hi := jain([]float64{2, 2, 2, 2}, []float64{1, 1, 1, 1}); j != 1 || lo != 2 || hi != 2 {
		t.Errorf("equal ratios: J %g worst %g best %g", j, lo, hi)
	}
	if j, lo, hi := jain([]float64{4, 0, 0, 0}, ones); j != 0.25 || lo != 0 || hi != 4 {
		t.Errorf("one takes all: J %g worst %g best %g, want 1/4, 0, 4", j, lo, hi)
	}
	if j, _, _ := jain([]float64{1, 3}, []float64{1, 1}); j != 0.8 {
		t.Errorf("J(1, 3) = %g, want 16/20 = 0.8", j)
	}
	if j, _, _ := jain([]float64{0, 0}, []float64{0, 0}); j != 1 {
		t.Errorf("nothing to share: J %g, want 1", j)
	}
}

// The SCP never answers with a reject: a query is answered, dropped at a
// full buffer, or blocked at its SSP.
func TestNoRejects(t *testing.T) {
	for _, p := range Def.Presets {
		sc := presetScenario(t, p.Name)
		sc.Duration, sc.Timeline = 60, nil
		if _, s := run(t, sc); s.Total.Rejected != 0 || s.Total.Completed == 0 {
			t.Errorf("%s: rejected %d, completed %d", p.Name, s.Total.Rejected, s.Total.Completed)
		}
	}
}

// driver runs a preset and keeps a hand on its node, so that tests can
// look inside it.
type driver struct {
	r   *sim.Run
	n   *node
	now kernel.Time
}

func newDriver(t testing.TB, sc *scenario.Scenario) *driver {
	t.Helper()
	sc = sc.Clone()
	sc.Timeline, sc.Duration = nil, 3600
	r, err := sim.Start(Def, sc, false)
	if err != nil {
		t.Fatal(err)
	}
	return &driver{r: r, n: r.Node().(*node)}
}

// advance handles every event before until, measuring on the way.
func (d *driver) advance(until kernel.Time) {
	d.r.AdvanceTo(until)
	d.now = until
}

func (d *driver) admitted() (sum int64) {
	for i := range d.n.src {
		sum += d.n.src[i].admitted
	}
	return sum
}

// TestControlRidesOnResponses checks that the gap reaches an SSP only in
// the answer to one of its queries: right after the SCP decides to gap, no
// SSP has it until a round trip has passed, and SSPs that got no answer
// since never have it.
func TestControlRidesOnResponses(t *testing.T) {
	sc := presetScenario(t, "scp-1000-ssps-10x")
	d := newDriver(t, sc)
	n, advance := d.n, d.advance
	// The first decision is at 2 s; an answer takes 20 ms to come back.
	advance(2*kernel.Second + 19*kernel.Millisecond)
	if !n.sending || n.level != 6 {
		t.Fatalf("at 2 s the SCP measured 10× capacity: sending %v level %d, want level 6 (800 %%)", n.sending, n.level)
	}
	for i := range n.src {
		if n.src[i].gap.Active(d.now) {
			t.Fatalf("SSP %d is gapped before any answer could carry the gap", i)
		}
	}
	before := make([]int64, len(n.src))
	for i := range n.src {
		before[i] = n.src[i].completed
	}
	advance(3 * kernel.Second)
	gapped, answered := 0, 0
	for i := range n.src {
		got := n.src[i].completed > before[i]
		if got {
			answered++
		}
		if n.src[i].gap.Active(d.now) {
			gapped++
			if !got {
				t.Fatalf("SSP %d is gapped without an answer since the SCP started gapping", i)
			}
		}
	}
	if gapped == 0 || answered == len(n.src) {
		t.Fatalf("gapped %d, answered %d of %d: the test needs some of each", gapped, answered, len(n.src))
	}
}

// TestAdmittedRateUnderFixedGap checks the simulator against λ/(1 + λg):
// 100 SSPs at 10/s under a gap of 0.25 s held all along are admitted at
// 2000/7 ≈ 285.7/s (57 % of the 500/s they need): over 300 s of Poisson
// traffic (about 86 000 admissions, a standard deviation near 0.3 %)
// within 1 %.
func TestAdmittedRateUnderFixedGap(t *testing.T) {
	sc := set(t, presetScenario(t, "scp-standard-acg"), map[string]param.Value{
		"acg.table": param.Str("0.001 0.25 inf"), // level 1 as soon as anything arrives
	})
	d := newDriver(t, sc)
	d.advance(10 * kernel.Second) // the gap reached every SSP
	from := d.admitted()
	d.advance(310 * kernel.Second)
	admitted := float64(d.admitted()-from) / 300
	t.Logf("admitted %.2f/s", admitted)
	if want := 2000.0 / 7; math.Abs(admitted-want)/want > 0.01 {
		t.Errorf("admitted %.1f/s, want λ/(1+λg)·N = %.1f/s", admitted, want)
	}
}

// TestSmithFindings reproduces Smith (1995): the standard table carries little
// at overload, alternates on and off and throttles SSPs while the SCP
// idles; the adaptive control keeps ≥ 90 % of capacity from 1.3× to 10×
// with 10 or 1000 SSPs, balanced or not, and its fairness is at least the
// table's.
func TestSmithFindings(t *testing.T) {
	if testing.Short() {
		t.Skip("runs 16 scenarios of 300 s")
	}
	for _, name := range []string{"scp-standard-acg", "scp-10-ssps", "scp-unbalanced"} {
		_, s := run(t, presetScenario(t, name))
		if thr := throughput(t, s); thr >= 70 {
			t.Errorf("%s: standard ACG carries %.1f %% of capacity, want < 70 %%", name, thr)
		}
		if sw := simtest.Counter(t, s, "gaps", cGappingOnOffSwitches.Key()); sw < 10 {
			t.Errorf("%s: standard ACG switched gapping on/off %g times, want ≥ 10", name, sw)
		}
		idle := simtest.Counter(t, s, "gaps", cThrottledWhileScpCpuUnder90pct.Key())
		if all := simtest.Counter(t, s, "gaps", cThrottled.Key()); idle < all/2 {
			t.Errorf("%s: %g of %g queries blocked while the SCP CPU was under 90 %%, want most", name, idle, all)
		}
		_, a := run(t, set(t, presetScenario(t, name), map[string]param.Value{"scp.control": param.Str("adaptive-acg")}))
		if throughput(t, a) < 90 || jainOf(t, a) < jainOf(t, s) {
			t.Errorf("%s: adaptive carries %.1f %% (J %.4f), the table %.1f %% (J %.4f)", name, throughput(t, a), jainOf(t, a), throughput(t, s), jainOf(t, s))
		}
	}
	base := presetScenario(t, "scp-standard-acg")
	for _, n := range []float64{10, 1000} {
		for _, mix := range Mixes {
			for _, load := range []float64{1.3, 10} {
				sc := set(t, base, map[string]param.Value{
					"ssp.count": param.Num(n), "ssp.mix": param.Str(mix), "ssp.load": param.Num(load),
				})
				_, std := run(t, sc)
				_, a := run(t, set(t, sc, map[string]param.Value{"scp.control": param.Str("adaptive-acg")}))
				if thr := throughput(t, a); thr < 90 {
					t.Errorf("%g %s SSPs at %g×: adaptive carries %.1f %% of capacity, want ≥ 90 %%", n, mix, load, thr)
				}
				if jainOf(t, a) < jainOf(t, std)-1e-3 {
					t.Errorf("%g %s SSPs at %g×: adaptive J %.4f below the table's %.4f", n, mix, load, jainOf(t, a), jainOf(t, std))
				}
			}
		}
	}
}

func TestBadInput(t *testing.T) {
	v := Def.Params.Defaults()
	var pe *param.Error
	err := v.Put("acg.table", param.Str("100 0.3 8"))
	if !errors.As(err, &pe) || pe.Field != "acg.table" || !strings.Contains(err.Error(), `line 1: gap "0.3"`) {
		t.Errorf("bad table: %v", err)
	}
	// A scenario file with a bad table names the field.
	_, err = scenario.Decode([]byte(`{"model":"scp","params":{"acg.table":"100 0.1 8\n90 0.25 8"}}`),
		func(string) (*param.Set, bool) { return Def.Params, true }, nil)
	if err == nil || !strings.Contains(err.Error(), "acg.table") || !strings.Contains(err.Error(), "line 2: load 90") {
		t.Errorf("scenario with a bad table: %v", err)
	}
	// The number of SSPs cannot change during a run.
	sc := presetScenario(t, "scp-standard-acg")
	sc.Duration = 5
	r, err := sim.Start(Def, sc, false)
	if err != nil {
		t.Fatal(err)
	}
	r.AdvanceTo(kernel.Second)
	if err := r.Set("ssp.count", param.Num(10)); err == nil || !strings.Contains(err.Error(), "ssp.count") {
		t.Errorf("changing ssp.count during a run: %v", err)
	}
	// Everything else can: a live table change takes effect.
	if err := r.Set("acg.table", param.Str("50 stop 2")); err != nil {
		t.Fatal(err)
	}
	r.RunToEnd()
	if err := r.Err(); err != nil {
		t.Fatal(err)
	}
}

// BenchmarkThousandSSPsAt10x runs the preset scp-1000-ssps-10x (300 s, 1.5
// million queries offered by 1000 SSPs) and reports queries per second of
// wall time.
func BenchmarkThousandSSPsAt10x(b *testing.B) {
	sc := presetScenario(b, "scp-1000-ssps-10x")
	var offered int64
	for b.Loop() {
		_, s := run(b, sc)
		offered = s.Total.Offered
	}
	b.ReportMetric(float64(offered)*float64(b.N)/b.Elapsed().Seconds(), "queries/s")
}

func presetScenario(t testing.TB, name string) *scenario.Scenario {
	return simtest.Preset(t, Def, name)
}
