package catalog

import (
	"reflect"
	"strconv"
	"strings"
	"testing"

	"overloadlab/core/engine/scenario"
)

// A link carries the predictions made before the run and the challenge
// it attempts (version 3: pq, ch), and opens with them; a link without
// them is as it was (version 2).
func TestLinkCarriesExercises(t *testing.T) {
	sc, err := Preset("attach-storm")
	if err != nil {
		t.Fatal(err)
	}
	plain, err := EncodeLink(sc)
	if err != nil || !strings.HasPrefix(plain, "2.") {
		t.Fatalf("plain link %q, %v", plain, err)
	}
	w := &scenario.WhatIf{A: sc, Picks: []scenario.Pick{{Name: "cpu-in-storm", Choice: 2}}, Attempt: "unpin-the-storm", Title: "Ann"}
	link, err := EncodeWhatIf(w)
	if err != nil || !strings.HasPrefix(link, "3.") {
		t.Fatalf("link %q, %v", link, err)
	}
	got, err := DecodeWhatIf(link)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got.Picks, w.Picks) || got.Attempt != w.Attempt || got.Title != "Ann" {
		t.Errorf("opened picks %+v, attempt %q", got.Picks, got.Attempt)
	}
	for _, bad := range []*scenario.WhatIf{
		{A: sc, Picks: []scenario.Pick{{Name: "no-such", Choice: 0}}},
		{A: sc, Picks: []scenario.Pick{{Name: "cpu-in-storm", Choice: 3}, {Name: "cpu-in-storm", Choice: 1}}},
		{A: sc, Attempt: "no-such"},
	} {
		if l, err := EncodeWhatIf(bad); err == nil {
			if _, err := DecodeWhatIf(l); err == nil {
				t.Errorf("%+v: made and opened", bad)
			}
		}
	}
	other, _ := Preset("busy-hour")
	if _, err := EncodeWhatIf(&scenario.WhatIf{A: other, Attempt: "unpin-the-storm"}); err == nil {
		t.Error("a challenge of another preset accepted")
	}
	if _, err := DecodeWhatIf("3." + strings.TrimPrefix(encodePayload(`{"m":"imsimgr","c":`+strconv.Itoa(Version)+`,"p":"attach-storm","pq":[{"n":"cpu-in-storm","c":1}]}`), "2.")); err != nil {
		t.Errorf("a hand-made link with a pick: %v", err)
	}
	// A choice outside every prediction's, not a list, an unknown key: refused.
	for _, payload := range []string{
		`{"m":"imsimgr","c":` + strconv.Itoa(Version) + `,"p":"attach-storm","pq":[{"n":"cpu-in-storm","c":4}]}`,
		`{"m":"imsimgr","c":` + strconv.Itoa(Version) + `,"p":"attach-storm","pq":{"n":"cpu-in-storm"}}`,
		`{"m":"imsimgr","c":` + strconv.Itoa(Version) + `,"p":"attach-storm","pq":[{"n":"cpu-in-storm","c":1,"x":1}]}`,
	} {
		if _, err := DecodeWhatIf("3." + strings.TrimPrefix(encodePayload(payload), "2.")); err == nil {
			t.Errorf("%s: opened", payload)
		}
	}
}
