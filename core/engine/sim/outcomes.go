package sim

import (
	"overloadlab/core/engine/metrics"
)

// Outcomes counts every attempt of every class of a node, for the summary
// and for the per-interval rate columns that OutcomeColumns describes.
type Outcomes struct {
	names []string
	cur   []metrics.Counts
	prev  []metrics.Counts
}

// NewOutcomes returns counters for the classes named names.
func NewOutcomes(names []string) *Outcomes {
	return &Outcomes{names: names, cur: make([]metrics.Counts, len(names)), prev: make([]metrics.Counts, len(names))}
}

// Offer counts a new attempt of class c.
func (o *Outcomes) Offer(c int) { o.cur[c].Offered++ }

// End counts the outcome of an attempt of class c.
func (o *Outcomes) End(c int, out metrics.Outcome) { o.cur[c].Ended[out]++ }

// Class returns the counts of class c.
func (o *Outcomes) Class(c int) *metrics.Counts { return &o.cur[c] }

// outcomeCols are the rate columns written for the total and for each class.
var outcomeCols = []struct{ key, label string }{
	{"offered", "offered"},
	{"completed", "completed in time"},
	{"late", "completed late"},
	{"rejected", "rejected"},
	{"dropped", "dropped"},
	{"throttled", "throttled at source"},
}

// OutcomeColumns describes the columns Fill writes: offered and each outcome
// per second, first for all classes ("offered", "completed", …), then for
// each class ("<class>.offered", …).
func OutcomeColumns(names []string) []metrics.Column {
	var cols []metrics.Column
	for _, c := range outcomeCols {
		cols = append(cols, metrics.Column{Name: c.key, Label: c.label, Unit: "/s"})
	}
	for _, n := range names {
		for _, c := range outcomeCols {
			cols = append(cols, metrics.Column{Name: n + "." + c.key, Label: n + " " + c.label, Unit: "/s"})
		}
	}
	return cols
}

// Fill writes the rates over the interval of dt seconds that just ended into
// row (len(OutcomeColumns) values) and starts a new interval.
func (o *Outcomes) Fill(row []float64, dt float64) {
	w := len(outcomeCols)
	clear(row[:w])
	for c := range o.cur {
		cur, prev := &o.cur[c], &o.prev[c]
		r := row[w*(c+1) : w*(c+2)]
		r[0] = float64(cur.Offered-prev.Offered) / dt
		for i := range cur.Ended {
			r[i+1] = float64(cur.Ended[i]-prev.Ended[i]) / dt
		}
		for i := range r {
			row[i] += r[i]
		}
		*prev = *cur
	}
}

// Classes returns the counts of every class for a Report.
func (o *Outcomes) Classes() []ClassCounts {
	out := make([]ClassCounts, len(o.names))
	for i, n := range o.names {
		out[i] = ClassCounts{Name: n, Counts: o.cur[i]}
	}
	return out
}
