package dsr

import (
	"errors"
	"math"
	"overloadlab/core/engine/sim/simtest"
	"strings"
	"testing"

	"overloadlab/core/control/doic"
	"overloadlab/core/engine/kernel"
	"overloadlab/core/engine/param"
	"overloadlab/core/engine/scenario"
	"overloadlab/core/engine/sim"
)

func variant(t *testing.T, sc *scenario.Scenario, params map[string]param.Value) *scenario.Scenario {
	t.Helper()
	v := scenario.Variant{Label: "test", Params: params}
	out, err := v.Apply(sc)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// tally is what the agent did with each priority and colour.
type tally struct {
	offered [doic.Priorities]int64
	sent    [doic.Priorities][doic.Colours]int64
	abated  [doic.Priorities][doic.Colours]int64
}

func snapshot(n *node) tally {
	var t tally
	for p := range doic.Priorities {
		t.offered[p] = n.env.Out.Class(p).Offered
	}
	t.sent, t.abated = n.sent, n.abated
	return t
}

// window runs sc and returns what happened between from and the end (so
// the first report, at the first measurement, is in force throughout).
func window(t *testing.T, sc *scenario.Scenario, from kernel.Time) (tally, *sim.Run) {
	t.Helper()
	r, err := sim.Start(Def, sc, false)
	if err != nil {
		t.Fatal(err)
	}
	r.AdvanceTo(from)
	n := nodeOf(r)
	a := snapshot(n)
	r.RunToEnd()
	b := snapshot(n)
	for p := range doic.Priorities {
		b.offered[p] -= a.offered[p]
		for c := range doic.Colours {
			b.sent[p][c] -= a.sent[p][c]
			b.abated[p][c] -= a.abated[p][c]
		}
	}
	return b, r
}

func nodeOf(r *sim.Run) *node { return r.Node().(*node) }

func (t tally) abatedShare(p int) float64 {
	return float64(t.abated[p][doic.Green]+t.abated[p][doic.Yellow]) / float64(t.offered[p])
}

// The example of Oracle's DSR documentation: 10 % reduction, P0 is 20 % of the traffic; priority
// only discards half of P0 and nothing above it. The SHM error of a 1 s
// window on Poisson traffic at these rates is about 3 % of P0 per plan and
// averages out over the run, hence ±0.01.
func TestPriorityOnlyDiscardsHalfOfP0(t *testing.T) {
	w, _ := window(t, preset(t, "doic-priority-only"), 2*kernel.Second)
	if s := w.abatedShare(0); math.Abs(s-0.5) > 0.01 {
		t.Errorf("P0 abated share %.4f, want 0.5 ± 0.01", s)
	}
	for p := 1; p < doic.Priorities; p++ {
		if a := w.abated[p][doic.Green] + w.abated[p][doic.Yellow]; a != 0 {
			t.Errorf("P%d: %d abated, want 0", p, a)
		}
	}
}

// Priority within colour: yellow of every priority before any green.
func TestPriorityWithinColourYellowFirst(t *testing.T) {
	w, _ := window(t, preset(t, "doic-priority-within-colour"), 2*kernel.Second)
	for p := range doic.Priorities {
		if w.abated[p][doic.Green] != 0 {
			t.Errorf("P%d green: %d abated while yellow remains", p, w.abated[p][doic.Green])
		}
	}
	for p := range 2 {
		y := float64(w.abated[p][doic.Yellow]) / float64(w.abated[p][doic.Yellow]+w.sent[p][doic.Yellow])
		if y < 0.98 {
			t.Errorf("P%d yellow: only %.3f abated, want nearly all", p, y)
		}
	}
	if w.abated[2][doic.Yellow] == 0 || w.abated[3][doic.Yellow] != 0 || w.abated[4][doic.Yellow] != 0 {
		t.Errorf("yellow abated P2 %d (want some), P3 %d, P4 %d (want 0)", w.abated[2][doic.Yellow], w.abated[3][doic.Yellow], w.abated[4][doic.Yellow])
	}
}

// Plain loss against priority only at the same reduction: the same total,
// a very different per-priority outcome.
func TestPlainLossVersusRanked(t *testing.T) {
	sc := preset(t, "doic-plain-vs-ranked")
	plain, _ := window(t, sc, 2*kernel.Second)
	ranked, _ := window(t, variant(t, sc, map[string]param.Value{"doic.abatement": param.Str("priority-only")}), 2*kernel.Second)
	total := func(w tally) (a, o int64) {
		for p := range doic.Priorities {
			a += w.abated[p][0] + w.abated[p][1]
			o += w.offered[p]
		}
		return
	}
	ap, op := total(plain)
	ar, or := total(ranked)
	if sp, sr := float64(ap)/float64(op), float64(ar)/float64(or); math.Abs(sp-0.1) > 0.005 || math.Abs(sr-0.1) > 0.005 {
		t.Errorf("abated share of all traffic: plain %.4f, ranked %.4f; want both 0.10 ± 0.005", sp, sr)
	}
	for p := range doic.Priorities {
		if s := plain.abatedShare(p); math.Abs(s-0.1) > 0.01 {
			t.Errorf("plain loss P%d: abated share %.4f, want 0.10 ± 0.01", p, s)
		}
	}
	if ranked.abatedShare(doic.P4) != 0 || plain.abatedShare(doic.P4) == 0 {
		t.Error("P4: ranked must abate none, plain loss some")
	}
}

// Over- and under-shoot: with a long Rate Convergence Time the rate sent
// strays further from 90 % of the offered rate around P0 bursts.
func TestSHMConvergenceOnBursts(t *testing.T) {
	sc := preset(t, "doic-shm-bursty")
	worst := func(conv float64) (over, under float64) {
		r, err := sim.Start(Def, variant(t, sc, map[string]param.Value{"shm.convergence": param.Num(conv)}), false)
		if err != nil {
			t.Fatal(err)
		}
		r.RunToEnd()
		cols := r.Recorder().Columns()
		rows := r.Recorder().Rows()
		w := len(cols)
		for i := 2 * w; i < len(rows); i += w {
			row := rows[i : i+w]
			sent, offered := 0.0, 0.0
			for j, c := range cols {
				switch {
				case strings.HasPrefix(c.Name, "sent."):
					sent += row[j]
				case c.Name == "offered":
					offered = row[j]
				}
			}
			d := sent - 0.9*offered
			over, under = max(over, d), min(under, d)
		}
		return
	}
	lo, lu := worst(5)
	so, su := worst(0.2)
	if lu > -400 || lo < 120 {
		t.Errorf("5 s window: worst over-abatement %.0f/s, under-abatement %.0f/s; want beyond -400 and 120", lu, lo)
	}
	if su < -200 || so > 100 {
		t.Errorf("0.2 s window: %.0f/s and %.0f/s; want within -200 and 100", su, so)
	}
}

// The server ends the overload with a report when the load falls, and the
// agent takes it.
func TestOverloadEnds(t *testing.T) {
	r, err := sim.Start(Def, preset(t, "doic-overload-and-recovery"), false)
	if err != nil {
		t.Fatal(err)
	}
	r.RunToEnd()
	n := nodeOf(r)
	if n.verdicts[doic.Ended] == 0 || n.rep.inForce || n.ttp.State.Active(r.Now()) {
		t.Errorf("ended reports %d, server still reporting %v, agent still abating %v", n.verdicts[doic.Ended], n.rep.inForce, n.ttp.State.Active(r.Now()))
	}
	if seq, _ := n.ttp.State.Seq(); seq != n.rep.olr.Seq {
		t.Errorf("agent sequence number %d, server's %d", seq, n.rep.olr.Seq)
	}
}

// Every request ends in exactly one outcome: offered = completed + late +
// rejected + dropped + in flight, with in flight the answers still on their
// way; the agent sent or abated each one, and every abated one was
// rejected or diverted.
func TestConservation(t *testing.T) {
	for i := range Def.Presets {
		p := &Def.Presets[i]
		t.Run(p.Name, func(t *testing.T) {
			sc, _ := p.Build(Def.Params)
			r, err := sim.Start(Def, sc, false)
			if err != nil {
				t.Fatal(err)
			}
			r.RunToEnd()
			n := nodeOf(r)
			s := r.Summary()
			var rejected, offered, sent, abated, diverted int64
			for _, c := range s.Classes {
				rejected += c.Rejected
				offered += c.Offered
				if c.Offered != c.Completed+c.Late+c.Rejected+c.Dropped+c.Throttled+c.InFlight || c.InFlight < 0 {
					t.Errorf("%s: %+v does not add up", c.Name, c)
				}
			}
			for p := range doic.Priorities {
				for c := range doic.Colours {
					sent += n.sent[p][c]
					abated += n.abated[p][c]
					diverted += n.diverted[p][c]
				}
			}
			for p, c := range s.Classes {
				if c.InFlight != n.pending[p] {
					t.Errorf("%s: in flight %d, answers pending %d", c.Name, c.InFlight, n.pending[p])
				}
			}
			if sent+abated != offered || rejected != abated-diverted {
				t.Errorf("offered %d, sent %d, abated %d, diverted %d, rejected %d", offered, sent, abated, diverted, rejected)
			}
		})
	}
}

func digest(t *testing.T, sc *scenario.Scenario) string {
	t.Helper()
	r, err := sim.Start(Def, sc, false)
	if err != nil {
		t.Fatal(err)
	}
	r.RunToEnd()
	return r.Summary().Digest
}

func TestBadInput(t *testing.T) {
	sc := preset(t, "doic-priority-only")
	var pe *param.Error
	err := sc.Params.Put("server.validity", param.Num(86401))
	if !errors.As(err, &pe) || pe.Field != "server.validity" || !strings.Contains(err.Error(), "1 to 86400") {
		t.Errorf("validity 86401: %v", err)
	}
	err = sc.Params.Put("doic.abatement", param.Str("random"))
	if !errors.As(err, &pe) || !strings.Contains(err.Error(), "priority-within-colour") {
		t.Errorf("unknown policy: %v", err)
	}
	err = sc.Params.Put("shm.convergence", param.Num(0.05))
	if !errors.As(err, &pe) || !strings.Contains(err.Error(), "0.1 to 10 s") {
		t.Errorf("convergence 0.05: %v", err)
	}
	bad := sc.Clone()
	for p := range doic.Priorities {
		bad.Params.Put(layerMix(p), param.Num(0))
	}
	if _, err := sim.Start(Def, bad, false); !errors.As(err, &pe) || pe.Field != "mix.p0" {
		t.Errorf("all shares 0: %v", err)
	}
	bad = sc.Clone()
	bad.Params.Put("burst.period", param.Num(2))
	bad.Params.Put("burst.length", param.Num(2))
	if _, err := sim.Start(Def, bad, false); !errors.As(err, &pe) || pe.Field != "burst.length" || !strings.Contains(err.Error(), "less than burst.period") {
		t.Errorf("burst as long as its period: %v", err)
	}
	r, _ := sim.Start(Def, sc, false)
	if err := r.Set("mix.p7", param.Num(1)); err == nil {
		t.Error("unknown parameter accepted")
	}
}

func layerMix(p int) string { return "mix.p" + string(rune('0'+p)) }

// The load sweep: DOIC keeps goodput near the server's target where
// without it the full server queue discards.
func TestLoadSweep(t *testing.T) {
	base := scenario.New("dsr", Def.Params)
	base.Duration = 20
	sw := &Def.Sweeps[0]
	// Values[5] = 2×.
	off, err := sim.RunCell(Def, base, sw.Plan(1), sim.Cell{Variant: 0, Point: 5})
	if err != nil {
		t.Fatal(err)
	}
	on, err := sim.RunCell(Def, base, sw.Plan(1), sim.Cell{Variant: 2, Point: 5})
	if err != nil {
		t.Fatal(err)
	}
	g := sim.MetricGoodput
	if off.Values[g] > on.Values[g]/2 || on.Values[g] < 3800 {
		t.Errorf("at 2× load: goodput without DOIC %.0f/s, with priority-only %.0f/s", off.Values[g], on.Values[g])
	}
}

// The digests are pinned so that the same run natively and in WebAssembly
// (GOOS=js GOARCH=wasm go test) is checked to be bit for bit the same.
func TestPinnedDigests(t *testing.T) {
	for name, want := range map[string]string{
		"doic-shm-bursty":     "e1fefe68c94d1de5d690942961d09428",
		"doic-rate-algorithm": "ae65e7a15f87104ebb223fcb3245789a",
	} {
		if got := digest(t, preset(t, name)); got != want {
			t.Errorf("%s: digest %s, pinned %s", name, got, want)
		}
	}
}

func preset(t *testing.T, name string) *scenario.Scenario { return simtest.Preset(t, Def, name) }

// An injected report asks for R = 15 % from 10 s to 40 s whatever the
// load: a server far from overloaded (capacity 250 000/s) requests 15 % in
// exactly those intervals, the agent abates 15 % ± 1 of every priority
// under plain loss while it is in force, nothing before it nor after the
// end report, and the injection refuses an end before its start.
func TestInjectedReport(t *testing.T) {
	sc := preset(t, "doic-plain-vs-ranked")
	sc = variant(t, sc, map[string]param.Value{
		"server.rule": param.Str("injected"), "server.reduction": param.Num(15), "server.capacity": param.Num(250000),
		"server.inject-from": param.Num(10), "server.inject-to": param.Num(40),
	})
	s, sum := simtest.Series(t, Def, sc)
	for i, at := range s["t"] {
		want := 0.0
		if at >= 10 && at < 40 {
			want = 15
		}
		if s["server.reduction"][i] != want {
			t.Fatalf("at %v s the server requests %v %%, want %v", at, s["server.reduction"][i], want)
		}
	}
	var abated, offered float64
	for i, at := range s["t"] {
		var a float64
		for _, c := range []string{"p0", "p1", "p2", "p3", "p4"} {
			a += s["abated."+c+".green"][i] + s["abated."+c+".yellow"][i]
		}
		switch {
		case at > 11 && at <= 40:
			abated += a
			offered += s["offered"][i]
		case at <= 10 || at > 41:
			if a != 0 {
				t.Fatalf("at %v s %v requests/s abated outside the injection", at, a)
			}
		}
	}
	if share := abated / offered; math.Abs(share-0.15) > 0.01 {
		t.Errorf("abated %.4f of the offered load while injected, want 0.15 ± 0.01", share)
	}
	if ended := simtest.Counter(t, sum, "DOIC reacting node", cOlrEnded.Key()); ended != 1 {
		t.Errorf("%v end reports, want 1", ended)
	}
	bad := variant(t, sc, map[string]param.Value{"server.inject-to": param.Num(10)})
	var pe *param.Error
	if _, err := sim.Start(Def, bad, false); !errors.As(err, &pe) || pe.Field != "server.inject-to" || !strings.Contains(pe.Allowed, "later than server.inject-from (10 s)") {
		t.Errorf("injection ending at its start: %v", err)
	}
}
