package session

import (
	"fmt"
	"sort"

	"overloadlab/core/catalog"
	"overloadlab/core/engine/param"
	"overloadlab/core/engine/scenario"
	"overloadlab/core/engine/sim"
)

// Sweeper is a sweep worker of the page's pool: it runs one cell of a sweep
// (variant, point, seed) per call, the smallest piece of work, so that the
// pool's workers finish together; and it summarises a point from its
// cells' samples, which the page gathers from every worker. It needs no
// live run. The scenario and the plan come as JSON with every call; the
// last ones are kept decoded and checked.
type Sweeper struct {
	scenarioJSON, planJSON string
	def                    *sim.Def
	base                   *scenario.Scenario
	plan                   *sim.Plan
}

// load decodes and checks a sweep's scenario and plan, unless they are the
// last ones.
func (w *Sweeper) load(scenarioJSON, planJSON string) error {
	if w.plan != nil && scenarioJSON == w.scenarioJSON && planJSON == w.planJSON {
		return nil
	}
	w.plan = nil
	sc, err := catalog.Decode([]byte(scenarioJSON))
	if err != nil {
		return err
	}
	def, _ := catalog.Model(sc.Model)
	plan, err := sim.DecodePlan([]byte(planJSON), def.Params)
	if err != nil {
		return err
	}
	if err := plan.Check(def, sc); err != nil {
		return err
	}
	w.scenarioJSON, w.planJSON, w.def, w.base, w.plan = scenarioJSON, planJSON, def, sc, plan
	return nil
}

// Cell runs seed s of point i of variant v of a sweep (the plan as JSON)
// over a scenario (as JSON) and returns its sample.
func (w *Sweeper) Cell(scenarioJSON, planJSON string, v, i, s int) (sim.Sample, error) {
	if err := w.load(scenarioJSON, planJSON); err != nil {
		return sim.Sample{}, err
	}
	c := sim.Cell{Variant: v, Point: i, Seed: s}
	if !w.plan.Contains(c) {
		return sim.Sample{}, w.outside(c)
	}
	return sim.RunCell(w.def, w.base, w.plan, c)
}

func (w *Sweeper) outside(c sim.Cell) error {
	return &param.Error{Field: "sweep cell", Value: fmt.Sprintf("variant %d, point %d, seed %d", c.Variant, c.Point, c.Seed),
		Allowed: fmt.Sprintf("variant < %d, point < %d, seed < %d", len(w.plan.Curves()), w.plan.PointCount(), w.plan.Seeds)}
}

// Point summarises one point of a sweep from the samples of its seeds (a
// JSON array of what Cell returned, in any order, each seed once): the mean
// and 95 % interval per metric, the digest over the seeds, and the model's
// lines at the point, as a native sweep computes them.
func (w *Sweeper) Point(scenarioJSON, planJSON, samplesJSON string) (sim.PointStat, error) {
	if err := w.load(scenarioJSON, planJSON); err != nil {
		return sim.PointStat{}, err
	}
	samples, err := sim.DecodeSamples([]byte(samplesJSON))
	if err != nil {
		return sim.PointStat{}, &param.Error{Field: "sweep samples", Value: fmt.Sprintf("%.40q", samplesJSON), Allowed: "a JSON array of samples"}
	}
	if len(samples) != w.plan.Seeds {
		return sim.PointStat{}, &param.Error{Field: "sweep samples", Value: fmt.Sprint(len(samples)), Allowed: fmt.Sprintf("one per seed, %d", w.plan.Seeds)}
	}
	sort.Stable(bySeed(samples))
	for k, s := range samples {
		if !w.plan.Contains(s.Cell) || s.Seed != k || s.Variant != samples[0].Variant || s.Point != samples[0].Point || len(s.Values) != w.plan.MetricCount() {
			return sim.PointStat{}, &param.Error{Field: "sweep samples", Value: fmt.Sprintf("variant %d, point %d, seed %d", s.Variant, s.Point, s.Seed),
				Allowed: fmt.Sprintf("seeds 0 to %d of one point (variant < %d, point < %d), each once", w.plan.Seeds-1, len(w.plan.Curves()), w.plan.PointCount())}
		}
	}
	at, err := w.plan.Scenario(w.def, w.base, samples[0].Cell)
	if err != nil {
		return sim.PointStat{}, err
	}
	ps := sim.PointOf(w.plan, samples)
	ps.Lines = sim.LinesAt(w.def, at.Params)
	return ps, nil
}

// bySeed orders samples by seed (sort.Stable, not slices.SortFunc: one sort
// in the wasm for every type, where each generic instance weighs some 20 KB).
type bySeed []sim.Sample

func (s bySeed) Len() int           { return len(s) }
func (s bySeed) Less(i, j int) bool { return s[i].Seed < s[j].Seed }
func (s bySeed) Swap(i, j int)      { s[i], s[j] = s[j], s[i] }
