package sim

import (
	"fmt"

	"overloadlab/core/engine/claim"
	"overloadlab/core/engine/kernel"
	"overloadlab/core/engine/metrics"
	"overloadlab/core/engine/param"
	"overloadlab/core/engine/scenario"
)

// The budget of a run, in events. A scenario that would go past it stops
// with a *BudgetError (in the CLI, the page and sweeps alike) instead of
// exhausting the memory of the browser or the machine, or running for hours.
const (
	// MaxPending bounds the events a run holds pending at once (arrivals,
	// retries waiting on their timers, work queued for a CPU). An event
	// takes 40 bytes in the queue, 40 MB at the cap; with the node's own
	// queues, a run stopped there was measured at 104 MB of heap in use
	// and 171 MB reserved at most (attach-storm with 20 000 emergency
	// attaches/s). The presets hold at most 150 000.
	MaxPending = 1_000_000
	// MaxEvents bounds the events a run processes in all, so the wall time
	// of a valid extreme run: one to two minutes of one core natively (5 to
	// 10 million events per second; the DSR model at its maximum rates
	// stops at 2045 s simulated after about 105 s of CPU), about twice that
	// in the browser. The presets process at most 7 million, a 24-hour
	// attach storm 160 million.
	MaxEvents = 500_000_000
	// budgetEvery is how often, in events processed, the budget is checked.
	budgetEvery = 1 << 16
)

// BudgetError says why a run stopped before its end: it went past MaxPending
// or MaxEvents.
type BudgetError struct {
	At      float64 // simulated seconds reached
	Pending bool    // true: past MaxPending; false: past MaxEvents
	Limit   int     // the limit passed
}

func (e *BudgetError) Error() string {
	if e.Pending {
		return fmt.Sprintf("the run stopped at %.3f s: it holds more than %d pending events (arrivals, retries, queued work); the offered load is beyond what the lab simulates: lower the rates", e.At, e.Limit)
	}
	return fmt.Sprintf("the run stopped at %.3f s: it processed more than %d events, the most one run may take: lower the rates or the duration", e.At, e.Limit)
}

// Event kinds owned by the run.
const (
	kindMeasure  = 1
	kindTimeline = 2
)

// Run is one scenario being simulated. It is advanced in slices of virtual
// time (AdvanceTo), so the page can ask for one slice per animation frame.
type Run struct {
	Def      *Def
	Scenario *scenario.Scenario // as started; live changes are appended to Live

	env    Env
	node   Node
	batch  Batcher      // node, or node's Handle one event at a time
	values param.Values // current values, timeline applied
	rec    *metrics.Recorder
	row    []float64 // the recorded row: time, outcome block, the model's columns
	meas   *Row      // the interval being closed, over row
	last   kernel.Time
	cpuCol int
	cpuSum float64
	cpuMax float64
	now    kernel.Time
	end    kernel.Time
	live   []scenario.Change // changes made with Set during the run
	err    error             // first error of a timeline change
	claims *claim.Evaluator  // the preset's claims, nil without a preset
	events uint64            // events processed so far, counted across AdvanceTo calls
	// maxPending and maxEvents are the budget: MaxPending and MaxEvents
	// (lowered by tests).
	maxPending int
	maxEvents  uint64
}

