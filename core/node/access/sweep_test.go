package access

import (
	"slices"
	"testing"

	"overloadlab/core/engine/sim"
	"overloadlab/core/engine/sim/simtest"
)

// study runs the study id natively on three seeds over the first outage
// preset and returns its points by curve label, in the study's order.
func study(t *testing.T, id string) (*sim.Sweep, map[string][]sim.PointStat, float64) {
	t.Helper()
	base := simtest.Preset(t, Def, "outage-no-control")
	i := slices.IndexFunc(Def.Sweeps, func(sw sim.Sweep) bool { return sw.ID == id })
	sw := &Def.Sweeps[i]
	pts := simtest.Sweep(t, Def, base, sw.Plan(3))
	by := map[string][]sim.PointStat{}
	for _, pt := range pts {
		by[pt.Label] = append(by[pt.Label], pt)
		if testing.Verbose() {
			t.Logf("%-30s %4g: t95 %6.0f s [%6.0f, %6.0f], cpu %5.1f %% [%5.1f, %5.1f]", pt.Label, pt.X, pt.Stats[0].Mean, pt.Stats[0].Lo, pt.Stats[0].Hi, pt.Stats[1].Mean, pt.Stats[1].Lo, pt.Stats[1].Hi)
		}
	}
	// Never reached: t95_s is the time from the outage's end to the run's end.
	never := base.Duration - pTriggerT2.Of(base.Params)
	return sw, by, never
}

// soonest returns the x of the point with the least mean t95.
func soonest(pts []sim.PointStat) float64 {
	best := pts[0]
	for _, pt := range pts {
		if pt.Stats[0].Mean < best.Stats[0].Mean {
			best = pt
		}
	}
	return best.X
}

// TestStudyT3346 checks the T3346 study's sentence point by point.
func TestStudyT3346(t *testing.T) {
	sw, by, never := study(t, "t3346")
	if got := sw.MetricNames(); !slices.Equal(got, []string{"t95_s", "cpu_echo_pct"}) {
		t.Fatalf("metrics %v", got)
	}
	fixed, random := by["T3346 fixed at max"], by["T3346 random in [15 min, max]"]
	if len(fixed) != len(sw.Values) || len(random) != len(sw.Values) {
		t.Fatalf("curves %v", by)
	}
	for k, f := range fixed {
		// "a fixed T3346 never has 95 % of the devices attached within the hour"
		if t95 := f.Stats[0]; t95.Lo < never {
			t.Errorf("fixed %g min: 95 %% attached at %.0f s [%.0f, %.0f], within the hour", f.X, t95.Mean, t95.Lo, t95.Hi)
		}
		// "and up to 45 min its echo pins the MMEs again (100 %)"
		if echo := f.Stats[1]; f.X <= 45 && echo.Lo < 99 {
			t.Errorf("fixed %g min: the echo's peak %.1f %% [%.1f, %.1f], not pinned", f.X, echo.Mean, echo.Lo, echo.Hi)
		}
		r := random[k]
		// "drawn from [15 min, max] the echo's peak falls as the range widens, under 60 % from 30 min on"
		if k > 1 && r.Stats[1].Mean >= random[k-1].Stats[1].Mean {
			t.Errorf("random [15, %g]: the echo's peak %.1f %%, not below %.1f %% at %g", r.X, r.Stats[1].Mean, random[k-1].Stats[1].Mean, random[k-1].X)
		}
		if r.X >= 30 && r.Stats[1].Hi >= 60 {
			t.Errorf("random [15, %g]: the echo's peak %.1f %% [%.1f, %.1f], not under 60 %%", r.X, r.Stats[1].Mean, r.Stats[1].Lo, r.Stats[1].Hi)
		}
	}
	// "95 % attached comes soonest at 25 min, some 25 minutes after the outage"
	if x := soonest(random); x != 25 {
		t.Errorf("random: 95 %% attached soonest at max = %g min, not 25", x)
	}
	if t95 := random[slices.Index(sw.Values, 25)].Stats[0]; t95.Lo < 20*60 || t95.Hi > 30*60 {
		t.Errorf("random [15, 25]: 95 %% attached at %.0f s [%.0f, %.0f], not some 25 minutes", t95.Mean, t95.Lo, t95.Hi)
	}
}

// TestStudyBarringFactor checks the barring factor study's sentence point
// by point, on the choices' numbers (p05: 5).
func TestStudyBarringFactor(t *testing.T) {
	sw, by, never := study(t, "acb")
	if got := sw.MetricNames(); !slices.Equal(got, []string{"t95_s", "cpu_peak_pct"}) {
		t.Fatalf("metrics %v", got)
	}
	s64, s256 := by["barring time 64 s"], by["barring time 256 s"]
	if len(s64) != len(sw.Values) || len(s256) != len(sw.Values) {
		t.Fatalf("curves %v", by)
	}
	for _, c := range [][]sim.PointStat{s64, s256} {
		for _, pt := range c {
			t95, cpu := pt.Stats[0], pt.Stats[1]
			switch {
			// "Barring at p05 or p10 keeps the busiest MME under 100 % but
			// delays everyone (95 % attached at best some 30 minutes after the outage)"
			case pt.X <= 10 && (cpu.Hi >= 99 || t95.Lo < 1700):
				t.Errorf("%s, p%02.0f: peak %.1f %% [%.1f, %.1f], 95 %% at %.0f s [%.0f, %.0f]", pt.Label, pt.X, cpu.Mean, cpu.Lo, cpu.Hi, t95.Mean, t95.Lo, t95.Hi)
			// "from p20 the first wave pins the MMEs anyway"
			case pt.X >= 20 && cpu.Lo < 99:
				t.Errorf("%s, p%02.0f: peak %.1f %% [%.1f, %.1f], not pinned", pt.Label, pt.X, cpu.Mean, cpu.Lo, cpu.Hi)
			}
			// "and at p95 fewer than 95 % are attached within the hour"
			if pt.X == 95 && t95.Lo < never {
				t.Errorf("%s, p95: 95 %% attached at %.0f s", pt.Label, t95.Mean)
			}
		}
	}
	// "95 % attached soonest at p20 for 64 s, at p75 for 256 s"
	if a, b := soonest(s64), soonest(s256); a != 20 || b != 75 {
		t.Errorf("95 %% attached soonest at p%02.0f for 64 s, p%02.0f for 256 s; want p20, p75", a, b)
	}
}
