package sim_test

import (
	"math"
	"reflect"
	"slices"
	"strings"
	"testing"

	"overloadlab/core/engine/param"
	"overloadlab/core/engine/scenario"
	"overloadlab/core/engine/sim"
	"overloadlab/core/engine/sim/simtest"
	"overloadlab/core/node/scp"
)

// tCDF is the Student t distribution function by Simpson's rule on its
// density: an independent check of the table.
func tCDF(x float64, df int) float64 {
	nu := float64(df)
	lg1, _ := math.Lgamma((nu + 1) / 2)
	lg2, _ := math.Lgamma(nu / 2)
	c := math.Exp(lg1-lg2) / math.Sqrt(nu*math.Pi)
	f := func(t float64) float64 { return c * math.Pow(1+t*t/nu, -(nu+1)/2) }
	const n = 20000
	h := x / n
	sum := f(0) + f(x)
	for i := 1; i < n; i++ {
		w := 2.0
		if i%2 == 1 {
			w = 4
		}
		sum += w * f(float64(i)*h)
	}
	return 0.5 + sum*h/3
}

func TestTQuantile975(t *testing.T) {
	for df := 1; df <= 200; df++ {
		q := sim.TQuantile975(df)
		if p := tCDF(q, df); math.Abs(p-0.975) > 2e-7 {
			t.Errorf("df %d: t = %.9f has CDF %.9f, want 0.975", df, q, p)
		}
	}
	if !math.IsNaN(sim.TQuantile975(0)) {
		t.Error("df 0 must be NaN")
	}
}

func TestStatOf(t *testing.T) {
	s := sim.StatOf([]float64{1, 2, 3, 4, 5})
	// mean 3, s = √2.5, half-width t(0.975, 4)·s/√5 = 2.7764451·1.5811388/2.2360680 = 1.9632432.
	if s.Mean != 3 || math.Abs(s.Hi-3-1.9632432) > 1e-6 || math.Abs(3-s.Lo-1.9632432) > 1e-6 {
		t.Fatalf("%+v", s)
	}
	if s := sim.StatOf([]float64{7}); s != (sim.Stat{Mean: 7, Lo: 7, Hi: 7}) {
		t.Fatalf("one seed: %+v", s)
	}
}

func TestGrid(t *testing.T) {
	num := &param.Spec{Kind: param.Number, Min: 0, Max: 1000}
	integer := &param.Spec{Kind: param.Integer, Min: 0, Max: 1000}
	cases := []struct {
		p    sim.Plan
		spec *param.Spec
		want []float64
	}{
		{sim.Plan{From: 0.1, To: 0.5, Points: 5}, num, []float64{0.1, 0.2, 0.3, 0.4, 0.5}},
		{sim.Plan{From: 1, To: 100, Points: 5, Log: true}, num, []float64{1, 3.16228, 10, 31.6228, 100}},
		{sim.Plan{From: 0.5, To: 10, Points: 4, Log: true}, num, []float64{0.5, 1.35721, 3.68403, 10}},
		{sim.Plan{From: 1, To: 10, Points: 4}, integer, []float64{1, 4, 7, 10}},
		{sim.Plan{From: 1, To: 2, Points: 4}, integer, []float64{1, 1, 2, 2}},
		{sim.Plan{From: 3, To: 9, Points: 1}, num, []float64{3}},
		{sim.Plan{Values: []float64{2, 1}}, num, []float64{2, 1}},
	}
	for _, c := range cases {
		if got := c.p.Grid(c.spec); !slices.Equal(got, c.want) {
			t.Errorf("%+v: %v, want %v", c.p, got, c.want)
		}
	}
}

// testPlan is a small sweep of the SCP: 3 loads × 2 controls × 3 seeds.
func testPlan() *sim.Plan {
	return &sim.Plan{Param: "ssp.load", From: 0.5, To: 2, Points: 3, Seeds: 3, Variants: []scenario.Variant{
		{Label: "standard", Params: map[string]param.Value{"scp.control": param.Str("standard-acg")}},
		{Label: "adaptive", Params: map[string]param.Value{"scp.control": param.Str("adaptive-acg")}},
	}}
}

func short(t testing.TB, d float64) *scenario.Scenario {
	sc := simtest.Preset(t, scp.Def, "scp-10-ssps")
	sc.Duration = d
	return sc
}

func all(p *sim.Plan) []sim.Cell { return p.Shard(0, 1) }

