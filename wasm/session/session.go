// Package session is what the browser's worker holds: one run of the core
// advanced a slice of simulated time per animation frame, live parameter
// changes, the summary, the share link, side-by-side comparisons and sweep
// points. It has no logic of its own beyond bookkeeping: everything is
// decided by core. It is plain Go (no syscall/js) so that it is tested
// natively; wasm/ maps it onto JavaScript.
package session

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strings"
	"sync"

	"overloadlab/core/catalog"
	"overloadlab/core/engine/compare"
	"overloadlab/core/engine/jsonw"
	"overloadlab/core/engine/kernel"
	"overloadlab/core/engine/param"
	"overloadlab/core/engine/scenario"
	"overloadlab/core/engine/sim"
	"overloadlab/web/report"
)

// Session is one live run, A, and, while comparing, its what-if B: a
// second run on the same traffic (common random numbers, see core/engine/compare)
// advanced in lockstep with A. Live changes go to B while it exists.
type Session struct {
	run   *sim.Run // A
	b     *sim.Run // B, nil when not comparing
	def   *sim.Def
	rows  []float64 // A's rows handed out by the last Advance
	rowsB []float64 // B's
	words Words
	sweep jsonw.Raw // the page's sweep definition, for the link; nil: none
	// picks are the predictions made before the run and attempt the
	// challenge it attempts (issue 27), for the link.
	picks   []scenario.Pick
	attempt string
}

// Words are what the author of a what-if calls its sides and says about
// it; a link carries them.
type Words struct {
	LabelA string `json:"label_a"`
	LabelB string `json:"label_b"`
	Title  string `json:"title"`
	Note   string `json:"note"`
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

// StartLink starts a run of a share link (the part of the URL after '#'):
// with its B beside it when it holds a comparison.
func StartLink(link string) (*Session, error) {
	w, err := catalog.DecodeWhatIf(link)
	if err != nil {
		return nil, err
	}
	s, err := Start(w.A)
	if err != nil {
		return nil, err
	}
	s.words = Words{LabelA: w.LabelA, LabelB: w.LabelB, Title: w.Title, Note: w.Note}
	s.sweep = w.Sweep
	s.picks, s.attempt = w.Picks, w.Attempt
	if w.B != nil {
		if s.b, err = catalog.Start(w.B, true); err != nil {
			return nil, fmt.Errorf("B: %w", err)
		}
	}
	return s, nil
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
	Words     Words              `json:"words"`
	// Changed lists how A differs from its preset (or the model defaults),
	// ChangedB how B differs from A; both as the link's opener reads them.
	Changed   []scenario.Difference `json:"changed"`
	Comparing bool                  `json:"comparing"`
	ChangedB  []scenario.Difference `json:"changed_b,omitempty"`
	// Markers are the scenario's events, drawn on every time chart.
	Markers []sim.Event `json:"markers"`
	// Counters name the model's counters in words, for the page's Details.
	Counters []sim.CounterName `json:"counters"`
	// Sweep is the sweep definition the link held, if any: the page runs it.
	Sweep *sim.PlanJSON `json:"sweep,omitempty"`
	// Picks are the predictions made (the link's, or set since) and
	// Attempt the challenge attempted, "" none.
	Picks   []scenario.Pick `json:"picks,omitempty"`
	Attempt string          `json:"attempt,omitempty"`
}

// Info describes the run.
func (s *Session) Info() Info {
	cols := s.run.Recorder().Columns()
	names := make([]string, len(cols))
	for i, c := range cols {
		names[i] = c.Name
	}
	sc := s.run.Scenario
	in := Info{Model: sc.Model, Preset: sc.Preset, Seed: sc.Seed, DurationS: sc.Duration, IntervalS: sc.Interval, Columns: names, Scenario: sc, Words: s.words, Markers: sim.Markers(s.def, sc),
		Counters: append([]sim.CounterName{}, s.def.Counters.List()...), Picks: s.picks, Attempt: s.attempt}
	if plan, err := catalog.SweepOf(&scenario.WhatIf{A: sc, Sweep: s.sweep}); err == nil && plan != nil {
		in.Sweep = plan.JSON(s.def.Params)
	}
	a := s.run.Replay()
	if base, err := catalog.Base(sc.Model, sc.Preset); err == nil {
		in.Changed = scenario.Differences(a, base)
	}
	if s.b != nil {
		in.Comparing = true
		in.ChangedB = scenario.Differences(s.b.Replay(), a)
	}
	return in
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
	s.rowsB = s.rowsB[:0]
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
		if s.b != nil {
			s.b.AdvanceTo(r.Now())
			s.rowsB = append(s.rowsB, s.b.Recorder().Drain()...)
		}
		if outOfTime != nil && outOfTime() {
			break
		}
	}
	return s.rows
}

