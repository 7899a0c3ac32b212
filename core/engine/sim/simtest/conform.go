package simtest

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"

	"overloadlab/core/engine/kernel"
	"overloadlab/core/engine/metrics"
	"overloadlab/core/engine/param"
	"overloadlab/core/engine/scenario"
	"overloadlab/core/engine/sim"
)

// Conform checks what every node model owes the run, the page and the
// links, for every preset of def:
//
//   - the Def is complete: its charts name only columns it declares (and
//     parameters it has), its presets build and say what they teach, their
//     variants and the sweeps apply;
//   - a run is a function of its scenario and seed, and another seed gives
//     another run;
//   - every attempt ends in exactly one counted outcome, checked all along
//     a run (what the node holds equals what is in flight), and every
//     declared column is written every interval (the run stops with an
//     error naming the column otherwise);
//   - a run with live changes of every parameter replays identically from
//     its Replay scenario, and a fixed parameter is refused during the run;
//   - bad values are refused with an error naming the field and the range.
//
// Presets are cut to short so the suite stays quick; a model's own rules
// are tested in its package.
func Conform(t *testing.T, def *sim.Def) {
	t.Helper()
	t.Run("def", func(t *testing.T) { conformDef(t, def) })
	for i := range def.Presets {
		p := &def.Presets[i]
		t.Run(p.Name, func(t *testing.T) {
			sc := short(t, def, p, 20)
			conformDeterminism(t, def, sc)
			conformConservation(t, def, sc)
			conformNumberedStreams(t, def, sc)
		})
	}
	if len(def.Presets) > 0 {
		t.Run("replay", func(t *testing.T) { conformReplay(t, def, short(t, def, &def.Presets[0], 12)) })
	}
	t.Run("bad input", func(t *testing.T) { conformBadInput(t, def) })
}

// short returns p's scenario cut to at most seconds, its timeline with it.
func short(t *testing.T, def *sim.Def, p *scenario.Preset, seconds float64) *scenario.Scenario {
	t.Helper()
	sc, err := p.Build(def.Params)
	if err != nil {
		t.Fatal(err)
	}
	sc.Duration = min(sc.Duration, seconds)
	sc.Timeline = slices.DeleteFunc(sc.Timeline, func(c scenario.Change) bool { return c.At > sc.Duration })
	return sc
}

func conformDef(t *testing.T, def *sim.Def) {
	if def.Name == "" || def.Title == "" || def.Doc == "" || def.New == nil || def.Params == nil {
		t.Fatalf("%s: name, title, doc, schema and constructor are required", def.Name)
	}
	cols := map[string]bool{}
	for _, c := range def.AllColumns() {
		if cols[c.Name] {
			t.Errorf("column %s declared twice", c.Name)
		}
		cols[c.Name] = true
	}
	if def.CPU != "" && !cols[def.CPU] {
		t.Errorf("CPU column %s is not declared", def.CPU)
	}
	hasParam := func(where, name string) {
		if _, ok := def.Params.Lookup(name); name != "" && !ok {
			t.Errorf("%s: no parameter %s", where, name)
		}
	}
	for _, ch := range def.Charts {
		for _, s := range append(slices.Clone(ch.Series), ch.Overlay...) {
			if !cols[s] {
				t.Errorf("chart %s: no column %s", ch.ID, s)
			}
			if ch.PerClass {
				for _, c := range def.Classes {
					if !cols[c+"."+s] {
						t.Errorf("chart %s (per class): no column %s.%s", ch.ID, c, s)
					}
				}
			}
		}
		for _, l := range ch.Lines {
			hasParam("chart "+ch.ID, l.Param)
			name, _ := l.IfParam()
			hasParam("chart "+ch.ID, name)
		}
		if len(ch.If) != 0 && len(ch.If) != len(ch.Series) {
			t.Errorf("chart %s: %d conditions for %d series", ch.ID, len(ch.If), len(ch.Series))
		}
		for i, c := range ch.If {
			name, _ := sim.Line{If: c}.IfParam()
			hasParam("chart "+ch.ID, name)
			if c == "" && i > 0 && ch.If[i-1] != "" {
				t.Errorf("chart %s: series %s always drawn after a conditional one (its colour would move)", ch.ID, ch.Series[i])
			}
		}
	}
	if len(def.Presets) == 0 {
		t.Error("no preset")
	}
	for _, p := range def.Presets {
		if p.Model != def.Name || p.Summary == "" || p.Teaches == "" {
			t.Errorf("preset %s: model %q, summary or teaches missing", p.Name, p.Model)
		}
		sc, err := p.Build(def.Params)
		if err != nil {
			t.Fatalf("preset %s: %v", p.Name, err)
		}
		for _, v := range p.Compare {
			if _, err := v.Apply(sc); err != nil {
				t.Errorf("preset %s: %v", p.Name, err)
			}
		}
	}
	for _, sw := range def.Sweeps {
		hasParam("sweep "+sw.ID, sw.Param)
		base := scenario.New(def.Name, def.Params)
		for _, v := range sw.Curves {
			if _, err := v.Apply(base); err != nil {
				t.Errorf("sweep %s: %v", sw.ID, err)
			}
		}
		// Its values in range (a choice's: numbers of its choices), its
		// metrics known, its curves' followers of the swept kind.
		if err := sw.Plan(1).Check(def, base); err != nil {
			t.Errorf("sweep %s: %v", sw.ID, err)
		}
		// A study's own metric has a name of its own, the same words
		// wherever it is named, and a figure to give.
		for _, m := range sw.Metrics {
			if slices.ContainsFunc(sim.Metrics, func(s sim.Metric) bool { return s.Name == m.Name }) {
				continue // one of the carried-vs-offered metrics, by name
			}
			if d, _ := def.Metric(m.Name); d.Label != m.Label || d.Unit != m.Unit || d.Column != m.Column || d.Agg != m.Agg || d.From != m.From || (d.Of == nil) != (m.Of == nil) {
				t.Errorf("sweep %s: metric %s declared twice, differently", sw.ID, m.Name)
			}
			if m.Of == nil && !slices.ContainsFunc(def.AllColumns(), func(c metrics.Column) bool { return c.Name == m.Column }) {
				t.Errorf("sweep %s: metric %s reads column %q, which the model has not", sw.ID, m.Name, m.Column)
			}
		}
	}
}

