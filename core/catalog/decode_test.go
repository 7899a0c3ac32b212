package catalog

import (
	"encoding/json"
	"strings"
	"testing"
)

// FuzzDecodeScenario feeds scenario files of every model to the decoder:
// it must never panic, every error must name something, and what it accepts
// must start a run.
func FuzzDecodeScenario(f *testing.F) {
	for _, p := range Presets() {
		sc, _ := Preset(p.Name)
		b, _ := json.Marshal(sc)
		f.Add(string(b))
		f.Add(`{"preset":"` + p.Name + `","seed":3}`)
	}
	f.Add(`{"preset":"attach-storm","params":{"sgsn-wait-time":30}}`)
	f.Fuzz(func(t *testing.T, in string) {
		sc, err := Decode([]byte(in))
		if err != nil {
			if !strings.Contains(err.Error(), ":") {
				t.Fatalf("error without a field: %q", err)
			}
			return
		}
		if sc.Duration > 60 {
			sc.Duration = 60 // keep each fuzz run short
		}
		if _, err := Start(sc, false); err != nil && !strings.Contains(err.Error(), ":") {
			t.Fatalf("start error without a field: %q", err)
		}
	})
}