// RowsB returns B's rows of the last Advance (none when not comparing),
// in step with A's. The slice is valid until the next call.
func (s *Session) RowsB() []float64 { return s.rowsB }

// Set changes the parameter name to the value written as text (a number,
// true/false, a choice) at the current simulated time, in B while
// comparing, else in A, and names the change for its marker
// (sim.ChangeLabel: "SGSN N 400 → 800 /s"). A change during the run is
// recorded so that the share link replays it; one before the run starts
// (at 0 s) changes the scenario itself.
func (s *Session) Set(name, text string) (label string, err error) {
	sp, ok := s.def.Params.Lookup(name)
	if !ok {
		return "", &param.UnknownError{Name: name}
	}
	v, err := sp.Parse(text)
	if err != nil {
		return "", err
	}
	r := s.edited()
	label = sim.ChangeLabel(r.Values(), name, v)
	if r.Now() == 0 {
		// Not started: the scenario itself changes.
		sc := r.Scenario.Clone()
		if err := sc.Params.Put(name, v); err != nil {
			return "", err
		}
		fresh, err := catalog.Start(sc, true)
		if err != nil {
			return "", err
		}
		if s.b != nil {
			s.b = fresh
		} else {
			s.run = fresh
		}
		return label, nil
	}
	if n := len(r.Scenario.Timeline) + len(r.Live()); n >= scenario.MaxTimeline {
		return "", &param.Error{Field: "timeline", Value: fmt.Sprintf("%d changes", n+1), Allowed: fmt.Sprintf("at most %d changes in a run (press Reset to start again)", scenario.MaxTimeline)}
	}
	if err := r.Set(name, v); err != nil {
		return "", err
	}
	return label, nil
}

// edited returns the run the controls change: B while comparing, else A.
func (s *Session) edited() *sim.Run {
	if s.b != nil {
		return s.b
	}
	return s.run
}

// Values returns the parameter values in force now in the run the controls
// change, as JSON (name → value).
func (s *Session) Values() ([]byte, error) { return s.edited().Values().MarshalJSON() }

// Summary returns A's summary at the time reached.
func (s *Session) Summary() sim.Summary { return s.run.Summary() }

// SummaryB returns B's summary at the time reached; ok is false when not
// comparing.
func (s *Session) SummaryB() (sum sim.Summary, ok bool) {
	if s.b == nil {
		return sum, false
	}
	return s.b.Summary(), true
}

// Result returns the comparison at the time reached (nil when not
// comparing): both summaries and the difference table.
func (s *Session) Result() *compare.Result {
	if s.b == nil {
		return nil
	}
	p := compare.Pair{A: s.run, B: s.b}
	res := p.Result(s.labelA(), s.labelB())
	return &res
}

func (s *Session) labelA() string { return cmp.Or(s.words.LabelA, "A") }
func (s *Session) labelB() string { return cmp.Or(s.words.LabelB, "B") }

// SetWords sets the title and the note the link carries.
func (s *Session) SetWords(title, note string) error {
	w := scenario.WhatIf{A: s.run.Scenario, Title: title, Note: note}
	if err := w.Check(); err != nil {
		return err
	}
	s.words.Title, s.words.Note = title, note
	return nil
}

// SetPick records the choice picked for a prediction of the preset (from
// 0; below 0 takes the pick back), for the link. It is refused when the
// preset has no such prediction or choice.
func (s *Session) SetPick(name string, choice int) error {
	picks := slices.DeleteFunc(slices.Clone(s.picks), func(p scenario.Pick) bool { return p.Name == name })
	if choice >= 0 {
		picks = append(picks, scenario.Pick{Name: name, Choice: choice})
	}
	if err := s.checkExercise(picks, s.attempt); err != nil {
		return err
	}
	s.picks = picks
	return nil
}

// SetAttempt records the challenge the run attempts ("" none), for the
// link; refused when the preset has no such challenge.
func (s *Session) SetAttempt(name string) error {
	if err := s.checkExercise(s.picks, name); err != nil {
		return err
	}
	s.attempt = name
	return nil
}

// checkExercise checks picks and attempt as the link's writer will.
func (s *Session) checkExercise(picks []scenario.Pick, attempt string) error {
	w := s.WhatIf()
	w.Picks, w.Attempt = picks, attempt
	_, err := catalog.EncodeWhatIf(w)
	return err
}

