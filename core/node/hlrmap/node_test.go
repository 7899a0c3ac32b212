package hlrmap

import (
	"errors"
	"math"
	"overloadlab/core/engine/sim/simtest"
	"strings"
	"testing"

	"overloadlab/core/control/broadcast"
	"overloadlab/core/engine/kernel"
	"overloadlab/core/engine/metrics"
	"overloadlab/core/engine/param"
	"overloadlab/core/engine/scenario"
	"overloadlab/core/engine/sim"
)

// custom returns a scenario of the model with params set over the defaults.
func custom(t testing.TB, duration float64, params map[string]param.Value) *scenario.Scenario {
	t.Helper()
	sc := scenario.New(Def.Name, Def.Params)
	sc.Duration = duration
	for k, v := range params {
		if err := sc.Params.Put(k, v); err != nil {
			t.Fatal(err)
		}
	}
	return sc
}

func start(t testing.TB, sc *scenario.Scenario) (*sim.Run, *node) {
	t.Helper()
	var n *node
	def := *Def // the same model, keeping a hand on its node
	def.New = func(env *sim.Env, v param.Values) (sim.Node, error) {
		nd, err := newNode(env, v)
		n, _ = nd.(*node)
		return nd, err
	}
	r, err := sim.Start(&def, sc, false)
	if err != nil {
		t.Fatal(err)
	}
	return r, n
}

func runToEnd(t testing.TB, sc *scenario.Scenario) (*sim.Run, *node) {
	t.Helper()
	r, n := start(t, sc)
	r.RunToEnd()
	if err := r.Err(); err != nil {
		t.Fatal(err)
	}
	return r, n
}

// fullRuns caches the full runs of the presets, which several tests read.
var fullRuns = map[string]*sim.Run{}

func fullRun(t testing.TB, name string) *sim.Run {
	t.Helper()
	if r, ok := fullRuns[name]; ok {
		return r
	}
	r, _ := runToEnd(t, presetScenario(t, name))
	fullRuns[name] = r
	return r
}

// series returns the column named name of the recorded rows.
func series(t testing.TB, r *sim.Run, name string) []float64 {
	t.Helper()
	rec := r.Recorder()
	if rec.Stride() != 1 {
		t.Fatalf("rows were merged (stride %d): keep the test run under %d intervals", rec.Stride(), metrics.MaxRows)
	}
	cols := rec.Columns()
	for i, c := range cols {
		if c.Name == name {
			rows := rec.Rows()
			out := make([]float64, 0, len(rows)/len(cols))
			for j := i; j < len(rows); j += len(cols) {
				out = append(out, rows[j])
			}
			return out
		}
	}
	t.Fatalf("no column %s", name)
	return nil
}

// checkConservation: every attempt of every class ended in exactly one
// outcome or is still in flight, and what is in flight is exactly the work
// the CPU holds (or held when a reboot lost it); every drop has one cause.
func checkConservation(t *testing.T, r *sim.Run, n *node) {
	t.Helper()
	s := r.Summary()
	held := r.Report().Held
	var inCPU int64
	for i, c := range append(s.Classes, s.Total) {
		if c.InFlight < 0 || c.Offered != c.Completed+c.Late+c.Rejected+c.Dropped+c.Throttled+c.InFlight {
			t.Errorf("%s: offered %d ≠ sum of outcomes (in flight %d)", c.Name, c.Offered, c.InFlight)
		}
		if c.Name == "total" {
			break
		}
		if held[i] != c.InFlight || n.held[i]+n.stale[i] != held[i] {
			t.Errorf("%s: in flight %d, but the CPU holds %d and %d were lost in a reboot", c.Name, c.InFlight, n.held[i], n.stale[i])
		}
		inCPU += n.held[i]
	}
	if inCPU != int64(n.inCPU) {
		t.Errorf("held per class sums to %d, the CPU holds %d", inCPU, n.inCPU)
	}
	if got := n.ctl.Count[broadcast.Drop] + n.ingressDrops + n.lostInReboot; got != s.Total.Dropped {
		t.Errorf("dropped %d ≠ congestion %d + ingress %d + reboot %d", s.Total.Dropped, n.ctl.Count[broadcast.Drop], n.ingressDrops, n.lostInReboot)
	}
	if s.Total.Throttled != 0 {
		t.Errorf("throttled %d: nothing throttles at the HLR", s.Total.Throttled)
	}
	n.tab.check(t)
}

