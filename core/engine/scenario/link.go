package scenario

import (
	"bytes"
	"compress/flate"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"math"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"overloadlab/core/engine/jsonw"
	"overloadlab/core/engine/param"
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
//	3.  {m, c, p, s, d, i, v, t, la, b, title, note}: the same, with a
//	    comparison's B {l, v, t} (its label, parameters and timeline as a
//	    diff from the same base; the run-wide fields are A's), A's label,
//	    and the author's title and note
//
// Versions 2 and 3 may also hold w, the page's sweep definition (added
// later: links without it mean what they meant); version 3 also pq, the
// predictions the student made before the run ([{n: name, c: choice}],
// choices from 0), and ch, the challenge the run attempts (issue 27); and r, the run's random
// streams when they are not those of catalog version c (see Base): 1 for
// NumberedStreams, 2 for NamedStreams. A link of catalog version 1 (and
// every link of version 1) draws from numbered streams, a later one from
// named streams; r is written only by a link made from a run opened from
// such an old link, so that sharing it again keeps its run.

// LinkVersion is the version EncodeLink writes for a scenario alone, and
// WhatIfVersion the one written for a link with B, labels, a title or a
// note.
const (
	LinkVersion   = 2
	WhatIfVersion = 3
)

// MaxLink bounds the length of a link accepted by DecodeLink, and
// maxPayload the size of its decompressed payload.
const (
	MaxLink    = 64 << 10
	maxPayload = 1 << 20
)

// Base returns the scenario a link's diff applies to: the named preset's, or
// the model's defaults when preset is "", as they were in the given catalog
// version, with the random streams (Scenario.Streams) that version drew.
type Base func(model, preset string, catalog int) (*Scenario, error)

// LinkPayload is the JSON of a link of version 3 (version 2: without B, the
// labels, the title and the note; version 1: without C either). Fields
// equal to the base are left out.
type LinkPayload struct {
	Model    string               `json:"m"`
	Catalog  int                  `json:"c"`
	Preset   string               `json:"p,omitempty"`
	Seed     *uint64              `json:"s,omitempty"`
	Duration *float64             `json:"d,omitempty"`
	Interval *float64             `json:"i,omitempty"`
	Streams  int                  `json:"r,omitempty"` // linkStreams[Scenario.Streams] when it is not the base's
	Params   map[string]jsonw.Raw `json:"v,omitempty"`
	Timeline *[][3]jsonw.Raw      `json:"t,omitempty"` // [at_s, param, value]
	LabelA   string               `json:"la,omitempty"`
	B        *LinkSide            `json:"b,omitempty"`
	Title    string               `json:"title,omitempty"`
	Note     string               `json:"note,omitempty"`
	Sweep    jsonw.Raw            `json:"w,omitempty"`
	Picks    []Pick               `json:"pq,omitempty"`
	Attempt  string               `json:"ch,omitempty"`
}

// Pick is a prediction the student made before the run: the prediction's
// name and the index of the choice picked, from 0.
type Pick struct {
	Name   string `json:"n"`
	Choice int    `json:"c"`
}

// MaxChoices is the most choices a prediction has (a pick's index is
// below it), and MaxExerciseName bounds an exercise's name in a link.
const (
	MaxChoices      = 4
	MaxExerciseName = 40
)

// LinkSide is the what-if B of a comparison in a link: its label, and its
// parameters and timeline as a diff from the same base as A.
type LinkSide struct {
	Label    string               `json:"l,omitempty"`
	Params   map[string]jsonw.Raw `json:"v,omitempty"`
	Timeline *[][3]jsonw.Raw      `json:"t,omitempty"`
}

var sideFields = []string{"l", "v", "t"}

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
	// Sweep is the page's sweep definition as JSON (a sim.Plan, checked by
	// the catalog against the model); nil: none.
	Sweep jsonw.Raw
	// Picks are the predictions made before the run, and Attempt the name
	// of the challenge the run attempts ("" none): the catalog checks them
	// against the preset's exercises.
	Picks   []Pick
	Attempt string
}