// Start builds the node of sc and returns a run at time 0. With live set,
// the recorder keeps every row until Drain takes it (for the page).
func Start(def *Def, sc *scenario.Scenario, live bool) (*Run, error) {
	if sc.Model != def.Name {
		return nil, &param.Error{Field: "model", Value: fmt.Sprintf("%q", sc.Model), Allowed: fmt.Sprintf("%q", def.Name)}
	}
	if err := sc.Validate(); err != nil {
		return nil, err
	}
	if def.Check != nil {
		if err := def.Check(sc.Params); err != nil {
			return nil, err
		}
	}
	if err := CheckTimeline(def, sc); err != nil {
		return nil, err
	}
	r := &Run{Def: def, Scenario: sc.Clone(), values: sc.Params.Clone(), maxPending: MaxPending, maxEvents: MaxEvents}
	r.env = Env{
		Queue:    &kernel.Queue{},
		Seed:     sc.Seed,
		Interval: kernel.Seconds(sc.Interval),
		Duration: kernel.Seconds(sc.Duration),
	}
	r.end = r.env.Duration
	cols := def.AllColumns()
	r.row = make([]float64, len(cols)+1)
	r.env.Out = NewOutcomes(def.Classes)
	w := 1 + len(outcomeCols)*(1+len(def.Classes))
	r.meas = newRow(r.row[1:w], r.row[w:])
	if sc.Streams == scenario.NumberedStreams {
		if def.NumberedStreams == nil {
			return nil, &param.Error{Field: "streams", Value: `"numbered"`, Allowed: fmt.Sprintf(`"named": model %s came after catalog version 1, whose runs drew from numbered streams`, def.Name)}
		}
		r.env.numbered = def.NumberedStreams
	}
	node, err := def.New(&r.env, r.values.Clone())
	if err != nil {
		return nil, err
	}
	if r.env.unnumbered != "" {
		return nil, fmt.Errorf("model %s: the random stream %q has no number of catalog version 1 (sim.Def.NumberedStreams), so a link of that version cannot replay", def.Name, r.env.unnumbered)
	}
	r.node = node
	switch n := node.(type) {
	case Batcher:
		r.batch = n
	case Handler:
		r.batch = oneByOne{n}
	default:
		return nil, fmt.Errorf("model %s: its node handles no events (neither a sim.Handler nor a sim.Batcher)", def.Name)
	}
	r.rec = metrics.NewRecorder(cols, live)
	if iv := r.env.Interval; iv > 0 {
		r.rec.Reserve(int(min((r.end+iv-1)/iv, metrics.MaxRows)))
	}
	if p := def.Preset(sc.Preset); p != nil && len(p.Claims) > 0 {
		if r.claims, err = claim.New(p.Claims, r.rec.Columns()); err != nil {
			return nil, err
		}
	}
	r.cpuCol = -1
	for i, c := range cols {
		if c.Name == def.CPU {
			r.cpuCol = i + 1
		}
	}
	for i, c := range r.Scenario.Timeline {
		r.env.Queue.Push(kernel.Event{At: kernel.Seconds(c.At), Kind: kindTimeline, Ref: int32(i)})
	}
	r.env.Queue.Push(kernel.Event{At: min(r.env.Interval, r.end), Kind: kindMeasure})
	return r, nil
}

// Now returns the virtual time reached.
func (r *Run) Now() kernel.Time { return r.now }

// End returns the time at which the run stops.
func (r *Run) End() kernel.Time { return r.end }

// Done reports whether the run reached its duration.
func (r *Run) Done() bool { return r.now >= r.end }

// Recorder returns the per-interval series.
func (r *Run) Recorder() *metrics.Recorder { return r.rec }

// Values returns the parameter values in force now.
func (r *Run) Values() param.Values { return r.values }

// Live returns the changes made with Set during the run, in order.
func (r *Run) Live() []scenario.Change { return r.live }

// Err returns the first error raised by a timeline change, if any.
func (r *Run) Err() error { return r.err }

// AdvanceTo processes every event before t (capped at the end of the run)
// and leaves the clock at t. Events at exactly t are left for later, so a
// change made with Set at t takes effect before them, as a timeline entry at
// t would on a replay.
func (r *Run) AdvanceTo(t kernel.Time) {
	t = min(t, r.end)
	q := r.env.Queue
	n := r.events // counted across calls, so the budget holds however the run is sliced
	for {
		// The node's events before t, up to the next check of the budget,
		// in calls to the node that take a run of them each (Batcher);
		// when none is due, the run's own event (a measure, a timeline
		// change), if it is: the interval that ends with the run is
		// measured at t. Head is at Never when the queue is empty.
		check := (n/budgetEvery + 1) * budgetEvery
		if k, last := r.batch.HandleBefore(q, t, check-n); k > 0 {
			n += k
			r.now = last
		} else {
			h := q.Head()
			if h.Kind >= FirstKind || !(h.At < t || t == r.end && h.At == t && h.Kind == kindMeasure) {
				break
			}
			e := *h
			q.Skip()
			r.now = e.At
			r.handle(e)
			n++
		}
		if n == check && r.overBudget(n) {
			t = r.now // the run ends here
			break
		}
	}
	r.events = n
	r.now = max(r.now, t)
}

// handle processes one of the run's own events.
func (r *Run) handle(e kernel.Event) {
	switch e.Kind {
	case kindMeasure:
		r.measure(e.At)
	case kindTimeline:
		c := r.Scenario.Timeline[e.Ref]
		r.apply(c.Param, c.Value)
	}
}

// RunToEnd advances to the end of the run.
func (r *Run) RunToEnd() { r.AdvanceTo(r.end) }

