//go:build !js

package scp

import (
	"math"

	"overloadlab/core/engine/claim"
	"overloadlab/core/engine/param"
	"overloadlab/core/engine/scenario"
)

// with returns the parameters p plus the control named control.
func with(control string, p map[string]param.Value) map[string]param.Value {
	out := map[string]param.Value{"scp.control": param.Str(control)}
	for k, v := range p {
		out[k] = v
	}
	return out
}

// sources describes n SSPs of the given mix at load × capacity.
func sources(n int, mix string, load float64) map[string]param.Value {
	return map[string]param.Value{
		"ssp.count": param.Num(float64(n)),
		"ssp.mix":   param.Str(mix),
		"ssp.load":  param.Num(load),
	}
}

// compare lists the other two controls beside a preset.
// The study's curves (Def.Sweeps) are named in these words too: one
// control, one name.
func compare(control string) []scenario.Variant {
	var out []scenario.Variant
	for _, c := range Controls {
		if c != control {
			out = append(out, scenario.Variant{Label: controlWords[c], Params: map[string]param.Value{"scp.control": param.Str(c)}})
		}
	}
	return out
}

// controlWords names each control in words, as the comparisons and the
// study's curves show it.
var controlWords = map[string]string{"none": "no control", "standard-acg": "standard ACG", "adaptive-acg": "adaptive"}

// interval is the SCP's measurement interval in the presets: 2 s, longer
// than the time a light SSP under the gap takes to learn a new one.
const interval = 2

func preset(name, control, summary, teaches string, p map[string]param.Value, tl []scenario.Change) scenario.Preset {
	return scenario.Preset{
		Name: name, Model: "scp", Seed: 1, Duration: 300, Interval: interval,
		Summary: summary, Teaches: teaches,
		Params: with(control, p), Timeline: tl, Compare: compare(control),
	}
}

// toured gives a preset its pace (300 s in 30 s of wall time) and the chart
// to watch first; its tour is in tours.go.
func toured(tour []scenario.Step, p scenario.Preset, watch string) scenario.Preset {
	p.Tour, p.Pace, p.Watch = tour, 10, watch
	return p
}

// claimed gives a preset its claims.
func claimed(p scenario.Preset, c ...claim.Claim) scenario.Preset {
	p.Claims = c
	return p
}

var inf = math.Inf(1)

// exercised gives a preset its exercises (exercises.go).
func exercised(p scenario.Preset, predictions []scenario.Prediction, challenges []scenario.Challenge) scenario.Preset {
	p.Predictions, p.Challenges = predictions, challenges
	return p
}

// also adds side-by-side variants to a preset.
func also(p scenario.Preset, v ...scenario.Variant) scenario.Preset {
	p.Compare = append(v, p.Compare...)
	return p
}