// MaxTitle and MaxNote bound the author's words in a link, in characters.
const (
	MaxTitle = 120
	MaxNote  = 280
)

// Check checks that B can run beside A (same model, preset, seed, duration
// and interval) and that the words fit.
func (w *WhatIf) Check() error {
	for _, f := range []struct {
		name, v string
		max     int
		lines   bool
	}{{"title", w.Title, MaxTitle, false}, {"note", w.Note, MaxNote, true}, {"label A", w.LabelA, MaxTitle, false}, {"label B", w.LabelB, MaxTitle, false}} {
		if err := CheckWords(f.name, f.v, f.max, f.lines); err != nil {
			return err
		}
	}
	if len(w.Attempt) > MaxExerciseName {
		return &param.Error{Field: "link.ch", Value: shorten(w.Attempt), Allowed: fmt.Sprintf("a challenge's name, at most %d characters", MaxExerciseName)}
	}
	a, b := w.A, w.B
	if b == nil {
		return nil
	}
	if b.Model != a.Model || b.Preset != a.Preset || b.Seed != a.Seed || b.Duration != a.Duration || b.Interval != a.Interval || b.Streams != a.Streams {
		return &param.Error{Field: "B", Value: "a scenario with other run-wide fields", Allowed: "the model, preset, seed, random streams, duration and interval of A (both sides see the same traffic)"}
	}
	return nil
}

// CheckWords checks words an author wrote (a title, a note, a label): at
// most max characters, valid UTF-8, and no control character (but a line
// break, where lines are allowed) nor a bidirectional formatting character
// (U+202A–U+202E, U+2066–U+2069, U+200E, U+200F, U+061C): a carriage
// return starts a row in a CSV export, and an override reverses the text
// around it on the page.
func CheckWords(field, s string, max int, lines bool) error {
	if n := utf8.RuneCountInString(s); n > max {
		return &param.Error{Field: field, Value: fmt.Sprintf("%d characters", n), Allowed: fmt.Sprintf("at most %d characters", max)}
	}
	for i, r := range s {
		bidi := r >= 0x202a && r <= 0x202e || r >= 0x2066 && r <= 0x2069 || r == 0x200e || r == 0x200f || r == 0x061c
		bad := r == utf8.RuneError || bidi || unicode.IsControl(r) && !(lines && r == '\n')
		if bad {
			what := "a control character"
			switch {
			case bidi:
				what = "a bidirectional formatting character"
			case r == utf8.RuneError:
				what = "a byte that is not UTF-8"
			}
			return &param.Error{Field: field, Value: fmt.Sprintf("%s %U at character %d", what, r, utf8.RuneCountInString(s[:i])+1),
				Allowed: "text without control or bidirectional formatting characters" + map[bool]string{true: " (line breaks are kept)", false: ""}[lines]}
		}
	}
	return nil
}

// plain reports whether w is a scenario alone, written as version 2.
func (w *WhatIf) plain() bool {
	return w.B == nil && w.LabelA == "" && w.LabelB == "" && w.Title == "" && w.Note == "" && len(w.Picks) == 0 && w.Attempt == ""
}

// linkStreams is the value of r for each scheme of random streams: the
// catalog version that introduced it.
var linkStreams = []int{NumberedStreams: 1, NamedStreams: 2}

// linkFields are the payload's keys by link version.
var linkFields = map[string][]string{
	"1": {"m", "p", "s", "d", "i", "v", "t"},
	"2": {"m", "c", "p", "s", "d", "i", "r", "v", "t", "w"},
	"3": {"m", "c", "p", "s", "d", "i", "r", "v", "t", "la", "b", "title", "note", "w", "pq", "ch"},
}

// EncodeLink returns the link of s as a diff from base, the scenario of its
// preset (or the model defaults) in catalog version catalog.
func EncodeLink(s, base *Scenario, catalog int) string {
	return EncodeWhatIf(&WhatIf{A: s}, base, catalog)
}

