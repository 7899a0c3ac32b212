package sim

import (
	"fmt"
	"math"
	"slices"
	"sort"
	"strconv"
	"strings"

	"overloadlab/core/engine/jsonw"
	"overloadlab/core/engine/param"
	"overloadlab/core/engine/scenario"
)

// Sweep is a model's own study, carried against offered load unless it
// says what it measures: the values of one parameter and the variants (one
// curve each) worth comparing. It is the default Plan of `overloadlab sweep
// -preset X` and the page's first sweep.
type Sweep struct {
	ID     string             `json:"id"`
	Title  string             `json:"title"`
	Param  string             `json:"param"`  // the parameter swept, e.g. a load factor
	Values []float64          `json:"values"` // its values, in order
	Curves []scenario.Variant `json:"curves"` // one curve per variant
	Doc    string             `json:"doc"`    // what to look for
	// Metrics, when set, are what each run measures instead of Metrics
	// (the carried-vs-offered ones): the model's own, with their words
	// and unit, and any of Metrics by their Name alone. The page draws a
	// chart per metric (the carried one for goodput, offered dashed).
	Metrics []Metric `json:"metrics,omitempty"`
	// Lines are the node's capacity and pass lines on the carried chart.
	Lines []SweepLine `json:"lines,omitempty"`
}

// SweepLine is a line on a sweep's carried chart, in the unit of goodput
// (per second), evaluated at each point's scenario (so it follows the swept
// parameter when it depends on it): y = Factor × the value of parameter
// Param, or Of(the point's parameters) when the line is derived from
// several of them (a capacity in calls/s from the mix, the costs and the
// processor's speed).
type SweepLine struct {
	Label  string                       `json:"label"`
	Param  string                       `json:"param,omitempty"`
	Factor float64                      `json:"factor,omitempty"`
	Of     func(v param.Values) float64 `json:"-"`
	// Upto, when set, is where the line ends: it holds at values of the
	// study's parameter up to Upto ("90 % of capacity to 30 % overload":
	// 1.3), and is drawn only there on a sweep of that parameter.
	Upto float64 `json:"upto,omitempty"`
}

// At returns the line's value for a point's parameters.
func (l SweepLine) At(v param.Values) float64 {
	if l.Of != nil {
		return l.Of(v)
	}
	return l.Factor * v.Num(l.Param)
}

// LinesAt returns the values of the model's capacity and pass lines (those
// of its first study, which the page draws on every sweep) for a point's
// parameters; nil when the model declares none.
func LinesAt(def *Def, v param.Values) []float64 {
	if len(def.Sweeps) == 0 || len(def.Sweeps[0].Lines) == 0 {
		return nil
	}
	out := make([]float64, len(def.Sweeps[0].Lines))
	for k, l := range def.Sweeps[0].Lines {
		out[k] = l.At(v)
	}
	return out
}

// Plan returns the model study as a plan with seeds seeds per point.
func (sw *Sweep) Plan(seeds int) *Plan {
	return &Plan{Param: sw.Param, Values: sw.Values, Seeds: seeds, Variants: sw.Curves, Metrics: sw.MetricNames()}
}

// MetricNames returns the names of the study's metrics (nil: Metrics).
func (sw *Sweep) MetricNames() []string {
	var out []string
	for _, m := range sw.Metrics {
		out = append(out, m.Name)
	}
	return out
}

// Bounds of a plan: they keep a link or a command line from asking for a
// sweep that would run for days.
const (
	MaxPoints   = 200
	MaxSeeds    = 100
	MaxVariants = 8
	MaxCells    = 20000 // points × variants × seeds
	MaxMetrics  = 16
)

// DefaultSeeds is the number of seeds per point when a plan does not say.
const DefaultSeeds = 5

// Plan is a sweep: the scenario run at every value of one numeric parameter,
// for each variant (the scenario itself when there is none), with Seeds
// seeds per point (the scenario's seed, +1, +2, …: every point and variant
// sees the same traffic). The grid of runs is (variant, point, seed); cell
// k = (variant·Points + point)·Seeds + seed.
type Plan struct {
	Param  string
	From   float64
	To     float64
	Points int
	Log    bool      // geometric spacing between From and To
	Values []float64 // explicit values (a model's study); From, To, Points and Log are then unused
	Seeds  int
	// Variants are the curves; none means one curve, the scenario as it is.
	Variants []scenario.Variant
	// Metrics name what each run measures (Def.Metric): none means
	// Metrics, the carried-vs-offered ones.
	Metrics []string
}

