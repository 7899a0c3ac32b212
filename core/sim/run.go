package sim

import (
	"fmt"

	"overloadlab/core/kernel"
	"overloadlab/core/metrics"
	"overloadlab/core/param"
	"overloadlab/core/scenario"
)

// MaxPending bounds the events a run may hold pending (arrivals, retries
// waiting on their timers, work queued for a CPU): about 80 MB. A scenario
// whose offered load would need more stops with an error instead of
// exhausting the memory of the browser or the machine.
const MaxPending = 2_000_000

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
	values param.Values // current values, timeline applied
	rec    *metrics.Recorder
	row    []float64
	cpuCol int
	cpuSum float64
	cpuMax float64
	now    kernel.Time
	end    kernel.Time
	live   []scenario.Change // changes made with Set during the run
	err    error             // first error of a timeline change
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
	r := &Run{Def: def, Scenario: sc.Clone(), values: sc.Params.Clone()}
	r.env = Env{
		Queue:    &kernel.Queue{},
		Seed:     sc.Seed,
		Interval: kernel.Seconds(sc.Interval),
		Duration: kernel.Seconds(sc.Duration),
	}
	r.end = r.env.Duration
	node, err := def.New(&r.env, r.values.Clone())
	if err != nil {
		return nil, err
	}
	r.node = node
	r.rec = metrics.NewRecorder(def.Columns, live)
	r.row = make([]float64, len(def.Columns)+1)
	r.cpuCol = -1
	for i, c := range def.Columns {
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
	for n := 1; q.Len() > 0; n++ {
		if n&0xffff == 0 && q.Len() > MaxPending {
			r.stopOverloaded()
			return
		}
		e, _ := q.Peek()
		if e.At >= t && !(t == r.end && e.At == t && e.Kind == kindMeasure) {
			break
		}
		q.Pop()
		r.now = e.At
		switch e.Kind {
		case kindMeasure:
			r.measure(e.At)
		case kindTimeline:
			c := r.Scenario.Timeline[e.Ref]
			r.apply(c.Param, c.Value)
		default:
			r.node.Handle(e)
		}
	}
	r.now = max(r.now, t)
}

// RunToEnd advances to the end of the run.
func (r *Run) RunToEnd() { r.AdvanceTo(r.end) }

// stopOverloaded ends the run where it is: it holds too many pending events.
func (r *Run) stopOverloaded() {
	if r.err == nil {
		r.err = fmt.Errorf("the run stopped at %.3f s: it holds more than %d pending events (arrivals, retries, queued work); the offered load is beyond what the lab simulates: lower the rates", r.now.Seconds(), MaxPending)
	}
	r.end = r.now
}

func (r *Run) measure(now kernel.Time) {
	r.row[0] = now.Seconds()
	r.node.Measure(now, r.row[1:])
	r.rec.Append(r.row)
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
	if sp, ok := r.Def.Params.Lookup(name); ok && sp.Fixed {
		return &param.Error{Field: name, Value: sp.Format(v), Allowed: "a value set before the run starts (it is fixed during a run)"}
	}
	next := r.values.Clone()
	if err := next.Put(name, v); err != nil {
		return err
	}
	if r.Def.Check != nil {
		if err := r.Def.Check(next); err != nil {
			return err
		}
	}
	if err := r.node.Apply(r.now, name, v); err != nil {
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

// Report returns the node's counters now (for tests and the page).
func (r *Run) Report() Report { return r.node.Report(r.now) }
