package catalog

import (
	"fmt"
	"strings"
	"testing"

	"overloadlab/core/engine/scenario"
	"overloadlab/core/engine/sim"
)

// decodeErr opens a hand-made payload as a link of version 3 and returns
// its error ("" when it opens).
func decodeErr(t *testing.T, payload string) string {
	t.Helper()
	_, err := DecodeWhatIf("3." + strings.TrimPrefix(encodePayload(payload), "2."))
	if err == nil {
		return ""
	}
	return err.Error()
}

// A parameter may be given once, under any of its names: a second under
// its former name is refused naming both, in a link's A, its B and its
// sweep's variants, and in a scenario file.
func TestParameterGivenTwiceUnderItsFormerName(t *testing.T) {
	for _, c := range []struct{ payload, want string }{
		{`{"m":"imsimgr-hlr","c":3,"v":{"retry.probability":0.1,"hlr.retry.probability":0.9}}`, `params.hlr.retry.probability: a second value is not allowed (allowed: each parameter once ("retry.probability" and "hlr.retry.probability" both name retry.probability))`},
		{`{"m":"imsimgr-hlr","c":3,"b":{"v":{"hlr.retry.probability":0.9,"retry.probability":0.1}}}`, `B: params.retry.probability: a second value`},
		{`{"m":"imsimgr-hlr","c":3,"p":"hlr-storm-after-reboot","w":{"param":"retry.after-timeout","values":[1],"seeds":1,"variants":[{"label":"x","params":{"retry.probability":0.1,"hlr.retry.probability":0.9}}]}}`, `sweep.variants[0].params.retry.probability: a second value`},
	} {
		if got := decodeErr(t, c.payload); !strings.Contains(got, c.want) {
			t.Errorf("%s:\n got %q\nwant %q", c.payload, got, c.want)
		}
	}
	file := `{"model":"imsimgr-hlr","params":{"hlr.retry.probability":0.9,"retry.probability":0.1}}`
	if _, err := scenario.Decode([]byte(file), Schemas, nil); err == nil || !strings.Contains(err.Error(), `("hlr.retry.probability" and "retry.probability" both name retry.probability)`) {
		t.Errorf("file %s: %v", file, err)
	}
	// One name alone still reads, the former one as the current one.
	if got := decodeErr(t, `{"m":"imsimgr-hlr","c":3,"v":{"hlr.retry.probability":0.9}}`); got != "" {
		t.Errorf("the former name alone: %s", got)
	}
}

// A link to a frozen preset with another model's name is refused as one to
// a current preset is.
func TestLinkToAPresetOfAnotherModel(t *testing.T) {
	for _, c := range []string{
		`{"m":"scp","c":1,"p":"hlr-storm-after-reboot"}`,
		`{"m":"scp","c":3,"p":"hlr-storm-after-reboot"}`,
	} {
		if got := decodeErr(t, c); !strings.Contains(got, `preset: "hlr-storm-after-reboot" is not allowed (allowed: a preset of model scp)`) {
			t.Errorf("%s: %q", c, got)
		}
	}
}

// Titles, notes and labels are words: no control character (a note keeps
// its line breaks), no bidirectional override.
func TestLinkWordsRefuseControlCharacters(t *testing.T) {
	for _, c := range []struct{ payload, want string }{
		{`{"m":"scp","c":3,"la":"a\rb"}`, "label A: a control character U+000D at character 2"},
		{`{"m":"scp","c":3,"b":{"l":"=HYPERLINK(1)\r2"}}`, "label B: a control character U+000D at character 14"},
		{`{"m":"scp","c":3,"title":"x\u0000"}`, "title: a control character U+0000 at character 2"},
		{`{"m":"scp","c":3,"title":"\u001b[31m"}`, "title: a control character U+001B"},
		{`{"m":"scp","c":3,"note":"bell\u0007"}`, "note: a control character U+0007"},
		{`{"m":"scp","c":3,"note":"abc\u202edef"}`, "note: a bidirectional formatting character U+202E at character 4"},
		{`{"m":"scp","c":3,"title":"\u2066x"}`, "title: a bidirectional formatting character U+2066"},
	} {
		if got := decodeErr(t, c.payload); !strings.Contains(got, c.want) {
			t.Errorf("%s:\n got %q\nwant %q", c.payload, got, c.want)
		}
	}
	if got := decodeErr(t, `{"m":"scp","c":3,"note":"two\nlines, é and 日本"}`); got != "" {
		t.Errorf("a note of two lines: %s", got)
	}
}

