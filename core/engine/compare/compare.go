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
	"overloadlab/core/engine/clock"
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

// Row is one line of the difference table. Its name says what the
// figure is: a mean over the run, a total over it, the highest interval,
// the last interval, or a counter as it stands at the time reached.
type Row struct {
	// Key names the figure whatever the sides' labels: "goodput",
	// "offered", … "max CPU" (the names of the page's Details tiles),
	// "headline:<column>:<agg>", "counter:<group>:<key>" (A's group).
	Key   string  `json:"key"`
	Name  string  `json:"name"`
	Unit  string  `json:"unit,omitempty"`
	A     float64 `json:"a"`
	B     float64 `json:"b"`
	Delta float64 `json:"delta"`
	// DeltaPct is 100 · (B − A) / A, nil when A is 0.
	DeltaPct *float64 `json:"delta_pct"`
	// Words, for a flag counter (1 or 0: sim.Counters.Flag), are its
	// cells as the table writes them; nil for a number.
	Words *Words `json:"words,omitempty"`
}

// Words are a flag row's cells, or an Unset headline's (a side "not
// reached", "" its number written as the numbers are; its Delta 0 and
// DeltaPct nil). A flag's: A's and B's value as "yes" or "no" when
// the label already ends in "on" ("guard switched on", "regression on"),
// else "on" or "off"; Δ "changed" or "same". A side that does not report
// the flag (the switch reports "regression on" only while it is off) reads
// "–", and so does Δ then: its 0 in the numbers is no value.
type Words struct {
	A     string `json:"a"`
	B     string `json:"b"`
	Delta string `json:"delta"`
}

// NotReached is a time not reached in a comparison's cell.
const NotReached = "not reached"

// unsetWords returns the Words of an Unset headline whose value one side
// or both have not reached: that side "not reached", the other "" (its
// number, written as the numbers are); Δ says which side reached it.
func unsetWords(hasA, hasB bool) *Words {
	w := &Words{A: NotReached, B: NotReached, Delta: "neither reached"}
	if hasA {
		w.A, w.Delta = "", "only A reached"
	}
	if hasB {
		w.B, w.Delta = "", "only B reached"
	}
	return w
}

// flagWords returns the Words of a flag row named label with values a, b;
// hasA, hasB say whether each side reports it.
func flagWords(label string, a, b float64, hasA, hasB bool) *Words {
	on, off := "on", "off"
	if strings.HasSuffix(strings.TrimSuffix(label, atEnd), " on") {
		on, off = "yes", "no"
	}
	say := func(x float64, has bool) string {
		switch {
		case !has:
			return "–"
		case x != 0:
			return on
		}
		return off
	}
	w := &Words{A: say(a, hasA), B: say(b, hasB), Delta: "same"}
	switch {
	case !hasA || !hasB:
		w.Delta = "–"
	case (a != 0) != (b != 0):
		w.Delta = "changed"
	}
	return w
}

func row(key, name, unit string, a, b float64) Row {
	r := Row{Key: key, Name: name, Unit: unit, A: a, B: b, Delta: b - a}
	if a != 0 {
		p := 100 * (b - a) / a
		r.DeltaPct = &p
	}
	return r
}

// What a row's figure is, as its name says it.
const (
	overRun  = ", mean over the run"
	totalRun = ", total over the run"
	highest  = ", highest over the run"
	lastOne  = ", last interval"
	atEnd    = ", at the end"
)

// Outcomes lines up goodput, the outcomes, mean and max CPU of A and B.
func Outcomes(a, b sim.Summary) []Row {
	ta, tb := a.Total, b.Total
	return []Row{
		row("goodput", "goodput"+overRun, "/s", ta.Goodput, tb.Goodput),
		row("offered", "offered"+totalRun, "msgs", float64(ta.Offered), float64(tb.Offered)),
		row("completed in time", "completed in time"+totalRun, "msgs", float64(ta.Completed), float64(tb.Completed)),
		row("completed late", "completed late"+totalRun, "msgs", float64(ta.Late), float64(tb.Late)),
		row("rejected", "rejected"+totalRun, "msgs", float64(ta.Rejected), float64(tb.Rejected)),
		row("dropped", "dropped"+totalRun, "msgs", float64(ta.Dropped), float64(tb.Dropped)),
		row("throttled", "throttled"+totalRun, "msgs", float64(ta.Throttled), float64(tb.Throttled)),
		row("mean CPU", "CPU"+overRun, "%", a.CPU.Mean, b.CPU.Mean),
		row("max CPU", "CPU"+highest, "%", a.CPU.Max, b.CPU.Max),
	}
}

