package catalog

import (
	"fmt"

	"overloadlab/core/param"
	"overloadlab/core/scenario"
)

// base returns the scenario a link's diff applies to: its preset's, or the
// model's defaults.
func base(model, preset string) (*scenario.Scenario, error) {
	d, ok := Model(model)
	if !ok {
		return nil, &param.Error{Field: "model", Value: fmt.Sprintf("%q", model), Allowed: fmt.Sprintf("one of %v", modelNames())}
	}
	if preset == "" {
		return scenario.New(model, d.Params), nil
	}
	s, err := Preset(preset)
	if err != nil {
		return nil, err
	}
	if s.Model != model {
		return nil, &param.Error{Field: "preset", Value: fmt.Sprintf("%q", preset), Allowed: fmt.Sprintf("a preset of model %s", model)}
	}
	return s, nil
}

func modelNames() []string {
	var out []string
	for _, d := range Models {
		out = append(out, d.Name)
	}
	return out
}

// EncodeLink returns the what-if link of s (see scenario.EncodeLink).
func EncodeLink(s *scenario.Scenario) (string, error) {
	b, err := base(s.Model, s.Preset)
	if err != nil {
		return "", err
	}
	return scenario.EncodeLink(s, b), nil
}

// DecodeLink opens a what-if link and checks the scenario it holds.
func DecodeLink(link string) (*scenario.Scenario, error) {
	s, err := scenario.DecodeLink(link, base)
	if err != nil {
		return nil, err
	}
	d, _ := Model(s.Model)
	if d.Check != nil {
		if err := d.Check(s.Params); err != nil {
			return nil, err
		}
	}
	return s, nil
}
