package catalog

import (
	"encoding/json"
	"testing"

	"overloadlab/core/engine/kernel"
	"overloadlab/core/engine/scenario"
	"overloadlab/core/engine/sim"
)

// randomTimeline draws up to five changes of parameters that may change
// during a run, at sorted times within duration.
func randomTimeline(def *sim.Def, s *kernel.Stream, duration float64) []scenario.Change {
	specs := def.Params.Specs()
	var out []scenario.Change
	at := 0.0
	for range s.Intn(6) {
		sp := &specs[s.Intn(len(specs))]
		v, ok := randomValue(sp, s)
		if !ok || sp.Fixed {
			continue
		}
		at += (duration - at) * s.Float64() / 2
		out = append(out, scenario.Change{At: at, Param: sp.Name, Value: v})
	}
	return out
}

func digestOf(t *testing.T, sc *scenario.Scenario) string {
	t.Helper()
	r, err := Start(sc, false)
	if err != nil {
		t.Fatal(err)
	}
	r.RunToEnd()
	return r.Summary().Digest
}

// TestWrittenScenariosReadBackToTheSameRun: over random scenarios of every
// model (random parameters; on a preset or not; with a random timeline or an
// empty one, which over a preset must not bring the preset's back), the
// scenario file the program writes and the link it makes read back to the
// same scenario and the same run.
func TestWrittenScenariosReadBackToTheSameRun(t *testing.T) {
	s := kernel.NewStream(2027, 5)
	for _, def := range Models {
		for i := range 4 {
			sc := randomScenario(t, def, s)
			if i%2 == 1 {
				sc.Preset = def.Presets[s.Intn(len(def.Presets))].Name
			}
			if i >= 2 {
				sc.Timeline = randomTimeline(def, s, sc.Duration)
			}
			file, err := json.Marshal(sc)
			if err != nil {
				t.Fatal(err)
			}
			fromFile, err := Decode(file)
			if err != nil {
				t.Fatalf("%s: the written file is refused: %v\n%s", def.Name, err, file)
			}
			link, err := EncodeLink(sc)
			if err != nil {
				t.Fatal(err)
			}
			fromLink, err := DecodeLink(link)
			if err != nil {
				t.Fatalf("%s: the link is refused: %v", def.Name, err)
			}
			for how, back := range map[string]*scenario.Scenario{"file": fromFile, "link": fromLink} {
				if again, _ := json.Marshal(back); string(again) != string(file) {
					t.Fatalf("%s: read back from its %s as\n%s\nwritten as\n%s", def.Name, how, again, file)
				}
			}
			want := digestOf(t, sc)
			if got := digestOf(t, fromFile); got != want {
				t.Errorf("%s: the file runs to %s, the scenario to %s", def.Name, got, want)
			}
			if got := digestOf(t, fromLink); got != want {
				t.Errorf("%s: the link runs to %s, the scenario to %s", def.Name, got, want)
			}
		}
	}
}

// An empty timeline over a preset that has one survives a save: the file
// says "timeline": [] and reads back without the preset's changes.
func TestEmptyTimelineSurvivesASave(t *testing.T) {
	sc, err := Preset("attach-storm")
	if err != nil {
		t.Fatal(err)
	}
	if len(sc.Timeline) == 0 {
		t.Fatal("attach-storm has no timeline: the test proves nothing")
	}
	sc.Timeline = nil
	file, _ := json.Marshal(sc)
	back, err := Decode(file)
	if err != nil {
		t.Fatal(err)
	}
	if len(back.Timeline) != 0 {
		t.Errorf("read back with %d changes from\n%s", len(back.Timeline), file)
	}
}
