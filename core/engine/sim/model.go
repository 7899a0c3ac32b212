// Package sim runs a scenario: it builds the node model the scenario names,
// drives the event kernel through virtual time, applies the timeline, closes
// a measurement interval every T, and reports a summary with a digest of the
// whole series.
//
// A node model (the IMSI Manager, an SCP, a Diameter routing agent, a
// switch) is a Def: its parameter schema, its per-interval columns and
// charts, its "how it works" panels, its presets and a constructor.
package sim

import (
	"maps"
	"slices"
	"strings"

	"overloadlab/core/engine/kernel"
	"overloadlab/core/engine/metrics"
	"overloadlab/core/engine/param"
	"overloadlab/core/engine/scenario"
)

// Node is a simulated node with its traffic and its controls. It handles
// its own events (Kind ≥ FirstKind) one at a time, as a Handler, or in
// runs, as a Batcher: Start refuses a node that is neither.
type Node interface {
	// Measure closes the measurement interval row: it updates the node's
	// control loops and writes every column the model declared.
	Measure(row *Row)
	// Apply changes the parameter sp at now (a timeline entry or a live
	// slider): v holds every value in force from now, sp's new one
	// included, already stored and checked against the schema and
	// Def.Check. The node may keep v (nothing changes it afterwards) and
	// routes the change by sp.Reconfigures, the part of the node it
	// reconfigures. On an error the run keeps the values it had.
	Apply(now kernel.Time, sp *param.Spec, v param.Values) error
	// Report returns the controls' counters at now, and what the node's
	// own structures hold; the run fills in the classes' outcomes from
	// Env.Out.
	Report(now kernel.Time) Report
}

// A Handler is a Node that handles its events one at a time.
type Handler interface {
	// Handle processes one of the node's own events at e.At.
	Handle(e kernel.Event)
}

// A Batcher is a Node that handles a run of its own consecutive events in
// one call: the run calls it through an interface once per run of events
// rather than once per event, which WebAssembly pays for several times
// what native code pays (attach-storm makes 3.3 million events a run).
type Batcher interface {
	// HandleBefore handles, in order and as Handle would one by one, the
	// queue's events before t while they are the node's own (Kind ≥
	// FirstKind), at most max of them; it returns how many it handled and
	// the time of the last.
	HandleBefore(q *kernel.Queue, t kernel.Time, max uint64) (handled uint64, last kernel.Time)
}

// oneByOne is the Batcher of a Handler: Handle per event.
type oneByOne struct{ Handler }

func (o oneByOne) HandleBefore(q *kernel.Queue, t kernel.Time, max uint64) (k uint64, last kernel.Time) {
	for h := q.Head(); h.At < t && h.Kind >= FirstKind && k < max; h = q.Head() {
		e := *h
		q.Skip()
		last = e.At
		o.Handle(e)
		k++
	}
	return k, last
}

// Env is what a node gets from the run.
type Env struct {
	Queue    *kernel.Queue
	Seed     uint64
	Interval kernel.Time
	Duration kernel.Time
	// Out counts the outcomes of the model's classes (Def.Classes); the
	// run writes the outcome block of every row from it.
	Out *Outcomes

	// numbered holds the stream ids of Def.NumberedStreams when the
	// scenario draws from NumberedStreams (nil: named streams), and
	// unnumbered the first stream asked for that it lacks.
	numbered   map[string]uint64
	unnumbered string

	// marks are the moments the node reported with Mark, in time order,
	// the first MaxMarks of them; lost counts those left out past the cap.
	marks []Event
	lost  int
}

// MaxMarks bounds the moments a run keeps from Env.Mark: a control that
// flaps (OVERLOAD START and STOP every few seconds for a day) cannot grow
// the run's memory, nor the answer the page reads every frame, without
// limit. The first MaxMarks are kept, the others counted
// (Summary.MarksLeftOut). outage-s1-overload marks about 50 in its hour.
const MaxMarks = 200

