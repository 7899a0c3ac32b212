// Package compare runs a what-if B beside its baseline A on common random
// numbers, and states their differences.
//
// Both sides are scenarios of the same model with the same seed, duration
// and interval, so every traffic source draws from the same stream on both
// sides (sim.Env.Stream names them per source): whatever differs between
// A and B is the control's doing, not the traffic's. The pair is advanced
// in lockstep, to the same simulated time. Each number of the difference
// table is reported as A, B, Δ = B − A and Δ % = 100 · (B − A) / A (none
// when A is 0).
package compare

import (
	"strings"

	"overloadlab/core/catalog"
	"overloadlab/core/engine/kernel"
	"overloadlab/core/engine/scenario"
	"overloadlab/core/engine/sim"
)

// Pair is A and B run side by side.
type Pair struct {
	A, B *sim.Run
}

// Start starts both sides at time 0. B must have A's model, preset, seed,
// duration and interval (scenario.WhatIf.Check says why not). With live
// set, both recorders keep every row until drained (for the page).
func Start(a, b *scenario.Scenario, live bool) (*Pair, error) {
	if err := (&scenario.WhatIf{A: a, B: b}).Check(); err != nil {
		return nil, err
	}
	ra, err := catalog.Start(a, live)
	if err != nil {
		return nil, err
	}
	rb, err := catalog.Start(b, live)
	if err != nil {
		return nil, err
	}
	return &Pair{A: ra, B: rb}, nil
}

// AdvanceTo advances both sides to t.
func (p *Pair) AdvanceTo(t kernel.Time) {
	p.A.AdvanceTo(t)
	p.B.AdvanceTo(t)
}

// RunToEnd advances both sides to their end.
func (p *Pair) RunToEnd() {
	p.A.RunToEnd()
	p.B.RunToEnd()
}

// Row is one line of the difference table.
type Row struct {
	Name  string  `json:"name"`
	Unit  string  `json:"unit,omitempty"`
	A     float64 `json:"a"`
	B     float64 `json:"b"`
	Delta float64 `json:"delta"`
	// DeltaPct is 100 · (B − A) / A, nil when A is 0.
	DeltaPct *float64 `json:"delta_pct"`
}

func row(name, unit string, a, b float64) Row {
	r := Row{Name: name, Unit: unit, A: a, B: b, Delta: b - a}
	if a != 0 {
		p := 100 * (b - a) / a
		r.DeltaPct = &p
	}
	return r
}

// Table lines up the summaries of A and B: goodput, the outcomes, mean and
// max CPU, then the model's own counters (every control's, in the order
// the node reports them; a counter only one side has counts as 0 on the
// other).
func Table(a, b sim.Summary) []Row {
	ta, tb := a.Total, b.Total
	rows := []Row{
		row("goodput", "/s", ta.Goodput, tb.Goodput),
		row("offered", "msgs", float64(ta.Offered), float64(tb.Offered)),
		row("completed in time", "msgs", float64(ta.Completed), float64(tb.Completed)),
		row("completed late", "msgs", float64(ta.Late), float64(tb.Late)),
		row("rejected", "msgs", float64(ta.Rejected), float64(tb.Rejected)),
		row("dropped", "msgs", float64(ta.Dropped), float64(tb.Dropped)),
		row("throttled", "msgs", float64(ta.Throttled), float64(tb.Throttled)),
		row("mean CPU", "%", a.CPU.Mean, b.CPU.Mean),
		row("max CPU", "%", a.CPU.Max, b.CPU.Max),
	}
	counters := func(s sim.Summary) (names []string, vals map[string]float64) {
		vals = map[string]float64{}
		for _, g := range s.Controls {
			for _, c := range g.Counters {
				k := g.Name + ": " + c.Name
				if _, seen := vals[k]; !seen {
					names = append(names, k)
				}
				vals[k] = c.Value
			}
		}
		return names, vals
	}
	na, va := counters(a)
	nb, vb := counters(b)
	for _, k := range nb {
		if _, ok := va[k]; !ok {
			na = append(na, k)
		}
	}
	for _, k := range na {
		rows = append(rows, row(k, "", va[k], vb[k]))
	}
	return rows
}

// Result is a finished or paused comparison as exports and reports give
// it: both summaries and the table.
type Result struct {
	LabelA string      `json:"label_a"`
	LabelB string      `json:"label_b"`
	A      sim.Summary `json:"a"`
	B      sim.Summary `json:"b"`
	Table  []Row       `json:"table"`
}

// Result returns the comparison at the time reached: the table with the
// model's headline numbers (Def.Tiles) after the CPU.
func (p *Pair) Result(labelA, labelB string) Result {
	a, b := p.A.Summary(), p.B.Summary()
	t := Table(a, b)
	const cpuRows = 9 // the rows of Table before the counters
	// The counters ("group: key") in the plain words of the page's Details.
	for i := cpuRows; i < len(t); i++ {
		if g, key, ok := strings.Cut(t[i].Name, ": "); ok {
			t[i].Name = g + ": " + p.A.Def.CounterLabel(key)
		}
	}
	t = append(t[:cpuRows:cpuRows], append(Headlines(p.A, p.B), t[cpuRows:]...)...)
	return Result{LabelA: labelA, LabelB: labelB, A: a, B: b, Table: t}
}

// Headlines lines up the model's headline numbers of A and B over the
// intervals recorded: a column's last value, its maximum ("max") or its
// total, the rate times each interval's length ("sum"), as the page's
// headline tiles show them. The rows are named "headline: <label>".
func Headlines(a, b *sim.Run) []Row {
	var rows []Row
	for _, tile := range a.Def.Tiles {
		va, oka := a.Tile(tile)
		vb, okb := b.Tile(tile)
		if !oka || !okb {
			continue
		}
		unit := ""
		for _, c := range a.Recorder().Columns() {
			if c.Name == tile.Column && tile.Agg != sim.TileSum {
				unit = c.Unit
			}
		}
		rows = append(rows, row("headline: "+tile.Label, unit, va, vb))
	}
	return rows
}
