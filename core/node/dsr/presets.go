//go:build !js

package dsr

import (
	"math"

	"overloadlab/core/engine/claim"
	"overloadlab/core/engine/param"
	"overloadlab/core/engine/scenario"
)

// fixedReduction is the example of Oracle's DSR documentation: the server asks for a fixed
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
		Tour:    tourDoicPriorityOnly,
		Summary: "10 % reduction, P0 is 20 % of the traffic: priority-only abatement discards half of P0 and nothing above it",
		Teaches: "Watch the abated chart: only the P0 layers are discarded, about half of them, while the Max ETR line cuts the P0 layers of the offered stack in two; colour within priority takes P0 yellow first, then a little P0 green.",
		Params:  fixedReduction(10, abatement("priority-only")),
		Compare: []scenario.Variant{{Label: "colour within priority", Params: abatement("colour-within-priority")}},
		Pace:    1, Watch: "abated",
		Claims: []claim.Claim{
			{Name: "p0-abated", Kind: claim.Counter, Counter: "p0/rejected", Per: "p0/offered", What: "P0 abated, as a share of P0 offered", Min: 48, Max: 52},
			{Name: "p1-untouched", Kind: claim.Counter, Counter: "p1/rejected", What: "P1 requests abated", Min: 0, Max: 0},
			{Name: "p2-untouched", Kind: claim.Counter, Counter: "p2/rejected", What: "P2 requests abated", Min: 0, Max: 0},
			{Name: "p3-untouched", Kind: claim.Counter, Counter: "p3/rejected", What: "P3 requests abated", Min: 0, Max: 0},
			{Name: "p4-untouched", Kind: claim.Counter, Counter: "p4/rejected", What: "P4 requests abated", Min: 0, Max: 0},
			{Name: "p0-half-early", Step: true, Kind: claim.Mean, Column: "p0.rejected", What: "P0 abated", From: 4, To: 14, Min: 450, Max: 550},
			// The exercises' claims this run fails (exercises.go).
			{Name: "p1-abated-some", Fails: true, Kind: claim.Counter, Counter: "p1/rejected", What: "P1 requests abated", Min: 1, Max: inf},
			{Name: "p0-all-abated", Fails: true, Kind: claim.Counter, Counter: "p0/rejected", Per: "p0/offered", What: "P0 abated, as a share of P0 offered", Min: 90, Max: 100},
			{Name: "p0-tenth-abated", Fails: true, Kind: claim.Counter, Counter: "p0/rejected", Per: "p0/offered", What: "P0 abated, as a share of P0 offered", Min: 5, Max: 15},
		},
		Predictions: predictPriorityOnly,
	},
	{
		Name: "doic-priority-within-colour", Model: "dsr", Seed: 1, Duration: 60,
		Tour:    tourDoicPriorityWithinColour,
		Summary: "25 % reduction with priority-within-colour: yellow traffic of every priority goes before any green",
		Teaches: "Watch the abated chart: yellow P0 and P1 go whole and part of yellow P2, while green P0 is untouched; compare with priority-only, which takes all of P0 green included.",
		Params:  fixedReduction(25, abatement("priority-within-colour")),
		Compare: []scenario.Variant{
			{Label: "priority only", Params: abatement("priority-only")},
			{Label: "colour within priority", Params: abatement("colour-within-priority")},
		},
		Pace: 1, Watch: "abated",
		Claims: []claim.Claim{
			{Name: "p0-green-untouched", Kind: claim.Counter, Counter: cGreenAbated.In("P0 by colour"), What: "green P0 requests abated", Min: 0, Max: 0},
			{Name: "p0-yellow-goes-whole", Kind: claim.Counter, Counter: cYellowSent.In("P0 by colour"), Per: "p0/offered", What: "yellow P0 sent, as a share of P0 offered", Min: 0, Max: 1.5},
			{Name: "p1-yellow-goes-whole", Kind: claim.Counter, Counter: cYellowSent.In("P1 by colour"), Per: "p1/offered", What: "yellow P1 sent, as a share of P1 offered", Min: 0, Max: 1.5},
			{Name: "p2-yellow-part", Kind: claim.Counter, Counter: cYellowAbated.In("P2 by colour"), Per: "p2/offered", What: "yellow P2 abated, as a share of P2 offered", Min: 10, Max: 25},
			{Name: "p3-untouched", Kind: claim.Counter, Counter: "p3/rejected", What: "P3 requests abated", Min: 0, Max: 0},
			{Name: "p4-untouched", Kind: claim.Counter, Counter: "p4/rejected", What: "P4 requests abated", Min: 0, Max: 0},
		},
	},
	{
		Name: "doic-plain-vs-ranked", Model: "dsr", Seed: 1, Duration: 60,
		Tour:    tourDoicPlainVsRanked,
		Summary: "plain loss at a 10 % reduction, to compare with ranked abatement (priority only) at the same reduction: the same total, a very different per-priority outcome",
		Teaches: "Plain loss abates about 500 requests/s and takes 10 % of every priority, P4 emergency traffic included; compared with ranked abatement (priority only), which abates as many but takes them all from P0.",
		Params:  fixedReduction(10, abatement("plain-loss")),
		Compare: []scenario.Variant{{Label: "priority only", Params: abatement("priority-only")}},
		Pace:    1, Watch: "abated",
		Claims: []claim.Claim{
			{Name: "p0-abated", Kind: claim.Counter, Counter: "p0/rejected", Per: "p0/offered", What: "P0 abated, as a share of P0 offered", Min: 9, Max: 11},
			{Name: "p1-abated", Kind: claim.Counter, Counter: "p1/rejected", Per: "p1/offered", What: "P1 abated, as a share of P1 offered", Min: 9, Max: 11},
			{Name: "p2-abated", Kind: claim.Counter, Counter: "p2/rejected", Per: "p2/offered", What: "P2 abated, as a share of P2 offered", Min: 9, Max: 11},
			{Name: "p3-abated", Kind: claim.Counter, Counter: "p3/rejected", Per: "p3/offered", What: "P3 abated, as a share of P3 offered", Min: 9, Max: 11},
			{Name: "p4-abated", Kind: claim.Counter, Counter: "p4/rejected", Per: "p4/offered", What: "P4 abated, as a share of P4 offered", Min: 9, Max: 11},
			{Name: "abated-early", Step: true, Kind: claim.Mean, Column: "rejected", What: "requests abated", From: 4, To: 14, Min: 450, Max: 550},
			{Name: "p4-abated-early", Step: true, Kind: claim.Share, Column: "p4.rejected", Op: claim.Above, Value: 0, What: "P4 requests abated", From: 4, To: 14, Min: 100, Max: 100},
			{Name: "abates-a-tenth", Kind: claim.Counter, Counter: "total/rejected", Per: "total/offered", What: "requests abated, as a share of those offered", Min: 9, Max: 11},
			// The exercises' claims this run fails (exercises.go).
			{Name: "p0-half-abated", Fails: true, Kind: claim.Counter, Counter: "p0/rejected", Per: "p0/offered", What: "P0 abated, as a share of P0 offered", Min: 40, Max: 60},
			{Name: "p4-spared", Fails: true, Kind: claim.Counter, Counter: "p4/rejected", What: "P4 requests abated", Min: 0, Max: 0},
			{Name: "p3-spared", Fails: true, Kind: claim.Counter, Counter: "p3/rejected", What: "P3 requests abated", Min: 0, Max: 0},
		},
		Predictions: predictPlainLoss,
		Challenges:  challengePlainLoss,
	},
	{
		Name: "doic-shm-bursty", Model: "dsr", Seed: 1, Duration: 60,
		Tour:    tourDoicShmBursty,
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
		Claims: []claim.Claim{
			{Name: "server-over-capacity", Kind: claim.Share, Column: "server.load", Op: claim.Above, Value: 100, Min: 15, Max: 30},
			{Name: "p1-untouched", Kind: claim.Counter, Counter: "p1/rejected", What: "P1 requests abated", Min: 0, Max: 0},
			{Name: "p2-untouched", Kind: claim.Counter, Counter: "p2/rejected", What: "P2 requests abated", Min: 0, Max: 0},
			{Name: "p3-untouched", Kind: claim.Counter, Counter: "p3/rejected", What: "P3 requests abated", Min: 0, Max: 0},
			{Name: "p4-untouched", Kind: claim.Counter, Counter: "p4/rejected", What: "P4 requests abated", Min: 0, Max: 0},
			{Name: "over-capacity-in-bursts", Step: true, Kind: claim.Share, Column: "server.load", Op: claim.Above, Value: 100, What: "server load above its capacity", To: 19, Min: 10, Max: 35},
			{Name: "undershoot-after-burst", Step: true, Kind: claim.Mean, Column: "p0.rejected", What: "P0 abated", From: 20, To: 22, Min: 250, Max: 400},
			{Name: "steady-before-burst", Step: true, Kind: claim.Mean, Column: "p0.rejected", What: "P0 abated", From: 3, To: 6, Min: 450, Max: 550},
		},
	},
	{
		Name: "doic-overload-and-recovery", Model: "dsr", Seed: 1, Duration: 90,
		Tour:    tourDoicOverloadAndRecovery,
		Summary: "the load steps to 1.5× at 20 s and falls to 0.7× at 60 s: the server's occupancy rule asks for the reduction it needs, then ends the overload",
		Teaches: "Watch the reduction chart: the requested reduction settles where the server's load meets its 90 % target, and drops to 0 with an end report when the load falls; without DOIC the server's queue overflows instead.",
		Params:  abatement("priority-only"),
		Timeline: []scenario.Change{
			{At: 20, Param: "traffic.scale", Value: param.Num(1.5)},
			{At: 60, Param: "traffic.scale", Value: param.Num(0.7)},
		},
		Compare: []scenario.Variant{{Label: "no DOIC", Params: map[string]param.Value{"doic.enabled": param.On(false)}}},
		Pace:    2, Watch: "reduction",
		Claims: []claim.Claim{
			{Name: "load-near-90", Kind: claim.Mean, Column: "server.load", From: 21, To: 60, Min: 88, Max: 92},
			{Name: "load-under-95", Kind: claim.Share, Column: "server.load", Op: claim.AtMost, Value: 95, From: 21, To: 60, Min: 85, Max: 100, Most: &claim.Range{Min: 97, Max: 100}},
			{Name: "load-over-85", Kind: claim.Share, Column: "server.load", Op: claim.AtLeast, Value: 85, From: 21, To: 60, Min: 85, Max: 100, Most: &claim.Range{Min: 97, Max: 100}},
			{Name: "reduction-ends", Kind: claim.Settle, Column: "server.reduction", Op: claim.AtMost, Value: 0, From: 60, To: 74, Min: 0, Max: 2},
			{Name: "end-report", Kind: claim.Counter, Counter: cOlrEnded.In("DOIC reacting node"), What: "overload reports ending an overload", Min: 1, Max: 1},
			{Name: "no-queue-overflow", Kind: claim.Counter, Counter: cDiscardedQueueFull.In("DOIC reporting node"), What: "requests discarded by a full server queue", Min: 0, Max: 0},
			{Name: "asks-from-start", Step: true, Kind: claim.Mean, Column: "server.reduction", From: 4, To: 14, Min: 15, Max: 22},
			{Name: "load-near-90-from-start", Step: true, Kind: claim.Mean, Column: "server.load", From: 4, To: 14, Min: 87, Max: 93},
		},
	},
	{
		Name: "doic-rate-algorithm", Model: "dsr", Seed: 1, Duration: 60,
		Tour:    tourDoicRateAlgorithm,
		Summary: "the RFC 8582 rate algorithm: the server asks for at most 90 % of its capacity, the agent's leaky bucket lets higher priorities burst further",
		Teaches: "The sent rate sits at the OC-Maximum-Rate line; the abated chart shows the low priorities losing most, because their tolerance τ is the smallest, but the boundary is soft: P0 keeps a little, P2 loses a little, where priority-only takes whole layers.",
		Params:  map[string]param.Value{"doic.abatement": param.Str("rate"), "traffic.scale": param.Num(1.2)},
		Compare: []scenario.Variant{{Label: "priority only", Params: abatement("priority-only")}},
		Pace:    1, Watch: "sent",
		Claims: []claim.Claim{
			{Name: "p0-abated", Kind: claim.Counter, Counter: "p0/rejected", Per: "p0/offered", What: "P0 abated, as a share of P0 offered", Min: 90, Max: 99},
			{Name: "p1-abated", Kind: claim.Counter, Counter: "p1/rejected", Per: "p1/offered", What: "P1 abated, as a share of P1 offered", Min: 30, Max: 55},
			{Name: "p2-abated", Kind: claim.Counter, Counter: "p2/rejected", Per: "p2/offered", What: "P2 abated, as a share of P2 offered", Min: 0.1, Max: 2},
			{Name: "p3-untouched", Kind: claim.Counter, Counter: "p3/rejected", What: "P3 requests abated", Min: 0, Max: 3, Most: &claim.Range{Min: 0, Max: 0}},
			{Name: "p4-untouched", Kind: claim.Counter, Counter: "p4/rejected", What: "P4 requests abated", Min: 0, Max: 0},
			{Name: "load-at-max-rate", Step: true, Kind: claim.Mean, Column: "server.load", What: "server load (OC-Maximum-Rate: 90 % of capacity)", From: 4, To: 19, Min: 88, Max: 92},
		},
	},
	{
		Name: "doic-divert", Model: "dsr", Seed: 1, Duration: 60,
		Tour:    tourDoicDivert,
		Summary: "the same 10 % reduction with an alternate server: abated requests are diverted instead of answered DIAMETER_TOO_BUSY",
		Teaches: "Nothing is rejected: the abated P0 requests complete on the alternate server, whose load the server chart shows.",
		Params:  fixedReduction(10, map[string]param.Value{"alternate.enabled": param.On(true)}),
		Pace:    1, Watch: "server",
		Claims: []claim.Claim{
			{Name: "none-rejected", Kind: claim.Counter, Counter: "total/rejected", What: "requests rejected (DIAMETER_TOO_BUSY)", Min: 0, Max: 0},
			{Name: "diverted", Kind: claim.Counter, Counter: cDiverted.In("DOIC reacting node"), Per: "p0/offered", What: "requests diverted to the alternate server, as a share of P0 offered", Min: 48, Max: 52},
			{Name: "alternate-keeps-up", Kind: claim.Counter, Counter: cAlternateDiscarded.In("DOIC reporting node"), What: "requests discarded by the alternate server", Min: 0, Max: 0},
			{Name: "none-rejected-early", Step: true, Kind: claim.Share, Column: "rejected", Op: claim.AtMost, Value: 0, What: "requests rejected at 0 /s", To: 19, Min: 100, Max: 100},
			{Name: "diverted-early", Step: true, Kind: claim.Mean, Column: "diverted", From: 1, To: 19, Min: 450, Max: 550},
		},
	},
	{
		Name: "doic-injected-report", Model: "dsr", Seed: 1, Duration: 60,
		Tour:    tourDoicInjectedReport,
		Summary: "an overload report of R = 15 % injected from 20 s to 50 s into a server at half its capacity: abatement studied without sizing the server",
		Teaches: "The server is at about half its capacity and would ask for nothing, yet from 20 s to 50 s it asks for 15 % because the report is injected: " +
			"priority-only abatement takes it all from P0 (three quarters of P0 while in force), and at 50 s an end report stops it.",
		Params: map[string]param.Value{
			"server.rule": param.Str("injected"), "server.reduction": param.Num(15),
			"server.inject-from": param.Num(20), "server.inject-to": param.Num(50), "traffic.scale": param.Num(0.5),
		},
		Compare: []scenario.Variant{{Label: "plain loss", Params: abatement("plain-loss")}},
		Pace:    1, Watch: "reduction",
		Claims: []claim.Claim{
			{Name: "asked-while-injected", Kind: claim.Share, Column: "server.reduction", Op: claim.AtLeast, Value: 15, From: 19, To: 49, Min: 100, Max: 100},
			{Name: "nothing-asked-before", Kind: claim.Share, Column: "server.reduction", Op: claim.AtMost, Value: 0, To: 19, Min: 100, Max: 100},
			{Name: "nothing-asked-after", Kind: claim.Share, Column: "server.reduction", Op: claim.AtMost, Value: 0, From: 49, To: 54, Min: 100, Max: 100},
			{Name: "under-target", Kind: claim.Share, Column: "server.load", Op: claim.Below, Value: 60, Min: 100, Max: 100},
			{Name: "p0-abated", Kind: claim.Counter, Counter: "p0/rejected", Per: "p0/offered", What: "P0 abated, as a share of P0 offered", Min: 35, Max: 40},
			{Name: "p1-untouched", Kind: claim.Counter, Counter: "p1/rejected", What: "P1 requests abated", Min: 0, Max: 0},
			{Name: "end-report", Kind: claim.Counter, Counter: cOlrEnded.In("DOIC reacting node"), What: "overload reports ending an overload", Min: 1, Max: 1},
			{Name: "asked-from-20", Step: true, Kind: claim.Share, Column: "server.reduction", Op: claim.AtLeast, Value: 15, From: 19, To: 29, Min: 100, Max: 100},
			{Name: "p1-untouched-early", Step: true, Kind: claim.Share, Column: "p1.rejected", Op: claim.AtMost, Value: 0, What: "P1 abated at 0 /s", To: 29, Min: 100, Max: 100},
		},
	},
}

var inf = math.Inf(1)
