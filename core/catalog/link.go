package catalog

import (
	_ "embed"
	"errors"
	"fmt"
	"slices"

	"overloadlab/core/engine/jsonw"
	"overloadlab/core/engine/param"
	"overloadlab/core/engine/scenario"
	"overloadlab/core/engine/sim"
)

// A link keeps its meaning: it records the catalog version it was made
// against, and the catalog keeps a frozen copy (frozen.json) of every
// preset and every model's defaults as they were before each change, so a
// link of version c opens against the definition in force at c:
//
//	base(preset, c) = frozen[v][preset] for the least v ≥ c that froze it,
//	                  else today's preset.
//
// TestBasesArePinned fails when a preset or a default changes without a
// freeze; `go test ./core/catalog -run TestBasesArePinned -freeze` freezes
// the old copies and raises Version.
//
// A base also says how its run draws random numbers: the runs of catalog
// version 1 drew from streams numbered per model, those of version 2 on
// from named streams (the two changes reached main together, at 14:49 UTC
// on 30 Nov 2026), so
//
//	base(preset, c).Streams = NumberedStreams if c < namedStreamsFrom, else NamedStreams.

//go:embed frozen.json
var frozenJSON []byte

// frozenVersion holds the bases a version had that the next one changed:
// "preset:NAME" or "model:NAME" → the whole scenario as a file.
type frozenVersion struct {
	Version int                  `json:"version"`
	Bases   map[string]jsonw.Raw `json:"bases"`
}

var frozen = func() []frozenVersion {
	f, err := decodeFrozen(frozenJSON)
	if err != nil {
		panic("catalog: frozen.json: " + err.Error())
	}
	for i, v := range f {
		if v.Version != i+1 {
			panic(fmt.Sprintf("catalog: frozen.json: entry %d has version %d", i, v.Version))
		}
	}
	return f
}()

// decodeFrozen reads frozen.json: a list of {"version": n, "bases": {key:
// scenario, …}}.
func decodeFrozen(data []byte) ([]frozenVersion, error) {
	errShape := errors.New(`not a list of {"version": n, "bases": {…}}`)
	if !jsonw.Valid(data) {
		return nil, errors.New("malformed JSON")
	}
	var out []frozenVersion
	isArray, err := jsonw.Array(jsonw.Trim(data), func(v []byte) error {
		f := frozenVersion{Bases: map[string]jsonw.Raw{}}
		isObject, err := jsonw.Object(v, func(key string, v []byte) error {
			var ok bool
			switch key {
			case "version":
				f.Version, ok = jsonw.Int(v)
			case "bases":
				ok, _ = jsonw.Object(v, func(name string, base []byte) error {
					f.Bases[name] = base
					return nil
				})
			}
			if !ok {
				return errShape
			}
			return nil
		})
		if !isObject {
			return errShape
		}
		out = append(out, f)
		return err
	})
	if !isArray {
		return nil, errShape
	}
	return out, err
}

// Version is the catalog version links record: one more than the versions
// frozen.
var Version = len(frozen) + 1

// baseKey names a base in frozen.json.
func baseKey(model, preset string) string {
	if preset == "" {
		return "model:" + model
	}
	return "preset:" + preset
}

// namedStreamsFrom is the first catalog version whose runs draw from named
// random streams.
const namedStreamsFrom = 2

// base returns the scenario a link's diff applies to: its preset's, or the
// model's defaults, as they were in catalog version c, random streams
// included.
func base(model, preset string, c int) (*scenario.Scenario, error) {
	s, err := frozenBase(model, preset, c)
	if err != nil {
		return nil, err
	}
	if c < namedStreamsFrom {
		if d, ok := Model(model); ok && d.NumberedStreams == nil {
			return nil, &param.Error{Field: "link.c", Value: fmt.Sprint(c), Allowed: fmt.Sprintf("a catalog version from %d on: model %s came after version 1", namedStreamsFrom, model)}
		}
		s = s.Clone()
		s.Streams = scenario.NumberedStreams
	}
	return s, nil
}

// frozenBase returns the preset or the model's defaults as they were in
// catalog version c.
func frozenBase(model, preset string, c int) (*scenario.Scenario, error) {
	if c < 1 || c > Version {
		return nil, &param.Error{Field: "link.c", Value: fmt.Sprint(c), Allowed: fmt.Sprintf("a catalog version from 1 to %d (a link made by a newer overloadlab?)", Version)}
	}
	d, ok := Model(model)
	if !ok {
		return nil, &param.Error{Field: "model", Value: param.Quote(model), Allowed: fmt.Sprintf("one of %v", modelNames())}
	}
	for _, f := range frozen[c-1:] {
		if raw, ok := f.Bases[baseKey(model, preset)]; ok {
			s, err := scenario.Decode(raw, Schemas, nil)
			if err != nil {
				return nil, fmt.Errorf("catalog version %d, %s: %w", f.Version, baseKey(model, preset), err)
			}
			if s.Model != model {
				return nil, wrongModel(preset, model)
			}
			return s, nil
		}
	}
	if preset == "" {
		return scenario.New(model, d.Params), nil
	}
	s, err := Preset(preset)
	if err != nil {
		return nil, err
	}
	if s.Model != model {
		return nil, wrongModel(preset, model)
	}
	return s, nil
}