// Reset starts A and B again from 0 s as they were started (changes made
// before the start kept, live changes dropped).
func (s *Session) Reset() error {
	a, err := catalog.Start(s.run.Scenario, true)
	if err != nil {
		return err
	}
	if s.b != nil {
		if s.b, err = catalog.Start(s.b.Scenario, true); err != nil {
			return err
		}
	}
	s.run = a
	return nil
}

// Replay returns the scenario with the live changes in its timeline.
func (s *Session) Replay() *scenario.Scenario { return s.run.Replay() }

// Link returns the share link of the run: its scenario as a diff from its
// preset, with the live changes made so far in its timeline.
// With B it holds the comparison, and the words in any case.
func (s *Session) Link() (string, error) { return catalog.EncodeWhatIf(s.WhatIf()) }

// ShortLink is the link of A as it starts, for a QR code a room's phones
// read (issue 27): without the changes made during the run (the timeline's
// entries after 0 s that the preset lacks; a scenario of no preset keeps
// its own as started), the comparison, the note or the sweep. The title,
// the predictions made and the attempt stay.
func (s *Session) ShortLink() (string, error) {
	a := s.run.Replay()
	if base, err := catalog.Base(a.Model, a.Preset); err == nil {
		used := make([]bool, len(base.Timeline))
		kept := a.Timeline[:0]
		for _, c := range a.Timeline {
			keep := c.At <= 0
			for i := range base.Timeline {
				if !keep && !used[i] && base.Timeline[i] == c {
					used[i], keep = true, true
				}
			}
			if keep {
				kept = append(kept, c)
			}
		}
		a.Timeline = kept
	} else {
		a.Timeline = s.run.Scenario.Clone().Timeline
	}
	return catalog.EncodeWhatIf(&scenario.WhatIf{A: a, Title: s.words.Title, Picks: s.picks, Attempt: s.attempt})
}

// WhatIf returns what the link holds: A and B with their live changes, and
// the words.
func (s *Session) WhatIf() *scenario.WhatIf {
	w := &scenario.WhatIf{A: s.run.Replay(), Title: s.words.Title, Note: s.words.Note, LabelA: s.words.LabelA, LabelB: s.words.LabelB, Sweep: s.sweep,
		Picks: s.picks, Attempt: s.attempt}
	if s.b != nil {
		w.B = s.b.Replay()
	}
	return w
}

// SetSweep records the page's sweep definition (a sim.Plan as JSON; ""
// for none) for the link, checked against the run's model and scenario.
func (s *Session) SetSweep(planJSON string) error {
	if planJSON == "" {
		s.sweep = nil
		return nil
	}
	raw := jsonw.Raw(planJSON)
	if _, err := catalog.SweepOf(&scenario.WhatIf{A: s.run.Scenario, Sweep: raw}); err != nil {
		return err
	}
	s.sweep = raw
	return nil
}

// Export is the run as the page offers it for download as JSON.
type Export struct {
	Link     string             `json:"link"`
	Title    string             `json:"title,omitempty"`
	Note     string             `json:"note,omitempty"`
	Scenario *scenario.Scenario `json:"scenario"`
	Summary  sim.Summary        `json:"summary"`
	// ScenarioB and Comparison are there while comparing.
	ScenarioB  *scenario.Scenario `json:"scenario_b,omitempty"`
	Comparison *compare.Result    `json:"comparison,omitempty"`
}

// Export returns the scenario (with its live changes), the summary and the
// link, and the comparison when there is one.
func (s *Session) Export() (Export, error) {
	link, err := s.Link()
	e := Export{Link: link, Title: s.words.Title, Note: s.words.Note, Scenario: s.Replay(), Summary: s.Summary(), Comparison: s.Result()}
	if s.b != nil {
		e.ScenarioB = s.b.Replay()
	}
	return e, err
}

// Describe returns the description of every model as JSON.
func Describe() (string, error) {
	d, err := catalog.Describe()
	if err != nil {
		return "", err
	}
	b, err := jsonw.Marshal(&d)
	return string(b), err
}

