package catalog

import (
	"encoding/json"
	"strings"
	"testing"
)

// FuzzDecodeScenario feeds scenario files of every model to the strict
// decoder: it must never panic, every error must name something, what it
// accepts must read back to the same scenario once written, and start a run.
func FuzzDecodeScenario(f *testing.F) {
	for _, p := range Presets() {
		sc, _ := Preset(p.Name)
		b, _ := json.Marshal(sc)
		f.Add(string(b))
		f.Add(`{"preset":"` + p.Name + `","seed":3}`)
	}
	f.Add(`{"preset":"attach-storm","params":{"sgsn-wait-time":30}}`)
	f.Add(`{"preset":"attach-storm","timeline":[]}`)
	f.Add(`{"preset":"attach-storm","params":{"lab.cpu-guard":null}}`)
	f.Add(`{"preset":"attach-storm","seed":1,"seed":2}`)
	f.Add(`{"preset":"attach-storm","SEED":2}`)
	f.Add(`{"preset":"attach-storm"}[]`)
	f.Add(`{"preset":"scp-10-ssps","streams":"numbered","duration_s":5}`)
	f.Fuzz(func(t *testing.T, in string) {
		sc, err := Decode([]byte(in))
		if err != nil {
			if !strings.Contains(err.Error(), ":") {
				t.Fatalf("error without a field: %q", err)
			}
			return
		}
		// Decode, encode, decode again: the same scenario.
		b, _ := json.Marshal(sc)
		back, err := Decode(b)
		if err != nil {
			t.Fatalf("the written scenario is refused: %v\n%s", err, b)
		}
		if b2, _ := json.Marshal(back); string(b2) != string(b) {
			t.Fatalf("decoded again as\n%s\nnot\n%s", b2, b)
		}
		if sc.Duration > 60 {
			sc.Duration = 60 // keep each fuzz run short
		}
		if _, err := Start(sc, false); err != nil && !strings.Contains(err.Error(), ":") {
			t.Fatalf("start error without a field: %q", err)
		}
	})
}
