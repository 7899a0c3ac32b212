// Package simtest holds what the tests of every node model need: a
// preset's scenario, a run's series by column, a summary's counter, a
// sweep's points.
package simtest

import (
	"runtime"
	"strings"
	"testing"

	"overloadlab/core/engine/kernel"
	"overloadlab/core/engine/scenario"
	"overloadlab/core/engine/sim"
)

// Preset returns the scenario of def's preset named name.
func Preset(t testing.TB, def *sim.Def, name string) *scenario.Scenario {
	t.Helper()
	for i := range def.Presets {
		if def.Presets[i].Name == name {
			sc, err := def.Presets[i].Build(def.Params)
			if err != nil {
				t.Fatal(err)
			}
			return sc
		}
	}
	t.Fatalf("%s has no preset %s", def.Name, name)
	return nil
}

// Series runs sc to its end and returns every interval's values by column
// name, at full resolution, with the run's summary.
func Series(t testing.TB, def *sim.Def, sc *scenario.Scenario) (map[string][]float64, sim.Summary) {
	t.Helper()
	r, err := sim.Start(def, sc, true)
	if err != nil {
		t.Fatal(err)
	}
	cols := r.Recorder().Columns()
	out := map[string][]float64{}
	step := kernel.Seconds(sc.Interval) * 1000
	for !r.Done() {
		r.AdvanceTo(r.Now() + step)
		rows := r.Recorder().Drain()
		for i := 0; i < len(rows); i += len(cols) {
			for j, c := range cols {
				out[c.Name] = append(out[c.Name], rows[i+j])
			}
		}
	}
	if err := r.Err(); err != nil {
		t.Fatal(err)
	}
	return out, r.Summary()
}

// Counter returns the counter name of the control group named group (or,
// failing that, the first group whose name starts with group).
func Counter(t testing.TB, s sim.Summary, group, name string) float64 {
	t.Helper()
	for _, exact := range []bool{true, false} {
		for _, g := range s.Controls {
			if g.Name == group || (!exact && strings.HasPrefix(g.Name, group)) {
				for _, c := range g.Counters {
					if c.Name == name {
						return c.Value
					}
				}
			}
		}
	}
	t.Fatalf("no counter %s / %s", group, name)
	return 0
}

// Sweep runs every cell of plan p over base on the machine's cores and
// returns its points, curve by curve; an error fails the test.
func Sweep(t testing.TB, def *sim.Def, base *scenario.Scenario, p *sim.Plan) []sim.PointStat {
	t.Helper()
	samples, err := sim.RunCells(def, base, p, p.Shard(0, 1), runtime.NumCPU(), nil)
	if err != nil {
		t.Fatal(err)
	}
	pts, err := sim.Summarize(p, samples)
	if err != nil {
		t.Fatal(err)
	}
	return pts
}
