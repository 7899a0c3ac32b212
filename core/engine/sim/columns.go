package sim

import (
	"fmt"

	"overloadlab/core/engine/kernel"
	"overloadlab/core/engine/metrics"
)

// Col is a handle on one of a node model's per-interval columns, as
// Columns.Add returned it: the model writes the column with Row.Set(c, v)
// and never computes where it lies in the recorded row.
type Col int32

// Columns is a node model's declaration of its own per-interval columns,
// in order. The run records the time and the outcome block (OutcomeColumns
// of the model's classes) in front of them.
type Columns struct {
	list []metrics.Column
}

// Add declares a column whose merged value (when a long run's intervals
// are merged) is the mean, and returns its handle.
//
//go:noinline
func (cs *Columns) Add(name, label, unit string) Col {
	cs.list = append(cs.list, metrics.Column{Name: name, Label: label, Unit: unit})
	return Col(len(cs.list) - 1)
}

// AddMax declares a column whose merged value is the maximum (a queue's
// peak, an on/off flag), and returns its handle.
//
//go:noinline
func (cs *Columns) AddMax(name, label, unit string) Col {
	c := cs.Add(name, label, unit)
	cs.list[c].Max = true
	return c
}

// List returns the declared columns.
func (cs *Columns) List() []metrics.Column { return cs.list }

// Len returns how many columns are declared.
func (cs *Columns) Len() int { return len(cs.list) }

// Row is the measurement interval the run is closing: [Now − Len, Now].
// The run has already written the outcome block (the rates of offered load
// and of each outcome, in total and per class) and hands it to the model,
// which writes each of its own columns with Set. The run checks, every
// interval, that every declared column was written.
type Row struct {
	Now kernel.Time // end of the interval
	Len kernel.Time // its length: the scenario's interval, the last one shorter

	out     []float64 // outcome block, len(outcomeCols)·(1 + classes)
	vals    []float64 // the model's columns
	written []uint32  // interval number at which each column was last set
	n       uint32    // this interval's number, from 1
}

// newRow returns a row over the outcome block out and the model's columns
// vals (slices of one recorded row).
func newRow(out, vals []float64) *Row {
	return &Row{out: out, vals: vals, written: make([]uint32, len(vals))}
}

// Seconds returns the length of the interval in seconds.
func (r *Row) Seconds() float64 { return r.Len.Seconds() }

// Set writes column c.
func (r *Row) Set(c Col, v float64) {
	r.vals[c] = v
	r.written[c] = r.n
}

// Rate writes column c as count events over the interval, per second.
func (r *Row) Rate(c Col, count int64) { r.Set(c, float64(count)/r.Seconds()) }

// Delta writes column c as the growth of a cumulative counter since the
// last interval, per second, and remembers cur in *last.
func (r *Row) Delta(c Col, cur int64, last *int64) {
	r.Rate(c, cur-*last)
	*last = cur
}

// Offered returns the rate at which class c offered attempts over the
// interval (retries included), per second.
func (r *Row) Offered(c int) float64 { return r.out[len(outcomeCols)*(c+1)] }

// Ended returns the rate of outcome o of class c over the interval, per
// second.
func (r *Row) Ended(c int, o metrics.Outcome) float64 {
	return r.out[len(outcomeCols)*(c+1)+1+int(o)]
}

// start opens interval number n ending at now, of length dt.
func (r *Row) start(now, dt kernel.Time) {
	r.n++
	r.Now, r.Len = now, dt
}

// unwritten returns the index of the first declared column the model did
// not write in this interval, or -1.
func (r *Row) unwritten() int {
	for i, w := range r.written {
		if w != r.n {
			return i
		}
	}
	return -1
}

// unwrittenError is the run's error when a model left a column unwritten:
// a bug in the model, stated so that its test names it.
func unwrittenError(def *Def, col string, at kernel.Time) error {
	return fmt.Errorf("model %s did not write its column %q in the interval ending at %.3f s", def.Name, col, at.Seconds())
}
