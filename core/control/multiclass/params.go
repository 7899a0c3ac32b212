package multiclass

import (
	"fmt"

	"overloadlab/core/engine/param"
	"overloadlab/core/engine/prose"
)

// Params is the schema of the control's parameters, named as Kasera et al.
// name them, with the lab's ranges and defaults. A model adds its class
// costs.
var Params = []param.Spec{
	{Name: "overload.algorithm", Label: "Detection algorithm", Group: "Overload control", Kind: param.Choice, Choices: Algorithms, Default: param.Str("aro"),
		Doc: prose.Page("how overload is measured: occ (occupancy only), sred (signaling RED on the message queue), aro (acceptance rate plus occupancy)")},
	{Name: "overload.target-occupancy", Label: "ρ_target", Group: "Overload control", Unit: "%", Kind: param.Number, Min: 50, Max: 99, Step: 1, Default: param.Num(90),
		Doc: prose.Page("target processor occupancy of OCC and ARO")},
	{Name: "overload.phi-max", Label: "φ_max", Group: "Overload control", Unit: "×", Kind: param.Number, Min: 1, Max: 100, Step: 1, Default: param.Num(20),
		Doc: prose.Page("largest factor by which OCC and ARO may raise the admitted fraction in one interval [R]")},
	{Name: "overload.f-min", Label: "f_min", Group: "Overload control", Kind: param.Number, Min: 0, Max: 0.5, Step: 0.01, Default: param.Num(0.01),
		Doc: prose.Page("smallest admitted share of the offered equivalent load [R]")},
	{Name: "overload.partition", Label: "Partitioning", Group: "Overload control", Kind: param.Choice, Choices: Partitions, Default: param.Str("strict-priority"),
		Doc: prose.Page("how the allowable equivalent load is shared: strict-priority (lower classes lose first) or proportional (every class the same fraction)")},
	{Name: "sred.weight", Label: "SRED w", Group: "Signaling RED", Kind: param.Number, Min: 0.0001, Max: 1, Step: 0.0001, Default: param.Num(0.002),
		Doc: prose.Page("weight of the newest queue sample in the average queue q̄, per first message")},
	{Name: "sred.min-th", Label: "SRED min_th", Group: "Signaling RED", Unit: "msgs", Kind: param.Number, Min: 0, Max: 5000, Step: 1, Default: param.Num(5),
		Doc: prose.Page("average queue below which no first message is rejected")},
	{Name: "sred.max-th", Label: "SRED max_th", Group: "Signaling RED", Unit: "msgs", Kind: param.Number, Min: 1, Max: 10000, Step: 1, Default: param.Num(15),
		Doc: prose.Page("average queue at and above which every first message is rejected")},
	{Name: "sred.max-p", Label: "SRED max_p", Group: "Signaling RED", Kind: param.Number, Min: 0, Max: 1, Step: 0.01, Default: param.Num(0.1),
		Doc: prose.Page("reject probability as the average queue reaches max_th")},
	{Name: "regression.on", Label: "Estimate costs", Group: "Cost regression", Kind: param.Bool, Default: param.On(false),
		Doc: prose.Page("estimate the per-class costs by regression of the occupancy on the per-class counts, in place of the configured costs")},
	{Name: "regression.window", Label: "Window", Group: "Cost regression", Unit: "intervals", Kind: param.Integer, Min: 10, Max: 600, Step: 1, Default: param.Num(60),
		Doc: prose.Page("intervals in the least-squares window (at least 5 per class, and 5 for the rejects)")},
	{Name: "regression.forgetting", Label: "Forgetting factor γ", Group: "Cost regression", Kind: param.Number, Min: 0.5, Max: 1, Step: 0.01, Default: param.Num(0.95),
		Doc: prose.Page("weight of an observation one interval older [R]")},
	{Name: "regression.min-variation", Label: "Min mix variation", Group: "Cost regression", Kind: param.Number, Min: 0, Max: 2, Step: 0.01, Default: param.Num(0.1),
		Doc: prose.Page("a cost is re-estimated only when its regressor varies by at least this (coefficient of variation) beyond what the regressors before it explain; otherwise its last estimate is held [R]")},
	{Name: "regression.max-occupancy", Label: "Max occupancy used", Group: "Cost regression", Unit: "%", Kind: param.Number, Min: 50, Max: 100, Step: 1, Default: param.Num(98),
		Doc: prose.Page("intervals with a higher occupancy are not used: a saturated processor hides its demand [R]")},
}

// ConfigFrom reads the control's parameters; costs are the configured CPU
// seconds per call (highest priority first) and base the base class.
func ConfigFrom(v param.Values, costs []float64, base int) (Config, error) {
	cfg := Config{
		Occupancy: Occupancy{
			Target: v.Num("overload.target-occupancy") / 100,
			PhiMax: v.Num("overload.phi-max"),
			FMin:   v.Num("overload.f-min"),
		},
		RED: RED{
			W:     v.Num("sred.weight"),
			MinTh: v.Num("sred.min-th"),
			MaxTh: v.Num("sred.max-th"),
			MaxP:  v.Num("sred.max-p"),
		},
		Proportional: v.Text("overload.partition") == "proportional",
		Costs:        costs,
		Base:         base,
		Regression:   v.Bool("regression.on"),
		Window:       v.Int("regression.window"),
		Forget:       v.Num("regression.forgetting"),
		MinVariation: v.Num("regression.min-variation"),
		MaxOccupancy: v.Num("regression.max-occupancy") / 100,
	}
	for i, a := range Algorithms {
		if v.Text("overload.algorithm") == a {
			cfg.Algorithm = Algorithm(i)
		}
	}
	return cfg, Check(v, len(costs))
}

// Check applies the rules that involve several of the control's fields, for
// k classes.
func Check(v param.Values, k int) error {
	if lo, hi := v.Num("sred.min-th"), v.Num("sred.max-th"); hi <= lo {
		return &param.Error{Field: "sred.max-th", Value: fmt.Sprint(hi), Allowed: fmt.Sprintf("more than sred.min-th = %g msgs", lo)}
	}
	if w, need := v.Int("regression.window"), 5*(k+1); w < need {
		return &param.Error{Field: "regression.window", Value: fmt.Sprint(w), Allowed: fmt.Sprintf("at least %d intervals (5 per class of the %d, and 5 for the rejects)", need, k)}
	}
	return nil
}
