package sim

import (
	"fmt"
	"sync"

	"overloadlab/core/engine/scenario"
)

// Metric is one number a sweep reports for each run: one of Metrics, or
// a model's own, which a study declares (Sweep.Metrics) with its words and
// unit and the tile that gives it: the value of Column at the run's end,
// its maximum or mean over the intervals ending after From, or its total
// (Agg, as Tile: TileNow, TileMax, TileMean, TileSum); or, for a figure a
// tile cannot say, Of the run at its end.
type Metric struct {
	Name   string               `json:"name"` // CSV column stem, "t95_s"
	Label  string               `json:"label"`
	Unit   string               `json:"unit,omitempty"`
	Column string               `json:"column,omitempty"`
	Agg    string               `json:"agg,omitempty"`
	From   float64              `json:"from,omitempty"`
	Of     func(r *Run) float64 `json:"-"`
}

// at returns a model metric's value for the run at its end.
func (m *Metric) at(r *Run) float64 {
	if m.Of != nil {
		return m.Of(r)
	}
	x, _ := r.Tile(Tile{Column: m.Column, Agg: m.Agg, From: m.From})
	return x
}

// Metrics are the numbers of a Sample, in order.
var Metrics = []Metric{
	{Name: "offered_per_s", Label: "offered /s"},
	{Name: "goodput_per_s", Label: "carried in time /s"},
	{Name: "late_per_s", Label: "completed late /s"},
	{Name: "rejected_per_s", Label: "rejected /s"},
	{Name: "dropped_per_s", Label: "dropped /s"},
	{Name: "throttled_per_s", Label: "throttled at source /s"},
	{Name: "cpu_mean_pct", Label: "mean CPU %"},
	{Name: "cpu_max_pct", Label: "max CPU %"},
}

// Index of the goodput and offered metrics in Sample.Values.
const (
	MetricOffered = 0
	MetricGoodput = 1
)

// Sample is the result of one run of a plan's grid.
type Sample struct {
	Cell
	X      float64   `json:"x"`
	Values []float64 `json:"values"` // one per metric of the plan (Plan.MetricList)
	Digest string    `json:"digest"` // the run's digest
}

// RunCell runs cell c of plan p over base to its end.
func RunCell(def *Def, base *scenario.Scenario, p *Plan, c Cell) (Sample, error) {
	sc, err := p.Scenario(def, base, c)
	if err != nil {
		return Sample{}, err
	}
	r, err := Start(def, sc, false)
	if err != nil {
		return Sample{}, err
	}
	r.RunToEnd()
	if err := r.Err(); err != nil {
		return Sample{}, fmt.Errorf("sweep %s = %g, %s, seed %d: %w", p.Param, p.x(def, sc), p.Curves()[c.Variant].Label, sc.Seed, err)
	}
	s := r.Summary()
	d := s.DurationS
	t := s.Total
	std := []float64{
		float64(t.Offered) / d,
		t.Goodput,
		float64(t.Late) / d,
		float64(t.Rejected) / d,
		float64(t.Dropped) / d,
		float64(t.Throttled) / d,
		s.CPU.Mean,
		s.CPU.Max,
	}
	vals := std
	if len(p.Metrics) > 0 {
		vals = make([]float64, len(p.Metrics))
		for i, name := range p.Metrics {
			if k := metricIndex(name); k >= 0 {
				vals[i] = std[k]
			} else if m, ok := def.Metric(name); ok {
				vals[i] = m.at(r)
			}
		}
	}
	return Sample{Cell: c, X: p.x(def, sc), Values: vals, Digest: s.Digest}, nil
}

// metricIndex returns the index of name in Metrics, or -1.
func metricIndex(name string) int {
	for k := range Metrics {
		if Metrics[k].Name == name {
			return k
		}
	}
	return -1
}

// Metric returns the sweep metric named name: one of Metrics, or one a
// study of the model declares.
func (d *Def) Metric(name string) (*Metric, bool) {
	if k := metricIndex(name); k >= 0 {
		return &Metrics[k], true
	}
	for i := range d.Sweeps {
		for j := range d.Sweeps[i].Metrics {
			if m := &d.Sweeps[i].Metrics[j]; m.Name == name {
				return m, true
			}
		}
	}
	return nil, false
}

// RunCells runs cells on workers goroutines (by Each) and returns their samples in
// the order of cells. Each run is independent of the others, so the numbers
// do not depend on workers. progress, if not nil, is called once after each
// run, never concurrently. On an error the remaining runs are skipped and
// the error of the first failing cell (in the order of cells) is returned.
func RunCells(def *Def, base *scenario.Scenario, p *Plan, cells []Cell, workers int, progress func()) ([]Sample, error) {
	out := make([]Sample, len(cells))
	var mu sync.Mutex
	err := Each(len(cells), workers, func(i int) error {
		var err error
		if out[i], err = RunCell(def, base, p, cells[i]); err != nil {
			return err
		}
		if progress != nil {
			mu.Lock()
			progress()
			mu.Unlock()
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}