// The samples do not depend on the number of workers, and the cells of
// shards 0..n−1 are the grid, each once; summarised in any order, they give
// the same points.
func TestWorkersAndShards(t *testing.T) {
	p, base := testPlan(), short(t, 10)
	if err := p.Check(scp.Def, base); err != nil {
		t.Fatal(err)
	}
	one, err := sim.RunCells(scp.Def, base, p, all(p), 1, nil)
	if err != nil {
		t.Fatal(err)
	}
	calls := 0
	four, err := sim.RunCells(scp.Def, base, p, all(p), 4, func() { calls++ })
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(one, four) || calls != p.Cells() || len(one) != 18 {
		t.Fatalf("workers 1 and 4 differ (or %d progress calls, %d samples)", calls, len(one))
	}
	var shuffled []sim.Sample
	for i := 2; i >= 0; i-- {
		cells := p.Shard(i, 3)
		if len(cells) != 6 {
			t.Fatalf("shard %d has %d cells", i, len(cells))
		}
		s, err := sim.RunCells(scp.Def, base, p, cells, 2, nil)
		if err != nil {
			t.Fatal(err)
		}
		shuffled = append(shuffled, s...)
	}
	a, err := sim.Summarize(p, one)
	if err != nil {
		t.Fatal(err)
	}
	b, err := sim.Summarize(p, shuffled)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(a, b) || len(a) != 6 {
		t.Fatalf("sharded summary differs:\n%+v\n%+v", a, b)
	}
	// Curve by curve, point by point; the same seeds see the same traffic
	// whatever the control: offered at 0.5× is equal for both.
	if a[0].Label != "standard" || a[3].Label != "adaptive" || a[1].X != 1.25 || a[0].Seeds != 3 {
		t.Fatalf("order: %+v", a)
	}
	if a[0].Stats[sim.MetricOffered] != a[3].Stats[sim.MetricOffered] {
		t.Errorf("offered at 0.5× differs between variants: %+v %+v", a[0].Stats[0], a[3].Stats[0])
	}
	if _, err := sim.Summarize(p, one[1:]); err == nil || !strings.Contains(err.Error(), "no result for variant 0, point 0, seed 0") {
		t.Errorf("missing cell: %v", err)
	}
	if _, err := sim.Summarize(p, append(one, one[4])); err == nil || !strings.Contains(err.Error(), "two results for variant 0, point 1, seed 1") {
		t.Errorf("duplicate cell: %v", err)
	}
}

// The 95 % half-width shrinks about as 1/√S: h·√S/t(S−1) estimates the
// standard deviation of one run, which does not depend on S.
func TestHalfWidthShrinks(t *testing.T) {
	base := short(t, 20)
	sd := map[int]float64{}
	for _, s := range []int{4, 16, 64} {
		p := &sim.Plan{Param: "ssp.load", Values: []float64{1.3}, Seeds: s}
		samples, err := sim.RunCells(scp.Def, base, p, all(p), 2, nil)
		if err != nil {
			t.Fatal(err)
		}
		pts, err := sim.Summarize(p, samples)
		if err != nil {
			t.Fatal(err)
		}
		g := pts[0].Stats[sim.MetricGoodput]
		h := (g.Hi - g.Lo) / 2
		sd[s] = h * math.Sqrt(float64(s)) / sim.TQuantile975(s-1)
		t.Logf("S = %d: goodput %.2f ± %.3f /s", s, g.Mean, h)
	}
	for _, s := range []int{4, 16} {
		if r := sd[s] / sd[64]; r < 0.5 || r > 2 {
			t.Errorf("S = %d: run-to-run sd %.3f against %.3f at S = 64", s, sd[s], sd[64])
		}
	}
	if sd[64] <= 0 {
		t.Errorf("no spread over 64 seeds")
	}
}

func TestPlanCheck(t *testing.T) {
	base := short(t, 10)
	cases := []struct {
		p    sim.Plan
		want string
	}{
		{sim.Plan{Param: "nope", From: 1, To: 2, Points: 2, Seeds: 1}, `sweep param: "nope" is not allowed (allowed: a numeric parameter of model scp)`},
		{sim.Plan{Param: "scp.control", From: 1, To: 2, Points: 2, Seeds: 1}, "a numeric parameter"},
		{sim.Plan{Param: "ssp.load", From: 1, To: 30, Points: 2, Seeds: 1}, "sweep to: 30 is not allowed (allowed: a number from 0 to 20 × capacity, the range of ssp.load)"},
		{sim.Plan{Param: "ssp.load", From: 0, To: 3, Points: 2, Seeds: 1, Log: true}, "sweep from: 0 is not allowed (allowed: above 0 for a log sweep)"},
		{sim.Plan{Param: "ssp.load", From: 1, To: 2, Points: 0, Seeds: 1}, "sweep points: 0 is not allowed (allowed: 1 to 200)"},
		{sim.Plan{Param: "ssp.load", From: 1, To: 2, Points: 2, Seeds: 101}, "sweep seeds: 101 is not allowed (allowed: 1 to 100)"},
		{sim.Plan{Param: "ssp.load", From: 1, To: 2, Points: 200, Seeds: 100, Variants: testPlan().Variants}, "sweep size: 40000 runs"},
		{sim.Plan{Param: "ssp.load", From: 1, To: 2, Points: 2, Seeds: 1, Variants: []scenario.Variant{{Label: "x", Params: map[string]param.Value{"scp.control": param.Str("bogus")}}}}, "variant x: scp.control"},
	}
	for _, c := range cases {
		err := c.p.Check(scp.Def, base)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%+v: %v, want %q", c.p, err, c.want)
		}
	}
	if err := testPlan().Check(scp.Def, base); err != nil {
		t.Error(err)
	}
}