var presets = []scenario.Preset{
	exercised(claimed(toured(tourScpStandardAcg, preset("scp-standard-acg", "standard-acg",
		"100 SSPs at 10/s each against an SCP of 500 queries/s (2× overload) under the standard ACG table",
		"Watch the gap chart and the CPU: the table's gap ends the overload with far too large a step, the level falls to 0, "+
			"the SSPs keep blocking until the duration ends while the SCP idles, then they all return: on, off, on.",
		sources(100, "balanced", 2), nil), "gap"),
		claim.Claim{Name: "on-off", Kind: claim.Counter, Counter: cGappingOnOffSwitches.In("gaps at the ssps"), What: "times gapping switched on or off", Min: 10, Max: inf},
		claim.Claim{Name: "blocked-while-idle", Kind: claim.Counter, Counter: cThrottledWhileScpCpuUnder90pct.In("gaps at the ssps"), Per: "gaps at the ssps/throttled", What: "queries blocked while the SCP ran under 90 % CPU, as a share of all blocked", Min: 50, Max: 100},
		claim.Claim{Name: "carries-far-less", Kind: claim.Counter, Counter: cThroughputPctOfCapacity.In("scp"), What: "throughput, % of capacity", Min: 0, Max: 75},
		claim.Claim{Name: "level-raised-at-start", Step: true, Kind: claim.Share, Column: "level", Op: claim.Above, Value: 0, To: 2, Min: 100, Max: 100},
		claim.Claim{Name: "level-on-off", Step: true, Kind: claim.Share, Column: "level", Op: claim.Above, Value: 0, From: 18, To: 98, Min: 5, Max: 30},
		// The exercises' claims this run fails (exercises.go).
		claim.Claim{Name: "at-least-90-pct", Fails: true, Kind: claim.Counter, Counter: cThroughputPctOfCapacity.In("scp"), What: "throughput, % of capacity", Min: 90, Max: 100},
		claim.Claim{Name: "cpu-pinned", Fails: true, Kind: claim.Share, Column: "cpu", Op: claim.AtLeast, Value: 99, Min: 80, Max: 100},
		claim.Claim{Name: "steady-gap", Fails: true, Kind: claim.Counter, Counter: cGappingOnOffSwitches.In("gaps at the ssps"), What: "times gapping switched on or off", Min: 0, Max: 1}),
		predictStandardAcg, challengeStandardAcg),
	claimed(toured(tourScpAdaptiveAcg, preset("scp-adaptive-acg", "adaptive-acg",
		"the same 100 SSPs at 2× overload under the adaptive gap r ← r·C_target/X",
		"The adaptive gap settles near g = 1/r with Σ λ/(1+λ/r) = C_target: throughput stays at about 95 % of capacity, "+
			"with no on/off, and almost no query (under 2 %) gapped while the SCP runs under 90 %.",
		sources(100, "balanced", 2), nil), "gap"),
		claim.Claim{Name: "near-95-pct", Kind: claim.Counter, Counter: cThroughputPctOfCapacity.In("scp"), What: "throughput, % of capacity", Min: 93, Max: 97},
		claim.Claim{Name: "no-on-off", Kind: claim.Counter, Counter: cGappingOnOffSwitches.In("gaps at the ssps"), What: "times gapping switched on or off", Min: 0, Max: 1},
		claim.Claim{Name: "almost-none-blocked-under-90", Kind: claim.Counter, Counter: cThrottledWhileScpCpuUnder90pct.In("gaps at the ssps"), Per: "gaps at the ssps/throttled", What: "queries blocked while the SCP ran under 90 % CPU, as a share of all blocked", Min: 0, Max: 2},
		claim.Claim{Name: "load-near-95", Step: true, Kind: claim.Mean, Column: "scp.load", From: 40, To: 58, Min: 93, Max: 97}),
	claimed(toured(tourScp1000Ssps10x, preset("scp-1000-ssps-10x", "standard-acg",
		"1000 SSPs at 5/s each (10× overload) under the standard ACG table: many light sources",
		"The worked case of Smith (1995): with many light SSPs the small table gaps leave the SCP overloaded. The table settles "+
			"on g = 0.5 s, 1000·5/(1 + 5·0.5) = 1429 queries/s reach an SCP of 500/s, and two in three are discarded "+
			"unanswered (their SSPs wait out their timers); throughput stays near capacity only because a discard is cheap "+
			"here (scp.discard-cost 5 %). The adaptive variant admits what the SCP can serve.",
		sources(1000, "balanced", 10), nil), "throughput"),
		claim.Claim{Name: "two-in-three-discarded", Kind: claim.Counter, Counter: cDroppedBufferFull.In("scp"), Per: "scp/queries_received", What: "queries dropped by the full buffer, as a share of those received", Min: 60, Max: 72},
		claim.Claim{Name: "near-capacity", Kind: claim.Counter, Counter: cThroughputPctOfCapacity.In("scp"), What: "throughput, % of capacity", Min: 85, Max: 95},
		// From 0:50: in about 1 run of 20 the table steps to the 1 s gap for an
		// interval near 0:38 and settles back by 0:50 (seed 21).
		claim.Claim{Name: "gap-half-second", Step: true, Kind: claim.Mean, Column: "gap.mean", What: "mean gap in force at gapped SSPs", From: 50, To: 58, Min: 0.49, Max: 0.51},
		claim.Claim{Name: "arrivals-1430", Step: true, Kind: claim.Mean, Column: "scp.arrivals", From: 50, To: 58, Min: 1400, Max: 1460}),
	exercised(claimed(toured(tourScp10Ssps, preset("scp-10-ssps", "standard-acg",
		"10 heavy SSPs at 65/s each (1.3× overload): even the smallest standard gap, 0.1 s, caps each SSP at 10/s",
		"The table's smallest gap admits at most 1/g = 10 queries/s per SSP, 100/s from all ten, a fifth of the capacity; "+
			"with its off phases the table carries about a third of the capacity: the standard ACG cannot gap few heavy "+
			"sources finely enough. The adaptive gap of about 6 ms can.",
		sources(10, "balanced", 1.3), nil), "sources"),
		claim.Claim{Name: "a-third-of-capacity", Kind: claim.Counter, Counter: cThroughputPctOfCapacity.In("scp"), What: "throughput, % of capacity", Min: 28, Max: 37},
		// The exercises' claims this run fails (exercises.go).
		claim.Claim{Name: "near-capacity", Fails: true, Kind: claim.Counter, Counter: cThroughputPctOfCapacity.In("scp"), What: "throughput, % of capacity", Min: 80, Max: 100},
		claim.Claim{Name: "next-to-nothing", Fails: true, Kind: claim.Counter, Counter: cThroughputPctOfCapacity.In("scp"), What: "throughput, % of capacity", Min: 0, Max: 10},
		claim.Claim{Name: "buffer-overflows", Fails: true, Kind: claim.Counter, Counter: cDroppedBufferFull.In("scp"), Per: "scp/queries_received", What: "queries dropped by the full buffer, as a share of those received", Min: 5, Max: 100}),
		predict10Ssps, nil),
	claimed(toured(tourScpUnbalanced, preset("scp-unbalanced", "standard-acg",
		"100 SSPs, 10 heavy ones at 20× the rate of the light ones, 3× overload: throughput and fairness",
		"Look at the per-SSP chart and Jain's index (max-min sharing desired): one common gap does not give max-min shares, "+
			"since a light SSP keeps λ/(1+λg) while a heavy one gets nearly 1/g; and in the table's off phases the heavy SSPs "+
			"send unchecked, so the table is less fair still, besides carrying less.",
		map[string]param.Value{"ssp.count": param.Num(100), "ssp.mix": param.Str("unbalanced"), "ssp.load": param.Num(3)}, nil), "fairness"),
		claim.Claim{Name: "unfair", Kind: claim.Counter, Counter: cJainIndex.In("fairness (max-min)"), What: "Jain's fairness index (1 = max-min fair)", Min: 0, Max: 0.7},
		claim.Claim{Name: "carries-less", Kind: claim.Counter, Counter: cThroughputPctOfCapacity.In("scp"), What: "throughput, % of capacity", Min: 0, Max: 50},
		claim.Claim{Name: "unfair-early", Step: true, Kind: claim.Mean, Column: "fairness", From: 40, To: 58, Min: 0.4, Max: 0.7}),
	claimed(toured(tourScp1000Unbalanced10x, preset("scp-1000-unbalanced-10x", "adaptive-acg",
		"1000 SSPs, 100 heavy ones at 20× the rate of the light ones, 10× overload, under the adaptive gap",
		"The adaptive gap holds the SCP at about 93 % of capacity with a thousand unequal sources; the heavy SSPs are capped "+
			"near 1/g, the light ones lose less. Compare Jain's index with the standard table's.",
		map[string]param.Value{"ssp.count": param.Num(1000), "ssp.mix": param.Str("unbalanced"), "ssp.load": param.Num(10)}, nil), "throughput"),
		claim.Claim{Name: "near-93-pct", Kind: claim.Counter, Counter: cThroughputPctOfCapacity.In("scp"), What: "throughput, % of capacity", Min: 91, Max: 95},
		claim.Claim{Name: "fair", Kind: claim.Counter, Counter: cJainIndex.In("fairness (max-min)"), What: "Jain's fairness index (1 = max-min fair)", Min: 0.95, Max: 1},
		claim.Claim{Name: "load-near-95", Step: true, Kind: claim.Mean, Column: "scp.load", From: 40, To: 58, Min: 93, Max: 97}),
	also(claimed(toured(tourScpAdaptiveLag, preset("scp-adaptive-lag", "adaptive-acg",
		"the adaptive rule as stated, without a step limit: 1000 SSPs at 10× overload swing on and off",
		"The SSPs learn a new gap only from the answer to their next admitted query, and at 10× most queries are dropped "+
			"unanswered; meanwhile X_n still shows the old gap, so r ← r·C_target/X_n keeps cutting, overshoots to about "+
			"0.04 queries/s per SSP (a 25 s gap) and swings back. Compare the variant with the rate limited to ×2 per interval.",
		map[string]param.Value{"ssp.count": param.Num(1000), "ssp.load": param.Num(10), "adaptive.max-step": param.Num(0)}, nil), "control"),
		claim.Claim{Name: "overshoots", Kind: claim.Share, Column: "adaptive.rate", Op: claim.AtMost, Value: 0.1, Min: 15, Max: 40},
		claim.Claim{Name: "swings", Kind: claim.Counter, Counter: cGappingOnOffSwitches.In("gaps at the ssps"), What: "times gapping switched on or off", Min: 10, Max: inf},
		// 2 to 4 of the 14 intervals over 600 seeds, 1 on seed 9066.
		claim.Claim{Name: "overshoots-early", Step: true, Kind: claim.Share, Column: "adaptive.rate", Op: claim.AtMost, Value: 0.1, From: 10, To: 38, Min: 5, Max: 40}),
		scenario.Variant{Label: "adaptive, r limited to ×2 per interval", Params: map[string]param.Value{"adaptive.max-step": param.Num(2)}}),
	claimed(toured(tourScpOverloadStep, preset("scp-overload-step", "standard-acg",
		"100 SSPs at 0.8× capacity, a 3× overload from 60 s to 190 s, then back to 0.8×",
		"When the overload starts the table switches gapping on and off; when it ends the SSPs keep blocking until their "+
			"last duration runs out although the SCP has room. The adaptive variant follows the load within a few intervals.",
		sources(100, "balanced", 0.8),
		[]scenario.Change{{At: 60, Param: "ssp.load", Value: param.Num(3)}, {At: 190, Param: "ssp.load", Value: param.Num(0.8)}}), "gapped"),
		claim.Claim{Name: "blocks-after-overload", Kind: claim.Settle, Column: "gapped", Op: claim.AtMost, Value: 0, From: 190, To: 248, Min: 4, Max: 20},
		claim.Claim{Name: "room-while-blocking", Kind: claim.Share, Column: "cpu", Op: claim.Below, Value: 50, From: 190, To: 198, Min: 100, Max: 100},
		claim.Claim{Name: "blocking-after-overload", Step: true, Kind: claim.Share, Column: "gapped", Op: claim.Above, Value: 0, From: 190, To: 198, Min: 100, Max: 100},
		claim.Claim{Name: "no-gap-before-overload", Step: true, Kind: claim.Share, Column: "gapped", Op: claim.AtMost, Value: 0, To: 48, Min: 100, Max: 100},
		claim.Claim{Name: "on-off-in-overload", Step: true, Kind: claim.Share, Column: "gapped", Op: claim.Above, Value: 0, From: 60, To: 98, Min: 70, Max: 95}),
}
