// Package session is what the browser's worker holds: one run of the core
// advanced a slice of simulated time per animation frame, live parameter
// changes, the summary, the share link, side-by-side comparisons and sweep
// points. It has no logic of its own beyond bookkeeping: everything is
// decided by core. It is plain Go (no syscall/js) so that it is tested
// natively; wasm/ maps it onto JavaScript.
package session

import (
	"encoding/json"
	"fmt"
	"math"
	"slices"

	"overloadlab/core/catalog"
	"overloadlab/core/kernel"
	"overloadlab/core/param"
	"overloadlab/core/scenario"
	"overloadlab/core/sim"
)

// Session is one live run.
type Session struct {
	run  *sim.Run
	def  *sim.Def
	rows []float64 // rows handed out by the last Advance
}

// Start starts a run of sc.
func Start(sc *scenario.Scenario) (*Session, error) {
	r, err := catalog.Start(sc, true)
	if err != nil {
		return nil, err
	}
	return &Session{run: r, def: r.Def}, nil
}

// StartJSON starts a run of a scenario given as JSON (it may name a preset
// and override some of its fields).
func StartJSON(data []byte) (*Session, error) {
	sc, err := catalog.Decode(data)
	if err != nil {
		return nil, err
	}
	return Start(sc)
}

// StartPreset starts a run of the preset named name.
func StartPreset(name string) (*Session, error) {
	sc, err := catalog.Preset(name)
	if err != nil {
		return nil, err
	}
	return Start(sc)
}

// StartLink starts a run of a share link (the part of the URL after '#').
func StartLink(link string) (*Session, error) {
	sc, err := catalog.DecodeLink(link)
	if err != nil {
		return nil, err
	}
	return Start(sc)
}

// LinkPreset returns the preset a link names, when that preset exists, even
// if the link is refused for another reason: the page then opens that
// preset's defaults.
func LinkPreset(link string) string {
	name := ""
	scenario.DecodeLink(link, func(model, preset string, _ int) (*scenario.Scenario, error) {
		name = preset
		return nil, errStop
	})
	if _, err := catalog.Preset(name); err != nil {
		return ""
	}
	return name
}

var errStop = fmt.Errorf("stop")

// Run returns the run.
func (s *Session) Run() *sim.Run { return s.run }

// Info is what the page needs to know about a run when it starts.
type Info struct {
	Model     string             `json:"model"`
	Preset    string             `json:"preset"`
	Seed      uint64             `json:"seed"`
	DurationS float64            `json:"duration_s"`
	IntervalS float64            `json:"interval_s"`
	Columns   []string           `json:"columns"` // the row layout of Advance: "t" first
	Scenario  *scenario.Scenario `json:"scenario"`
	// Markers are the scenario's events, drawn on every time chart.
	Markers []sim.Event `json:"markers"`
}

// Info describes the run.
func (s *Session) Info() Info {
	cols := s.run.Recorder().Columns()
	names := make([]string, len(cols))
	for i, c := range cols {
		names[i] = c.Name
	}
	sc := s.run.Scenario
	return Info{Model: sc.Model, Preset: sc.Preset, Seed: sc.Seed, DurationS: sc.Duration, IntervalS: sc.Interval, Columns: names, Scenario: sc, Markers: sim.Markers(s.def, sc)}
}

// Width returns the number of values in a row.
func (s *Session) Width() int { return len(s.run.Recorder().Columns()) }

// Now returns the simulated time reached, in seconds.
func (s *Session) Now() float64 { return s.run.Now().Seconds() }

// Done reports whether the run reached its end.
func (s *Session) Done() bool { return s.run.Done() }

// Advance runs the simulation forward by at most seconds of simulated time
// and returns the rows of the intervals that ended, flat (Width values per
// row, time first). It stops early, just past a measurement boundary, once
// outOfTime reports true, so one call fits in one animation frame however
// fast the user asked to go. Targets are whole milliseconds, so a live
// change made between two calls sits at a time that a link keeps exactly.
// The slice is valid until the next call.
func (s *Session) Advance(seconds float64, outOfTime func() bool) []float64 {
	s.rows = s.rows[:0]
	r := s.run
	if math.IsNaN(seconds) || seconds <= 0 || r.Done() {
		return s.rows
	}
	target := r.Now() + kernel.Seconds(seconds)
	target -= target % kernel.Millisecond
	target = max(min(target, r.End()), r.Now())
	step := kernel.Seconds(r.Scenario.Interval)
	for r.Now() < target && !r.Done() { // Done: the end, or stopped by the budget
		// Just past the next measurement boundary, so its row is out.
		next := ((r.Now()-kernel.Millisecond)/step+1)*step + kernel.Millisecond
		r.AdvanceTo(min(next, target))
		s.rows = append(s.rows, r.Recorder().Drain()...)
		if outOfTime != nil && outOfTime() {
			break
		}
	}
	return s.rows
}

