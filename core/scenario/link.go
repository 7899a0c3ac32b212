package scenario

import (
	"bytes"
	"compress/flate"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"slices"
	"strings"

	"overloadlab/core/param"
)

// A what-if link holds a scenario as data: the preset it started from, the
// parameters that differ from it, the seed, and the timeline (the preset's
// own changes and the slider moves made during the run). Links are
// versioned: the version, a dot, then the raw-deflated JSON payload in
// unpadded base64url. Every released version keeps decoding:
//
//	1.  {m, p, s, d, i, v, t}: a diff from the preset (or the model defaults)
//	    of catalog version 1
//	2.  {m, c, p, s, d, i, v, t}: the same, with c the catalog version the
//	    diff was made against, so the link keeps its meaning when a preset
//	    or a default changes later

// LinkVersion is the version EncodeLink writes.
const LinkVersion = 2

// MaxLink bounds the length of a link accepted by DecodeLink, and
// maxPayload the size of its decompressed payload.
const (
	MaxLink    = 64 << 10
	maxPayload = 1 << 20
)

// Base returns the scenario a link's diff applies to: the named preset's, or
// the model's defaults when preset is "", as they were in the given catalog
// version.
type Base func(model, preset string, catalog int) (*Scenario, error)

// payload is the JSON of a link of version 2 (version 1: without C). Fields
// equal to the base are left out.
type payload struct {
	Model    string                     `json:"m"`
	Catalog  int                        `json:"c"`
	Preset   string                     `json:"p,omitempty"`
	Seed     *uint64                    `json:"s,omitempty"`
	Duration *float64                   `json:"d,omitempty"`
	Interval *float64                   `json:"i,omitempty"`
	Params   map[string]json.RawMessage `json:"v,omitempty"`
	Timeline *[][3]json.RawMessage      `json:"t,omitempty"` // [at_s, param, value]
}

// linkFields are the payload's keys by link version.
var linkFields = map[string][]string{
	"1": {"m", "p", "s", "d", "i", "v", "t"},
	"2": {"m", "c", "p", "s", "d", "i", "v", "t"},
}

// EncodeLink returns the link of s as a diff from base, the scenario of its
// preset (or the model defaults) in catalog version catalog.
func EncodeLink(s, base *Scenario, catalog int) string {
	p := payload{Model: s.Model, Catalog: catalog, Preset: s.Preset}
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
	if !slices.Equal(s.Timeline, base.Timeline) {
		tl := make([][3]json.RawMessage, 0, len(s.Timeline))
		for _, c := range s.Timeline {
			at, _ := json.Marshal(c.At)
			name, _ := json.Marshal(c.Param)
			tl = append(tl, [3]json.RawMessage{at, name, encodeValue(schema, c)})
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

// DecodeLink reads a link of any released version, strictly (see
// param.DecodeObject). Every error names the part of the link at fault.
func DecodeLink(link string, base Base) (*Scenario, error) {
	if len(link) > MaxLink {
		return nil, fmt.Errorf("link: %d characters is too long (at most %d)", len(link), MaxLink)
	}
	version, body, ok := strings.Cut(link, ".")
	if !ok {
		return nil, fmt.Errorf("link: %s is not an overloadlab link (those start with their version: %d.…)", shorten(link), LinkVersion)
	}
	fields, ok := linkFields[version]
	if !ok {
		return nil, fmt.Errorf("link version %s: this page opens links of versions 1 to %d (made by a newer overloadlab?)", shorten(version), LinkVersion)
	}
	z, err := base64.RawURLEncoding.DecodeString(body)
	if err != nil {
		return nil, errors.New("link: its data is damaged (not base64url): copy the whole link from the Share button")
	}
	raw, err := io.ReadAll(io.LimitReader(flate.NewReader(bytes.NewReader(z)), maxPayload+1))
	if err != nil || len(raw) > maxPayload {
		return nil, errors.New("link: its data is damaged (it does not decompress): copy the whole link from the Share button")
	}
	return decodePayload(raw, fields, base)
}

func shorten(s string) string {
	if len(s) > 24 {
		s = s[:24] + "…"
	}
	return fmt.Sprintf("%q", s)
}

// decodePayload reads a link's JSON payload, whose keys may be fields.
func decodePayload(raw []byte, fields []string, base Base) (*Scenario, error) {
	members, err := param.DecodeObject(raw, "link", fields)
	if err != nil {
		return nil, err
	}
	m := make(map[string]json.RawMessage, len(members))
	for _, x := range members {
		m[x.Key] = x.Raw
	}
	var model, preset string
	catalog := 1
	for key, dst := range map[string]*string{"m": &model, "p": &preset} {
		if r, ok := m[key]; ok {
			if *dst, err = param.DecodeString(r, "link."+key); err != nil {
				return nil, err
			}
		}
	}
	if r, ok := m["c"]; ok {
		x, err := param.DecodeNumber(r, "link.c", "a catalog version from 1")
		if err != nil || x < 1 || x != math.Trunc(x) || x > 1<<30 {
			return nil, &param.Error{Field: "link.c", Value: param.Quote(string(r)), Allowed: "a catalog version: a whole number from 1"}
		}
		catalog = int(x)
	}
	s, err := base(model, preset, catalog)
	if err != nil {
		return nil, err
	}
	s = s.Clone()
	for key, name := range map[string]string{"s": "seed", "d": "duration_s", "i": "interval_s"} {
		if r, ok := m[key]; ok {
			if err := s.decodeField(name, r); err != nil {
				return nil, err
			}
		}
	}
	if r, ok := m["v"]; ok {
		if err := s.Params.DecodeInto(r); err != nil {
			return nil, err
		}
	}
	if r, ok := m["t"]; ok {
		if s.Timeline, err = decodeTimeline(r, s.Params.Schema(), linkChange); err != nil {
			return nil, err
		}
	}
	if err := s.Validate(); err != nil {
		return nil, err
	}
	return s, nil
}

// linkChange reads a timeline entry of a link: [at_s, param, value].
func linkChange(raw json.RawMessage, where string, schema *param.Set) (Change, error) {
	parts, err := param.DecodeArray(raw, where)
	if err != nil || len(parts) != 3 {
		return Change{}, &param.Error{Field: where, Value: "a malformed change", Allowed: "[time in s, parameter name, value]"}
	}
	at, err := param.DecodeNumber(parts[0], where+".at_s", "a time in seconds")
	if err != nil {
		return Change{}, err
	}
	name, err := param.DecodeString(parts[1], where+".param")
	if err != nil {
		return Change{}, err
	}
	return change(where, at, name, parts[2], schema)
}
