package scenario

import (
	"bytes"
	"compress/flate"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"overloadlab/core/param"
)

// A what-if link holds a scenario as data: the preset it started from, the
// parameters that differ from it, the seed, and the timeline (the preset's
// own changes and the slider moves made during the run). Links are
// versioned: "1." followed by the raw-deflated JSON payload in unpadded
// base64url. Every released version keeps decoding.

// LinkVersion is the version EncodeLink writes.
const LinkVersion = 1

// MaxLink bounds the length of a link accepted by DecodeLink, and
// maxPayload the size of its decompressed payload.
const (
	MaxLink    = 64 << 10
	maxPayload = 1 << 20
)

// linkV1 is the payload of a version 1 link. Fields equal to the base are
// left out. B, the labels, the title and the note were added later in
// version 1: links without them mean what they always meant.
type linkV1 struct {
	Model    string                     `json:"m"`
	Preset   string                     `json:"p,omitempty"`
	Seed     *uint64                    `json:"s,omitempty"`
	Duration *float64                   `json:"d,omitempty"`
	Interval *float64                   `json:"i,omitempty"`
	Params   map[string]json.RawMessage `json:"v,omitempty"`
	Timeline *[][3]json.RawMessage      `json:"t,omitempty"` // [at_s, param, value]
	LabelA   string                     `json:"la,omitempty"`
	B        *sideV1                    `json:"b,omitempty"`
	Title    string                     `json:"title,omitempty"`
	Note     string                     `json:"note,omitempty"`
}

// sideV1 is the what-if B of a comparison: its parameters and timeline as a
// diff from the same base as A. The run-wide fields (seed, duration,
// interval) are A's: both sides see the same traffic.
type sideV1 struct {
	Label    string                     `json:"l,omitempty"`
	Params   map[string]json.RawMessage `json:"v,omitempty"`
	Timeline *[][3]json.RawMessage      `json:"t,omitempty"`
}

// WhatIf is what a link holds: the scenario A on screen, optionally a
// what-if B run on the same traffic beside it, and the author's title and
// note.
type WhatIf struct {
	A      *Scenario
	B      *Scenario // nil: no comparison
	LabelA string    // what A is called in a comparison ("" = "A")
	LabelB string
	Title  string
	Note   string
}

// MaxTitle and MaxNote bound the author's words in a link, in characters.
const (
	MaxTitle = 120
	MaxNote  = 280
)

// Check checks that B can run beside A (same model, preset, seed, duration
// and interval) and that the words fit.
func (w *WhatIf) Check() error {
	if n := utf8.RuneCountInString(w.Title); n > MaxTitle {
		return &param.Error{Field: "title", Value: fmt.Sprintf("%d characters", n), Allowed: fmt.Sprintf("at most %d characters", MaxTitle)}
	}
	if n := utf8.RuneCountInString(w.Note); n > MaxNote {
		return &param.Error{Field: "note", Value: fmt.Sprintf("%d characters", n), Allowed: fmt.Sprintf("at most %d characters", MaxNote)}
	}
	for _, l := range []struct{ name, v string }{{"label A", w.LabelA}, {"label B", w.LabelB}} {
		if n := utf8.RuneCountInString(l.v); n > MaxTitle {
			return &param.Error{Field: l.name, Value: fmt.Sprintf("%d characters", n), Allowed: fmt.Sprintf("at most %d characters", MaxTitle)}
		}
	}
	a, b := w.A, w.B
	if b == nil {
		return nil
	}
	if b.Model != a.Model || b.Preset != a.Preset || b.Seed != a.Seed || b.Duration != a.Duration || b.Interval != a.Interval {
		return &param.Error{Field: "B", Value: "a scenario with other run-wide fields", Allowed: "the model, preset, seed, duration and interval of A (both sides see the same traffic)"}
	}
	return nil
}

// EncodeLink returns the link of s as a diff from base, the scenario of its
// preset (or the model defaults).
func EncodeLink(s, base *Scenario) string { return EncodeWhatIf(&WhatIf{A: s}, base) }

// EncodeWhatIf returns the link of w as a diff from base, the scenario of
// its preset (or the model defaults). B must pass w.Check.
func EncodeWhatIf(w *WhatIf, base *Scenario) string {
	s := w.A
	p := linkV1{Model: s.Model, Preset: s.Preset, LabelA: w.LabelA, Title: w.Title, Note: w.Note}
	if s.Seed != base.Seed {
		p.Seed = &s.Seed
	}
	if s.Duration != base.Duration {
		p.Duration = &s.Duration
	}
	if s.Interval != base.Interval {
		p.Interval = &s.Interval
	}
	p.Params, p.Timeline = encodeSide(s, base)
	if w.B != nil {
		p.B = &sideV1{Label: w.LabelB}
		p.B.Params, p.B.Timeline = encodeSide(w.B, base)
	}
	raw, _ := json.Marshal(p)
	var buf bytes.Buffer
	z, _ := flate.NewWriter(&buf, flate.BestCompression)
	z.Write(raw)
	z.Close()
	return fmt.Sprintf("%d.%s", LinkVersion, base64.RawURLEncoding.EncodeToString(buf.Bytes()))
}

