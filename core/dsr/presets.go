package dsr

import (
	"overloadlab/core/param"
	"overloadlab/core/scenario"
)

// fixedReduction is the seed's example: the server asks for a fixed
// reduction R while the 5000/s its clients offer exceed its target (90 % of
// 4800/s), so the agent abates R % from the start to the end of the run.
func fixedReduction(r float64, extra map[string]param.Value) map[string]param.Value {
	p := map[string]param.Value{
		"server.rule":      param.Str("fixed"),
		"server.reduction": param.Num(r),
		"server.capacity":  param.Num(4800),
	}
	for k, v := range extra {
		p[k] = v
	}
	return p
}

func abatement(name string) map[string]param.Value {
	return map[string]param.Value{"doic.abatement": param.Str(name)}
}

var presets = []scenario.Preset{
	{
		Name: "doic-priority-only", Model: "dsr", Seed: 1, Duration: 60,
		Summary: "10 % reduction, P0 is 20 % of the traffic: priority-only abatement discards half of P0 and nothing above it",
		Teaches: "Watch the abated chart: only the P0 layers are discarded, about half of them, while the Max ETR line cuts the P0 layers of the offered stack in two; colour within priority takes P0 yellow first, then a little P0 green.",
		Params:  fixedReduction(10, abatement("priority-only")),
		Compare: []scenario.Variant{{Label: "colour within priority", Params: abatement("colour-within-priority")}},
		Pace:    1, Watch: "abated",
		Tour: []scenario.Step{
			{At: 5, Charts: []string{"reduction"}, Text: "The server asks for a fixed 10 % reduction (OC-Reduction-Percentage) while its clients offer about 5000 requests/s, more than its 90 % target."},
			{At: 15, Charts: []string{"ttp-priority", "abated"}, Text: "Priority-only abatement takes the 10 % from the lowest priority: P0 is 20 % of the traffic, so about half of P0 is discarded and nothing above it. The Max ETR line cuts the P0 layers of the offered stack in two."},
			{At: 40, Charts: []string{"sent", "outcomes"}, Text: "What is sent to the server stays at the Max ETR; the abated P0 requests are answered DIAMETER_TOO_BUSY (rejected). Compare side by side with colour within priority, which takes P0 yellow first."},
		},
	},
	{
		Name: "doic-priority-within-colour", Model: "dsr", Seed: 1, Duration: 60,
		Summary: "25 % reduction with priority-within-colour: yellow traffic of every priority goes before any green",
		Teaches: "Watch the abated chart: yellow P0 and P1 go whole and part of yellow P2, while green P0 is untouched; compare with priority-only, which takes all of P0 green included.",
		Params:  fixedReduction(25, abatement("priority-within-colour")),
		Compare: []scenario.Variant{
			{Label: "priority only", Params: abatement("priority-only")},
			{Label: "colour within priority", Params: abatement("colour-within-priority")},
		},
		Pace: 1, Watch: "abated",
		Tour: []scenario.Step{
			{At: 5, Charts: []string{"reduction"}, Text: "The server asks for a 25 % reduction; the agent abates priority-within-colour."},
			{At: 15, Charts: []string{"abated", "ttp-colour"}, Text: "Yellow traffic of every priority goes before any green: yellow P0 and P1 go whole and part of yellow P2, while green P0 is untouched."},
			{At: 40, Charts: []string{"abated", "sent"}, Text: "Compare side by side with priority-only, which takes all of P0, green included, before any P1."},
		},
	},
	{
		Name: "doic-plain-vs-ranked", Model: "dsr", Seed: 1, Duration: 60,
		Summary: "plain loss against ranked abatement at the same 10 % reduction: the same total, a very different per-priority outcome",
		Teaches: "Both sides abate about 500 requests/s; plain loss takes 10 % of every priority, P4 emergency traffic included, priority-only takes them all from P0.",
		Params:  fixedReduction(10, abatement("plain-loss")),
		Compare: []scenario.Variant{{Label: "priority only", Params: abatement("priority-only")}},
		Pace:    1, Watch: "abated",
		Tour: []scenario.Step{
			{At: 5, Charts: []string{"reduction"}, Text: "The same 10 % reduction, abated by plain loss: every request has the same chance to be discarded."},
			{At: 15, Charts: []string{"abated"}, Text: "Plain loss abates about 500 requests/s, 10 % of every priority, P4 emergency traffic included."},
			{At: 40, Charts: []string{"abated", "outcomes"}, Text: "Run side by side with priority-only: the same total is abated, but all of it from P0."},
		},
	},
	{
		Name: "doic-shm-bursty", Model: "dsr", Seed: 1, Duration: 60,
		Summary: "P0 bursts to 3× for 2 s every 10 s under a 10 % reduction: a 5 s Rate Convergence Time over- and under-shoots, 0.2 s follows",
		Teaches: "With the long convergence time the Max ETR lags the bursts: during a burst more P0 is abated than needed (overshoot), after it too little (undershoot) and the server gets more than the Max ETR; compare with the 0.2 s variant.",
		Params: fixedReduction(10, map[string]param.Value{
			"doic.abatement":  param.Str("priority-only"),
			"shm.convergence": param.Num(5),
			"burst.period":    param.Num(10),
			"burst.length":    param.Num(2),
			"burst.factor":    param.Num(3),
			"burst.priority":  param.Str("p0"),
			"ttp.max-etr":     param.Num(250000), // no cap: the Max ETR follows the bursts
		}),
		Compare: []scenario.Variant{{Label: "convergence 0.2 s", Params: map[string]param.Value{"shm.convergence": param.Num(0.2)}}},
		Pace:    1, Watch: "ttp-priority",
		Tour: []scenario.Step{
			{At: 9, Charts: []string{"ttp-priority"}, Text: "P0 bursts to 3× for 2 s every 10 s under a 10 % reduction. The Sliding Historic Metric estimates each layer's rate with a 5 s Rate Convergence Time."},
			{At: 20, Charts: []string{"sent", "ttp-priority"}, Text: "The Max ETR lags the bursts: during a burst the server gets more than the Max ETR, because the rate estimate has not caught up."},
			{At: 23, Charts: []string{"abated"}, Text: "After a burst the estimate stays high for seconds: less P0 is abated than the 10 % asked (undershoot), until it converges again."},
			{At: 45, Charts: []string{"sent", "abated"}, Text: "Compare side by side with a convergence time of 0.2 s, which follows the bursts."},
		},
	},
	{
		Name: "doic-overload-and-recovery", Model: "dsr", Seed: 1, Duration: 90,
		Summary: "the load steps to 1.5× at 20 s and falls to 0.7× at 60 s: the server's occupancy rule asks for the reduction it needs, then ends the overload",
		Teaches: "Watch the reduction chart: the requested reduction settles where the server's load meets its 90 % target, and drops to 0 with an end report when the load falls; without DOIC the server's queue overflows instead.",
		Params:  abatement("priority-only"),
		Timeline: []scenario.Change{
			{At: 20, Param: "traffic.scale", Value: param.Num(1.5)},
			{At: 60, Param: "traffic.scale", Value: param.Num(0.7)},
		},
		Compare: []scenario.Variant{{Label: "no DOIC", Params: map[string]param.Value{"doic.enabled": param.On(false)}}},
		Pace:    2, Watch: "reduction",
		Tour: []scenario.Step{
			{At: 15, Charts: []string{"reduction"}, Text: "The server's load is under its 90 % target: it asks for no reduction."},
			{At: 40, Charts: []string{"reduction", "sent"}, Text: "At 20 s the load steps to 1.5×: the server's occupancy rule asks for the reduction it needs, and the requested reduction settles where its load meets the 90 % target."},
			{At: 75, Charts: []string{"reduction", "outcomes"}, Text: "At 60 s the load falls to 0.7×: the reduction drops to 0 and an end report ends the overload. Compare side by side without DOIC: the server's queue overflows instead."},
		},
	},
	{
		Name: "doic-rate-algorithm", Model: "dsr", Seed: 1, Duration: 60,
		Summary: "the RFC 8582 rate algorithm: the server asks for at most 90 % of its capacity, the agent's leaky bucket lets higher priorities burst further",
		Teaches: "The sent rate sits at the OC-Maximum-Rate line; the abated chart shows the low priorities losing most, because their tolerance τ is the smallest, but the boundary is soft: P0 keeps a little, P2 loses a little, where priority-only takes whole layers.",
		Params:  map[string]param.Value{"doic.abatement": param.Str("rate"), "traffic.scale": param.Num(1.2)},
		Compare: []scenario.Variant{{Label: "priority only", Params: abatement("priority-only")}},
		Pace:    1, Watch: "sent",
		Tour: []scenario.Step{
			{At: 5, Charts: []string{"reduction"}, Text: "The RFC 8582 rate algorithm: the server asks for at most 90 % of its capacity (OC-Maximum-Rate) under a 1.2× load."},
			{At: 20, Charts: []string{"sent"}, Text: "The sent rate sits at the OC-Maximum-Rate line: the agent's leaky bucket lets no more through."},
			{At: 40, Charts: []string{"abated"}, Text: "The low priorities lose most, because their tolerance τ is the smallest, but the boundary is soft: P0 keeps a little, P2 loses a little, where priority-only takes whole layers."},
		},
	},
	{
		Name: "doic-divert", Model: "dsr", Seed: 1, Duration: 60,
		Summary: "the same 10 % reduction with an alternate server: abated requests are diverted instead of answered DIAMETER_TOO_BUSY",
		Teaches: "Nothing is rejected: the abated P0 requests complete on the alternate server, whose load the server chart shows.",
		Params:  fixedReduction(10, map[string]param.Value{"alternate.enabled": param.On(true)}),
		Pace:    1, Watch: "server",
		Tour: []scenario.Step{
			{At: 5, Charts: []string{"reduction"}, Text: "The same fixed 10 % reduction, with an alternate server configured."},
			{At: 20, Charts: []string{"server", "outcomes"}, Text: "The abated P0 requests are diverted to the alternate server instead of answered DIAMETER_TOO_BUSY: nothing is rejected."},
			{At: 45, Charts: []string{"server"}, Text: "The alternate server's load shows the diverted traffic completing there."},
		},
	},
}
