// Package scenario is what a user runs: a node model, its parameters, a
// seed, a duration and a timeline of changes, with its JSON form, its
// validation and the presets.
package scenario

import (
	"errors"
	"fmt"
	"math"
	"slices"

	"overloadlab/core/engine/jsonw"
	"overloadlab/core/engine/param"
)

// Run-wide fields, in the same schema as the model parameters so that their
// ranges are stated once.
var Fields = param.NewSet(
	param.Spec{Name: "seed", Label: "Seed", Group: "Run", Kind: param.Integer, Min: 0, Max: 1<<53 - 1, Default: param.Num(1),
		Doc: "seed of the random streams: the same scenario and seed give the same run"},
	param.Spec{Name: "duration_s", Label: "Duration", Group: "Run", Unit: "s", Kind: param.Number, Min: 1, Max: 172800, Step: 1, Default: param.Num(600),
		Doc: "simulated time of the run (at most 48 hours)"},
	param.Spec{Name: "interval_s", Label: "Measurement interval", Group: "Run", Unit: "s", Kind: param.Number, Min: 0.1, Max: 60, Step: 0.1, Default: param.Num(1),
		Doc: "length T of a measurement interval: CPU occupancy and rates are measured over it, and controls update once per interval"},
)

// MaxTimeline bounds the number of timeline changes.
const MaxTimeline = 2000

// Change sets a parameter to a value at a simulated time: a rate step in a
// preset, or a slider moved during a live run.
type Change struct {
	At    float64     `json:"at_s"`
	Param string      `json:"param"`
	Value param.Value `json:"value"`
}

// Scenario is a whole run.
type Scenario struct {
	Model    string
	Preset   string // the preset it started from, if any
	Seed     uint64
	Duration float64 // seconds
	Interval float64 // seconds
	Params   param.Values
	Timeline []Change
	// Streams is how the run derives its random streams from Seed: the
	// zero value, NamedStreams, for every scenario made now.
	Streams Streams
}

// Streams is a scheme by which a run derives its random streams from its
// seed: stream = kernel.NewStream(seed, id), the id given by the scheme.
type Streams uint8

const (
	// NamedStreams: id = FNV-1a(the stream's name), so that streams never
	// collide and adding one reshuffles none of the others (catalog
	// version 2 on).
	NamedStreams Streams = iota
	// NumberedStreams: id = the number the model gave the stream in
	// catalog version 1 (sim.Def.NumberedStreams), so that the links made
	// then replay bit for bit.
	NumberedStreams
)

// streamsWords are the names of the schemes in a scenario file.
var streamsWords = []string{NamedStreams: "named", NumberedStreams: "numbered"}

// String returns the scheme's name in a scenario file ("named",
// "numbered").
func (s Streams) String() string {
	if int(s) < len(streamsWords) {
		return streamsWords[s]
	}
	return fmt.Sprintf("streams(%d)", s)
}

// Schemas finds the parameter schema of a model by name.
type Schemas func(model string) (*param.Set, bool)

// New returns a scenario of model with default values.
func New(model string, schema *param.Set) *Scenario {
	d := Fields.Defaults()
	return &Scenario{
		Model:    model,
		Seed:     uint64(d.Num("seed")),
		Duration: d.Num("duration_s"),
		Interval: d.Num("interval_s"),
		Params:   schema.Defaults(),
	}
}

// Clone returns an independent copy.
func (s *Scenario) Clone() *Scenario {
	c := *s
	c.Params = s.Params.Clone()
	c.Timeline = slices.Clone(s.Timeline)
	return &c
}

// Fields of a scenario file, in the order MarshalJSON writes them; "about"
// is free text for people (the scenario command explains the file in it)
// and is not read.
var fileFields = []string{"about", "model", "preset", "seed", "duration_s", "interval_s", "streams", "params", "timeline"}

// InheritRule says how a file that names a preset inherits from it.
const InheritRule = `A file that names a "preset" starts from that preset: every field it leaves out, "timeline" included, is the preset's. ` +
	`Leaving "timeline" out keeps the preset's timeline; "timeline": [] drops it.`

// changeFields are the fields of a timeline entry in a file.
var changeFields = []string{"at_s", "param", "value"}

// MarshalJSON writes the whole scenario, every parameter included and the
// timeline even when empty (a file naming a preset would otherwise get the
// preset's back), so that the file is complete, editable, and reads back to
// the same run.
func (s *Scenario) MarshalJSON() ([]byte, error) { return jsonw.Marshal(s) }

