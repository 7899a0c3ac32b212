package scp

import (
	"testing"

	"overloadlab/core/engine/sim"
	"overloadlab/core/engine/sim/simtest"
)

// The study's sentence, checked over 3 seeds on the scp-10-ssps preset: the
// adaptive control carries at least the pass line (90 % of capacity) in
// time from 1× to 10× load, the whole 95 % band above it; the standard
// table's band is below it already at 30 % overload.
func TestStudyPassLine(t *testing.T) {
	base := simtest.Preset(t, Def, "scp-10-ssps")
	sw := &Def.Sweeps[0]
	p := sw.Plan(3)
	p.Values = []float64{1, 1.3, 2, 5, 10}
	p.Variants = sw.Curves[1:] // standard ACG, adaptive
	pts := simtest.Sweep(t, Def, base, p)
	pass := 0.9 * base.Params.Num("scp.capacity")
	for _, pt := range pts {
		g := pt.Stats[sim.MetricGoodput]
		switch {
		case pt.Label == "adaptive" && g.Lo < pass:
			t.Errorf("adaptive at %g×: carried %.1f/s [%.1f, %.1f], below the pass line %.0f/s", pt.X, g.Mean, g.Lo, g.Hi, pass)
		case pt.Label == "standard ACG" && pt.X == 1.3 && g.Hi >= pass:
			t.Errorf("standard ACG at 1.3×: carried %.1f/s [%.1f, %.1f], not below the pass line %.0f/s", g.Mean, g.Lo, g.Hi, pass)
		}
	}
	if len(pts) != 10 || pts[0].Label != "standard ACG" || pts[5].Label != "adaptive" {
		t.Fatalf("points: %+v", pts)
	}
}