func TestPresetsConservation(t *testing.T) {
	for _, p := range presets {
		variants := append([]scenario.Variant{{Label: "as is"}}, p.Compare...)
		for _, v := range variants {
			sc, err := v.Apply(presetScenario(t, p.Name))
			if err != nil {
				t.Fatal(err)
			}
			sc.Duration = 1500
			r, n := start(t, sc)
			for _, at := range []float64{299, 301, 450, 1500} {
				r.AdvanceTo(kernel.Seconds(at))
				checkConservation(t, r, n)
			}
		}
	}
}

// A reboot in the middle of an overload loses the CPU's work; each lost
// message is counted dropped once, when its work would have been done.
func TestRebootLosesWork(t *testing.T) {
	sc := presetScenario(t, "hlr-storm-controls-off")
	sc.Duration = 600
	sc.Timeline = append(sc.Timeline,
		scenario.Change{At: 350, Param: pReboot.Name(), Value: param.On(false)},
		scenario.Change{At: 400, Param: pReboot.Name(), Value: param.On(true)})
	r, n := runToEnd(t, sc)
	checkConservation(t, r, n)
	s := r.Summary()
	if simtest.Counter(t, s, "mapping table", cReboots.Key()) != 2 || n.lostInReboot == 0 {
		t.Errorf("reboots %v, lost in reboot %d: want 2 and some", simtest.Counter(t, s, "mapping table", cReboots.Key()), n.lostInReboot)
	}
}

// A reboot made live with Set replays to the same run.
func TestLiveRebootReplays(t *testing.T) {
	sc := presetScenario(t, "hlr-storm-after-reboot")
	sc.Duration, sc.Timeline = 900, nil
	r, _ := start(t, sc)
	r.AdvanceTo(200 * kernel.Second)
	if err := r.Set(pReboot.Name(), param.On(true)); err != nil {
		t.Fatal(err)
	}
	r.AdvanceTo(500 * kernel.Second)
	if err := r.Set(pThreshold.Name(), param.Num(65)); err != nil {
		t.Fatal(err)
	}
	r.RunToEnd()
	replay, _ := runToEnd(t, r.Replay())
	if r.Summary().Digest != replay.Summary().Digest {
		t.Error("the replay of the live changes differs from the live run")
	}
}

// Seed: no broadcast in the first 60 minutes after the reboot, the
// configured behaviour after. The reboot is at 300 s, so the window is
// [300 s, 3900 s); the 2 s rows end on 3900 s.
func TestRebootWindowInModel(t *testing.T) {
	r := fullRun(t, "hlr-storm-after-reboot")
	ts, bc, avw, win := series(t, r, "t"), series(t, r, "broadcasts"), series(t, r, "avoided.window"), series(t, r, "window")
	var before, after float64
	for i, t0 := range ts {
		inWindow := t0 >= 300 && t0 < 3900
		if (win[i] == 1) != inWindow {
			t.Errorf("row %g s: window column %g", t0, win[i])
		}
		switch {
		case t0 <= 300:
			before += bc[i]
		case t0 <= 3900: // decisions in (t0−2, t0] ⊂ [300, 3900]
			if bc[i] != 0 || avw[i] == 0 {
				t.Errorf("row %g s, inside the window: %g broadcasts/s, %g avoided/s", t0, bc[i], avw[i])
			}
		default:
			if avw[i] != 0 {
				t.Errorf("row %g s, after the window: %g avoided by the window/s", t0, avw[i])
			}
			after += bc[i]
		}
	}
	if before == 0 || after == 0 {
		t.Errorf("broadcasts before the reboot %g, after the window %g: want some of both", before, after)
	}
	if got := series(t, r, "cpu"); slicesMax(got[151:1950]) >= 50 {
		t.Errorf("CPU inside the window reached %g %%, want < 50 %%", slicesMax(got[151:1950]))
	}
}

func slicesMax(xs []float64) float64 {
	m := math.Inf(-1)
	for _, x := range xs {
		m = max(m, x)
	}
	return m
}