// run runs sc to its end and fails on any error of the run.
func run(t *testing.T, def *sim.Def, sc *scenario.Scenario) *sim.Run {
	t.Helper()
	r, err := sim.Start(def, sc, false)
	if err != nil {
		t.Fatal(err)
	}
	r.RunToEnd()
	if err := r.Err(); err != nil {
		t.Fatal(err)
	}
	return r
}

func conformDeterminism(t *testing.T, def *sim.Def, sc *scenario.Scenario) {
	a, b := run(t, def, sc).Summary(), run(t, def, sc).Summary()
	if a.Digest != b.Digest || a.Total != b.Total {
		t.Errorf("two runs with seed %d differ: %+v vs %+v", sc.Seed, a.Total, b.Total)
	}
	other := sc.Clone()
	other.Seed++
	if c := run(t, def, other).Summary(); a.Total.Offered > 0 && c.Digest == a.Digest {
		t.Errorf("seeds %d and %d give the same digest", sc.Seed, other.Seed)
	}
}

// conformNumberedStreams checks that sc replays on the numbered streams of
// catalog version 1 (Def.NumberedStreams numbers every stream the model
// asks for, each id once), and that those draw other numbers than the
// named streams. A model without numbered streams (one that came after
// catalog version 1) refuses a scenario of them, naming the field.
func conformNumberedStreams(t *testing.T, def *sim.Def, sc *scenario.Scenario) {
	old := sc.Clone()
	old.Streams = scenario.NumberedStreams
	if def.NumberedStreams == nil {
		var pe *param.Error
		if _, err := sim.Start(def, old, false); !errors.As(err, &pe) || pe.Field != "streams" {
			t.Errorf("a scenario of numbered streams for a model without them: %v, want an error naming the field streams", err)
		}
		return
	}
	owner := map[uint64]string{}
	for name, id := range def.NumberedStreams {
		if other, ok := owner[id]; ok {
			t.Fatalf("numbered streams %s and %s share the id %d", name, other, id)
		}
		owner[id] = name
	}
	a, b := run(t, def, old).Summary(), run(t, def, sc).Summary()
	if a.Total.Offered > 0 && a.Digest == b.Digest {
		t.Error("the numbered and the named random streams give the same run")
	}
}

func conformConservation(t *testing.T, def *sim.Def, sc *scenario.Scenario) {
	r, err := sim.Start(def, sc, false)
	if err != nil {
		t.Fatal(err)
	}
	step := kernel.Seconds(sc.Duration / 13)
	for !r.Done() {
		r.AdvanceTo(r.Now() + step)
		if err := Conserved(r); err != nil {
			t.Fatalf("at %.3f s: %v", r.Now().Seconds(), err)
		}
	}
	if err := r.Err(); err != nil {
		t.Fatal(err)
	}
	if s := r.Summary(); s.Total.Offered == 0 {
		t.Error("no traffic offered")
	}
}