// Compare opens B beside A: a copy of what is on screen (i = -1), or the
// variant numbered i of the preset A started from, named after its
// control. B replays A's scenario with its live changes so far, is brought
// to A's time and returns its rows up to now; from then on it advances in
// lockstep with A, and the controls change B.
func (s *Session) Compare(i int) ([]float64, error) {
	sc := s.run.Replay()
	la, lb := "A", "B"
	if i >= 0 {
		p := s.preset()
		if p == nil || i >= len(p.Compare) {
			n := 0
			if p != nil {
				n = len(p.Compare)
			}
			return nil, &param.Error{Field: "compare", Value: fmt.Sprint(i), Allowed: fmt.Sprintf("a variant from 0 to %d of this preset", n-1)}
		}
		v := p.Compare[i]
		var err error
		if sc, err = v.Apply(sc); err != nil {
			return nil, err
		}
		la, lb = p.LabelOf(s.run.Scenario.Params, &v), v.Label
	}
	b, err := catalog.Start(sc, true)
	if err != nil {
		return nil, err
	}
	b.AdvanceTo(s.run.Now())
	if err := b.Err(); err != nil {
		return nil, fmt.Errorf("B: %w", err)
	}
	s.b = b
	s.words.LabelA, s.words.LabelB = la, lb
	return b.Recorder().Drain(), nil
}

// CompareWithBase opens the comparison of the preset (or the model
// defaults) as A with what is on screen as B, both from 0 s: what the
// opener of a what-if link asks with one click.
func (s *Session) CompareWithBase() error {
	sc := s.run.Replay()
	base, err := catalog.Base(sc.Model, sc.Preset)
	if err != nil {
		return err
	}
	base.Seed, base.Duration, base.Interval, base.Streams = sc.Seed, sc.Duration, sc.Interval, sc.Streams
	a, err := catalog.Start(base, true)
	if err != nil {
		return err
	}
	b, err := catalog.Start(sc, true)
	if err != nil {
		return err
	}
	s.run, s.b = a, b
	s.words.LabelA = cmp.Or(sc.Preset, "defaults")
	s.words.LabelB = cmp.Or(s.words.Title, "what-if")
	return nil
}

// ValuesA returns A's parameter values in force now, as JSON.
func (s *Session) ValuesA() ([]byte, error) { return s.run.Values().MarshalJSON() }

// B returns B's run, nil when not comparing.
func (s *Session) B() *sim.Run { return s.b }

// Words returns the words of the run: title, note and, while comparing,
// the sides' labels (A and B when unnamed).
func (s *Session) Words() Words {
	w := s.words
	if s.b != nil {
		w.LabelA, w.LabelB = s.labelA(), s.labelB()
	}
	return w
}

// Sweep returns the page's sweep that the run's link holds, nil if none.
func (s *Session) Sweep() (*sim.Plan, error) {
	return catalog.SweepOf(&scenario.WhatIf{A: s.run.Scenario, Sweep: s.sweep})
}

// Report returns the self-contained HTML report of what is on screen (A,
// B while comparing, the words, the page's sweep) at the time reached;
// page is the playground's address, for the link.
func (s *Session) Report(page string) (string, error) {
	link, err := s.Link()
	if err != nil {
		return "", err
	}
	w := s.Words()
	in := &report.Input{A: s.run, B: s.b, Title: w.Title, Note: w.Note, Link: link, Page: page, Attempt: s.attempt}
	if in.Sweep, err = s.Sweep(); err != nil {
		return "", err
	}
	if s.b != nil {
		in.LabelA, in.LabelB = w.LabelA, w.LabelB
	}
	var b strings.Builder
	err = report.Write(&b, in)
	return b.String(), err
}

// EndCompare closes B; the controls change A again.
func (s *Session) EndCompare() {
	s.b = nil
	s.words.LabelA, s.words.LabelB = "", ""
}

// Comparing reports whether B is open.
func (s *Session) Comparing() bool { return s.b != nil }

// preset returns the preset A started from, nil if none.
func (s *Session) preset() *scenario.Preset {
	for i, p := range s.def.Presets {
		if p.Name == s.run.Scenario.Preset {
			return &s.def.Presets[i]
		}
	}
	return nil
}

// jsonBuf is where JSON writes, kept from call to call (the worker writes
// a summary every frame).
var jsonBuf struct {
	sync.Mutex
	b []byte
}

// JSON writes v as encoding/json's Marshal would (jsonw); the types here
// always marshal.
func JSON(v jsonw.Appender) string {
	jsonBuf.Lock()
	defer jsonBuf.Unlock()
	b, err := jsonw.Append(jsonBuf.b[:0], v)
	if b != nil {
		jsonBuf.b = b
	}
	if err != nil {
		return fmt.Sprintf(`{"error":%q}`, err.Error())
	}
	return string(b)
}