// EncodeWhatIf returns the link of w as a diff from base (version 2 when w
// holds A alone, else version 3). B must pass w.Check.
func EncodeWhatIf(w *WhatIf, base *Scenario, catalog int) string {
	s := w.A
	p := LinkPayload{Model: s.Model, Catalog: catalog, Preset: s.Preset, LabelA: w.LabelA, Title: w.Title, Note: w.Note, Sweep: w.Sweep, Picks: w.Picks, Attempt: w.Attempt}
	if s.Seed != base.Seed {
		p.Seed = &s.Seed
	}
	if s.Duration != base.Duration {
		p.Duration = &s.Duration
	}
	if s.Interval != base.Interval {
		p.Interval = &s.Interval
	}
	if s.Streams != base.Streams {
		p.Streams = linkStreams[s.Streams]
	}
	p.Params, p.Timeline = encodeSide(s, base)
	if w.B != nil {
		p.B = &LinkSide{Label: w.LabelB}
		p.B.Params, p.B.Timeline = encodeSide(w.B, base)
	}
	version := LinkVersion
	if !w.plain() {
		version = WhatIfVersion
	}
	raw, _ := jsonw.Marshal(&p)
	var buf bytes.Buffer
	z, _ := flate.NewWriter(&buf, flate.BestCompression)
	z.Write(raw)
	z.Close()
	return fmt.Sprintf("%d.%s", version, base64.RawURLEncoding.EncodeToString(buf.Bytes()))
}

// encodeSide writes the parameters of s that differ from base, and its
// timeline when it differs from base's.
func encodeSide(s, base *Scenario) (map[string]jsonw.Raw, *[][3]jsonw.Raw) {
	var params map[string]jsonw.Raw
	schema := s.Params.Schema()
	for _, name := range s.Params.Diff(base.Params) {
		sp, _ := schema.Lookup(name)
		if params == nil {
			params = map[string]jsonw.Raw{}
		}
		params[name] = sp.Encode(s.Params.Get(name))
	}
	if slices.Equal(s.Timeline, base.Timeline) {
		return params, nil
	}
	tl := make([][3]jsonw.Raw, 0, len(s.Timeline))
	for _, c := range s.Timeline {
		at, _ := jsonw.AppendFloat(nil, c.At)
		var e jsonw.Encoder
		appendValue(&e, schema, c)
		tl = append(tl, [3]jsonw.Raw{at, jsonw.AppendString(nil, c.Param), e.Bytes()})
	}
	return params, &tl
}

// DecodeLink reads a link of any released version, strictly (see
// param.DecodeObject), and returns its scenario A. Every error names the
// part of the link at fault.
func DecodeLink(link string, base Base) (*Scenario, error) {
	w, err := DecodeWhatIf(link, base)
	if err != nil {
		return nil, err
	}
	return w.A, nil
}