// AppendJSON writes s as MarshalJSON does.
func (s *Scenario) AppendJSON(e *jsonw.Encoder) {
	if s == nil {
		e.Null()
		return
	}
	e.Byte('{')
	e.Key(`"model":`)
	e.String(s.Model)
	if s.Preset != "" {
		e.Key(`"preset":`)
		e.String(s.Preset)
	}
	e.Key(`"seed":`)
	e.Uint(s.Seed)
	e.Key(`"duration_s":`)
	e.Float(s.Duration)
	e.Key(`"interval_s":`)
	e.Float(s.Interval)
	if s.Streams != NamedStreams {
		e.Key(`"streams":`) // left out when named, as in files written before
		e.String(s.Streams.String())
	}
	e.Key(`"params":`)
	s.Params.AppendJSON(e)
	e.Key(`"timeline":[`)
	for i, c := range s.Timeline {
		e.Comma(i)
		e.Text(`{"at_s":`)
		e.Float(c.At)
		e.Text(`,"param":`)
		e.String(c.Param)
		e.Text(`,"value":`)
		appendValue(e, s.Params.Schema(), c)
		e.Byte('}')
	}
	e.Text("]}")
}

// appendValue writes the value of c as its parameter's kind wants it.
func appendValue(e *jsonw.Encoder, schema *param.Set, c Change) {
	if sp, ok := schema.Lookup(c.Param); ok {
		sp.AppendValue(e, c.Value)
	} else {
		c.Value.AppendJSON(e)
	}
}

// Decode reads a scenario from JSON, strictly: one object, fields named
// exactly, each once, no null. Fields it does not give take their defaults
// (or the preset's, when it names one and presets is not nil). Every error
// names the field, the value and what is allowed.
func Decode(data []byte, schemas Schemas, presets func(name string) (*Scenario, bool)) (*Scenario, error) {
	members, err := param.DecodeObject(data, "", fileFields)
	if pe := (*param.Error)(nil); errors.As(err, &pe) && pe.Field == "JSON" {
		pe.Field = "scenario" // the file as a whole
	}
	if err != nil {
		return nil, err
	}
	raw := make(map[string]jsonw.Raw, len(members))
	for _, m := range members {
		raw[m.Key] = m.Raw
	}
	var model, preset string
	for name, dst := range map[string]*string{"model": &model, "preset": &preset} {
		if r, ok := raw[name]; ok {
			if *dst, err = param.DecodeString(r, name); err != nil {
				return nil, err
			}
		}
	}
	var s *Scenario
	if preset != "" && presets != nil {
		p, ok := presets(preset)
		if !ok {
			return nil, &param.Error{Field: "preset", Value: param.Quote(preset), Allowed: "the name of a preset (overloadlab presets)"}
		}
		if model != "" && model != p.Model {
			return nil, &param.Error{Field: "model", Value: param.Quote(model), Allowed: fmt.Sprintf("%q, the model of preset %s", p.Model, preset)}
		}
		s = p.Clone()
	} else {
		schema, ok := schemas(model)
		if !ok {
			return nil, &param.Error{Field: "model", Value: param.Quote(model), Allowed: "the name of a node model"}
		}
		s = New(model, schema)
		s.Preset = preset
	}
	for _, name := range []string{"seed", "duration_s", "interval_s"} {
		if r, ok := raw[name]; ok {
			if err := s.decodeField(name, r); err != nil {
				return nil, err
			}
		}
	}
	if r, ok := raw["streams"]; ok {
		w, err := param.DecodeString(r, "streams")
		if err != nil {
			return nil, err
		}
		i := slices.Index(streamsWords, w)
		if i < 0 {
			return nil, &param.Error{Field: "streams", Value: param.Quote(w), Allowed: `"named" (the default) or "numbered" (the random streams of a link of catalog version 1)`}
		}
		s.Streams = Streams(i)
	}
	if r, ok := raw["params"]; ok {
		if err := s.Params.DecodeInto(r); err != nil {
			return nil, err
		}
	}
	if r, ok := raw["timeline"]; ok {
		if s.Timeline, err = decodeTimeline(r, s.Params.Schema(), decodeChange); err != nil {
			return nil, err
		}
	}
	return s, s.Validate()
}

// decodeField sets the run-wide field name (seed, duration_s, interval_s)
// from its JSON value.
func (s *Scenario) decodeField(name string, raw jsonw.Raw) error {
	sp, _ := Fields.Lookup(name)
	v, err := sp.Decode(raw)
	if err != nil {
		return err
	}
	switch name {
	case "seed":
		s.Seed = uint64(v.Num)
	case "duration_s":
		s.Duration = v.Num
	case "interval_s":
		s.Interval = v.Num
	}
	return nil
}

