package catalog

import (
	"strings"
	"testing"

	"overloadlab/core/engine/param"
	"overloadlab/core/engine/scenario"
)

// A link with a comparison gives back A, B, the labels, the title and the
// note; the differences it lists are the ones made.
func TestWhatIfLinkRoundTrip(t *testing.T) {
	a, _ := Preset("attach-storm")
	b := a.Clone()
	b.Params.Put("sgsn-new-connections-per-second", param.Num(800))
	b.Timeline = append(b.Timeline, scenario.Change{At: 300, Param: "cpu.speed", Value: param.Num(2)})
	w := &scenario.WhatIf{A: a, B: b, LabelA: "N = 400/s", LabelB: "N = 800/s", Title: "Double N?", Note: "Rejects fall; does the CPU hold? ✓"}
	link, err := EncodeWhatIf(w)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(link, "3.") {
		t.Errorf("a comparison's link %q is not of version 3", link)
	}
	if plain, _ := EncodeLink(a); !strings.HasPrefix(plain, "2.") {
		t.Errorf("a scenario alone: link %q is not of version 2", plain)
	}
	got, err := DecodeWhatIf(link)
	if err != nil {
		t.Fatal(err)
	}
	if got.Title != w.Title || got.Note != w.Note || got.LabelA != w.LabelA || got.LabelB != w.LabelB {
		t.Errorf("words: %+v", got)
	}
	if canonical(t, got.A) != canonical(t, a) || got.B == nil || canonical(t, got.B) != canonical(t, b) {
		t.Fatalf("scenarios differ after the round trip")
	}
	diffs := scenario.Differences(got.B, got.A)
	var lines []string
	for _, d := range diffs {
		lines = append(lines, d.String())
	}
	if want := "sgsn-new-connections-per-second: 400 → 800|cpu.speed: 1 → 2 at 300 s"; strings.Join(lines, "|") != want {
		t.Errorf("differences of B from A: %q, want %q", strings.Join(lines, "|"), want)
	}
	if d := scenario.Differences(got.A, a); len(d) != 0 {
		t.Errorf("A is the preset, yet differs: %v", d)
	}
	// The A-only decoder still opens it (as A).
	s, err := DecodeLink(link)
	if err != nil || canonical(t, s) != canonical(t, a) {
		t.Errorf("DecodeLink: %v", err)
	}
}

func TestWhatIfLinkRefusals(t *testing.T) {
	a, _ := Preset("attach-storm")
	for _, c := range []struct {
		w    scenario.WhatIf
		want string
	}{
		{scenario.WhatIf{A: a, Note: strings.Repeat("é", scenario.MaxNote+1)}, "note: 281 characters is not allowed (allowed: at most 280 characters)"},
		{scenario.WhatIf{A: a, Title: strings.Repeat("x", scenario.MaxTitle+1)}, "title: 121 characters"},
		{scenario.WhatIf{A: a, B: func() *scenario.Scenario { b := a.Clone(); b.Duration = 60; return b }()}, "B: a scenario with other run-wide fields"},
	} {
		_, err := EncodeWhatIf(&c.w)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("error %v, want %q", err, c.want)
		}
	}
	// B's own out-of-range value names B.
	bad := `{"m":"imsimgr","c":1,"p":"attach-storm","b":{"v":{"cpu.speed":99}}}`
	_, err := DecodeWhatIf("3" + strings.TrimPrefix(encodePayload(bad), "2"))
	if err == nil || !strings.HasPrefix(err.Error(), "B: cpu.speed: 99 is not allowed") {
		t.Errorf("B out of range: %v", err)
	}
	// B is a field of version 3 only: version 2 links stay as strict as they were.
	if _, err := DecodeWhatIf(encodePayload(bad)); err == nil || !strings.Contains(err.Error(), "unknown field") {
		t.Errorf("version 2 with B: %v", err)
	}
}

// A link of any version, with or without B, either opens to scenarios that
// re-encode to the same link contents or is refused with a message.
func FuzzDecodeWhatIf(f *testing.F) {
	a, _ := Preset("attach-storm")
	b := a.Clone()
	b.Params.Put("sgsn-new-connections-per-second", param.Num(800))
	b.Timeline = append(b.Timeline, scenario.Change{At: 300, Param: "cpu.speed", Value: param.Num(2)})
	l, _ := EncodeWhatIf(&scenario.WhatIf{A: a, B: b, LabelB: "N = 800/s", Title: "t", Note: "n"})
	f.Add(l)
	v3 := func(payload string) string { return "3" + strings.TrimPrefix(encodePayload(payload), "2") }
	f.Add(v3(`{"m":"imsimgr","c":1,"p":"attach-storm","b":{}}`))
	f.Add(v3(`{"m":"imsimgr","c":1,"b":{"t":[[1,"cpu.speed",2]]},"note":"x"}`))
	f.Add(v3(`{"m":"imsimgr","c":1,"b":{"x":1}}`))
	f.Add(v3(`{"m":"imsimgr","c":1,"b":null}`))
	f.Add(v3(`{"m":"scp","c":3,"r":1,"b":{"l":"B"},"title":"old"}`))
	f.Fuzz(func(t *testing.T, link string) {
		w, err := DecodeWhatIf(link)
		if err != nil {
			if err.Error() == "" {
				t.Fatal("empty error")
			}
			return
		}
		again, err := EncodeWhatIf(w)
		if err != nil {
			t.Fatalf("decoded what-if does not encode: %v", err)
		}
		back, err := DecodeWhatIf(again)
		if err != nil {
			t.Fatalf("re-encoded link does not open: %v", err)
		}
		if canonical(t, back.A) != canonical(t, w.A) || (w.B == nil) != (back.B == nil) || (w.B != nil && canonical(t, back.B) != canonical(t, w.B)) ||
			back.Title != w.Title || back.Note != w.Note || back.LabelA != w.LabelA || back.LabelB != w.LabelB ||
			back.A.Streams != w.A.Streams || (w.B != nil && back.B.Streams != w.B.Streams) {
			t.Fatalf("round trip changed the what-if of %q", link)
		}
	})
}