// Set changes the parameter name to the value written as text (a number,
// true/false, a choice) at the current simulated time; the change is
// recorded so that the share link replays it.
func (s *Session) Set(name, text string) error {
	sp, ok := s.def.Params.Lookup(name)
	if !ok {
		return &param.UnknownError{Name: name}
	}
	v, err := sp.Parse(text)
	if err != nil {
		return err
	}
	if n := len(s.run.Scenario.Timeline) + len(s.run.Live()); n >= scenario.MaxTimeline {
		return &param.Error{Field: "timeline", Value: fmt.Sprintf("%d changes", n+1), Allowed: fmt.Sprintf("at most %d changes in a run (press Reset to start again)", scenario.MaxTimeline)}
	}
	return s.run.Set(name, v)
}

// Values returns the parameter values in force now, as JSON (name → value).
func (s *Session) Values() ([]byte, error) { return s.run.Values().MarshalJSON() }

// Summary returns the summary at the time reached.
func (s *Session) Summary() sim.Summary { return s.run.Summary() }

// Replay returns the scenario with the live changes in its timeline.
func (s *Session) Replay() *scenario.Scenario { return s.run.Replay() }

// Link returns the share link of the run: its scenario as a diff from its
// preset, with the live changes made so far in its timeline.
func (s *Session) Link() (string, error) { return catalog.EncodeLink(s.run.Replay()) }

// Export is the run as the page offers it for download as JSON.
type Export struct {
	Link     string             `json:"link"`
	Scenario *scenario.Scenario `json:"scenario"`
	Summary  sim.Summary        `json:"summary"`
}

// Export returns the scenario (with its live changes), the summary and the
// link.
func (s *Session) Export() (Export, error) {
	link, err := s.Link()
	return Export{Link: link, Scenario: s.Replay(), Summary: s.Summary()}, err
}

// Describe returns the description of every model as JSON.
func Describe() (string, error) {
	d, err := catalog.Describe()
	if err != nil {
		return "", err
	}
	b, err := json.Marshal(d)
	return string(b), err
}

// Side is one side of a side-by-side comparison: a variant of the run's
// scenario, run to its end.
type Side struct {
	Label   string      `json:"label"`
	Summary sim.Summary `json:"summary"`
	Stride  int         `json:"stride"` // intervals per stored row
	Rows    []float64   `json:"rows"`   // flat, as Advance returns them
}

// Compare runs the variant numbered i of the preset the run started from
// (i = -1: the scenario itself, with its live changes) to its end.
func (s *Session) Compare(i int) (*Side, error) {
	base := s.run.Replay()
	label := "as set"
	if i >= 0 {
		vs := s.variants()
		if i >= len(vs) {
			return nil, &param.Error{Field: "compare", Value: fmt.Sprint(i), Allowed: fmt.Sprintf("a variant from 0 to %d", len(vs)-1)}
		}
		var err error
		base, err = vs[i].Apply(base)
		if err != nil {
			return nil, err
		}
		label = vs[i].Label
	}
	r, err := catalog.Start(base, false)
	if err != nil {
		return nil, err
	}
	r.RunToEnd()
	if err := r.Err(); err != nil {
		return nil, err
	}
	return &Side{Label: label, Summary: r.Summary(), Stride: r.Recorder().Stride(), Rows: slices.Clone(r.Recorder().Rows())}, nil
}

func (s *Session) variants() []scenario.Variant {
	for _, p := range s.def.Presets {
		if p.Name == s.run.Scenario.Preset {
			return p.Compare
		}
	}
	return nil
}

// PlanPoint runs every seed of one point of a sweep (variant v, point i
// of the plan, as JSON) over a scenario (as JSON) and returns the point's
// mean and 95 % interval per metric. It needs no live run: the page's pool
// of sweep workers calls it, one point per call.
func PlanPoint(scenarioJSON, planJSON string, v, i int) (sim.PointStat, error) {
	sc, err := catalog.Decode([]byte(scenarioJSON))
	if err != nil {
		return sim.PointStat{}, err
	}
	def, _ := catalog.Model(sc.Model)
	plan, err := sim.DecodePlan([]byte(planJSON), def.Params)
	if err != nil {
		return sim.PointStat{}, err
	}
	if err := plan.Check(def, sc); err != nil {
		return sim.PointStat{}, err
	}
	n := plan.Cells() / plan.Seeds / len(plan.Curves())
	if v < 0 || v >= len(plan.Curves()) || i < 0 || i >= n {
		return sim.PointStat{}, &param.Error{Field: "sweep point", Value: fmt.Sprintf("variant %d, point %d", v, i), Allowed: fmt.Sprintf("variant < %d, point < %d", len(plan.Curves()), n)}
	}
	cells := make([]sim.Cell, plan.Seeds)
	for s := range cells {
		cells[s] = sim.Cell{Variant: v, Point: i, Seed: s}
	}
	samples, err := sim.RunCells(def, sc, plan, cells, 1, nil)
	if err != nil {
		return sim.PointStat{}, err
	}
	return sim.PointOf(plan, samples), nil
}

// JSON marshals v; the types here always marshal.
func JSON(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprintf(`{"error":%q}`, err.Error())
	}
	return string(b)
}
