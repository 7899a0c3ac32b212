package acg

import (
	"overloadlab/core/engine/param"
	"overloadlab/core/engine/prose"
)

// Params is the schema of the code gapping controls' parameters: the
// standard table and the adaptive rule [R]. A model adds how it chooses
// between them.
var Params = []param.Spec{
	{Name: "acg.table", Label: "Standard ACG table", Group: "Control", Kind: param.Text, Default: param.Str(DefaultTable), Check: CheckTable,
		Doc: "one congestion level per line, \"LOAD GAP DURATION\": at a measured load ≥ LOAD % of capacity the SCP sends that gap (0, 0.1, 0.25, 0.5, 1, 2, 5, 10, 15, 30, 60, 120, 300, 600 s or stop) for that duration (1, 2, 4 … 2048 s or inf)"},
	{Name: "adaptive.target", Label: "C_target", Group: "Control", Unit: "% of capacity", Kind: param.Number, Min: 10, Max: 150, Step: 1, Default: param.Num(95),
		Doc: prose.Page("adaptive control [R]: the load the SCP aims to receive, r_{n+1} = clamp(r_n·C_target/X_n, r_min, r_max)")},
	{Name: "adaptive.rate-min", Label: "r_min", Group: "Control", Unit: "/s", Kind: param.Number, Min: 0.001, Max: 10, Step: 0.001, Default: param.Num(0.01),
		Doc: prose.Page("adaptive control [R]: lowest per-source rate, so the largest gap is 1/r_min")},
	{Name: "adaptive.rate-max", Label: "r_max", Group: "Control", Unit: "/s", Kind: param.Number, Min: 1, Max: 100000, Step: 1, Default: param.Num(1000),
		Doc: prose.Page("adaptive control [R]: highest per-source rate; at r_max the SCP lifts the gap (sends g = 0)")},
	{Name: "adaptive.max-step", Label: "Max step", Group: "Control", Unit: "× per interval", Kind: param.Number, Min: 0, Max: 100, Step: 0.1, Default: param.Num(2),
		Doc: prose.Page("adaptive control [R]: r changes by at most this factor per interval (0 = unlimited, the rule as stated, which overshoots while the sources learn the new gap)")},
	{Name: "adaptive.duration", Label: "Gap duration", Group: "Control", Unit: "s", Kind: param.Number, Min: 1, Max: 2048, Step: 1, Default: param.Num(8),
		Doc: prose.Page("adaptive control [R]: duration sent with the adaptive gap; every response renews it")},
}