// checkCPURules checks every interval after the window against the CPU
// measured over the interval before it: ρ > 70 % ⇒ only drops; P ≤ ρ ≤ 70 %
// ⇒ only avoided by CPU; ρ < P ⇒ only broadcasts. It returns how often
// the CPU crossed P upwards and downwards, and the intervals of drops.
func checkCPURules(t *testing.T, r *sim.Run, from float64, p float64) (up, down, drops int) {
	t.Helper()
	ts, cpu := series(t, r, "t"), series(t, r, "cpu")
	bc, avc, dr := series(t, r, "broadcasts"), series(t, r, "avoided.cpu"), series(t, r, "dropped.congestion")
	for i := 1; i < len(ts); i++ {
		if ts[i]-r.Scenario.Interval < from {
			continue
		}
		rho := cpu[i-1] / 100
		switch {
		case rho > broadcast.Congestion:
			drops++
			if bc[i] != 0 || avc[i] != 0 {
				t.Errorf("row %g s after ρ = %.4f: %g broadcasts/s, %g avoided/s, want drops only", ts[i], rho, bc[i], avc[i])
			}
		case rho >= p:
			if bc[i] != 0 || dr[i] != 0 {
				t.Errorf("row %g s after ρ = %.4f: %g broadcasts/s, %g drops/s, want avoided only", ts[i], rho, bc[i], dr[i])
			}
		default:
			if avc[i] != 0 || dr[i] != 0 {
				t.Errorf("row %g s after ρ = %.4f: %g avoided/s, %g drops/s, want broadcasts only", ts[i], rho, avc[i], dr[i])
			}
		}
		if i >= 2 && ts[i-1]-r.Scenario.Interval >= from {
			prev := cpu[i-2] / 100
			if prev < p && rho >= p {
				up++
			}
			if prev >= p && rho < p {
				down++
			}
		}
	}
	return
}

// After the window of hlr-threshold-after-window, broadcasting stops while
// the CPU is ≥ 50 % and resumes below; when the storm is over (4860 s) it
// stays below and broadcasts throughout.
func TestThresholdAfterWindow(t *testing.T) {
	r := fullRun(t, "hlr-threshold-after-window")
	up, down, drops := checkCPURules(t, r, 3660, 0.50)
	if up < 10 || down < 10 || drops != 0 {
		t.Errorf("crossings of P: %d up, %d down, %d intervals above 70 %%: want ≥ 10, ≥ 10, 0", up, down, drops)
	}
	ts, avc, bc := series(t, r, "t"), series(t, r, "avoided.cpu"), series(t, r, "broadcasts")
	for i, t0 := range ts {
		if t0 > 4880 && (avc[i] != 0 || bc[i] == 0) {
			t.Errorf("row %g s after the storm: %g avoided/s, %g broadcasts/s", t0, avc[i], bc[i])
		}
	}
	// With P = 70 % nothing is avoided by the CPU there.
	sc := presetScenario(t, "hlr-threshold-after-window")
	_ = sc.Params.Put(pThreshold.Name(), param.Num(70))
	sc.Duration = 4200
	r, n := runToEnd(t, sc)
	checkCPURules(t, r, 3660, 0.70)
	if n.ctl.Count[broadcast.AvoidCPU] != 0 || n.ctl.Count[broadcast.Drop] != 0 {
		t.Errorf("P = 70 %%: %d avoided by CPU, %d dropped", n.ctl.Count[broadcast.AvoidCPU], n.ctl.Count[broadcast.Drop])
	}
}

// Without the reboot window the CPU threshold and the 70 % drop are all
// that is left: the storm drives the CPU over 70 % and every rule shows.
func TestNoWindowDropsAbove70(t *testing.T) {
	sc := presetScenario(t, "hlr-storm-after-reboot")
	_ = sc.Params.Put(pLabWindow.Name(), param.On(false))
	sc.Duration = 1800
	r, n := runToEnd(t, sc)
	_, _, drops := checkCPURules(t, r, 300, 0.50)
	if drops == 0 || n.ctl.Count[broadcast.Drop] == 0 || n.ctl.Count[broadcast.AvoidCPU] == 0 {
		t.Errorf("intervals above 70 %%: %d, drops %d, avoided by CPU %d: want some of each", drops, n.ctl.Count[broadcast.Drop], n.ctl.Count[broadcast.AvoidCPU])
	}
}

