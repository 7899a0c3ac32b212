package scenario

import (
	"fmt"
	"sort"
	"strings"

	"overloadlab/core/engine/claim"
	"overloadlab/core/engine/param"
)

// Preset is a named scenario that teaches one thing.
type Preset struct {
	Name     string
	Model    string
	Summary  string // one line for `overloadlab presets`
	Teaches  string // a sentence on what to watch
	Seed     uint64
	Duration float64
	Interval float64 // 0 = default
	Params   map[string]param.Value
	Timeline []Change
	// Compare lists variants worth running side by side with the preset
	// (the same scenario with a few parameters changed).
	Compare []Variant
	// Label names the preset's own control beside its variants ("ARO",
	// "standard ACG"); "" lets LabelOf derive it from the values.
	Label string
	// Pace is the playback speed the page starts at, in simulated seconds
	// per second of wall time (one of Paces), chosen so that the run takes
	// 30 to 60 s to watch.
	Pace float64
	// Watch is the id of the lesson's chart: the page shows it first.
	Watch string
	// Tour is the preset's guided story, three to six steps in time order
	// (nil in the WebAssembly build: a model declares its tours empty there).
	Tour []Step
	// Claims are what the run shows, checked by the tests over several
	// seeds and shown ✓/✗ in the page for the run on screen.
	Claims []claim.Claim
	// Predictions and Challenges are the preset's exercises (exercise.go);
	// they name Claims by Name (checked by catalog's TestExercises).
	Predictions []Prediction
	Challenges  []Challenge
}

// LabelOf names the preset's side of a comparison with the variant v: its
// Label, else the preset's value of the parameter v changes ("aro"), or of
// each of them by name ("a 1, b on").
func (p *Preset) LabelOf(values param.Values, v *Variant) string {
	if p.Label != "" {
		return p.Label
	}
	names := make([]string, 0, len(v.Params))
	for name := range v.Params {
		names = append(names, name)
	}
	sort.Sort(sort.StringSlice(names)) // not slices.Sort: one sort in the wasm, not one per type
	var parts []string
	for _, name := range names {
		if sp, ok := values.Schema().Lookup(name); ok {
			if len(names) == 1 {
				return Show(sp, values.Get(name))
			}
			parts = append(parts, name+" "+Show(sp, values.Get(name)))
		}
	}
	if len(parts) == 0 {
		return AsSet
	}
	return strings.Join(parts, ", ")
}

// AsSet names the scenario as it is set, without a variant's changes: a
// sweep's one curve when it has no variants, a side with nothing changed.
const AsSet = "as set"

// Step is one step of a preset's tour: playback pauses at At, the page
// shows Text and points at Charts (the first is scrolled into view). The
// page reads it as JSON in its HTML, the text apart.
type Step struct {
	At     float64  `json:"at_s"`             // simulated time (s) at which playback pauses for the step
	Text   string   `json:"-"`                // what the run shows then, in the source document's terms
	Charts []string `json:"charts,omitempty"` // ids of the model's charts to look at
	Claims []string `json:"claims,omitempty"` // names of the preset's checked claims the step relies on
}

// Paces are the playback speeds the page offers, in simulated seconds per
// second of wall time (0, as fast as possible, comes after them).
var Paces = []float64{1, 2, 3, 5, 10, 20, 30, 60, 90, 120, 300}

// Variant is a scenario with a few parameters changed: a curve of a sweep,
// or the other side of a side-by-side comparison.
type Variant struct {
	Label  string                 `json:"label"`
	Params map[string]param.Value `json:"params,omitempty"`
	// Follow, on a sweep's curve, names parameters set to the swept value
	// at every point as well (a fixed T3346: t3346.min follows t3346.max).
	Follow []string `json:"follow,omitempty"`
}

// Apply returns a copy of s with the variant's parameters set.
func (v *Variant) Apply(s *Scenario) (*Scenario, error) {
	c := s.Clone()
	for name, x := range v.Params {
		if err := c.Params.Put(name, x); err != nil {
			return nil, fmt.Errorf("variant %s: %w", v.Label, err)
		}
	}
	return c, nil
}

// Build returns the preset's scenario over schema's defaults.
func (p *Preset) Build(schema *param.Set) (*Scenario, error) {
	s := New(p.Model, schema)
	s.Preset = p.Name
	if p.Seed != 0 {
		s.Seed = p.Seed
	}
	if p.Duration != 0 {
		s.Duration = p.Duration
	}
	if p.Interval != 0 {
		s.Interval = p.Interval
	}
	for name, v := range p.Params {
		if err := s.Params.Put(name, v); err != nil {
			return nil, fmt.Errorf("preset %s: %w", p.Name, err)
		}
	}
	s.Timeline = append(s.Timeline, p.Timeline...)
	if err := s.Validate(); err != nil {
		return nil, fmt.Errorf("preset %s: %w", p.Name, err)
	}
	return s, nil
}
