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
// left out.
type linkV1 struct {
	Model    string                     `json:"m"`
	Preset   string                     `json:"p,omitempty"`
	Seed     *uint64                    `json:"s,omitempty"`
	Duration *float64                   `json:"d,omitempty"`
	Interval *float64                   `json:"i,omitempty"`
	Params   map[string]json.RawMessage `json:"v,omitempty"`
	Timeline *[][3]json.RawMessage      `json:"t,omitempty"` // [at_s, param, value]
}

// EncodeLink returns the link of s as a diff from base, the scenario of its
// preset (or the model defaults).
func EncodeLink(s, base *Scenario) string {
	p := linkV1{Model: s.Model, Preset: s.Preset}
	if s.Seed != base.Seed {
		p.Seed = &s.Seed
	}
	if s.Duration != base.Duration {
		p.Duration = &s.Duration
	}
	if s.Interval != base.Interval {
		p.Interval = &s.Interval
	}
	schema := s.Params.Schema()
	for _, name := range s.Params.Diff(base.Params) {
		sp, _ := schema.Lookup(name)
		if p.Params == nil {
			p.Params = map[string]json.RawMessage{}
		}
		p.Params[name] = sp.Encode(s.Params.Get(name))
	}
	if !sameTimeline(s.Timeline, base.Timeline) {
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
		p.Timeline = &tl
	}
	raw, _ := json.Marshal(p)
	var buf bytes.Buffer
	w, _ := flate.NewWriter(&buf, flate.BestCompression)
	w.Write(raw)
	w.Close()
	return fmt.Sprintf("%d.%s", LinkVersion, base64.RawURLEncoding.EncodeToString(buf.Bytes()))
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

// DecodeLink reads a link. base returns the scenario a link's diff applies
// to: the named preset's, or the model's defaults when preset is "". Every
// error names the part of the link at fault.
func DecodeLink(link string, base func(model, preset string) (*Scenario, error)) (*Scenario, error) {
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

func decodeV1(body string, base func(model, preset string) (*Scenario, error)) (*Scenario, error) {
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
	s, err := base(p.Model, p.Preset)
	if err != nil {
		return nil, err
	}
	s = s.Clone()
	if p.Seed != nil {
		s.Seed = *p.Seed
	}
	if p.Duration != nil {
		s.Duration = *p.Duration
	}
	if p.Interval != nil {
		s.Interval = *p.Interval
	}
	if p.Params != nil {
		obj, _ := json.Marshal(p.Params)
		if err := s.Params.DecodeInto(obj); err != nil {
			return nil, err
		}
	}
	if p.Timeline != nil {
		if len(*p.Timeline) > MaxTimeline {
			return nil, &param.Error{Field: "timeline", Value: fmt.Sprintf("%d changes", len(*p.Timeline)), Allowed: fmt.Sprintf("at most %d changes", MaxTimeline)}
		}
		s.Timeline = make([]Change, 0, len(*p.Timeline))
		for i, c := range *p.Timeline {
			var at float64
			var name string
			if json.Unmarshal(c[0], &at) != nil || json.Unmarshal(c[1], &name) != nil {
				return nil, &param.Error{Field: fmt.Sprintf("timeline[%d]", i), Value: "a malformed change", Allowed: "[time in s, parameter name, value]"}
			}
			sp, ok := s.Params.Schema().Lookup(name)
			if !ok {
				return nil, fmt.Errorf("timeline[%d].param: %w", i, &param.UnknownError{Name: name})
			}
			v, err := sp.Decode(c[2])
			if err != nil {
				return nil, fmt.Errorf("timeline[%d]: %w", i, err)
			}
			s.Timeline = append(s.Timeline, Change{At: at, Param: name, Value: v})
		}
	}
	if err := s.Validate(); err != nil {
		return nil, err
	}
	return s, nil
}