// MetricList returns the plan's metrics in order: Metrics when it names
// none; a name the model does not know (refused by Check) is left out.
func (p *Plan) MetricList(def *Def) []Metric {
	if len(p.Metrics) == 0 {
		return Metrics
	}
	out := make([]Metric, 0, len(p.Metrics))
	for _, name := range p.Metrics {
		if m, ok := def.Metric(name); ok {
			out = append(out, *m)
		}
	}
	return out
}

// MetricCount returns the number of values of each sample.
func (p *Plan) MetricCount() int {
	if len(p.Metrics) == 0 {
		return len(Metrics)
	}
	return len(p.Metrics)
}

// x returns the swept parameter's value in sc as a number: a choice's
// number (param.Spec.Numbers) for a choice parameter.
func (p *Plan) x(def *Def, sc *scenario.Scenario) float64 {
	if spec, ok := def.Params.Lookup(p.Param); ok && spec.Kind == param.Choice {
		if i := slices.Index(spec.Choices, sc.Params.Text(p.Param)); i >= 0 && i < len(spec.Numbers) {
			return spec.Numbers[i]
		}
	}
	return sc.Params.Num(p.Param)
}

// ChoiceValues returns the numbers of a choice parameter's choices from
// from to to (param.Spec.Numbers), in order: the points of its sweep.
func ChoiceValues(spec *param.Spec, from, to float64) []float64 {
	out := []float64{}
	for _, x := range spec.Numbers {
		if x >= min(from, to) && x <= max(from, to) {
			out = append(out, x)
		}
	}
	return out
}

// valueAt returns the swept parameter's value for x: the choice that
// stands for x for a choice parameter (false if none does).
func valueAt(spec *param.Spec, x float64) (param.Value, bool) {
	if spec.Kind != param.Choice {
		return param.Num(x), true
	}
	for i, y := range spec.Numbers { // a loop, not slices.Index: no generic instance for []float64 in the wasm
		if y == x && i < len(spec.Choices) {
			return param.Str(spec.Choices[i]), true
		}
	}
	return param.Value{}, false
}

// Grid returns the swept values: Values if given, else Points values from
// From to To, evenly spaced (geometrically with Log), each rounded to six
// significant digits, whole for an Integer parameter. The geometric spacing
// uses exp2 below, not math.Exp, so the grid is the same in wasm.
func (p *Plan) Grid(spec *param.Spec) []float64 {
	if p.Values != nil {
		return p.Values
	}
	xs := make([]float64, p.Points)
	for i := range xs {
		f := 0.0
		if p.Points > 1 {
			f = float64(i) / float64(p.Points-1)
		}
		var x float64
		switch {
		case i == 0:
			x = p.From
		case i == p.Points-1:
			x = p.To
		case p.Log:
			x = p.From * exp(f*math.Log(p.To/p.From))
		default:
			x = p.From + f*(p.To-p.From)
		}
		x, _ = strconv.ParseFloat(strconv.FormatFloat(x, 'g', 6, 64), 64)
		if spec != nil && spec.Kind == param.Integer {
			x = math.Round(x)
		}
		xs[i] = x
	}
	return xs
}

// exp is e^y by a Taylor series on y/1024 squared ten times: only +, ×, ÷,
// which give the same bits natively and in wasm (math.Exp does not). Its
// relative error, about 1e-13, vanishes in the six-digit rounding of Grid.
func exp(y float64) float64 {
	z := y / 1024
	sum, term := 1.0, 1.0
	for n := 1; n <= 16; n++ {
		term = term * z / float64(n)
		sum += term
	}
	for range 10 {
		sum *= sum
	}
	return sum
}

// Curves returns the variants, or the scenario itself as the one curve.
func (p *Plan) Curves() []scenario.Variant {
	if len(p.Variants) == 0 {
		return []scenario.Variant{{Label: scenario.AsSet}}
	}
	return p.Variants
}