// A link that inflates past 1 MiB is called too large, not damaged.
func TestLinkTooLargeSaysSo(t *testing.T) {
	big := `{"m":"scp","c":3,"note":"` + strings.Repeat(" ", 1<<20) + `"}`
	if got := decodeErr(t, big); !strings.Contains(got, "decompresses to more than 1 MiB") {
		t.Errorf("got %q", got)
	}
}

// The seed's range prints in full.
func TestSeedRangeInFull(t *testing.T) {
	if got := decodeErr(t, `{"m":"scp","c":3,"s":9007199254740992}`); !strings.Contains(got, "a whole number from 0 to 9007199254740991") {
		t.Errorf("got %q", got)
	}
}

// Every error about a link repeats at most the first 80 characters of
// what it holds: keys, values, labels, the sweep's parameter and labels.
func TestEveryLinkEchoIsCut(t *testing.T) {
	huge := strings.Repeat("Q", 300000)
	for _, p := range []string{
		`{"m":"scp","c":3,"` + huge + `":1}`,
		`{"m":"` + huge + `","c":3}`,
		`{"m":"scp","c":3,"p":"` + huge + `"}`,
		`{"m":"scp","c":3,"v":{"` + huge + `":1}}`,
		`{"m":"scp","c":3,"v":{"scp.control":"` + huge + `"}}`,
		`{"m":"scp","c":3,"v":{"ssp.load":"` + huge + `"}}`,
		`{"m":"scp","c":3,"t":[[1,"` + huge + `",1]]}`,
		`{"m":"scp","c":3,"t":[[1,"ssp.load","` + huge + `"]]}`,
		`{"m":"scp","c":3,"b":{"` + huge + `":1}}`,
		`{"m":"scp","c":3,"la":"` + huge + `"}`,
		`{"m":"scp","c":3,"w":{"param":"` + huge + `","values":[1],"seeds":1}}`,
		`{"m":"scp","c":3,"w":{"` + huge + `":1}}`,
		`{"m":"scp","c":3,"w":{"param":"ssp.load","values":[1],"seeds":1,"variants":[{"label":"` + huge + `"}]}}`,
		`{"m":"scp","c":3,"w":{"param":"ssp.load","values":[1],"seeds":1,"variants":[{"label":"a","params":{"` + huge + `":1}}]}}`,
		`{"m":"scp","c":3,"w":{"param":"ssp.load","values":[1],"seeds":1,"variants":[{"label":"a","` + huge + `":1}]}}`,
		`{"m":"scp","c":3,"w":{"param":"ssp.load","values":["` + huge + `"],"seeds":1}}`,
		`{"m":"scp","c":3,"s":"` + huge + `"}`,
		`{"m":"scp","c":"` + huge + `"}`,
	} {
		got := decodeErr(t, p)
		if got == "" || strings.Contains(got, strings.Repeat("Q", 81)) || len(got) > 1000 {
			t.Errorf("%.60s…: %d bytes: %.200q", p, len(got), got)
		}
	}
	file := `{"model":"scp","timeline":[{"at_s":1,"param":"ssp.load","value":1,"` + huge + `":2}]}`
	if _, err := scenario.Decode([]byte(file), Schemas, nil); err == nil || strings.Contains(err.Error(), strings.Repeat("Q", 81)) {
		t.Errorf("timeline key: %.200v", err)
	}
}