// decodeTimeline reads a JSON array of at most MaxTimeline changes, each by
// entry.
func decodeTimeline(raw jsonw.Raw, schema *param.Set, entry func(jsonw.Raw, string, *param.Set) (Change, error)) ([]Change, error) {
	items, err := param.DecodeArray(raw, "timeline")
	if err != nil {
		return nil, err
	}
	if len(items) > MaxTimeline {
		return nil, &param.Error{Field: "timeline", Value: fmt.Sprintf("%d changes", len(items)), Allowed: fmt.Sprintf("at most %d changes", MaxTimeline)}
	}
	out := make([]Change, 0, len(items))
	for i, item := range items {
		c, err := entry(item, fmt.Sprintf("timeline[%d]", i), schema)
		if err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return out, nil
}

// decodeChange reads a timeline entry {at_s, param, value}, every field
// given.
func decodeChange(raw jsonw.Raw, where string, schema *param.Set) (Change, error) {
	members, err := param.DecodeObject(raw, where, changeFields)
	if err != nil {
		return Change{}, err
	}
	if len(members) < len(changeFields) {
		return Change{}, &param.Error{Field: where, Value: "a change without all its fields", Allowed: "{at_s, param, value}, each given"}
	}
	var c Change
	var value jsonw.Raw
	for _, m := range members {
		switch m.Key {
		case "at_s":
			c.At, err = param.DecodeNumber(m.Raw, where+".at_s", "a time in seconds")
		case "param":
			c.Param, err = param.DecodeString(m.Raw, where+".param")
		case "value":
			value = m.Raw
		}
		if err != nil {
			return Change{}, err
		}
	}
	return change(where, c.At, c.Param, value, schema)
}

// change builds a timeline entry from its decoded time and name and its raw
// value, checked against schema.
func change(where string, at float64, name string, value jsonw.Raw, schema *param.Set) (Change, error) {
	sp, ok := schema.Lookup(name)
	if !ok {
		return Change{}, fmt.Errorf("%s.param: %w", where, &param.UnknownError{Name: name})
	}
	v, err := sp.Decode(value)
	if err != nil {
		return Change{}, fmt.Errorf("%s: %w", where, err)
	}
	return Change{At: at, Param: name, Value: v}, nil
}

// Validate checks the run-wide fields and the timeline (parameter values are
// checked as they are set).
func (s *Scenario) Validate() error {
	fields := Fields.Defaults()
	for name, x := range map[string]float64{"seed": float64(s.Seed), "duration_s": s.Duration, "interval_s": s.Interval} {
		if err := fields.Put(name, param.Num(x)); err != nil {
			return err
		}
	}
	if int(s.Streams) >= len(streamsWords) {
		return &param.Error{Field: "streams", Value: fmt.Sprint(s.Streams), Allowed: "named or numbered"}
	}
	if s.Duration/s.Interval > 2e6 {
		return &param.Error{Field: "interval_s", Value: fmt.Sprint(s.Interval), Allowed: fmt.Sprintf("at least duration_s/2000000 = %g s", s.Duration/2e6)}
	}
	if len(s.Timeline) > MaxTimeline {
		return &param.Error{Field: "timeline", Value: fmt.Sprintf("%d changes", len(s.Timeline)), Allowed: fmt.Sprintf("at most %d changes", MaxTimeline)}
	}
	for i, c := range s.Timeline {
		if math.IsNaN(c.At) || c.At < 0 || c.At > s.Duration {
			return &param.Error{Field: fmt.Sprintf("timeline[%d].at_s", i), Value: fmt.Sprint(c.At), Allowed: fmt.Sprintf("a time from 0 to duration_s = %g s", s.Duration)}
		}
		if i > 0 && c.At < s.Timeline[i-1].At {
			return &param.Error{Field: fmt.Sprintf("timeline[%d].at_s", i), Value: fmt.Sprint(c.At), Allowed: fmt.Sprintf("not before the previous change at %g s", s.Timeline[i-1].At)}
		}
		sp, ok := s.Params.Schema().Lookup(c.Param)
		if !ok {
			return fmt.Errorf("timeline[%d].param: %w", i, &param.UnknownError{Name: c.Param})
		}
		if sp.Fixed {
			return &param.Error{Field: fmt.Sprintf("timeline[%d].param", i), Value: param.Quote(c.Param),
				Allowed: fmt.Sprintf("a parameter that may change during a run (%s is fixed: set it in params)", c.Param)}
		}
		if err := sp.CheckValue(c.Value); err != nil {
			return fmt.Errorf("timeline[%d]: %w", i, err)
		}
	}
	return nil
}