// String says what the plan runs, in a line: "ssp.load from 0.5 to 3,
// 6 points (log), 3 seeds per point; curves: standard ACG, adaptive".
func (p *Plan) String() string {
	var b strings.Builder
	if p.Values != nil {
		vs := make([]string, len(p.Values))
		for i, v := range p.Values {
			vs[i] = strconv.FormatFloat(v, 'g', -1, 64)
		}
		fmt.Fprintf(&b, "%s at %s", p.Param, strings.Join(vs, ", "))
	} else {
		fmt.Fprintf(&b, "%s from %g to %g, %d points", p.Param, p.From, p.To, p.Points)
		if p.Log {
			b.WriteString(" (log)")
		}
	}
	labels := make([]string, len(p.Curves()))
	for i, v := range p.Curves() {
		labels[i] = v.Label
	}
	fmt.Fprintf(&b, ", %d seeds per point; curves: %s", p.Seeds, strings.Join(labels, ", "))
	if len(p.Metrics) > 0 {
		fmt.Fprintf(&b, "; measures: %s", strings.Join(p.Metrics, ", "))
	}
	return b.String()
}

// PointCount returns the number of swept values.
func (p *Plan) PointCount() int {
	if p.Values != nil {
		return len(p.Values)
	}
	return p.Points
}

// Cells returns the number of runs of the plan.
func (p *Plan) Cells() int { return len(p.Curves()) * p.PointCount() * p.Seeds }

// Cell is one run of a plan's grid.
type Cell struct{ Variant, Point, Seed int }

// Contains reports whether c lies in the plan's grid.
func (p *Plan) Contains(c Cell) bool {
	return c.Variant >= 0 && c.Variant < len(p.Curves()) && c.Point >= 0 && c.Point < p.PointCount() && c.Seed >= 0 && c.Seed < p.Seeds
}

// CellAt returns the cell numbered k.
func (p *Plan) CellAt(k int) Cell {
	s := p.Seeds
	n := p.PointCount()
	return Cell{Variant: k / (n * s), Point: k / s % n, Seed: k % s}
}

// Index returns the number of cell c.
func (p *Plan) Index(c Cell) int { return (c.Variant*p.PointCount()+c.Point)*p.Seeds + c.Seed }

// Shard returns the cells of shard i of n: every cell k with k mod n = i, so
// each shard gets a share of every point, cheap and dear alike.
func (p *Plan) Shard(i, n int) []Cell {
	var out []Cell
	for k, cells := i, p.Cells(); k >= 0 && k < cells; {
		out = append(out, p.CellAt(k))
		if n > cells-k {
			break // k+n would pass the last cell (or overflow)
		}
		k += n
	}
	return out
}

