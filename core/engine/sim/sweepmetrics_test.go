package sim_test

import (
	"reflect"
	"slices"
	"strings"
	"testing"

	"overloadlab/core/engine/param"
	"overloadlab/core/engine/scenario"
	"overloadlab/core/engine/sim"
	"overloadlab/core/engine/sim/simtest"
	"overloadlab/core/node/access"
	"overloadlab/core/node/scp"
)

// studyOf returns access's study id as a plan, and a short base: ten
// thousand devices, the outage over by 120 s, 300 s in all.
func studyOf(t *testing.T, id string) (*sim.Sweep, *sim.Plan, *scenario.Scenario) {
	t.Helper()
	i := slices.IndexFunc(access.Def.Sweeps, func(sw sim.Sweep) bool { return sw.ID == id })
	sw := &access.Def.Sweeps[i]
	base := simtest.Preset(t, access.Def, "outage-no-control")
	base.Duration = 300
	if err := base.Params.Put("devices", param.Num(10000)); err != nil {
		t.Fatal(err)
	}
	return sw, sw.Plan(2), base
}

// A study that declares its metrics measures those, in order, through
// the plan, its JSON, the samples and the point stats; a curve may have a
// parameter follow the swept one; a choice that stands for numbers is
// swept by its numbers.
func TestPlanMetrics(t *testing.T) {
	sw, p, base := studyOf(t, "t3346")
	if err := p.Check(access.Def, base); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(p.Metrics, []string{"t95_s", "cpu_echo_pct"}) || p.MetricCount() != 2 {
		t.Fatalf("metrics %v", p.Metrics)
	}
	if ms := p.MetricList(access.Def); ms[0].Unit != "s" || ms[1].Column != "cpu" || ms[1].From != 600 {
		t.Errorf("metric list %+v", ms)
	}
	got, err := sim.DecodePlan(sim.EncodePlan(p, access.Def.Params), access.Def.Params)
	if err != nil || !reflect.DeepEqual(got, p) {
		t.Fatalf("round trip: %+v (%v), want %+v", got, err, p)
	}
	if s := p.String(); !strings.HasSuffix(s, "; measures: t95_s, cpu_echo_pct") {
		t.Errorf("String %q", s)
	}
	fixed := sim.Cell{Variant: 0, Point: 2, Seed: 1}
	sc, err := p.Scenario(access.Def, base, fixed)
	if err != nil {
		t.Fatal(err)
	}
	if lo, hi := sc.Params.Num("t3346.min"), sc.Params.Num("t3346.max"); lo != sw.Values[2] || hi != sw.Values[2] {
		t.Errorf("the fixed curve at %g: t3346 in [%g, %g]", sw.Values[2], lo, hi)
	}
	if sc, _ := p.Scenario(access.Def, base, sim.Cell{Variant: 1, Point: 2}); sc.Params.Num("t3346.min") != 15 {
		t.Errorf("the random curve: t3346.min %g", sc.Params.Num("t3346.min"))
	}
	s, err := sim.RunCell(access.Def, base, p, fixed)
	if err != nil {
		t.Fatal(err)
	}
	r, err := sim.Start(access.Def, sc, false)
	if err != nil {
		t.Fatal(err)
	}
	r.RunToEnd()
	t95, _ := r.Tile(sim.Tile{Column: "t95"})
	if t95 == 0 {
		t95 = 300 - 120
	}
	echo, ok := r.Tile(sim.Tile{Column: "cpu", Agg: sim.TileMax, From: 600})
	if ok || echo != 0 {
		t.Errorf("a 300 s run has a peak after 600 s: %g", echo)
	}
	peak, _ := r.Tile(sim.Tile{Column: "cpu", Agg: sim.TileMax})
	if s.X != sw.Values[2] || !slices.Equal(s.Values, []float64{t95, 0}) || peak != r.Summary().CPU.Max {
		t.Errorf("sample %+v; t95 %g, peak %g (summary %g)", s, t95, peak, r.Summary().CPU.Max)
	}
	pts := simtest.Sweep(t, access.Def, base, &sim.Plan{Param: p.Param, Values: sw.Values[:2], Seeds: 2, Variants: p.Variants, Metrics: p.Metrics})
	if len(pts) != 4 || len(pts[0].Stats) != 2 {
		t.Fatalf("points %+v", pts)
	}

	// The barring factor: p20 is swept as 20.
	_, q, _ := studyOf(t, "acb")
	k := slices.Index(q.Values, 20)
	sc, err = q.Scenario(access.Def, base, sim.Cell{Point: k})
	if err != nil || sc.Params.Text(q.Param) != "p20" {
		t.Fatalf("factor at 20: %v %v", sc.Params.Text(q.Param), err)
	}
	if s, err := sim.RunCell(access.Def, base, q, sim.Cell{Point: k}); err != nil || s.X != 20 {
		t.Errorf("sample at p20: x %g, %v", s.X, err)
	}
}

func TestPlanMetricsCheck(t *testing.T) {
	_, p, base := studyOf(t, "t3346")
	for _, c := range []struct {
		edit func(p *sim.Plan)
		want string
	}{
		{func(p *sim.Plan) { p.Metrics = []string{"nope"} }, `sweep metrics: "nope" is not allowed (allowed: one of offered_per_s, goodput_per_s`},
		{func(p *sim.Plan) { p.Metrics = []string{"t95_s", "t95_s"} }, `sweep metrics: "t95_s" is not allowed (allowed: a metric not named twice)`},
		{func(p *sim.Plan) { p.Metrics = make([]string, 17) }, "sweep metrics: 17 is not allowed (allowed: at most 16)"},
		{func(p *sim.Plan) { p.Variants = []scenario.Variant{{Label: "x", Follow: []string{"devices"}}} }, `follow: "devices" is not allowed`},
		{func(p *sim.Plan) { p.Variants = []scenario.Variant{{Label: "x", Follow: []string{"t3346.max"}}} }, `follow: "t3346.max" is not allowed`},
		{func(p *sim.Plan) {
			p.Param, p.Values, p.Variants = "ac-BarringForMO-Signalling.ac-BarringFactor", nil, nil
		}, "sweep values: none is not allowed (allowed: the values of ac-BarringForMO-Signalling.ac-BarringFactor, a choice: some of 0, 5, 10"},
		{func(p *sim.Plan) {
			p.Param, p.Values, p.Variants = "ac-BarringForMO-Signalling.ac-BarringFactor", []float64{20, 33}, nil
		}, "sweep value: 33 is not allowed (allowed: one of 0, 5, 10"},
	} {
		q := *p
		c.edit(&q)
		if err := q.Check(access.Def, base); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v, want %q", err, c.want)
		}
	}
	// A plan that names no metric is written as before: no "metrics" key.
	if raw := string(sim.EncodePlan(testPlan(), scp.Def.Params)); strings.Contains(raw, "metrics") || strings.Contains(raw, "follow") {
		t.Errorf("%s", raw)
	}
	for raw, want := range map[string]string{
		`{"param":"t3346.max","values":[20],"seeds":1,"metrics":[1]}`:                              "sweep.metrics[0]",
		`{"param":"t3346.max","values":[20],"seeds":1,"metrics":null}`:                             "sweep.metrics",
		`{"param":"t3346.max","values":[20],"seeds":1,"variants":[{"label":"a","follow":[null]}]}`: "sweep.variants[0].follow[0]",
	} {
		if _, err := sim.DecodePlan([]byte(raw), access.Def.Params); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v, want %q", raw, err, want)
		}
	}
}