// Mark reports a moment of the run as it happens, at (the time now, or
// one the node worked out), named by label in the words of the model's
// panels ("OVERLOAD START MME 2"); until, when above at, ends a span that
// starts there (drawn shaded, as Event.Until). The run keeps them in time
// order (a moment earlier than the last is put in its place; equal times
// keep the order of the calls), and every driver shows them as markers
// beside the scenario's (Run.Marks, Summary.Marks).
//
// Marks do not enter the digest: they name moments the model's columns
// already record (an overload state, a timer's gauge), so the series and
// its digest say whether a run changed; a label reworded, or a mark added
// to a model, moves no digest, no snapshot and no pinned link. That they
// are the same natively and in WebAssembly is checked by `make digests`,
// which prints a count and a hash of them beside a preset's digest.
func (e *Env) Mark(at, until kernel.Time, label string) {
	if len(e.marks) >= MaxMarks {
		e.lost++
		return
	}
	m := Event{At: at.Seconds(), Label: label}
	if until > at {
		m.Until = until.Seconds()
	}
	e.marks = append(e.marks, m)
	for i := len(e.marks) - 1; i > 0 && e.marks[i-1].At > m.At; i-- {
		e.marks[i-1], e.marks[i] = m, e.marks[i-1]
	}
}

// Stream returns the random stream named name (for example "sgsn.attach"
// or "imsimgr.retry"). The stream is derived from the run's seed and a
// hash of the name, so streams never collide by numbering, and adding or
// reordering the streams of a model reshuffles none of the others. A
// scenario of scenario.NumberedStreams (a link of catalog version 1) draws
// instead from the number the model gave the stream then
// (Def.NumberedStreams). Models create their streams in Def.New.
func (e *Env) Stream(name string) *kernel.Stream {
	if e.numbered == nil {
		return kernel.NewStream(e.Seed, StreamID(name))
	}
	id, ok := e.numbered[name]
	if !ok && e.unnumbered == "" {
		e.unnumbered = name
	}
	return kernel.NewStream(e.Seed, id)
}

// NumberSources returns own with the arrival streams of the sources names
// (sim.NewArrivals) numbered from 0 in order, as every model numbered them
// in catalog version 1.
func NumberSources(names []string, own map[string]uint64) map[string]uint64 {
	out := maps.Clone(own)
	for i, name := range names {
		out[SourceStream(name)] = uint64(i)
	}
	return out
}

// StreamID is the 64-bit FNV-1a hash of name, the id of the stream so named.
func StreamID(name string) uint64 {
	h := uint64(14695981039346656037)
	for i := 0; i < len(name); i++ {
		h ^= uint64(name[i])
		h *= 1099511628211
	}
	return h
}

// At schedules one of the node's events. Kinds below FirstKind belong to the
// run.
func (e *Env) At(t kernel.Time, kind uint16, ref int32, arg int64) {
	e.Queue.Push(kernel.Event{At: t, Kind: kind, Ref: ref, Arg: arg})
}

// FirstKind is the lowest event kind a node may use.
const FirstKind = 16

// Def describes a node model.
type Def struct {
	Name    string // "imsimgr"
	Title   string // "IMSI Manager (SGSN/MME)"
	Doc     string // a paragraph: what is modelled
	Params  *param.Set
	Check   func(v param.Values) error // cross-field rules; nil if none
	Classes []string                   // the traffic classes whose outcomes are counted (Env.Out)
	Columns *Columns                   // the model's own per-interval columns, after the outcome block
	CPU     string                     // the column holding the CPU % summarised as cpu.mean/max
	Charts  []Chart
	Panels  []Panel
	// Sources are the documents the model follows, each named for what it
	// is (the page's Sources list); their text is prose.Page's.
	Sources []Source
	Presets []scenario.Preset
	Sweeps  []Sweep // carried-vs-offered studies the page and `overloadlab sweep` offer
	// NumberedStreams maps the name of every random stream the model asks
	// Env.Stream for to the id it had in catalog version 1, when models
	// numbered their streams: the runs of links made then draw from these
	// (scenario.NumberedStreams). A stream added since has no entry of its
	// own to recover; give it StreamID(name). nil for a model that came
	// after catalog version 1: no link of that version names it, and a
	// scenario of numbered streams is refused.
	NumberedStreams map[string]uint64
	// Counters declares the counters the model's Report writes, by
	// handle, with their plain words for the page's HTML (read natively
	// only: the WebAssembly build keeps their keys). nil if none.
	Counters *Counters
	// Tiles are the model's two to four headline numbers, shown above the
	// charts; every other count is under "Details".
	Tiles []Tile
	// Events names the moments of a scenario whose times the model derives
	// from its parameters ("storm starts", "60-minute window ends"); the
	// timeline's own changes are named by Markers. nil if none.
	Events func(sc *scenario.Scenario) []Event
	New    func(env *Env, v param.Values) (Node, error)
}