// The storm preset with and without the controls: under control, the CPU
// stays below 50 % and nothing is late; without them it pins.
func TestStormControlsOnOff(t *testing.T) {
	on, off := fullRun(t, "hlr-storm-after-reboot"), fullRun(t, "hlr-storm-controls-off")
	son, soff := on.Summary(), off.Summary()
	if son.CPU.Max >= 50 || son.Total.Late != 0 || son.Total.Dropped != 0 {
		t.Errorf("with the controls: CPU max %.1f %%, late %d, dropped %d", son.CPU.Max, son.Total.Late, son.Total.Dropped)
	}
	if soff.CPU.Max < 99.9 || soff.Total.Late == 0 || soff.Total.Goodput >= son.Total.Goodput {
		t.Errorf("without: CPU max %.1f %%, late %d, goodput %.1f vs %.1f", soff.CPU.Max, soff.Total.Late, soff.Total.Goodput, son.Total.Goodput)
	}
	// New sessions are spread over the Session Managers within one.
	if s := slicesMax(series(t, on, "sessmgr.spread")); s > 1 {
		t.Errorf("SessMgr spread reached %g, want ≤ 1 (least loaded)", s)
	}
}

// Every request is for a hosted subscriber without a mapping, inside the
// window: each goes to a random Session Manager and is right with
// probability 1/N. Over n requests the hit share p̂ has standard deviation
// σ = √(p(1−p)/n); the test allows 4σ (a chance of 6·10⁻⁵ to fail for a
// correct model, and the seed is fixed).
func TestMisrouteProbability(t *testing.T) {
	for _, N := range []int{1, 8, 384} {
		sc := custom(t, 60, map[string]param.Value{
			pSessMgrs.Name(): param.Num(float64(N)), pSubscribers.Name(): param.Num(100_000), pReboot.Name(): param.On(true),
			pKept.Name(): param.Num(100), pUnknown.Name(): param.Num(0), pAttachRate.Name(): param.Num(0),
			"rate.isd": param.Num(2000), "rate.clr": param.Num(0), "rate.dsd": param.Num(0), "rate.psl": param.Num(0),
		})
		r, nd := runToEnd(t, sc)
		checkConservation(t, r, nd)
		s := r.Summary()
		n := s.Total.Offered
		if nd.ctl.Count[broadcast.AvoidWindow] != n || nd.misrouted+nd.hits != n {
			t.Fatalf("N=%d: offered %d, avoided %d, misrouted %d + hits %d", N, n, nd.ctl.Count[broadcast.AvoidWindow], nd.misrouted, nd.hits)
		}
		if nd.tab.K != 100_000 {
			t.Errorf("N=%d: an avoided request changed the table (K = %d)", N, nd.tab.K)
		}
		m := nd.misrouted + nd.hits
		p := 1 / float64(N)
		got := float64(nd.hits) / float64(m)
		tol := 4 * math.Sqrt(p*(1-p)/float64(m))
		t.Logf("N=%d: %d of %d right (%.5f), 1/N = %.5f, 4σ = %.5f", N, nd.hits, m, got, p, tol)
		if math.Abs(got-p) > tol {
			t.Errorf("N=%d: hit share %.5f over %d requests, want 1/N = %.5f ± %.5f", N, got, m, p, tol)
		}
		if N == 1 && nd.misrouted != 0 {
			t.Errorf("N=1: %d misrouted, want 0", nd.misrouted)
		}
	}
}