// wrongModel refuses a link whose preset is another model's, frozen or
// current alike.
func wrongModel(preset, model string) error {
	return &param.Error{Field: "preset", Value: param.Quote(preset), Allowed: fmt.Sprintf("a preset of model %s", model)}
}

func modelNames() []string {
	var out []string
	for _, d := range Models {
		out = append(out, d.Name)
	}
	return out
}

// EncodeLink returns the what-if link of s (see scenario.EncodeLink), made
// against the current catalog version.
func EncodeLink(s *scenario.Scenario) (string, error) {
	b, err := base(s.Model, s.Preset, Version)
	if err != nil {
		return "", err
	}
	return scenario.EncodeLink(s, b, Version), nil
}

// Base returns the scenario a link made now is a diff from, and
// differences are stated against: the preset's, or the model's defaults.
func Base(model, preset string) (*scenario.Scenario, error) { return base(model, preset, Version) }

// EncodeWhatIf returns the link of a what-if, with B when it holds a
// comparison (see scenario.EncodeWhatIf).
func EncodeWhatIf(w *scenario.WhatIf) (string, error) {
	if err := w.Check(); err != nil {
		return "", err
	}
	if _, err := SweepOf(w); err != nil {
		return "", err
	}
	if err := checkExercises(w); err != nil {
		return "", err
	}
	b, err := Base(w.A.Model, w.A.Preset)
	if err != nil {
		return "", err
	}
	return scenario.EncodeWhatIf(w, b, Version), nil
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
	w, err := scenario.DecodeWhatIf(link, base)
	if err != nil {
		return nil, err
	}
	if _, err := SweepOf(w); err != nil {
		return nil, fmt.Errorf("link: %w", err)
	}
	if err := checkExercises(w); err != nil {
		return nil, err
	}
	d, _ := Model(w.A.Model)
	if w.A.Streams == scenario.NumberedStreams && d.NumberedStreams == nil {
		return nil, &param.Error{Field: "link.r", Value: "1", Allowed: fmt.Sprintf("2 (named random streams): model %s came after catalog version 1, whose runs drew from numbered streams", d.Name)}
	}
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

// SweepOf returns the sweep definition a what-if holds (nil if none),
// checked against its model and scenario A.
func SweepOf(w *scenario.WhatIf) (*sim.Plan, error) {
	if w.Sweep == nil {
		return nil, nil
	}
	d, ok := Model(w.A.Model)
	if !ok {
		return nil, &param.Error{Field: "model", Value: fmt.Sprintf("%q", w.A.Model), Allowed: fmt.Sprintf("one of %v", modelNames())}
	}
	plan, err := sim.DecodePlan(w.Sweep, d.Params)
	if err != nil {
		return nil, err
	}
	if err := plan.Check(d, w.A); err != nil {
		return nil, err
	}
	return plan, nil
}

// checkExercises checks a link's predictions made and challenge attempted
// against its preset's exercises (issue 27): each names one of them, and a
// pick one of its prediction's choices.
func checkExercises(w *scenario.WhatIf) error {
	if len(w.Picks) == 0 && w.Attempt == "" {
		return nil
	}
	var p *scenario.Preset
	if d, ok := Model(w.A.Model); ok {
		p = d.Preset(w.A.Preset)
	}
	if p == nil {
		return &param.Error{Field: "link.pq", Value: "predictions or a challenge", Allowed: "a link of a preset that has them"}
	}
	for _, pick := range w.Picks {
		i := slices.IndexFunc(p.Predictions, func(q scenario.Prediction) bool { return q.Name == pick.Name })
		if i < 0 {
			return &param.Error{Field: "link.pq", Value: param.Quote(pick.Name), Allowed: fmt.Sprintf("a prediction of preset %s", p.Name)}
		}
		if pick.Choice >= len(p.Predictions[i].Choices) {
			return &param.Error{Field: "link.pq", Value: fmt.Sprint(pick.Choice), Allowed: fmt.Sprintf("a choice of prediction %s, from 0 to %d", pick.Name, len(p.Predictions[i].Choices)-1)}
		}
	}
	if w.Attempt != "" && !slices.ContainsFunc(p.Challenges, func(c scenario.Challenge) bool { return c.Name == w.Attempt }) {
		return &param.Error{Field: "link.ch", Value: param.Quote(w.Attempt), Allowed: fmt.Sprintf("a challenge of preset %s", p.Name)}
	}
	return nil
}