// Counters lines up the controls' counters of A and B as they stand at the
// time reached, in the order the node reports them, A's first. A group
// of B pairs with A's group of the same name, else with one whose name
// differs only in its parenthesised variant ("overload control (aro)"
// and "(occ)"): the counters of the same thing share a row, named
// "overload control (A: aro, B: occ): …". A counter only one side has
// counts as 0 on the other. d, the model, writes a counter's key in
// words, and says which are flags: their rows have Words.
func Counters(a, b sim.Summary, d *sim.Def) []Row {
	pairB := make([]int, len(a.Controls)) // A's group i ↔ B's group pairB[i], or -1
	usedB := make([]bool, len(b.Controls))
	for i, g := range a.Controls {
		pairB[i] = -1
		for j, h := range b.Controls {
			if !usedB[j] && h.Name == g.Name {
				pairB[i], usedB[j] = j, true
				break
			}
		}
	}
	for i, g := range a.Controls {
		if pairB[i] >= 0 {
			continue
		}
		for j, h := range b.Controls {
			if !usedB[j] && stem(h.Name) == stem(g.Name) && stem(g.Name) != g.Name {
				pairB[i], usedB[j] = j, true
				break
			}
		}
	}
	var rows []Row
	add := func(ga, gb *sim.Group) {
		name, key := "", ""
		switch {
		case ga == nil:
			name, key = gb.Name+" (B only)", gb.Name
		case gb == nil:
			name, key = ga.Name+" (A only)", ga.Name
		default:
			name, key = both(ga.Name, gb.Name), ga.Name
		}
		var keys []string
		va, vb := map[string]float64{}, map[string]float64{}
		for _, g := range []*sim.Group{ga, gb} {
			if g == nil {
				continue
			}
			for _, c := range g.Counters {
				if _, seen := va[c.Name]; !seen {
					if _, seen := vb[c.Name]; !seen {
						keys = append(keys, c.Name)
					}
				}
				if g == ga {
					va[c.Name] = c.Value
				} else {
					vb[c.Name] = c.Value
				}
			}
		}
		for _, k := range keys {
			l := d.CounterLabel(k)
			if !strings.HasSuffix(l, atEnd[2:]) {
				l += atEnd
			}
			r := row("counter:"+key+":"+k, name+": "+l, "", va[k], vb[k])
			if d.CounterFlag(k) {
				_, hasA := va[k]
				_, hasB := vb[k]
				r.Words = flagWords(l, r.A, r.B, hasA, hasB)
			}
			rows = append(rows, r)
		}
	}
	for i := range a.Controls {
		var gb *sim.Group
		if pairB[i] >= 0 {
			gb = &b.Controls[pairB[i]]
		}
		add(&a.Controls[i], gb)
	}
	for j := range b.Controls {
		if !usedB[j] {
			add(nil, &b.Controls[j])
		}
	}
	return rows
}

// stem is a group's name without its parenthesised variant at the end.
func stem(name string) string {
	if k := strings.LastIndex(name, " ("); k > 0 && strings.HasSuffix(name, ")") {
		return name[:k]
	}
	return name
}

// both names a pair of groups: the name when they are the same, else
// what they share with each side's own part ("overload control (A: aro,
// B: occ)").
func both(a, b string) string {
	if a == b {
		return a
	}
	s := stem(a)
	pa, pb := strings.TrimSuffix(a[len(s)+2:], ")"), strings.TrimSuffix(b[len(s)+2:], ")")
	// The words both variants begin with ("TTP plain-loss", "TTP ranked").
	fa, fb := strings.Fields(pa), strings.Fields(pb)
	n := 0
	for n < len(fa)-1 && n < len(fb)-1 && fa[n] == fb[n] {
		n++
	}
	head := strings.Join(fa[:n], " ")
	if head != "" {
		head += " "
	}
	return s + " (" + head + "A: " + strings.Join(fa[n:], " ") + ", B: " + strings.Join(fb[n:], " ") + ")"
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

// Result returns the comparison at the time reached: the model's
// headline numbers (Def.Tiles) first, then goodput, the outcomes and the
// CPU, then the controls' counters in the plain words of the page's
// Details.
func (p *Pair) Result(labelA, labelB string) Result {
	a, b := p.A.Summary(), p.B.Summary()
	t := append(Headlines(p.A, p.B), Outcomes(a, b)...)
	t = append(t, Counters(a, b, p.A.Def)...)
	return Result{LabelA: labelA, LabelB: labelB, A: a, B: b, Table: t}
}

// Headlines lines up the model's headline numbers of A and B over the
// intervals recorded, as the page's headline tiles show them: a column's
// value in the last interval, its highest ("max"), its total, the rate
// times each interval's length ("sum"), or its mean from a time on
// ("mean"); the name says which.
func Headlines(a, b *sim.Run) []Row {
	var rows []Row
	for _, tile := range a.Def.Tiles {
		va, oka := a.Tile(tile)
		vb, okb := b.Tile(tile)
		var w *Words
		if tile.Unset && (!oka || !okb) {
			// A time not reached on a side: no numeric Δ, and words say
			// which side reached it.
			all := tile
			all.Unset = false
			if _, ok := a.Tile(all); !ok {
				continue
			}
			if _, ok := b.Tile(all); !ok {
				continue
			}
			w = unsetWords(oka, okb)
			oka, okb = true, true
		}
		if !oka || !okb {
			continue
		}
		unit := ""
		for _, c := range a.Recorder().Columns() {
			if c.Name == tile.Column && tile.Agg != sim.TileSum {
				unit = c.Unit
			}
		}
		what := lastOne
		switch tile.Agg {
		case sim.TileMax:
			what = highest
		case sim.TileSum:
			what = totalRun
		case sim.TileMean:
			what = ", mean from " + clock.Format(tile.From, a.End().Seconds()) + " on"
		}
		r := row("headline:"+tile.Column+":"+tile.Agg, tile.Label+what, unit, va, vb)
		if w != nil {
			r.Words, r.Delta, r.DeltaPct = w, 0, nil
		}
		rows = append(rows, r)
	}
	return rows
}
