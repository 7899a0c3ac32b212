// Package scenario is what a user runs: a node model, its parameters, a
// seed, a duration and a timeline of changes, with its JSON form, its
// validation and the presets.
package scenario

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strconv"

	"overloadlab/core/param"
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

type wire struct {
	Model    string            `json:"model"`
	Preset   string            `json:"preset,omitempty"`
	Seed     json.RawMessage   `json:"seed,omitempty"`
	Duration json.RawMessage   `json:"duration_s,omitempty"`
	Interval json.RawMessage   `json:"interval_s,omitempty"`
	Params   json.RawMessage   `json:"params,omitempty"`
	Timeline []json.RawMessage `json:"timeline,omitempty"`
}

type wireChange struct {
	At    json.RawMessage `json:"at_s"`
	Param string          `json:"param"`
	Value json.RawMessage `json:"value"`
}

// MarshalJSON writes the whole scenario, every parameter included, so that
// the file is complete and editable.
func (s *Scenario) MarshalJSON() ([]byte, error) {
	num := func(x float64) json.RawMessage { b, _ := json.Marshal(x); return b }
	w := wire{Model: s.Model, Preset: s.Preset, Seed: num(float64(s.Seed)), Duration: num(s.Duration), Interval: num(s.Interval)}
	w.Params, _ = s.Params.MarshalJSON()
	schema := s.Params.Schema()
	for _, c := range s.Timeline {
		wc := wireChange{At: num(c.At), Param: c.Param}
		if sp, ok := schema.Lookup(c.Param); ok {
			wc.Value = sp.Encode(c.Value)
		} else {
			wc.Value, _ = json.Marshal(c.Value)
		}
		b, _ := json.Marshal(wc)
		w.Timeline = append(w.Timeline, b)
	}
	return json.Marshal(w)
}

// Decode reads a scenario from JSON. Fields it does not give take their
// defaults (or the preset's, when it names one and presets is not nil).
// Every error names the field, the value and what is allowed.
func Decode(data []byte, schemas Schemas, presets func(name string) (*Scenario, bool)) (*Scenario, error) {
	var w wire
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&w); err != nil {
		return nil, fmt.Errorf("scenario: not a valid scenario JSON object: %v", err)
	}
	var s *Scenario
	if w.Preset != "" && presets != nil {
		p, ok := presets(w.Preset)
		if !ok {
			return nil, &param.Error{Field: "preset", Value: fmt.Sprintf("%q", w.Preset), Allowed: "the name of a preset (overloadlab presets)"}
		}
		if w.Model != "" && w.Model != p.Model {
			return nil, &param.Error{Field: "model", Value: fmt.Sprintf("%q", w.Model), Allowed: fmt.Sprintf("%q, the model of preset %s", p.Model, w.Preset)}
		}
		s = p.Clone()
	} else {
		schema, ok := schemas(w.Model)
		if !ok {
			return nil, &param.Error{Field: "model", Value: fmt.Sprintf("%q", w.Model), Allowed: "the name of a node model"}
		}
		s = New(w.Model, schema)
		s.Preset = w.Preset
	}
	fields := Fields.Defaults()
	for name, raw := range map[string]json.RawMessage{"seed": w.Seed, "duration_s": w.Duration, "interval_s": w.Interval} {
		if raw == nil {
			continue
		}
		sp, _ := Fields.Lookup(name)
		v, err := sp.Decode(raw)
		if err != nil {
			return nil, err
		}
		_ = fields.Put(name, v)
		switch name {
		case "seed":
			s.Seed = uint64(v.Num)
		case "duration_s":
			s.Duration = v.Num
		case "interval_s":
			s.Interval = v.Num
		}
	}
	if w.Params != nil {
		if err := s.Params.DecodeInto(w.Params); err != nil {
			return nil, err
		}
	}
	if w.Timeline != nil {
		if len(w.Timeline) > MaxTimeline {
			return nil, &param.Error{Field: "timeline", Value: fmt.Sprintf("%d changes", len(w.Timeline)), Allowed: fmt.Sprintf("at most %d changes", MaxTimeline)}
		}
		s.Timeline = s.Timeline[:0]
		for i, raw := range w.Timeline {
			var wc wireChange
			if err := json.Unmarshal(raw, &wc); err != nil {
				return nil, fmt.Errorf("timeline[%d]: not a change {at_s, param, value}: %v", i, err)
			}
			var at float64
			if err := json.Unmarshal(wc.At, &at); err != nil {
				return nil, &param.Error{Field: fmt.Sprintf("timeline[%d].at_s", i), Value: string(wc.At), Allowed: "a time in seconds"}
			}
			sp, ok := s.Params.Schema().Lookup(wc.Param)
			if !ok {
				return nil, fmt.Errorf("timeline[%d].param: %w", i, &param.UnknownError{Name: wc.Param})
			}
			v, err := sp.Decode(wc.Value)
			if err != nil {
				return nil, fmt.Errorf("timeline[%d]: %w", i, err)
			}
			s.Timeline = append(s.Timeline, Change{At: at, Param: wc.Param, Value: v})
		}
	}
	return s, s.Validate()
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
			return &param.Error{Field: fmt.Sprintf("timeline[%d].param", i), Value: strconv.Quote(c.Param),
				Allowed: fmt.Sprintf("a parameter that may change during a run (%s is fixed: set it in params)", c.Param)}
		}
		if err := sp.CheckValue(c.Value); err != nil {
			return fmt.Errorf("timeline[%d]: %w", i, err)
		}
	}
	return nil
}