// The same requests broadcast (window and threshold off): every one is
// found and puts its mapping back; none is misrouted.
func TestBroadcastFindsAndRelearns(t *testing.T) {
	sc := custom(t, 30, map[string]param.Value{
		pSessMgrs.Name(): param.Num(8), pSubscribers.Name(): param.Num(100_000), pReboot.Name(): param.On(true),
		pKept.Name(): param.Num(100), pUnknown.Name(): param.Num(0), pAttachRate.Name(): param.Num(0),
		pLabWindow.Name(): param.On(false), pAvoid.Name(): param.On(false),
		"rate.isd": param.Num(1000), "rate.clr": param.Num(0), "rate.dsd": param.Num(0), "rate.psl": param.Num(0),
	})
	r, nd := runToEnd(t, sc)
	checkConservation(t, r, nd)
	if nd.misrouted != 0 || nd.found == 0 || nd.tab.K != 100_000-nd.found || nd.tab.M != nd.found {
		t.Errorf("found %d, misrouted %d, table M=%d K=%d", nd.found, nd.misrouted, nd.tab.M, nd.tab.K)
	}
	if b := nd.ctl.Count[broadcast.Broadcast]; b != nd.found+int64(nd.inCPU) {
		t.Errorf("broadcasts %d ≠ found %d + in CPU %d", b, nd.found, nd.inCPU)
	}
}

func wantParamError(t *testing.T, err error, field, allowed string) {
	t.Helper()
	var pe *param.Error
	if !errors.As(err, &pe) || pe.Field != field || !strings.Contains(pe.Allowed, allowed) {
		t.Errorf("err = %v, want a param.Error on %s allowing %q", err, field, allowed)
	}
}

func TestBadInput(t *testing.T) {
	v := Def.Params.Defaults()
	for _, c := range []struct {
		name    string
		val     param.Value
		allowed string
	}{
		{pSessMgrs.Name(), param.Num(2.5), "whole number from 1 to 384"},
		{pThreshold.Name(), param.Num(49), "from 50 to 70 %"},
	} {
		wantParamError(t, v.Put(c.name, c.val), c.name, c.allowed)
	}
	// In a scenario file.
	_, err := scenario.Decode([]byte(`{"model":"imsimgr-hlr","params":{"avoid-sessmgr-broadcast.cpu_threshold":80}}`),
		func(string) (*param.Set, bool) { return Def.Params, true }, nil)
	wantParamError(t, err, pThreshold.Name(), "from 50 to 70 %")
	// During a run: the population cannot change, and the run goes on.
	r, _ := start(t, custom(t, 10, nil))
	r.AdvanceTo(5 * kernel.Second)
	wantParamError(t, r.Set(pSessMgrs.Name(), param.Num(10)), pSessMgrs.Name(), "before the run starts")
	wantParamError(t, r.Set(pThreshold.Name(), param.Num(45)), pThreshold.Name(), "from 50 to 70 %")
	r.RunToEnd()
	if r.Values().Int(pSessMgrs.Name()) != 64 || r.Values().Num(pThreshold.Name()) != 50 {
		t.Error("a refused change was kept")
	}
}

// BenchmarkStormPreset simulates the first 20 minutes of
// hlr-storm-after-reboot and reports messages per second of wall time.
func BenchmarkStormPreset(b *testing.B) {
	var msgs int64
	for b.Loop() {
		sc := presetScenario(b, "hlr-storm-after-reboot")
		sc.Duration = 1200
		r, _ := runToEnd(b, sc)
		msgs += r.Summary().Total.Offered
	}
	b.ReportMetric(float64(msgs)/b.Elapsed().Seconds(), "msgs/s")
}

// Attaches by random subscribers fill the table as 1 − e^{−λt/S}: in
// hlr-storm-after-reboot (λ = 200/s, S = 400 000, reboot at 300 s, no
// broadcast inside the window) the mapped share at 300 + t s is within
// 0.5 percentage points of it (the standard deviation of the share is
// about 0.1 point).
func TestTableFillsAfterReboot(t *testing.T) {
	r := fullRun(t, "hlr-storm-after-reboot")
	ts, mapped := series(t, r, "t"), series(t, r, "table.mapped")
	for i, t0 := range ts {
		if t0 < 300 || t0 > 3900 || int(t0)%600 != 0 {
			continue // after the window, broadcasts put mappings back too
		}
		want := 100 * (1 - math.Exp(-200*(t0-300)/400_000))
		if math.Abs(mapped[i]-want) > 0.5 {
			t.Errorf("at %g s: %.2f %% mapped, want %.2f %% ± 0.5", t0, mapped[i], want)
		}
	}
}

func presetScenario(t testing.TB, name string) *scenario.Scenario {
	return simtest.Preset(t, Def, name)
}
