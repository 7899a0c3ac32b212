package catalog

import (
	"fmt"

	"overloadlab/core/param"
	"overloadlab/core/scenario"
)

// Base returns the scenario a link's diff applies to: its preset's, or the
// model's defaults. Differences are stated against it.
func Base(model, preset string) (*scenario.Scenario, error) {
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
	b, err := Base(s.Model, s.Preset)
	if err != nil {
		return "", err
	}
	return scenario.EncodeLink(s, b), nil
}

// EncodeWhatIf returns the link of a what-if, with B when it holds a
// comparison (see scenario.EncodeWhatIf).
func EncodeWhatIf(w *scenario.WhatIf) (string, error) {
	if err := w.Check(); err != nil {
		return "", err
	}
	b, err := Base(w.A.Model, w.A.Preset)
	if err != nil {
		return "", err
	}
	return scenario.EncodeWhatIf(w, b), nil
}

// DecodeLink opens a what-if link and checks the scenario A it holds.
func DecodeLink(link string) (*scenario.Scenario, error) {
	w, err := DecodeWhatIf(link)
	if err != nil {
		return nil, err
	}
	return w.A, nil
}

// DecodeWhatIf opens a what-if link and checks both its scenarios against
// the model's cross-field rules.
func DecodeWhatIf(link string) (*scenario.WhatIf, error) {
	w, err := scenario.DecodeWhatIf(link, Base)
	if err != nil {
		return nil, err
	}
	d, _ := Model(w.A.Model)
	if d.Check == nil {
		return w, nil
	}
	if err := d.Check(w.A.Params); err != nil {
		return nil, err
	}
	if w.B != nil {
		if err := d.Check(w.B.Params); err != nil {
			return nil, fmt.Errorf("B: %w", err)
		}
	}
	return w, nil
}