// Check validates the plan against the model def and the base scenario:
// every error names the field, the value and what is allowed.
func (p *Plan) Check(def *Def, base *scenario.Scenario) error {
	spec, ok := def.Params.Lookup(p.Param)
	choice := ok && spec.Kind == param.Choice && len(spec.Numbers) == len(spec.Choices)
	if !ok || (spec.Kind != param.Number && spec.Kind != param.Integer && !choice) {
		return &param.Error{Field: "sweep param", Value: strconv.Quote(p.Param), Allowed: "a numeric parameter of model " + def.Name}
	}
	if choice && p.Values == nil {
		return &param.Error{Field: "sweep values", Value: "none", Allowed: "the values of " + p.Param + ", a choice: some of " + numbers(spec.Numbers)}
	}
	if p.Values != nil {
		if len(p.Values) == 0 || len(p.Values) > MaxPoints {
			return &param.Error{Field: "sweep values", Value: fmt.Sprint(len(p.Values)), Allowed: fmt.Sprintf("1 to %d values", MaxPoints)}
		}
	} else {
		if p.Points < 1 || p.Points > MaxPoints {
			return &param.Error{Field: "sweep points", Value: fmt.Sprint(p.Points), Allowed: fmt.Sprintf("1 to %d", MaxPoints)}
		}
		rng := fmt.Sprintf("%s, the range of %s", spec.Allowed(), p.Param)
		for _, f := range []struct {
			name string
			x    float64
		}{{"from", p.From}, {"to", p.To}} {
			if math.IsNaN(f.x) || f.x < spec.Min || f.x > spec.Max {
				return &param.Error{Field: "sweep " + f.name, Value: fmt.Sprint(f.x), Allowed: rng}
			}
			if p.Log && f.x <= 0 {
				return &param.Error{Field: "sweep " + f.name, Value: fmt.Sprint(f.x), Allowed: "above 0 for a log sweep"}
			}
		}
	}
	if p.Seeds < 1 || p.Seeds > MaxSeeds {
		return &param.Error{Field: "sweep seeds", Value: fmt.Sprint(p.Seeds), Allowed: fmt.Sprintf("1 to %d", MaxSeeds)}
	}
	if len(p.Variants) > MaxVariants {
		return &param.Error{Field: "sweep variants", Value: fmt.Sprint(len(p.Variants)), Allowed: fmt.Sprintf("at most %d", MaxVariants)}
	}
	if n := p.Cells(); n > MaxCells {
		return &param.Error{Field: "sweep size", Value: fmt.Sprintf("%d runs (points × variants × seeds)", n), Allowed: fmt.Sprintf("at most %d runs", MaxCells)}
	}
	for _, x := range p.Grid(spec) {
		v, ok := valueAt(spec, x)
		if !ok {
			return &param.Error{Field: "sweep value", Value: strconv.FormatFloat(x, 'g', -1, 64), Allowed: "one of " + numbers(spec.Numbers) + ", the numbers of " + p.Param + "'s choices"}
		}
		if err := spec.CheckValue(v); err != nil {
			return fmt.Errorf("sweep value: %w", err)
		}
	}
	if len(p.Metrics) > MaxMetrics {
		return &param.Error{Field: "sweep metrics", Value: fmt.Sprint(len(p.Metrics)), Allowed: fmt.Sprintf("at most %d", MaxMetrics)}
	}
	for i, name := range p.Metrics {
		if _, ok := def.Metric(name); !ok {
			var known []string
			for _, m := range Metrics {
				known = append(known, m.Name)
			}
			for _, sw := range def.Sweeps {
				known = append(known, sw.MetricNames()...)
			}
			return &param.Error{Field: "sweep metrics", Value: strconv.Quote(name), Allowed: "one of " + strings.Join(known, ", ")}
		}
		if slices.Contains(p.Metrics[:i], name) {
			return &param.Error{Field: "sweep metrics", Value: strconv.Quote(name), Allowed: "a metric not named twice"}
		}
	}
	for i := range p.Variants {
		if slices.ContainsFunc(p.Variants[:i], func(v scenario.Variant) bool { return v.Label == p.Variants[i].Label }) {
			return &param.Error{Field: "sweep variants", Value: strconv.Quote(p.Variants[i].Label), Allowed: "a label not used by another variant"}
		}
		if _, err := p.Variants[i].Apply(base); err != nil {
			return err
		}
		for _, name := range p.Variants[i].Follow {
			if f, ok := def.Params.Lookup(name); !ok || f.Kind != spec.Kind || name == p.Param {
				return &param.Error{Field: "sweep variant " + param.Quote(p.Variants[i].Label) + " follow", Value: strconv.Quote(name), Allowed: "another parameter of the kind of " + p.Param}
			}
			f, _ := def.Params.Lookup(name)
			for _, x := range p.Grid(spec) {
				if v, _ := valueAt(spec, x); f.CheckValue(v) != nil {
					return fmt.Errorf("sweep variant %s: %w", param.Quote(p.Variants[i].Label), f.CheckValue(v))
				}
			}
		}
	}
	return nil
}

// numbers lists xs as a sentence's numbers: "0, 5, 10".
func numbers(xs []float64) string {
	vs := make([]string, len(xs))
	for i, x := range xs {
		vs[i] = strconv.FormatFloat(x, 'g', -1, 64)
	}
	return strings.Join(vs, ", ")
}

