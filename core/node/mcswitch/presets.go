//go:build !js

package mcswitch

import (
	"math"
	"overloadlab/core/engine/claim"
	"overloadlab/core/engine/param"
	"overloadlab/core/engine/scenario"
)

func algo(name string) map[string]param.Value {
	return map[string]param.Value{"overload.algorithm": param.Str(name)}
}

// step5 is a busy hour at 0.8× that steps to 5× capacity at 30 s.
var step5 = map[string]param.Value{
	"load.shape": param.Str("step"), "load.peak": param.Num(5), "load.at": param.Num(30),
}

// upgrade is a 3× overload from 30 s with a wandering mix; the processor is
// replaced by one twice as fast at 90 s. SRED's thresholds are tuned so that
// it holds about 90 % on the old processor.
var upgrade = map[string]param.Value{
	"load.shape": param.Str("step"), "load.peak": param.Num(3), "load.at": param.Num(30),
	"traffic.mix-wander": param.Num(0.5), "regression.on": param.On(true),
	"sred.min-th": param.Num(80), "sred.max-th": param.Num(240),
}

var presets = []scenario.Preset{
	{
		Name: "switch-step-5x", Model: "switch", Seed: 1, Duration: 90,
		Tour:    tourSwitchStep5x,
		Summary: "a busy hour at 0.8× steps to 5× capacity: how fast ARO, OCC and SRED bring the admitted load and the occupancy back to the 90 % target",
		Teaches: "Compare the admitted fraction f: ARO sizes the cut from the offered rate and reaches its settled fraction f* ≈ 0.15 in " +
			"about 2 intervals (at most 4); OCC cuts by at most 10 % per interval and needs about 17, ⌈ln(1/f*)/ln(1/0.9)⌉. The occupancy needs " +
			"longer still, to work off the backlog, and meanwhile ARO's occupancy term cuts below f*.",
		Params:  step5,
		Label:   "ARO",
		Compare: []scenario.Variant{{Label: "OCC", Params: algo("occ")}, {Label: "SRED", Params: algo("sred")}},
		Pace:    2, Watch: "occupancy",
		Claims: []claim.Claim{
			{Name: "aro-reaches-f-star", Kind: claim.Counter, Counter: cReactionReachedIntervals.In("overload control"), What: "intervals until the admitted fraction is within 10 % of its settled value", Min: 1, Max: 4, Most: &claim.Range{Min: 1, Max: 2}},
			{Name: "occupancy-longer", Kind: claim.Counter, Counter: cLongestAboveTarget5S.In("overload control"), What: "longest time above the target + 5 % (s)", Min: 5, Max: inf},
			{Name: "under-target-before-step", Step: true, Kind: claim.Mean, Column: "cpu", What: "mean processor occupancy", To: 24, Min: 75, Max: 90},
			{Name: "few-rejects-before-step", Step: true, Kind: claim.Mean, Column: "rejected", What: "mean calls rejected", To: 24, Min: 0, Max: 15},
			{Name: "pinned-after-step", Step: true, Kind: claim.Share, Column: "cpu", Op: claim.AtLeast, Value: 99, From: 30, To: 34, Min: 100, Max: 100},
			// The exercises' claims this run fails (exercises.go).
			{Name: "aro-takes-ten", Fails: true, Kind: claim.Counter, Counter: cReactionReachedIntervals.In("overload control"), What: "intervals until the admitted fraction is within 10 % of its settled value", Min: 10, Max: 1000},
			{Name: "occupancy-back-at-once", Fails: true, Kind: claim.Counter, Counter: cLongestAboveTarget5S.In("overload control"), What: "longest time above the target + 5 % (s)", Min: 0, Max: 3},
		},
		Predictions: predictStep5x,
	},
	{
		Name: "switch-hotspot", Model: "switch", Seed: 1, Duration: 60,
		Tour:    tourSwitchHotspot,
		Summary: "a 3 s hot spot at 5× capacity: the first interval of a burst is admitted before any interval-based control can act",
		Teaches: "Watch the queue and the reaction chart: ARO and OCC decide once per interval, so in the first second of the burst they still admit at the fraction set before it (f of 0.8 or more, 0.9 or more in most runs) and its backlog keeps the processor at 100 % after the burst; SRED decides per message and catches it at once.",
		Params: map[string]param.Value{
			"load.shape": param.Str("burst"), "load.peak": param.Num(5), "load.at": param.Num(30), "load.length": param.Num(3),
		},
		Label:   "ARO",
		Compare: []scenario.Variant{{Label: "OCC", Params: algo("occ")}, {Label: "SRED", Params: algo("sred")}},
		Pace:    2, Watch: "queue",
		Claims: []claim.Claim{
			{Name: "first-second-at-old-fraction", Kind: claim.Mean, Column: "f", What: "admitted share f set for the burst's first second", From: 29, To: 30, Min: 0.8, Max: 1, Most: &claim.Range{Min: 0.9, Max: 1}},
			{Name: "pinned-after-burst", Kind: claim.Share, Column: "cpu", Op: claim.AtLeast, Value: 99, From: 33, To: 35, Min: 100, Max: 100},
			{Name: "queue-jumps", Step: true, Kind: claim.Share, Column: "queue", Op: claim.AtLeast, Value: 1000, What: "over 1000 messages waiting", From: 30, To: 31, Min: 100, Max: 100},
			// The exercises' claims this run fails (exercises.go).
			{Name: "not-pinned-after-burst", Fails: true, Kind: claim.Share, Column: "cpu", Op: claim.AtLeast, Value: 99, From: 33, To: 35, Min: 0, Max: 0},
			{Name: "no-queue-jump", Fails: true, Kind: claim.Share, Column: "queue", Op: claim.AtLeast, Value: 1000, What: "over 1000 messages waiting", From: 29, To: 40, Min: 0, Max: 0},
		},
		Challenges: challengeHotspot,
	},
	{
		Name: "switch-overload-steps", Model: "switch", Seed: 1, Duration: 120,
		Tour:    tourSwitchOverloadSteps,
		Summary: "the load steps 0.8× → 2× → 5× → 10× capacity: under strict priority the lower classes lose first",
		Teaches: "Watch the admitted fraction per class: location updates/SMS are cut first, then mobile-originated, then mobile-terminated calls; handovers keep being served while capacity allows. With proportional sharing every class loses alike.",
		Timeline: []scenario.Change{
			{At: 30, Param: "load.base", Value: param.Num(2)},
			{At: 60, Param: "load.base", Value: param.Num(5)},
			{At: 90, Param: "load.base", Value: param.Num(10)},
		},
		Compare: []scenario.Variant{{Label: "proportional", Params: map[string]param.Value{"overload.partition": param.Str("proportional")}}, {Label: "SRED", Params: algo("sred")}},
		Pace:    3, Watch: "fractions",
		Claims: []claim.Claim{
			{Name: "handover-served", Kind: claim.Mean, Column: "handover.fraction", What: "share of handovers admitted", From: 60, To: 90, Min: 0.8, Max: 1},
			{Name: "mt-before-mo", Kind: claim.Mean, Column: "mt-call.fraction", What: "share of mobile-terminated calls admitted", From: 30, To: 60, Min: 0.8, Max: 1},
			{Name: "mo-cut-at-2x", Kind: claim.Mean, Column: "mo-call.fraction", What: "share of mobile-originated calls admitted", From: 30, To: 60, Min: 0, Max: 0.2},
			{Name: "lu-sms-cut-first", Kind: claim.Mean, Column: "lu-sms.fraction", What: "share of location updates/SMS admitted", From: 30, To: 60, Min: 0, Max: 0.1},
			{Name: "nearly-whole-at-0.8", Step: true, Kind: claim.Mean, Column: "lu-sms.fraction", What: "share of location updates/SMS admitted", To: 24, Min: 0.9, Max: 1},
			{Name: "mo-whole-at-0.8", Step: true, Kind: claim.Mean, Column: "mo-call.fraction", What: "share of mobile-originated calls admitted", To: 24, Min: 0.99, Max: 1},
			{Name: "mo-off-at-5x", Step: true, Kind: claim.Mean, Column: "mo-call.fraction", What: "share of mobile-originated calls admitted", From: 60, To: 90, Min: 0, Max: 0.05},
			{Name: "mt-cut-at-5x", Step: true, Kind: claim.Mean, Column: "mt-call.fraction", What: "share of mobile-terminated calls admitted", From: 60, To: 90, Min: 0, Max: 0.15},
			{Name: "handover-half-at-10x", Step: true, Kind: claim.Mean, Column: "handover.fraction", What: "share of handovers admitted", From: 90, To: 119, Min: 0.35, Max: 0.6},
			{Name: "mt-off-at-10x", Step: true, Kind: claim.Mean, Column: "mt-call.fraction", What: "share of mobile-terminated calls admitted", From: 90, To: 119, Min: 0, Max: 0.02},
			// The exercises' claims this run fails (exercises.go).
			{Name: "mt-cut-alike", Fails: true, Kind: claim.Mean, Column: "mt-call.fraction", What: "share of mobile-terminated calls admitted", From: 30, To: 60, Min: 0, Max: 0.6},
			{Name: "handover-cut-first", Fails: true, Kind: claim.Mean, Column: "handover.fraction", What: "share of handovers admitted", From: 60, To: 90, Min: 0, Max: 0.5},
			{Name: "mo-kept-at-2x", Fails: true, Kind: claim.Mean, Column: "mo-call.fraction", What: "share of mobile-originated calls admitted", From: 30, To: 60, Min: 0.5, Max: 1},
		},
		Predictions: predictOverloadSteps,
	},
	{
		Name: "switch-upgrade", Model: "switch", Seed: 1, Duration: 180,
		Tour:    tourSwitchUpgrade,
		Summary: "a 3× overload, and at 90 s the processor is upgraded to 2× speed: ARO with estimated costs against SRED tuned for the old processor",
		Teaches: "Watch the occupancy after 90 s: SRED's thresholds (tuned to hold 90 % on the old processor) now hold it near 100 %; ARO with the cost regression re-learns the costs of the calls it admits (in most runs within about 10 %; location updates, almost all rejected, are not re-learnt) and in most runs holds the occupancy at about 88 %, near the target; ARO with the configured costs keeps the old target rate and leaves half the new processor idle.",
		Params:  upgrade,
		Timeline: []scenario.Change{
			{At: 90, Param: "cpu.speed", Value: param.Num(2)},
		},
		Compare: []scenario.Variant{
			{Label: "SRED", Params: algo("sred")},
			{Label: "ARO, configured costs", Params: map[string]param.Value{"regression.on": param.On(false)}},
			{Label: "OCC", Params: algo("occ")},
		},
		Pace: 5, Watch: "occupancy",
		Claims: []claim.Claim{
			{Name: "near-target-after-upgrade", Kind: claim.Mean, Column: "cpu", What: "mean processor occupancy", From: 100, To: 180, Min: 65, Max: 100, Most: &claim.Range{Min: 85, Max: 92}},
			// The old costs are 100 % off the new ones (a relative error of 1).
			// In about 1 run of 100 the regression mislearns a cost (seed 1032:
			// the mobile-terminated cost 96 % off): only most runs re-learn it.
			{Name: "handover-cost-learnt", Kind: claim.Counter, Counter: cError.In("cost regression", "handover"), What: "relative error of the estimated handover cost (1 before it is re-learnt)", Min: ninf, Max: inf, Most: &claim.Range{Min: 0, Max: 0.12}},
			{Name: "mt-call-cost-learnt", Kind: claim.Counter, Counter: cError.In("cost regression", "mt-call"), What: "relative error of the estimated mobile-terminated call cost (1 before it is re-learnt)", Min: ninf, Max: inf, Most: &claim.Range{Min: 0, Max: 0.12}},
			{Name: "mo-call-cost-learnt", Kind: claim.Counter, Counter: cError.In("cost regression", "mo-call"), What: "relative error of the estimated mobile-originated call cost (1 before it is re-learnt)", Min: ninf, Max: inf, Most: &claim.Range{Min: 0, Max: 0.12}},
			{Name: "near-target-before-upgrade", Step: true, Kind: claim.Mean, Column: "cpu", What: "mean processor occupancy", From: 40, To: 79, Min: 83, Max: 93, Most: &claim.Range{Min: 86, Max: 91}},
		},
	},
	{
		Name: "switch-regression", Model: "switch", Seed: 1, Duration: 240,
		Tour:    tourSwitchRegression,
		Summary: "the cost regression at a 0.8× load, starting from badly configured costs: the estimates converge while the mix wanders, and hold once it stops at 120 s",
		Teaches: "Watch the cost chart: the estimates leave their wrong configured values (a mean error of 50 %) and, in most runs, come within 10 % of the true costs before 120 s while the class rates wander; after 120 s the mix is steady, its variation is only Poisson noise, and in most runs the estimates are held instead of drifting.",
		Params: map[string]param.Value{
			"regression.on": param.On(true), "traffic.mix-wander": param.Num(0.5),
			"overload.cost.handover": param.Num(4), "overload.cost.mt-call": param.Num(9),
			"overload.cost.mo-call": param.Num(2), "overload.cost.lu-sms": param.Num(3),
		},
		Timeline: []scenario.Change{
			{At: 120, Param: "traffic.mix-wander", Value: param.Num(0)},
		},
		Compare: []scenario.Variant{{Label: "configured costs (no regression)", Params: map[string]param.Value{"regression.on": param.On(false)}}},
		Pace:    5, Watch: "costs",
		Claims: []claim.Claim{
			// The error of the costs in use truly varies from seed to seed: how
			// soon the wandering mix separates the classes' costs is luck, and
			// now and then it leaves one far off (seed 1212: 44 % at 2:00,
			// seed 1177: 61 % at 0:58). Only most runs converge.
			{Name: "converged-before-120", Kind: claim.Mean, Column: "cost-error", What: "mean error of the costs in use", From: 110, To: 120, Min: ninf, Max: inf, Most: &claim.Range{Min: 0, Max: 10}},
			{Name: "held-after-120", Kind: claim.Mean, Column: "cost-error", What: "mean error of the costs in use", From: 120, Min: ninf, Max: inf, Most: &claim.Range{Min: 0, Max: 10}},
			// Seed 2259 never holds every estimate at once (0 of 219 fits), and
			// its costs stay 45 % off: only most runs hold.
			{Name: "estimates-held", Kind: claim.Counter, Counter: cHolds.In("cost regression"), What: "regression fits held (mix too steady)", Min: ninf, Max: inf, Most: &claim.Range{Min: 3, Max: inf}},
			{Name: "configured-costs-off", Step: true, Kind: claim.Mean, Column: "cost-error", What: "mean error of the costs in use", To: 9, Min: 45, Max: 55},
			{Name: "near-true-costs-by-60", Step: true, Kind: claim.Mean, Column: "cost-error", What: "mean error of the costs in use", From: 50, To: 58, Min: ninf, Max: inf, Most: &claim.Range{Min: 0, Max: 20}},
		},
	},
}

var inf, ninf = math.Inf(1), math.Inf(-1)