// Conserved checks that every attempt of every class of r is counted once:
// no outcome count is negative, and offered = the outcomes + in flight,
// where in flight is what the node's own structures hold (Report.Held, which
// every model reports: in flight derived from the counts alone could not
// differ from them).
func Conserved(r *sim.Run) error {
	rep := r.Report()
	if len(rep.Classes) == 0 {
		return errors.New("the report has no class")
	}
	if len(rep.Held) != len(rep.Classes) {
		return fmt.Errorf("the report holds %d counts of what the node holds (Report.Held), one per class wanted (%d)", len(rep.Held), len(rep.Classes))
	}
	for i, c := range rep.Classes {
		sum := c.InFlight()
		for _, e := range c.Ended {
			if e < 0 {
				return fmt.Errorf("class %s: negative outcome count %v", c.Name, c.Ended)
			}
			sum += e
		}
		if sum != c.Offered || c.InFlight() < 0 {
			return fmt.Errorf("class %s: offered %d, outcomes %v, in flight %d", c.Name, c.Offered, c.Ended, c.InFlight())
		}
		if rep.Held[i] != c.InFlight() {
			return fmt.Errorf("class %s: the node holds %d, in flight by the counts %d", c.Name, rep.Held[i], c.InFlight())
		}
	}
	return nil
}

// changed returns a value of sp other than v, inside its range.
func changed(sp *param.Spec, v param.Value) (param.Value, bool) {
	switch sp.Kind {
	case param.Number, param.Integer:
		x := sp.Min + (sp.Max-sp.Min)*0.3
		if sp.Kind == param.Integer {
			x = math.Round(x)
		}
		if x == v.Num {
			x = sp.Max
		}
		return param.Num(x), x != v.Num
	case param.Bool:
		return param.On(v.Num == 0), true
	case param.Choice:
		i := slices.Index(sp.Choices, v.Text)
		next := sp.Choices[(i+1)%len(sp.Choices)]
		return param.Str(next), next != v.Text
	}
	return v, false
}

// conformReplay changes every parameter once during a run, at frame
// boundaries as the page does, and checks the replay gives the same run.
func conformReplay(t *testing.T, def *sim.Def, sc *scenario.Scenario) {
	r, err := sim.Start(def, sc, true)
	if err != nil {
		t.Fatal(err)
	}
	specs := def.Params.Specs()
	frame := kernel.Seconds(sc.Duration / float64(2*len(specs)+4))
	set := 0
	for i := range specs {
		sp := &specs[i]
		r.AdvanceTo(r.Now() + frame)
		v, ok := changed(sp, r.Values().Get(sp.Name))
		if !ok {
			continue
		}
		err := r.Set(sp.Name, v)
		var pe *param.Error
		switch {
		case sp.Fixed && (!errors.As(err, &pe) || pe.Field != sp.Name):
			t.Errorf("fixed %s changed during the run: %v", sp.Name, err)
		case !sp.Fixed && err == nil:
			set++
		case !sp.Fixed && !errors.As(err, &pe):
			t.Errorf("Set(%s, %s): %v", sp.Name, sp.Format(v), err) // only a cross-field rule may refuse it
		}
		r.Recorder().Drain()
	}
	r.RunToEnd()
	if err := r.Err(); err != nil {
		t.Fatal(err)
	}
	if set == 0 {
		t.Fatal("no parameter could change during the run")
	}
	live := r.Summary()
	if got := run(t, def, r.Replay()).Summary(); got.Digest != live.Digest || got.Total != live.Total {
		t.Errorf("the replay of %d live changes differs: %+v vs %+v", set, got.Total, live.Total)
	}
}

func conformBadInput(t *testing.T, def *sim.Def) {
	v := def.Params.Defaults()
	for _, sp := range def.Params.Specs() {
		var bad []param.Value
		switch sp.Kind {
		case param.Number, param.Integer:
			bad = []param.Value{param.Num(sp.Max + 1), param.Num(sp.Min - 1), param.Num(math.NaN()), param.Str("x")}
		case param.Bool:
			bad = []param.Value{param.Num(2)}
		case param.Choice:
			bad = []param.Value{param.Str("no-such-" + sp.Name)}
		}
		for _, x := range bad {
			err := v.Put(sp.Name, x)
			var pe *param.Error
			if !errors.As(err, &pe) || pe.Field != sp.Name || !strings.Contains(err.Error(), sp.Allowed()) {
				t.Errorf("%s = %s: %v, want an error naming the field and %q", sp.Name, sp.Format(x), err, sp.Allowed())
			}
		}
	}
	var unknown *param.UnknownError
	if err := v.Put("no.such.parameter", param.Num(1)); !errors.As(err, &unknown) {
		t.Errorf("unknown parameter: %v", err)
	}
	sc := scenario.New(def.Name, def.Params)
	sc.Model = def.Name + "-not"
	if _, err := sim.Start(def, sc, false); err == nil || !strings.Contains(err.Error(), "model") {
		t.Errorf("a scenario of another model: %v", err)
	}
	if len(def.Presets) > 0 {
		sc := short(t, def, &def.Presets[0], 5)
		r, err := sim.Start(def, sc, false)
		if err != nil {
			t.Fatal(err)
		}
		if err := r.Set("no.such.parameter", param.Num(1)); !errors.As(err, &unknown) {
			t.Errorf("live change of an unknown parameter: %v", err)
		}
	}
}