// AllColumns returns every column of a row after the time: the outcome
// block of the classes, then the model's own.
func (d *Def) AllColumns() []metrics.Column {
	return append(OutcomeColumns(d.Classes), d.Columns.List()...)
}

// Chart is one chart of the playground, drawn from some of the columns.
type Chart struct {
	ID      string   `json:"id"`
	Title   string   `json:"title"`
	Unit    string   `json:"unit"`
	Series  []string `json:"series"`            // column names
	Stacked bool     `json:"stacked,omitempty"` // draw Series as stacked areas
	Overlay []string `json:"overlay,omitempty"` // columns drawn as plain lines over the stack
	Lines   []Line   `json:"lines,omitempty"`   // thresholds drawn as horizontal lines
	// PerClass means the series exist per class too ("<class>.<name>"),
	// so the page can offer a class selector.
	PerClass bool `json:"per_class,omitempty"`
	// Upto names an integer parameter k when the series are one per
	// instance: only the first k are drawn.
	Upto string `json:"upto,omitempty"`
	// If, when set, holds one condition per series, written as Line.If
	// ("" for a series always drawn): a series whose condition holds at
	// no time of the run (an alternate server the scenario does not have)
	// is neither drawn nor listed. The page gives the series drawn the
	// colours in the order of Series, so conditional series come last.
	If []string `json:"if,omitempty"`
}

// SeriesOn says whether the chart's series i is drawn with the
// parameters vals (If).
func (c *Chart) SeriesOn(i int, vals param.Values) bool {
	if i >= len(c.If) || c.If[i] == "" {
		return true
	}
	return Line{If: c.If[i]}.On(vals)
}

// Line is a horizontal threshold on a chart: a fixed value, or the current
// value of a parameter. When If names a Bool parameter the line is drawn
// only while that parameter is on; when it is "name=a|b", only while that
// Choice parameter has one of those values.
type Line struct {
	Label string  `json:"label"`
	Value float64 `json:"value,omitempty"`
	Param string  `json:"param,omitempty"`
	If    string  `json:"if,omitempty"`
}

// IfParam splits If into the parameter it names and the choices it asks
// for (none for a Bool parameter, drawn while on).
func (l Line) IfParam() (name string, choices []string) {
	name, list, ok := strings.Cut(l.If, "=")
	if ok {
		choices = strings.Split(list, "|")
	}
	return name, choices
}

// On says whether the line is drawn with the parameters vals.
func (l Line) On(vals param.Values) bool {
	name, choices := l.IfParam()
	switch {
	case name == "":
		return true
	case choices == nil:
		return vals.Bool(name)
	}
	return slices.Contains(choices, vals.Get(name).Text)
}

// Panel is a "how it works" explanation of a control.
type Panel struct {
	Title   string `json:"title"`
	Formula string `json:"formula"` // the rule in one or two lines
	Text    string `json:"text"`    // plain words, with the source documents' terms
}

// Source is one document a model follows: a product's documentation, a
// paper or a standard, and what the model takes from it.
type Source struct {
	Name string // "RFC 7339, SIP overload control (loss-based)"
	Uses string // what the model takes from it, in a sentence
}

// Report is a node's counters at a moment.
type Report struct {
	Classes  []ClassCounts
	Controls []Group
	// Held is, per class, what the node's own queues and processors hold
	// right now, counted from those structures; the conservation tests
	// check it equals each class's in-flight count. nil if not reported.
	Held []int64
}

// ClassCounts are the outcomes of one class.
type ClassCounts struct {
	Name string
	metrics.Counts
}

// Group is one control's counters.
type Group struct {
	Name     string
	Counters []Counter
}

// Counter is one named count.
type Counter struct {
	Name  string
	Value float64
}

// Preset returns the preset named name, or nil.
func (d *Def) Preset(name string) *scenario.Preset {
	for i := range d.Presets {
		if d.Presets[i].Name == name {
			return &d.Presets[i]
		}
	}
	return nil
}
