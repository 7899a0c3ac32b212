package scenario_test

import (
	"bytes"
	"compress/flate"
	"encoding/base64"
	"io"
	"strings"
	"testing"

	"overloadlab/core/catalog"
	"overloadlab/core/engine/scenario"
)

// inflate returns the payload of a link's body, as DecodeWhatIf reads it.
func inflate(t testing.TB, z []byte) []byte {
	t.Helper()
	raw, err := io.ReadAll(flate.NewReader(bytes.NewReader(z)))
	if err != nil {
		t.Fatalf("inflate: %v", err)
	}
	return raw
}

func bestFlate(raw []byte) int {
	var b bytes.Buffer
	z, _ := flate.NewWriter(&b, flate.BestCompression)
	z.Write(raw)
	z.Close()
	return b.Len()
}

// Every preset as a diff from its model's defaults (its parameters and
// timeline written out, the payloads of real links), with a title and a
// note: the link's deflate stream inflates to its payload, and is as short
// as compress/flate's best compression, within 3 % or 4 bytes each, and no
// longer in all.
func TestDeflateAsShortAsFlate(t *testing.T) {
	ours, theirs := 0, 0
	for _, p := range catalog.Presets() {
		sc, err := catalog.Preset(p.Name)
		if err != nil {
			t.Fatal(err)
		}
		defaults, err := catalog.Base(sc.Model, "")
		if err != nil {
			t.Fatal(err)
		}
		w := &scenario.WhatIf{A: sc, Title: "what " + p.Name + " shows", Note: p.Summary}
		link := scenario.EncodeWhatIf(w, defaults, catalog.Version)
		_, body, _ := strings.Cut(link, ".")
		z, err := base64.RawURLEncoding.DecodeString(body)
		if err != nil {
			t.Fatal(err)
		}
		raw := inflate(t, z)
		best := bestFlate(raw)
		if len(z) > best+max(4, best*3/100) {
			t.Errorf("%s: %d bytes of payload deflated to %d, compress/flate's best to %d", p.Name, len(raw), len(z), best)
		}
		ours, theirs = ours+len(z), theirs+best
	}
	t.Logf("%d presets' payloads: %d bytes deflated, %d by compress/flate's best", len(catalog.Presets()), ours, theirs)
	if ours > theirs {
		t.Errorf("the presets' payloads deflated to %d bytes in all, compress/flate's best to %d", ours, theirs)
	}
}
