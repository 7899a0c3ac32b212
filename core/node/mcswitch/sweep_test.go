package mcswitch

import (
	"math"
	"testing"

	"overloadlab/core/engine/param"
	"overloadlab/core/engine/sim"
	"overloadlab/core/engine/sim/simtest"
)

// The study's lines come from the parameters: at the defaults the mix of
// 285 calls/s at 1× costs 1 s of CPU per second, so the capacity is
// 0.95 · 285 = 270.75 calls/s (5 % background) and the target line
// 0.85 · 285 = 242.25; a processor twice as fast doubles both, a dearer
// mix lowers them, and a background above the target leaves no target line.
func TestStudyLines(t *testing.T) {
	lines := func(set map[string]float64) []float64 {
		v := Def.Params.Defaults()
		for k, x := range set {
			if err := v.Put(k, param.Num(x)); err != nil {
				t.Fatal(err)
			}
		}
		return sim.LinesAt(Def, v)
	}
	near := func(what string, got []float64, want ...float64) {
		t.Helper()
		for k := range want {
			if len(got) != len(want) || math.Abs(got[k]-want[k]) > 1e-9 {
				t.Errorf("%s: lines %v, want %v", what, got, want)
				return
			}
		}
	}
	near("defaults", lines(nil), 270.75, 242.25)
	near("2× faster", lines(map[string]float64{"cpu.speed": 2}), 541.5, 484.5)
	// Handovers at 18 ms instead of 8: 1200 ms of CPU per 285 calls.
	near("dearer handovers", lines(map[string]float64{"cost.handover": 18}), 0.95*285/1.2, 0.85*285/1.2)
	near("ρ_target 60 %, background 50 %", lines(map[string]float64{"overload.target-occupancy": 60, "cpu.background": 50}), 0.5*285, 0.1*285)
	near("no traffic", lines(map[string]float64{"rate.handover": 0, "rate.mt-call": 0, "rate.mo-call": 0, "rate.lu-sms": 0}), 0, 0)

	// Swept, the processor's speed moves the lines with it, point by point.
	base := simtest.Preset(t, Def, "switch-step-5x")
	p := &sim.Plan{Param: "cpu.speed", Values: []float64{1, 2, 4}, Seeds: 1}
	for i, speed := range p.Values {
		sc, err := p.Scenario(Def, base, sim.Cell{Point: i})
		if err != nil {
			t.Fatal(err)
		}
		near("cpu.speed swept", sim.LinesAt(Def, sc.Params), 270.75*speed, 242.25*speed)
	}
}

// The study's sentence on its lines, checked over 2 seeds of a minute of
// sustained load: below capacity every control carries what is offered; no
// curve's band passes the capacity line at any load; under overload ARO and
// OCC stay below the target line (they keep the dearest calls).
func TestStudyUnderItsLines(t *testing.T) {
	base := simtest.Preset(t, Def, "switch-step-5x")
	base.Duration = 60
	if err := base.Params.Put("load.shape", param.Str("constant")); err != nil {
		t.Fatal(err)
	}
	sw := &Def.Sweeps[0]
	p := sw.Plan(2)
	p.Values = []float64{0.5, 2, 10}
	pts := simtest.Sweep(t, Def, base, p)
	if len(pts) != 9 {
		t.Fatalf("%d points", len(pts))
	}
	capacity, target := sim.LinesAt(Def, base.Params)[0], sim.LinesAt(Def, base.Params)[1]
	for _, pt := range pts {
		g, offered := pt.Stats[sim.MetricGoodput], pt.Stats[sim.MetricOffered].Mean
		t.Logf("%s at %g×: carried %.1f [%.1f, %.1f] of %.1f calls/s", pt.Label, pt.X, g.Mean, g.Lo, g.Hi, offered)
		if g.Hi > capacity {
			t.Errorf("%s at %g×: carried up to %.1f calls/s, above the capacity line %.2f", pt.Label, pt.X, g.Hi, capacity)
		}
		switch {
		case pt.X == 0.5 && g.Lo < 0.98*offered:
			t.Errorf("%s at 0.5×: carried %.1f of %.1f calls/s offered", pt.Label, g.Lo, offered)
		case pt.X > 1 && (pt.Label == "ARO" || pt.Label == "OCC") && g.Hi >= target:
			t.Errorf("%s at %g×: carried up to %.1f calls/s, not below the target line %.2f", pt.Label, pt.X, g.Hi, target)
		}
	}
}
