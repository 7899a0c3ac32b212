package catalog

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"overloadlab/core/engine/kernel"
	"overloadlab/core/engine/param"
	"overloadlab/core/engine/scenario"
	"overloadlab/core/engine/sim"
	"overloadlab/core/engine/sim/simtest"
)

// randomScenario draws every parameter of a model uniformly from its
// schema's range (the cross-field rules of the model are respected by
// retrying), with a short duration.
func randomScenario(t *testing.T, def *sim.Def, s *kernel.Stream) *scenario.Scenario {
	t.Helper()
	for try := 0; try < 100; try++ {
		sc := scenario.New(def.Name, def.Params)
		sc.Seed = s.Uint64() >> 12
		sc.Duration = 5 + float64(s.Intn(10))
		sc.Interval = []float64{0.1, 0.5, 1, 2}[s.Intn(4)]
		for _, sp := range def.Params.Specs() {
			v, ok := randomValue(&sp, s)
			if !ok {
				continue // text parameters keep their default
			}
			if err := sc.Params.Put(sp.Name, v); err != nil {
				t.Fatal(err)
			}
		}
		if def.Check == nil || def.Check(sc.Params) == nil {
			return sc
		}
	}
	t.Fatalf("%s: no random scenario passes the model's checks", def.Name)
	return nil
}

// randomValue draws a value of sp uniformly from its range; false for a
// text parameter.
func randomValue(sp *param.Spec, s *kernel.Stream) (param.Value, bool) {
	switch sp.Kind {
	case param.Number:
		return param.Num(sp.Min + (sp.Max-sp.Min)*s.Float64()), true
	case param.Integer:
		return param.Num(sp.Min + float64(s.Intn(int(sp.Max-sp.Min)+1))), true
	case param.Bool:
		return param.On(s.Intn(2) == 1), true
	case param.Choice:
		return param.Str(sp.Choices[s.Intn(len(sp.Choices))]), true
	}
	return param.Value{}, false
}

// checkConservation checks that every attempt of every class is counted
// once (simtest.Conserved).
func checkConservation(t *testing.T, r *sim.Run, where string) {
	t.Helper()
	if err := simtest.Conserved(r); err != nil {
		t.Fatalf("%s: %v", where, err)
	}
}

// TestPropertiesOfRandomScenarios runs random scenarios of every model and
// checks conservation, determinism and that seeds matter.
func TestPropertiesOfRandomScenarios(t *testing.T) {
	s := kernel.NewStream(2026, 1)
	n := 8
	if testing.Short() {
		n = 3
	}
	for _, def := range Models {
		for i := 0; i < n; i++ {
			sc := randomScenario(t, def, s)
			where := fmt.Sprintf("%s #%d (seed %d)", def.Name, i, sc.Seed)
			r, err := sim.Start(def, sc, false)
			if err != nil {
				t.Fatalf("%s: %v", where, err)
			}
			for !r.Done() {
				r.AdvanceTo(r.Now() + kernel.Seconds(sc.Duration/4))
				checkConservation(t, r, where)
			}
			a := r.Summary()
			// Determinism: the same scenario and seed give the same digest.
			r2, _ := sim.Start(def, sc, false)
			r2.RunToEnd()
			if b := r2.Summary(); b.Digest != a.Digest || b.Total != a.Total {
				t.Fatalf("%s: two runs differ: %s vs %s", where, a.Digest, b.Digest)
			}
			// Another seed gives another run (when there is traffic at all).
			sc3 := sc.Clone()
			sc3.Seed++
			r3, _ := sim.Start(def, sc3, false)
			r3.RunToEnd()
			if c := r3.Summary(); a.Total.Offered > 0 && c.Digest == a.Digest {
				t.Fatalf("%s: seeds %d and %d give the same digest", where, sc.Seed, sc3.Seed)
			}
		}
	}
}

// TestPresetsConserveAndReplay runs every preset, checks conservation
// along the way, and checks that a run driven in frame-sized slices with
// live changes replays identically from its Replay scenario (what a
// what-if link holds).
func TestPresetsConserveAndReplay(t *testing.T) {
	for _, p := range Presets() {
		sc, err := Preset(p.Name)
		if err != nil {
			t.Fatal(err)
		}
		def, _ := Model(sc.Model)
		r, err := sim.Start(def, sc, true)
		if err != nil {
			t.Fatal(err)
		}
		// Move a numeric slider three times during the run, at frame
		// boundaries, the way the page does.
		var moved *param.Spec
		for i := range def.Params.Specs() {
			sp := &def.Params.Specs()[i]
			if sp.Kind == param.Number && sp.Min < sp.Max {
				moved = sp
			}
		}
		frame := kernel.Seconds(sc.Duration / 97)
		k := 0
		for !r.Done() {
			r.AdvanceTo(r.Now() + frame)
			k++
			if moved != nil && k%30 == 0 {
				v := moved.Min + (moved.Max-moved.Min)*float64(k%7)/7
				if err := r.Set(moved.Name, param.Num(v)); err != nil {
					t.Fatalf("%s: Set(%s): %v", p.Name, moved.Name, err)
				}
			}
			r.Recorder().Drain()
		}
		checkConservation(t, r, p.Name)
		live := r.Summary()
		replay, err := sim.Start(def, r.Replay(), false)
		if err != nil {
			t.Fatal(err)
		}
		replay.RunToEnd()
		if got := replay.Summary(); got.Digest != live.Digest || got.Total != live.Total {
			t.Errorf("%s: the replay of a live run differs: %+v vs %+v", p.Name, got.Total, live.Total)
		}
		// And through a link.
		link, err := EncodeLink(r.Replay())
		if err != nil {
			t.Fatal(err)
		}
		opened, err := DecodeLink(link)
		if err != nil {
			t.Fatalf("%s: %v", p.Name, err)
		}
		rl, _ := sim.Start(def, opened, false)
		rl.RunToEnd()
		if got := rl.Summary(); got.Digest != live.Digest {
			t.Errorf("%s: the run opened from its link differs", p.Name)
		}
	}
}

// TestOverloadBeyondTheLabStopsWithAnError: a scenario whose offered load
// would fill the memory (every rate at its maximum, rejected attempts
// retried after half an hour) stops early with an error that says why,
// instead of exhausting memory; nothing crashes and the counts still add up.
func TestOverloadBeyondTheLabStopsWithAnError(t *testing.T) {
	b, err := os.ReadFile("../engine/sim/testdata/beyond-the-lab.json")
	if err != nil {
		t.Fatal(err)
	}
	sc, err := Decode(b)
	if err != nil {
		t.Fatal(err)
	}
	r, err := Start(sc, false)
	if err != nil {
		t.Fatal(err)
	}
	r.RunToEnd()
	if r.Err() == nil || !r.Done() || r.Now() >= kernel.Seconds(sc.Duration) {
		t.Fatalf("the run went on: err %v at %v", r.Err(), r.Now())
	}
	if s := r.Summary(); s.Error == "" || !strings.Contains(s.Error, "lower the rates") {
		t.Fatalf("summary error %q", s.Error)
	}
	checkConservation(t, r, "overloaded")
}