// DecodeWhatIf reads a link whole: A, B if it holds a comparison, the
// labels, the title and the note.
func DecodeWhatIf(link string, base Base) (*WhatIf, error) {
	if len(link) > MaxLink {
		return nil, fmt.Errorf("link: %d characters is too long (at most %d)", len(link), MaxLink)
	}
	version, body, ok := strings.Cut(link, ".")
	if !ok {
		return nil, fmt.Errorf("link: %s is not an overloadlab link (those start with their version: %d.…)", shorten(link), LinkVersion)
	}
	fields, ok := linkFields[version]
	if !ok {
		return nil, fmt.Errorf("link version %s: this page opens links of versions 1 to %d (made by a newer overloadlab?)", shorten(version), WhatIfVersion)
	}
	z, err := base64.RawURLEncoding.DecodeString(body)
	if err != nil {
		return nil, errors.New("link: its data is damaged (not base64url): copy the whole link from the Share button")
	}
	raw, err := io.ReadAll(io.LimitReader(flate.NewReader(bytes.NewReader(z)), maxPayload+1))
	if len(raw) > maxPayload {
		return nil, fmt.Errorf("link: its data decompresses to more than %d MiB (at most %d MiB): no link the page makes is that large", maxPayload>>20, maxPayload>>20)
	}
	if err != nil {
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
func decodePayload(raw []byte, fields []string, base Base) (*WhatIf, error) {
	members, err := param.DecodeObject(raw, "link", fields)
	if err != nil {
		return nil, err
	}
	m := make(map[string]jsonw.Raw, len(members))
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
	if r, ok := m["r"]; ok {
		x, err := param.DecodeNumber(r, "link.r", "1 (numbered random streams) or 2 (named)")
		i := slices.Index(linkStreams, int(x))
		if err != nil || i < 0 || float64(linkStreams[i]) != x {
			return nil, &param.Error{Field: "link.r", Value: param.Quote(string(r)), Allowed: "1 (numbered random streams) or 2 (named)"}
		}
		s.Streams = Streams(i)
	}
	w := &WhatIf{Sweep: m["w"]}
	for key, dst := range map[string]*string{"la": &w.LabelA, "title": &w.Title, "note": &w.Note, "ch": &w.Attempt} {
		if r, ok := m[key]; ok {
			if *dst, err = param.DecodeString(r, "link."+key); err != nil {
				return nil, err
			}
		}
	}
	if r, ok := m["pq"]; ok {
		if w.Picks, err = decodePicks(r); err != nil {
			return nil, err
		}
	}
	if w.A, err = decodeSide(s, m["v"], m["t"], ""); err != nil {
		return nil, err
	}
	if r, ok := m["b"]; ok {
		members, err := param.DecodeObject(r, "link.b", sideFields)
		if err != nil {
			return nil, err
		}
		b := make(map[string]jsonw.Raw, len(members))
		for _, x := range members {
			b[x.Key] = x.Raw
		}
		if r, ok := b["l"]; ok {
			if w.LabelB, err = param.DecodeString(r, "link.b.l"); err != nil {
				return nil, err
			}
		}
		if w.B, err = decodeSide(s, b["v"], b["t"], "B: "); err != nil {
			return nil, err
		}
	}
	if err := w.Check(); err != nil {
		return nil, err
	}
	return w, nil
}

// decodePicks reads a link's pq: [{n: name, c: choice}, …], each name
// once.
func decodePicks(raw jsonw.Raw) ([]Pick, error) {
	bad := &param.Error{Field: "link.pq", Value: shorten(string(raw)), Allowed: fmt.Sprintf("the predictions made: a list of {\"n\": name, \"c\": a choice from 0 to %d}, each name once", MaxChoices-1)}
	var out []Pick
	isArray, err := jsonw.Array(jsonw.Trim(raw), func(v []byte) error {
		members, err := param.DecodeObject(v, "link.pq", []string{"n", "c"})
		if err != nil {
			return err
		}
		p := Pick{Choice: -1}
		for _, m := range members {
			switch m.Key {
			case "n":
				if p.Name, err = param.DecodeString(m.Raw, "link.pq.n"); err != nil {
					return err
				}
			case "c":
				x, ok := jsonw.Int(m.Raw)
				if !ok || x < 0 || x >= MaxChoices {
					return bad
				}
				p.Choice = x
			}
		}
		if p.Name == "" || len(p.Name) > MaxExerciseName || p.Choice < 0 || slices.ContainsFunc(out, func(q Pick) bool { return q.Name == p.Name }) {
			return bad
		}
		out = append(out, p)
		return nil
	})
	if err != nil {
		return nil, err
	}
	if !isArray {
		return nil, bad
	}
	return out, nil
}

// decodeSide returns a copy of s (the base with the link's run-wide
// fields) with a side's parameters and timeline, either nil when the link
// leaves it out. Errors in B's part start with "B: ".
func decodeSide(s *Scenario, params, timeline jsonw.Raw, prefix string) (*Scenario, error) {
	s = s.Clone()
	var err error
	if params != nil {
		if err := s.Params.DecodeInto(params); err != nil {
			return nil, prefixed(prefix, err)
		}
	}
	if timeline != nil {
		if s.Timeline, err = decodeTimeline(timeline, s.Params.Schema(), linkChange); err != nil {
			return nil, prefixed(prefix, err)
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
	return fmt.Errorf("%s%w", prefix, err)
}

// linkChange reads a timeline entry of a link: [at_s, param, value].
func linkChange(raw jsonw.Raw, where string, schema *param.Set) (Change, error) {
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