// seedOf is the seed of a cell: the scenario's plus the seed index, kept in
// the seed field's range.
func seedOf(base uint64, s int) uint64 { return (base + uint64(s)) % (1 << 53) }

// Scenario returns the scenario of cell c over base.
func (p *Plan) Scenario(def *Def, base *scenario.Scenario, c Cell) (*scenario.Scenario, error) {
	spec, _ := def.Params.Lookup(p.Param)
	v := p.Curves()[c.Variant]
	sc, err := v.Apply(base)
	if err != nil {
		return nil, err
	}
	x, _ := valueAt(spec, p.Grid(spec)[c.Point])
	for _, name := range append([]string{p.Param}, v.Follow...) {
		if err := sc.Params.Put(name, x); err != nil {
			return nil, fmt.Errorf("sweep: %w", err)
		}
	}
	sc.Seed = seedOf(base.Seed, c.Seed)
	return sc, nil
}

// PlanJSON is the JSON form of a plan (in links and to the page's pool);
// variant values are written by kind.
type PlanJSON struct {
	Param    string        `json:"param"`
	From     float64       `json:"from"`
	To       float64       `json:"to"`
	Points   int           `json:"points"`
	Log      bool          `json:"log,omitempty"`
	Values   []float64     `json:"values,omitempty"`
	Seeds    int           `json:"seeds"`
	Variants []VariantJSON `json:"variants,omitempty"`
	Metrics  []string      `json:"metrics,omitempty"`
}

// VariantJSON is a curve of a PlanJSON.
type VariantJSON struct {
	Label  string               `json:"label"`
	Params map[string]jsonw.Raw `json:"params,omitempty"`
	Follow []string             `json:"follow,omitempty"`
}

// EncodePlan writes p as JSON, its variants' values encoded by schema.
func EncodePlan(p *Plan, schema *param.Set) jsonw.Raw {
	b, _ := jsonw.Marshal(p.JSON(schema))
	return b
}

// JSON returns p's JSON form, its variants' values encoded by schema.
func (p *Plan) JSON(schema *param.Set) *PlanJSON {
	w := PlanJSON{Param: p.Param, From: p.From, To: p.To, Points: p.Points, Log: p.Log, Values: p.Values, Seeds: p.Seeds, Metrics: p.Metrics}
	for _, v := range p.Variants {
		vw := VariantJSON{Label: v.Label, Params: map[string]jsonw.Raw{}, Follow: v.Follow}
		for name, x := range v.Params {
			if sp, ok := schema.Lookup(name); ok {
				vw.Params[name] = sp.Encode(x)
			}
		}
		w.Variants = append(w.Variants, vw)
	}
	return &w
}

// DecodePlan reads a plan written by EncodePlan; variant values are checked
// against schema. The plan itself is checked by Check.
func DecodePlan(raw []byte, schema *param.Set) (*Plan, error) {
	var w PlanJSON
	if err := w.decode(raw); err != nil {
		return nil, fmt.Errorf("sweep: not a valid sweep definition: %w", err)
	}
	p := &Plan{Param: w.Param, From: w.From, To: w.To, Points: w.Points, Log: w.Log, Values: w.Values, Seeds: w.Seeds, Metrics: w.Metrics}
	for i, vw := range w.Variants {
		v := scenario.Variant{Label: vw.Label, Params: map[string]param.Value{}, Follow: vw.Follow}
		where := fmt.Sprintf("sweep.variants[%d].params", i)
		given := map[string]string{}
		names := make([]string, 0, len(vw.Params))
		for name := range vw.Params {
			names = append(names, name)
		}
		sort.Sort(sort.StringSlice(names)) // not slices.Sorted (nor sort.Strings, which calls it): one sort in the wasm, not one per type
		for _, name := range names {
			sp, err := schema.Once(where, name, given)
			if err != nil {
				return nil, fmt.Errorf("sweep variant %s: %w", param.Quote(vw.Label), err)
			}
			val, err := sp.Decode(vw.Params[name])
			if err != nil {
				return nil, fmt.Errorf("sweep variant %s: %w", param.Quote(vw.Label), err)
			}
			v.Params[sp.Name] = val
		}
		p.Variants = append(p.Variants, v)
	}
	return p, nil
}
