package catalog

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"overloadlab/core/engine/param"
	"overloadlab/core/engine/scenario"
)

var update = flag.Bool("update", false, "rewrite testdata/links.json with links of the current version")

// canonical is what a link must open to, written so that adding a parameter
// with a default does not change it: the run-wide fields, the parameters
// that differ from the model defaults, and the timeline.
func canonical(t *testing.T, s *scenario.Scenario) string {
	t.Helper()
	d, _ := Model(s.Model)
	defaults := d.Params.Defaults()
	diff := map[string]json.RawMessage{}
	for _, name := range s.Params.Diff(defaults) {
		sp, _ := d.Params.Lookup(name)
		diff[name] = json.RawMessage(sp.Encode(s.Params.Get(name)))
	}
	tl := s.Timeline
	if len(tl) == 0 {
		tl = nil // an empty timeline, whether decoded from a frozen base ([]) or built (nil)
	}
	b, err := json.Marshal(map[string]any{
		"model": s.Model, "preset": s.Preset, "seed": s.Seed, "duration_s": s.Duration,
		"interval_s": s.Interval, "params": diff, "timeline": tl,
	})
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

type goldenLink struct {
	Note   string          `json:"note"`
	Link   string          `json:"link"`
	Want   json.RawMessage `json:"want"`
	Digest string          `json:"digest,omitempty"` // of the run the link opens, to its end
}

// linkCases are scenarios whose links are kept in testdata/links.json.
func linkCases(t *testing.T) map[string]*scenario.Scenario {
	out := map[string]*scenario.Scenario{}
	for _, p := range Presets() {
		s, err := Preset(p.Name)
		if err != nil {
			t.Fatal(err)
		}
		out["preset "+p.Name] = s
	}
	s, _ := Preset("attach-storm")
	s.Seed = 7
	s.Duration = 300
	s.Params.Put("sgsn-action", param.Str("drop"))
	s.Params.Put("cpu.background", param.Num(25))
	s.Params.Put("lab.cpu-guard", param.On(false))
	s.Timeline = append(s.Timeline, scenario.Change{At: 200.5, Param: "cost.reject", Value: param.Num(900)})
	out["attach-storm edited, with a slider move"] = s
	d, _ := Model("imsimgr")
	c := scenario.New("imsimgr", d.Params)
	c.Params.Put("mme-network-overload-protection", param.On(true))
	out["custom from defaults"] = c
	return out
}

// TestLinksOfEveryVersionStillOpen opens every link kept from every
// released version and checks it gives the same scenario as when it was
// made.
func TestLinksOfEveryVersionStillOpen(t *testing.T) {
	const file = "testdata/links.json"
	if *update {
		var all []goldenLink
		if b, err := os.ReadFile(file); err == nil {
			json.Unmarshal(b, &all)
		}
		for note, s := range linkCases(t) {
			link, err := EncodeLink(s)
			if err != nil {
				t.Fatal(err)
			}
			// One link per case and link version: later catalog versions
			// add none for cases already kept.
			seen := false
			for _, g := range all {
				seen = seen || g.Link == link || g.Note == note && g.Link[:2] == link[:2]
			}
			if !seen {
				all = append(all, goldenLink{Note: note, Link: link, Want: json.RawMessage(canonical(t, s))})
			}
		}
		for i := range all {
			if all[i].Digest == "" {
				all[i].Digest = linkDigest(t, all[i].Link)
			}
		}
		slices.SortStableFunc(all, func(a, b goldenLink) int { return strings.Compare(a.Link[:2], b.Link[:2]) })
		b, _ := json.MarshalIndent(all, "", "  ")
		os.WriteFile(file, append(b, '\n'), 0o644)
	}
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var all []goldenLink
	if err := json.Unmarshal(b, &all); err != nil {
		t.Fatal(err)
	}
	if len(all) == 0 {
		t.Fatal("no kept links")
	}
	for _, g := range all {
		s, err := DecodeLink(g.Link)
		if err != nil {
			t.Errorf("%s: %v", g.Note, err)
			continue
		}
		var want bytes.Buffer
		json.Compact(&want, g.Want)
		if got := canonical(t, s); got != want.String() {
			t.Errorf("%s: link opens to\n%s\nwant\n%s", g.Note, got, g.Want)
		}
		if g.Digest == "" {
			t.Errorf("%s: kept without the digest of its run", g.Note)
		} else if got := linkDigest(t, g.Link); got != g.Digest {
			t.Errorf("%s: link runs to digest %s, made as %s", g.Note, got, g.Digest)
		}
	}
	// Every preset has a link of the current version kept.
	for _, p := range Presets() {
		if !slices.ContainsFunc(all, func(g goldenLink) bool {
			return g.Note == "preset "+p.Name && strings.HasPrefix(g.Link, fmt.Sprintf("%d.", scenario.LinkVersion))
		}) {
			t.Errorf("preset %s: no link of version %d kept (go test ./core/catalog -run TestLinksOfEveryVersionStillOpen -update)", p.Name, scenario.LinkVersion)
		}
	}
}

func TestLinkRoundTrip(t *testing.T) {
	for note, s := range linkCases(t) {
		link, err := EncodeLink(s)
		if err != nil {
			t.Fatal(err)
		}
		back, err := DecodeLink(link)
		if err != nil {
			t.Fatalf("%s: %v", note, err)
		}
		if canonical(t, back) != canonical(t, s) {
			t.Errorf("%s: round trip changed the scenario", note)
		}
		if len(link) > 2000 {
			t.Errorf("%s: link of %d characters", note, len(link))
		}
	}
}

func TestBadLinksNameTheField(t *testing.T) {
	s, _ := Preset("attach-storm")
	good, _ := EncodeLink(s)
	// A link whose payload holds an out-of-range value.
	s.Params.Put("sgsn-wait-time", param.Num(15))
	l15, _ := EncodeLink(s)
	raw := decodePayload(t, l15)
	raw = strings.Replace(raw, `"sgsn-wait-time":15`, `"sgsn-wait-time":99`, 1)
	bad := encodePayload(raw)
	cases := map[string]string{
		"":                            "link",
		"garbage":                     "link",
		"9.abc":                       "link version",
		"1.***":                       "link",
		"1.AAAA":                      "link",
		good[:len(good)/2]:            "link",
		bad:                           "sgsn-wait-time",
		encodePayload(`{"m":"nope"}`): "model",
		encodePayload(`{"m":"imsimgr","p":"nope"}`):                             "preset",
		encodePayload(`{"m":"imsimgr","t":[[5,"no-such","1"]]}`):                "no-such",
		encodePayload(`{"m":"imsimgr","s":1,"d":-4}`):                           "duration_s",
		encodePayload(`{"m":"imsimgr","s":null}`):                               "seed",
		encodePayload(`{"m":"imsimgr","v":{"lab.cpu-guard":null}}`):             "lab.cpu-guard",
		encodePayload(`{"m":"imsimgr","s":1,"s":2}`):                            "link.s",
		encodePayload(`{"m":"imsimgr","S":1}`):                                  "link.S",
		encodePayload(`{"m":"imsimgr"} 1`):                                      "link",
		encodePayload(`{"m":"imsimgr","t":[[1,"cpu.speed",2,3]]}`):              "timeline[0]",
		encodePayload(`{"m":"imsimgr","t":[[null,"cpu.speed",2]]}`):             "timeline[0].at_s",
		encodePayload(`{"m":"imsimgr","c":99}`):                                 "link.c",
		encodePayload(`{"m":"imsimgr","c":1.5}`):                                "link.c",
		encodePayload(`{"m":"imsimgr","c":2,"r":3}`):                            "link.r",
		encodePayload(`{"m":"imsimgr","c":2,"r":1.5}`):                          "link.r",
		encodePayload(`{"m":"imsimgr","c":2,"r":"1"}`):                          "link.r",
		"1." + strings.TrimPrefix(encodePayload(`{"m":"imsimgr","r":1}`), "2."): "link.r",
	}
	for link, field := range cases {
		_, err := DecodeLink(link)
		if err == nil {
			t.Errorf("%q: no error", link)
			continue
		}
		var pe *param.Error
		if errors.As(err, &pe) && pe.Field != field {
			t.Errorf("%q: error names %q, want %q (%v)", link, pe.Field, field, err)
		} else if !strings.Contains(err.Error(), field) {
			t.Errorf("%q: error %q does not name %q", link, err, field)
		}
	}
}

func FuzzDecodeLink(f *testing.F) {
	for _, s := range linkCases(&testing.T{}) {
		l, _ := EncodeLink(s)
		f.Add(l)
	}
	f.Add("1.")
	f.Add("1.q1YqzU")
	f.Add(encodePayload(`{"m":"imsimgr","c":1,"s":null}`))
	f.Add(encodePayload(`{"m":"imsimgr","c":1,"s":1,"s":2}`))
	f.Add(encodePayload(`{"m":"imsimgr","C":1}`))
	f.Add(encodePayload(`{"m":"imsimgr","c":1,"t":[[1,"cpu.speed",2,0]]}`))
	f.Add(encodePayload(`{"m":"imsimgr","c":1}{}`))
	f.Add(encodePayload(`{"m":"scp","c":2,"r":1}`))
	f.Add(encodePayload(`{"m":"dsr","c":1,"r":2,"b":{"l":"x"}}`))
	f.Fuzz(func(t *testing.T, link string) {
		s, err := DecodeLink(link)
		if err != nil {
			if err.Error() == "" {
				t.Fatal("empty error")
			}
			return
		}
		if err := s.Validate(); err != nil {
			t.Fatalf("decoded an invalid scenario: %v", err)
		}
		again, err := EncodeLink(s)
		if err != nil {
			t.Fatal(err)
		}
		back, err := DecodeLink(again)
		if err != nil {
			t.Fatalf("re-encoded link does not open: %v", err)
		}
		if canonical(t, back) != canonical(t, s) || back.Streams != s.Streams {
			t.Fatalf("re-encoded link opens\n%s (streams %d)\nnot\n%s (streams %d)", canonical(t, back), back.Streams, canonical(t, s), s.Streams)
		}
	})
}
