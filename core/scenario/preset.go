package scenario

import (
	"fmt"
	"slices"
	"strings"

	"overloadlab/core/param"
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
	slices.Sort(names)
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
		return "as set"
	}
	return strings.Join(parts, ", ")
}

// Variant is a scenario with a few parameters changed: a curve of a sweep,
// or the other side of a side-by-side comparison.
type Variant struct {
	Label  string
	Params map[string]param.Value
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