func TestPlanJSON(t *testing.T) {
	p := testPlan()
	p.Log = true
	got, err := sim.DecodePlan(sim.EncodePlan(p, scp.Def.Params), scp.Def.Params)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, p) {
		t.Fatalf("%+v, want %+v", got, p)
	}
	for raw, want := range map[string]string{
		`{"param":1}`: "not a valid sweep definition",
		`{"param":"ssp.load","variants":[{"label":"a","params":{"nope":1}}]}`:              `variant "a": nope: no such parameter`,
		`{"param":"ssp.load","variants":[{"label":"a","params":{"scp.control":"bogus"}}]}`: "scp.control",
		// As strictly as the rest of a link: no null, keys as written and
		// each once, labels as words.
		`{"param":"ssp.load","values":[1,null,2],"seeds":1}`:                                                          "sweep.values[1]: \"null\" is not allowed (allowed: a number)",
		`{"Param":"ssp.load","values":[1],"seeds":1}`:                                                                 "sweep.Param: an unknown field",
		`{"param":"ssp.load","param":"ssp.load","values":[1],"seeds":1}`:                                              "sweep.param: a second value",
		`{"param":"ssp.load","values":[1],"seeds":1,"variants":[{"label":"a\rb"}]}`:                                   "sweep.variants[0].label: a control character U+000D at character 2",
		`{"param":"ssp.load","values":[1],"seeds":1,"variants":[{"label":"` + strings.Repeat("x", 121) + `"}]}`:       "sweep.variants[0].label: 121 characters is not allowed (allowed: at most 120 characters)",
		`{"param":"ssp.load","values":[1],"seeds":1,"variants":[{"label":"a","params":{"ssp.load":1,"ssp.load":2}}]}`: "params.ssp.load: a second value",
		`{"param":"ssp.load","values":[1],"seeds":1} x`:                                                               "malformed JSON",
	} {
		if _, err := sim.DecodePlan([]byte(raw), scp.Def.Params); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v, want %q", raw, err, want)
		}
	}
}

func FuzzDecodePlan(f *testing.F) {
	f.Add(string(sim.EncodePlan(testPlan(), scp.Def.Params)))
	f.Add(`{"param":"ssp.load","from":1,"to":1e300,"points":3,"log":true,"seeds":1}`)
	base := scenario.New("scp", scp.Def.Params)
	base.Duration = 1
	f.Fuzz(func(t *testing.T, raw string) {
		p, err := sim.DecodePlan([]byte(raw), scp.Def.Params)
		if err != nil {
			return
		}
		if err := p.Check(scp.Def, base); err != nil {
			return
		}
		spec, _ := scp.Def.Params.Lookup(p.Param)
		for _, x := range p.Grid(spec) {
			if err := spec.CheckValue(param.Num(x)); err != nil {
				t.Fatalf("checked plan has a value out of range: %v", err)
			}
		}
	})
}

func TestPlanString(t *testing.T) {
	for _, c := range []struct {
		p    *sim.Plan
		want string
	}{
		{&sim.Plan{Param: "ssp.load", Values: []float64{0.5, 1, 10}, Seeds: 5}, "ssp.load at 0.5, 1, 10, 5 seeds per point; curves: as set"},
		{&sim.Plan{Param: "x", From: 1, To: 100, Points: 3, Log: true, Seeds: 2, Variants: []scenario.Variant{{Label: "a"}, {Label: "b"}}}, "x from 1 to 100, 3 points (log), 2 seeds per point; curves: a, b"},
	} {
		if got := c.p.String(); got != c.want {
			t.Errorf("%q, want %q", got, c.want)
		}
	}
}

// A shard's step never overflows: shard 1 of math.MaxInt holds cell 1 and
// nothing after it, and a shard past the last cell holds nothing.
func TestShardStepDoesNotOverflow(t *testing.T) {
	p := &sim.Plan{Param: "x", Values: []float64{1, 2, 3}, Seeds: 2}
	if got := p.Shard(1, math.MaxInt); len(got) != 1 || got[0] != (sim.Cell{Point: 0, Seed: 1}) {
		t.Errorf("Shard(1, MaxInt) = %v, want [{0 0 1}]", got)
	}
	if got := p.Shard(6, 7); len(got) != 0 {
		t.Errorf("Shard(6, 7) of 6 cells = %v, want none", got)
	}
	if got := p.Shard(2, 3); len(got) != 2 || got[1] != p.CellAt(5) {
		t.Errorf("Shard(2, 3) = %v", got)
	}
}