// A link is read up to scenario.MaxLink characters: a longer one is
// refused before it is decoded.
func TestLinkLengthBound(t *testing.T) {
	_, err := DecodeLink("3." + strings.Repeat("A", scenario.MaxLink))
	if err == nil || !strings.Contains(err.Error(), "is too long (at most 65536)") {
		t.Errorf("a link of %d characters: %v", scenario.MaxLink+2, err)
	}
}

// FuzzLinkSweep: whatever sweep a link holds, it opens to a plan that
// passes its checks (bounded, labels as words, each parameter once) and
// comes back the same through a link made again, or it is refused with an
// error under "link: sweep".
func FuzzLinkSweep(f *testing.F) {
	for _, s := range []string{
		`{"param":"ssp.load","from":0.5,"to":10,"points":7,"log":true,"seeds":4,"variants":[{"label":"adaptive","params":{"scp.control":"adaptive-acg"}},{"label":"as set"}]}`,
		`{"param":"ssp.load","values":[0.5,1,2],"seeds":2}`, `{"param":"ssp.load","values":[1,null,2],"seeds":2}`,
		`{"param":"ssp.count","from":1,"to":3,"points":5,"seeds":1}`, `{"param":"ssp.load","from":1,"to":2,"points":3,"seeds":1,"variants":[{"label":"=1+2","params":{}}]}`,
		`{"param":"ssp.load","values":[1],"seeds":1,"variants":[{"label":"a","params":{"scp.capacity":1000,"scp.capacity":2000}}]}`,
		`{"PARAM":"ssp.load"}`, `{"param":"ssp.load","values":[1],"seeds":1,"variants":[{"label":"a\u202e"}]}`, `null`, `[]`,
	} {
		f.Add(s)
	}
	sc, err := Preset("scp-10-ssps")
	if err != nil {
		f.Fatal(err)
	}
	b, _ := base("scp", "scp-10-ssps", Version)
	d, _ := Model("scp")
	f.Fuzz(func(t *testing.T, raw string) {
		link := scenario.EncodeWhatIf(&scenario.WhatIf{A: sc, Sweep: []byte(raw)}, b, Version)
		w, err := DecodeWhatIf(link)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "link: sweep") && !strings.HasPrefix(err.Error(), "link: ") {
				t.Fatalf("%q: error %q not under link:", raw, err)
			}
			return
		}
		plan, err := SweepOf(w)
		if raw == "" && err == nil && plan == nil {
			return // no sweep: a link without one
		}
		if err != nil || plan == nil {
			t.Fatalf("%q opened, but its plan does not: %v", raw, err)
		}
		if plan.Cells() > 20000 || len(plan.Variants) > 8 {
			t.Fatalf("%q: a plan of %d runs, %d curves", raw, plan.Cells(), len(plan.Variants))
		}
		for _, v := range plan.Variants {
			if err := scenario.CheckWords("label", v.Label, scenario.MaxTitle, false); err != nil {
				t.Fatalf("%q: label %v", raw, err)
			}
			for name := range v.Params {
				if sp, _ := d.Params.Lookup(name); sp.Name != name {
					t.Fatalf("%q: a variant keeps the former name %s", raw, name)
				}
			}
		}
		again, err := EncodeWhatIf(&scenario.WhatIf{A: w.A, Sweep: sim.EncodePlan(plan, d.Params)})
		if err != nil {
			t.Fatalf("%q: made again: %v", raw, err)
		}
		w2, err := DecodeWhatIf(again)
		if err != nil {
			t.Fatalf("%q: the link made again does not open: %v", raw, err)
		}
		back, err := SweepOf(w2)
		if err != nil || back.String() != plan.String() || fmt.Sprint(back.Variants) != fmt.Sprint(plan.Variants) {
			t.Fatalf("%q: made again, the plan is %v (%v), not %v", raw, back, err, plan)
		}
	})
}
