package backoff

import (
	"fmt"

	"overloadlab/core/engine/kernel"
	"overloadlab/core/engine/param"
	"overloadlab/core/engine/prose"
)

const group = "NAS congestion control (MME)"

// Params is the schema of the MME's NAS congestion control.
var Params = []param.Spec{
	{Name: "nas-congestion", Label: "Reject #22 + T3346", Marker: "NAS congestion control", Group: group, Kind: param.Bool, Default: param.On(false),
		Doc: prose.Page("while congested the MME rejects attach, TAU and service requests with EMM cause #22 and a back-off timer T3346 (TS 23.401 §4.3.7.4.2); never emergency or high-priority access")},
	{Name: "nas-congestion.onset", Label: "Congestion onset", Marker: "NAS onset", Group: group, Unit: "% CPU", Kind: param.Number, Min: 1, Max: 100, Step: 1, Default: param.Num(80),
		Doc: prose.Page("[R] vendor threshold: congested from a CPU reading at or above this")},
	{Name: "nas-congestion.abatement", Label: "Congestion abatement", Marker: "NAS abatement", Group: group, Unit: "% CPU", Kind: param.Number, Min: 0, Max: 100, Step: 1, Default: param.Num(70),
		Doc: prose.Page("[R] vendor threshold (onset minus the tolerance): no longer congested from a reading below this; at most the onset")},
	{Name: "t3346.min", Label: "T3346 min", Group: group, Unit: "min", Kind: param.Number, Min: 0.5, Max: 180, Step: 0.5, Default: param.Num(15),
		Doc: prose.Page("the shortest back-off the MME sends (Cisco gmm t3346 min, default 15)")},
	{Name: "t3346.max", Label: "T3346 max", Group: group, Unit: "min", Kind: param.Number, Min: 0.5, Max: 180, Step: 0.5, Default: param.Num(30),
		Doc: prose.Page("the longest back-off (default 30): each reject draws T3346 uniformly from [min, max]; min = max sends a fixed value, which synchronises the herd")},
}

// CheckParams applies the rules the ranges cannot say: abatement ≤ onset
// and min ≤ max.
func CheckParams(v param.Values) error {
	if a, o := v.Num("nas-congestion.abatement"), v.Num("nas-congestion.onset"); a > o {
		return &param.Error{Field: "nas-congestion.abatement", Value: fmt.Sprint(a), Allowed: fmt.Sprintf("at most the onset, %v %% CPU", o)}
	}
	if lo, hi := v.Num("t3346.min"), v.Num("t3346.max"); lo > hi {
		return &param.Error{Field: "t3346.min", Value: fmt.Sprint(lo), Allowed: fmt.Sprintf("at most t3346.max, %v min", hi)}
	}
	return nil
}

// ConfigFrom reads the configuration from the values of Params.
func ConfigFrom(v param.Values) Config {
	return Config{
		On: v.Bool("nas-congestion"), Onset: v.Num("nas-congestion.onset") / 100, Abatement: v.Num("nas-congestion.abatement") / 100,
		Min: kernel.Seconds(60 * v.Num("t3346.min")), Max: kernel.Seconds(60 * v.Num("t3346.max")),
	}
}
