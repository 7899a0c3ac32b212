package sip

import (
	"testing"

	"overloadlab/core/engine/sim"
	"overloadlab/core/engine/sim/simtest"
)

// The study's sentence (Def.Sweeps[0].Doc), checked over 3 seeds on
// sip-loss-3x at every point of the figure: up to 0.8× every curve
// carries at least 90 % of what is offered but rate, whose leaky buckets,
// paced at the server's 80 % target, drop a Poisson client's bursts
// already at 0.8× (85 % or more); from 1.2× on, without control goodput
// falls under a quarter of the capacity and with 503 under two fifths,
// while loss and rate hold it at 70 % of the capacity or more, the whole
// 95 % band on its side of each line. Measured over 50 seeds (overloadlab
// sweep -preset sip-loss-3x -seeds 50), from 1.2× to 5×: none about 16–21
// %, 503 26–32 %, loss 78–80 %, rate 75–80 % of the capacity; rate at
// 0.8× carries 90 % of the offered load.
func TestStudy(t *testing.T) {
	base := simtest.Preset(t, Def, "sip-loss-3x")
	sw := &Def.Sweeps[0]
	pts := simtest.Sweep(t, Def, base, sw.Plan(3))
	if len(pts) != len(sw.Values)*len(sw.Curves) {
		t.Fatalf("%d points", len(pts))
	}
	capacity := Capacity(base.Params)
	for _, pt := range pts {
		g, o := pt.Stats[sim.MetricGoodput], pt.Stats[sim.MetricOffered]
		share := func(x float64) float64 { return 100 * x / capacity }
		switch {
		case pt.X <= 0.8:
			least := 0.9
			if pt.Label == "rate (RFC 7415)" && pt.X == 0.8 {
				least = 0.85
			}
			if g.Lo < least*o.Mean {
				t.Errorf("%s at %g×: carried %.1f/s [%.1f, %.1f] of %.1f/s offered, under the load", pt.Label, pt.X, g.Mean, g.Lo, g.Hi, o.Mean)
			}
		case pt.X < 1.2:
		case pt.Label == "no control" && share(g.Hi) >= 25,
			pt.Label == "503 Retry-After" && share(g.Hi) >= 40,
			(pt.Label == "loss (RFC 7339)" || pt.Label == "rate (RFC 7415)") && share(g.Lo) < 70:
			t.Errorf("%s at %g×: goodput %.1f %% of the capacity [%.1f, %.1f]", pt.Label, pt.X, share(g.Mean), share(g.Lo), share(g.Hi))
		}
		if testing.Verbose() {
			t.Logf("%-16s %4g×: goodput %5.1f %% of capacity [%5.1f, %5.1f]", pt.Label, pt.X, share(g.Mean), share(g.Lo), share(g.Hi))
		}
	}
}
