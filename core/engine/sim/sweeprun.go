package sim

import (
	"fmt"
	"sync"

	"overloadlab/core/engine/scenario"
)

// Metric is one number a sweep reports for each run.
type Metric struct {
	Name  string `json:"name"` // CSV column stem
	Label string `json:"label"`
}

// Metrics are the numbers of a Sample, in order.
var Metrics = []Metric{
	{"offered_per_s", "offered /s"},
	{"goodput_per_s", "carried in time /s"},
	{"late_per_s", "completed late /s"},
	{"rejected_per_s", "rejected /s"},
	{"dropped_per_s", "dropped /s"},
	{"throttled_per_s", "throttled at source /s"},
	{"cpu_mean_pct", "mean CPU %"},
	{"cpu_max_pct", "max CPU %"},
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
	Values []float64 `json:"values"` // one per Metrics
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
		return Sample{}, fmt.Errorf("sweep %s = %g, %s, seed %d: %w", p.Param, sc.Params.Num(p.Param), p.Curves()[c.Variant].Label, sc.Seed, err)
	}
	s := r.Summary()
	d := s.DurationS
	t := s.Total
	return Sample{
		Cell: c,
		X:    sc.Params.Num(p.Param),
		Values: []float64{
			float64(t.Offered) / d,
			t.Goodput,
			float64(t.Late) / d,
			float64(t.Rejected) / d,
			float64(t.Dropped) / d,
			float64(t.Throttled) / d,
			s.CPU.Mean,
			s.CPU.Max,
		},
		Digest: s.Digest,
	}, nil
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