// encodeSide writes the parameters of s that differ from base, and its
// timeline when it differs from base's.
func encodeSide(s, base *Scenario) (map[string]json.RawMessage, *[][3]json.RawMessage) {
	var params map[string]json.RawMessage
	schema := s.Params.Schema()
	for _, name := range s.Params.Diff(base.Params) {
		sp, _ := schema.Lookup(name)
		if params == nil {
			params = map[string]json.RawMessage{}
		}
		params[name] = sp.Encode(s.Params.Get(name))
	}
	if sameTimeline(s.Timeline, base.Timeline) {
		return params, nil
	}
	tl := make([][3]json.RawMessage, 0, len(s.Timeline))
	for _, c := range s.Timeline {
		at, _ := json.Marshal(c.At)
		name, _ := json.Marshal(c.Param)
		var v json.RawMessage
		if sp, ok := schema.Lookup(c.Param); ok {
			v = sp.Encode(c.Value)
		} else {
			v, _ = json.Marshal(c.Value)
		}
		tl = append(tl, [3]json.RawMessage{at, name, v})
	}
	return params, &tl
}

func sameTimeline(a, b []Change) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// DecodeLink reads a link and returns its scenario A. base returns the
// scenario a link's diff applies to: the named preset's, or the model's
// defaults when preset is "". Every error names the part of the link at
// fault.
func DecodeLink(link string, base func(model, preset string) (*Scenario, error)) (*Scenario, error) {
	w, err := DecodeWhatIf(link, base)
	if err != nil {
		return nil, err
	}
	return w.A, nil
}

// DecodeWhatIf reads a link whole: A, B if it holds a comparison, the
// labels, the title and the note.
func DecodeWhatIf(link string, base func(model, preset string) (*Scenario, error)) (*WhatIf, error) {
	if len(link) > MaxLink {
		return nil, fmt.Errorf("link: %d characters is too long (at most %d)", len(link), MaxLink)
	}
	version, body, ok := strings.Cut(link, ".")
	if !ok {
		return nil, fmt.Errorf("link: %s is not an overloadlab link (those start with their version: 1.…)", shorten(link))
	}
	switch version {
	case "1":
		return decodeV1(body, base)
	default:
		return nil, fmt.Errorf("link version %s: this page opens links of version 1 (made by a newer overloadlab?)", shorten(version))
	}
}

func shorten(s string) string {
	if len(s) > 24 {
		s = s[:24] + "…"
	}
	return fmt.Sprintf("%q", s)
}

func decodeV1(body string, base func(model, preset string) (*Scenario, error)) (*WhatIf, error) {
	z, err := base64.RawURLEncoding.DecodeString(body)
	if err != nil {
		return nil, errors.New("link: its data is damaged (not base64url): copy the whole link from the Share button")
	}
	raw, err := io.ReadAll(io.LimitReader(flate.NewReader(bytes.NewReader(z)), maxPayload+1))
	if err != nil || len(raw) > maxPayload {
		return nil, errors.New("link: its data is damaged (it does not decompress): copy the whole link from the Share button")
	}
	var p linkV1
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&p); err != nil {
		return nil, fmt.Errorf("link: the scenario inside is not valid: %v", err)
	}
	b, err := base(p.Model, p.Preset)
	if err != nil {
		return nil, err
	}
	s := b.Clone()
	if p.Seed != nil {
		s.Seed = *p.Seed
	}
	if p.Duration != nil {
		s.Duration = *p.Duration
	}
	if p.Interval != nil {
		s.Interval = *p.Interval
	}
	w := &WhatIf{LabelA: p.LabelA, Title: p.Title, Note: p.Note}
	if w.A, err = decodeSide(s, p.Params, p.Timeline, ""); err != nil {
		return nil, err
	}
	if p.B != nil {
		w.LabelB = p.B.Label
		if w.B, err = decodeSide(s, p.B.Params, p.B.Timeline, "b."); err != nil {
			return nil, err
		}
	}
	if err := w.Check(); err != nil {
		return nil, err
	}
	return w, nil
}

// decodeSide returns a copy of s, the base with the run-wide fields of the
// link, with a side's parameters and timeline. Errors in B's part name it
// with the prefix "b.".
func decodeSide(s *Scenario, params map[string]json.RawMessage, timeline *[][3]json.RawMessage, prefix string) (*Scenario, error) {
	s = s.Clone()
	if params != nil {
		obj, _ := json.Marshal(params)
		if err := s.Params.DecodeInto(obj); err != nil {
			return nil, prefixed(prefix, err)
		}
	}
	if timeline != nil {
		if len(*timeline) > MaxTimeline {
			return nil, &param.Error{Field: prefix + "timeline", Value: fmt.Sprintf("%d changes", len(*timeline)), Allowed: fmt.Sprintf("at most %d changes", MaxTimeline)}
		}
		s.Timeline = make([]Change, 0, len(*timeline))
		for i, c := range *timeline {
			var at float64
			var name string
			if json.Unmarshal(c[0], &at) != nil || json.Unmarshal(c[1], &name) != nil {
				return nil, &param.Error{Field: fmt.Sprintf("%stimeline[%d]", prefix, i), Value: "a malformed change", Allowed: "[time in s, parameter name, value]"}
			}
			sp, ok := s.Params.Schema().Lookup(name)
			if !ok {
				return nil, fmt.Errorf("%stimeline[%d].param: %w", prefix, i, &param.UnknownError{Name: name})
			}
			v, err := sp.Decode(c[2])
			if err != nil {
				return nil, fmt.Errorf("%stimeline[%d]: %w", prefix, i, err)
			}
			s.Timeline = append(s.Timeline, Change{At: at, Param: name, Value: v})
		}
	}
	if err := s.Validate(); err != nil {
		return nil, prefixed(prefix, err)
	}
	return s, nil
}

// prefixed names B's part of a link in an error about it.
func prefixed(prefix string, err error) error {
	if prefix == "" {
		return err
	}
	return fmt.Errorf("B: %w", err)
}
