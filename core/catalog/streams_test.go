package catalog

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"overloadlab/core/engine/param"
	"overloadlab/core/engine/scenario"
	"overloadlab/core/engine/sim"
	"overloadlab/core/node/scp"
)

// A link says which random streams its run draws from by its catalog
// version: those of version 1 (and links of version 1, which carry none)
// replay on the streams numbered per model, later ones on named streams; r
// overrides the version's, and is written only when a run opened from an
// old link is shared again.
func TestLinkStreamsFollowTheCatalogVersion(t *testing.T) {
	cases := []struct {
		payload string
		version string
		want    scenario.Streams
	}{
		{`{"m":"scp","p":"scp-overload-step","d":20,"t":[]}`, "1.", scenario.NumberedStreams},
		{`{"m":"scp","c":1,"p":"scp-overload-step","d":20,"t":[]}`, "2.", scenario.NumberedStreams},
		{`{"m":"scp","c":2,"p":"scp-overload-step","d":20,"t":[]}`, "2.", scenario.NamedStreams},
		{`{"m":"scp","c":2,"p":"scp-overload-step","d":20,"t":[],"r":1}`, "2.", scenario.NumberedStreams},
		{`{"m":"scp","c":1,"p":"scp-overload-step","d":20,"t":[],"r":2}`, "2.", scenario.NamedStreams},
		{`{"m":"scp","c":1,"p":"scp-overload-step","d":20,"t":[],"b":{"v":{"scp.capacity":600},"t":[]}}`, "3.", scenario.NumberedStreams},
	}
	digests := map[scenario.Streams]string{}
	for _, c := range cases {
		link := c.version + strings.TrimPrefix(encodePayload(c.payload), "2.")
		w, err := DecodeWhatIf(link)
		if err != nil {
			t.Fatalf("%s: %v", c.payload, err)
		}
		if w.A.Streams != c.want || (w.B != nil && w.B.Streams != c.want) {
			t.Errorf("%s: streams %d, want %d", c.payload, w.A.Streams, c.want)
		}
		// The banner says so when they are not today's.
		base, _ := Base("scp", "scp-overload-step")
		saysNumbered := slices.ContainsFunc(scenario.Differences(w.A, base), func(d scenario.Difference) bool {
			return d.String() == "streams: named → numbered"
		})
		if saysNumbered != (c.want == scenario.NumberedStreams) {
			t.Errorf("%s: differences %v", c.payload, scenario.Differences(w.A, base))
		}
		// Shared again, the run keeps its streams, and its digest.
		again, err := EncodeWhatIf(w)
		if err != nil {
			t.Fatal(err)
		}
		back, err := DecodeWhatIf(again)
		if err != nil {
			t.Fatal(err)
		}
		wantR := c.want == scenario.NumberedStreams
		if back.A.Streams != c.want || strings.Contains(decodePayload(t, again), `"r":1`) != wantR {
			t.Errorf("%s shared again as %s: streams %d", c.payload, decodePayload(t, again), back.A.Streams)
		}
		d := digestOf(t, w.A)
		if x, ok := digests[c.want]; ok && x != d {
			t.Errorf("%s: digest %s, another link of the same run gave %s", c.payload, d, x)
		}
		digests[c.want] = d
		if got := digestOf(t, back.A); got != d {
			t.Errorf("%s shared again: digest %s, want %s", c.payload, got, d)
		}
	}
	if digests[scenario.NumberedStreams] == digests[scenario.NamedStreams] {
		t.Error("numbered and named streams ran alike")
	}
}

// A link made now records the catalog version of named streams and no r,
// and replays the run on screen (the preset's, as run without a link).
func TestNewLinkReplaysOnNamedStreams(t *testing.T) {
	s, err := Preset("doic-overload-and-recovery")
	if err != nil {
		t.Fatal(err)
	}
	s.Duration = 30
	s.Timeline = s.Timeline[:1]
	link, err := EncodeLink(s)
	if err != nil {
		t.Fatal(err)
	}
	raw := decodePayload(t, link)
	if Version < namedStreamsFrom || strings.Contains(raw, `"r"`) || !strings.Contains(raw, `"c":`) {
		t.Fatalf("catalog version %d, payload %s", Version, raw)
	}
	back, err := DecodeLink(link)
	if err != nil {
		t.Fatal(err)
	}
	if back.Streams != scenario.NamedStreams {
		t.Errorf("a new link opens on streams %d", back.Streams)
	}
	if a, b := digestOf(t, s), digestOf(t, back); a != b {
		t.Errorf("the link runs to %s, the run on screen to %s", b, a)
	}
}

// A model that came after catalog version 1 has no numbered streams: a
// link of version 1 naming it, or one asking for numbered streams (r = 1),
// is refused naming the field; one of named streams opens.
func TestModelWithoutNumberedStreams(t *testing.T) {
	late := *scp.Def
	late.Name, late.NumberedStreams, late.Presets = "scp-late", nil, nil
	defer func(m []*sim.Def) { Models = m }(Models)
	Models = append(slices.Clone(Models), &late)
	for _, c := range []struct {
		payload, version, field string
	}{
		{`{"m":"scp-late","d":20,"t":[]}`, "1.", "link.c"},
		{`{"m":"scp-late","c":1,"d":20,"t":[]}`, "2.", "link.c"},
		{`{"m":"scp-late","c":2,"d":20,"t":[],"r":1}`, "2.", "link.r"},
		{`{"m":"scp-late","c":2,"d":20,"t":[]}`, "2.", ""},
	} {
		link := c.version + strings.TrimPrefix(encodePayload(c.payload), "2.")
		w, err := DecodeWhatIf(link)
		var pe *param.Error
		switch {
		case c.field == "" && err != nil:
			t.Errorf("%s: %v", c.payload, err)
		case c.field == "" && w.A.Streams != scenario.NamedStreams:
			t.Errorf("%s: streams %d", c.payload, w.A.Streams)
		case c.field != "" && (!errors.As(err, &pe) || pe.Field != c.field || !strings.Contains(err.Error(), "scp-late")):
			t.Errorf("%s: %v, want an error naming %s and the model", c.payload, err, c.field)
		}
	}
}