// overBudget reports whether the run, having processed n events, went past
// its budget; if so it ends the run where it is with a *BudgetError.
func (r *Run) overBudget(n uint64) bool {
	pending := r.env.Queue.Len() > r.maxPending
	if !pending && n <= r.maxEvents {
		return false
	}
	e := &BudgetError{At: r.now.Seconds(), Pending: pending, Limit: int(r.maxEvents)}
	if pending {
		e.Limit = r.maxPending
	}
	if r.err == nil {
		r.err = e
	}
	r.end = r.now
	return true
}

func (r *Run) measure(now kernel.Time) {
	r.row[0] = now.Seconds()
	r.meas.start(now, now-r.last)
	r.last = now
	r.env.Out.Fill(r.meas.out, r.meas.Seconds())
	r.node.Measure(r.meas)
	if i := r.meas.unwritten(); i >= 0 && r.err == nil {
		r.err = unwrittenError(r.Def, r.Def.Columns.List()[i].Name, now)
	}
	r.rec.Append(r.row)
	if r.claims != nil {
		r.claims.Observe(r.row, r.values.Num)
	}
	if r.cpuCol > 0 {
		c := r.row[r.cpuCol]
		r.cpuSum += c
		r.cpuMax = max(r.cpuMax, c)
	}
	if now < r.end {
		r.env.Queue.Push(kernel.Event{At: min(now+r.env.Interval, r.end), Kind: kindMeasure})
	}
}

func (r *Run) apply(name string, v param.Value) {
	if err := r.set(name, v); err != nil && r.err == nil {
		r.err = err
	}
}

func (r *Run) set(name string, v param.Value) error {
	sp, ok := r.Def.Params.Lookup(name)
	if !ok {
		return &param.UnknownError{Name: name}
	}
	if sp.Fixed {
		return &param.Error{Field: name, Value: sp.Format(v), Allowed: "a value set before the run starts (it is fixed during a run)"}
	}
	name = sp.Name // a former name (alias) reads as the parameter's own
	next := r.values.Clone()
	if err := next.Put(name, v); err != nil {
		return err
	}
	if r.Def.Check != nil {
		if err := r.Def.Check(next); err != nil {
			return err
		}
	}
	if err := r.node.Apply(r.now, sp, next); err != nil {
		return err
	}
	r.values = next
	return nil
}

// Set changes a parameter now, during the run, and records the change so
// that a replay of Scenario plus Live gives the same run.
func (r *Run) Set(name string, v param.Value) error {
	if err := r.set(name, v); err != nil {
		return err
	}
	r.live = append(r.live, scenario.Change{At: r.now.Seconds(), Param: name, Value: v})
	return nil
}

// Replay returns the scenario with the live changes folded into its
// timeline: running it gives this run again.
func (r *Run) Replay() *scenario.Scenario {
	s := r.Scenario.Clone()
	s.Timeline = mergeTimeline(s.Timeline, r.live)
	return s
}

// mergeTimeline merges the scenario's timeline a with the live changes b,
// both sorted by time. At equal times the live changes come first: a change
// made with Set at t took effect before any event at t, the scenario's own
// entry at t included.
func mergeTimeline(a, b []scenario.Change) []scenario.Change {
	out := make([]scenario.Change, 0, len(a)+len(b))
	i, j := 0, 0
	for i < len(a) || j < len(b) {
		if j == len(b) || (i < len(a) && a[i].At < b[j].At) {
			out = append(out, a[i])
			i++
		} else {
			out = append(out, b[j])
			j++
		}
	}
	return out
}

// Marks returns the moments the node reported so far (Env.Mark), in time
// order, a span's end capped at the time reached: nothing is shown ahead
// of the run's clock. The list is a copy, never nil.
func (r *Run) Marks() []Event {
	out := make([]Event, len(r.env.marks))
	now := r.now.Seconds()
	for i, m := range r.env.marks {
		if m.Until > now {
			m.Until = max(now, m.At)
		}
		out[i] = m
	}
	return out
}

// MarksLeftOut returns how many moments the node reported past MaxMarks.
func (r *Run) MarksLeftOut() int { return r.env.lost }

// Events returns the number of events processed so far.
func (r *Run) Events() uint64 { return r.events }

// Report returns the node's counters now (for tests and the page).
func (r *Run) Report() Report {
	rep := r.node.Report(r.now)
	rep.Classes = r.env.Out.Classes()
	return rep
}

// Node returns the node being simulated, for a model's own tests to look
// inside it.
func (r *Run) Node() Node { return r.node }
