package mcswitch

import (
	"overloadlab/core/engine/param"
	"overloadlab/core/engine/prose"
	"overloadlab/core/engine/scenario"
	"overloadlab/core/engine/sim"
)

func perClass(suffix string) []string {
	var s []string
	for _, c := range classes {
		s = append(s, c.name+suffix)
	}
	return s
}

func costSeries() []string {
	var s []string
	for _, c := range classes {
		s = append(s, c.name+".cost-est", c.name+".cost-true")
	}
	return s
}

// Def is the switch node model.
var Def = &sim.Def{
	Name:  "switch",
	Title: "Mobile switch: multi-class signaling overload control (OCC, SRED, ARO)",
	Doc: "A mobile switching centre serves handovers, mobile-terminated calls, mobile-originated calls and " +
		"location updates/SMS, highest priority first, each a flow of 2–4 messages through one processor; a call " +
		"costs 1–4× the base class. Only the first message of a new call meets the overload control, which " +
		"measures the load in base-class units (equivalent load), computes the allowable equivalent load with " +
		"OCC, SRED or ARO, and shares it by strict priority. The rest of an admitted call is always served.",
	Params:  params,
	Check:   check,
	Classes: classNames(),
	// The ids of the streams of newNode in catalog version 1.
	NumberedStreams: sim.NumberSources(classNames(), map[string]uint64{"overload.sred": 50, "traffic.mix": 51}),
	Columns:         &cols,
	Counters:        &counters,
	CPU:             "cpu",
	Charts: []sim.Chart{
		{ID: "occupancy", Title: "Processor occupancy against the target", Unit: "%", Series: []string{"cpu", "admitted-load"},
			Lines: []sim.Line{{Label: "target occupancy", Param: "overload.target-occupancy"}, {Label: "100 %", Value: 100}}},
		{ID: "reaction", Title: "Reaction: time above target + 5 % (peak = reaction time)", Unit: "s", Series: []string{"reaction"}},
		{ID: "fractions", Title: "Admitted fraction per class (highest priority first)", Unit: "", Series: perClass(".fraction")},
		{ID: "outcomes", Title: "Calls offered and what became of them (goodput = completed)", Unit: "/s", Stacked: true, PerClass: true,
			Series:  []string{"completed", "late", "rejected", "dropped"},
			Overlay: []string{"offered"}},
		{ID: "delay", Title: "Call setup time per class", Unit: "s", Series: perClass(".delay"),
			Lines: []sim.Line{{Label: "deadline", Param: "call.deadline"}}},
		{ID: "costs", Title: "Cost per call in use by the control against the true cost", Unit: "ms/call", Series: costSeries()},
		{ID: "cost-error", Title: "Mean relative error of the costs in use", Unit: "%", Series: []string{"cost-error"},
			Lines: []sim.Line{{Label: "10 %", Value: 10}}},
		{ID: "queue", Title: "Message queue and SRED's average", Unit: "msgs", Series: []string{"queue", "sred.avg"},
			Lines: []sim.Line{{Label: "SRED lower threshold", Param: "sred.min-th"}, {Label: "SRED upper threshold", Param: "sred.max-th"}}},
		{ID: "equivalent", Title: "Equivalent load: offered and the target acceptance rate", Unit: "base calls/s", Series: []string{"offered-eq", "alpha-target"}},
	},
	Sources: []sim.Source{
		{Name: prose.Page("S. Kasera et al., multi-class signaling overload control for telecommunication switches (papers, 2001 and 2005)"), Uses: prose.Page("the equivalent system load, occupancy, RED, acceptance rate plus occupancy, and strict priority controls, and their robustness to traffic patterns and upgrades.")},
	},
	Panels: []sim.Panel{
		{Title: "Equivalent system load",
			Formula: prose.Page("w_i = c_i / c_b;   Λ_eq = Σ_i w_i λ̂_i"),
			Text: prose.Page("Every class is converted into calls of the base class b by its CPU cost per call (all its messages): " +
				"a handover costing 4× a location update counts as 4 equivalent calls. The detection algorithms then run " +
				"on one equivalent load instead of one measure per class.")},
		{Title: "OCC: occupancy only",
			Formula: prose.Page("φ = min(ρ_target/ρ_n, φ_max);   f_{n+1} = clamp(φ·f_n, f_min, 1)"),
			Text: prose.Page("Once per interval the admitted share is scaled by the ratio of the target to the measured occupancy. " +
				"Because the occupancy cannot exceed 100 %, a 5× overload looks like 1/0.9: f falls by at most 10 % per " +
				"interval and needs ln 5 / ln(1/0.9) ≈ 16 intervals to reach 1/5 — meanwhile the queue fills.")},
		{Title: "SRED: signaling RED on the queue",
			Formula: prose.Page("q̄ ← (1−w)·q̄ + w·q;   p = max_p·(q̄−min_th)/(max_th−min_th) between the thresholds, 1 above max_th"),
			Text: prose.Page("At every first message the average message queue is updated; first messages are rejected with " +
				"probability p (lowest classes first). The thresholds are counts of messages: how much work and delay " +
				"a queue of 15 messages means depends on the processor and the mix, so thresholds tuned for one " +
				"processor no longer fit after an upgrade.")},
		{Title: "ARO: acceptance rate plus occupancy",
			Formula: prose.Page("α_target = (ρ_target − ĉ_0)/ĉ_b;   f_{n+1} = clamp(min(α_target/Λ_eq, φ·f_n), f_min, 1)"),
			Text: prose.Page("The acceptance-rate term divides the rate the processor can take by the offered equivalent rate, which " +
				"is not capped: it sees the whole size of a burst in one interval. The occupancy term corrects errors in " +
				"the costs behind α_target. The smaller of the two wins.")},
		{Title: "Strict-priority partitioning",
			Formula: prose.Page("R_0 = E = f·Λ_eq;   a_k = min(w_k λ̂_k, R_{k−1});   R_k = R_{k−1} − a_k;   f_k = a_k/(w_k λ̂_k)"),
			Text: prose.Page("The allowable equivalent load is given to the classes in priority order — handover, mobile-terminated, " +
				"mobile-originated, location update/SMS — each taking what it offers until nothing is left: under " +
				"overload the lowest classes lose first and handovers are served while capacity allows.")},
		{Title: "Regression estimate of the costs",
			Formula: prose.Page("ρ_n = c_0 + Σ_i c_i·N_{i,n}/T + c_r·R_n/T + ε;   ĉ = weighted least squares over the window, weight γ^age"),
			Text: prose.Page("With the regression on, the costs in use come from the measurements: the occupancy of every interval " +
				"against the calls admitted per class and the rejects. A cost whose class's count does not vary enough " +
				"(coefficient of variation below the minimum, beyond what the other classes explain) keeps its last " +
				"estimate; saturated intervals are left out. After an upgrade the estimates follow the faster processor.")},
		{Title: "Reaction time",
			Formula: prose.Page("f* = mean of f over the last third of the overload;  reached = first interval with |f − f*| ≤ 10 % f*;  settled = first interval from which f stays within that band (widened to the spread f keeps over the last third)"),
			Text: prose.Page("The summary's reaction_reached_intervals and reaction_settled_intervals are read on the admitted fraction f: the control's own decisions, not the " +
				"occupancy, which buffer-full drops and the backlog built before the control reacted would blur. OCC, " +
				"cutting by at most ρ_target per interval, needs about ⌈ln(f₀/f*)/ln(1/ρ_target)⌉ intervals; ARO sizes the " +
				"cut from the offered rate and reaches f* in one or two, but its occupancy term then keeps cutting while the " +
				"backlog drains, so it settles later. The reaction chart is the occupancy's side: it rises while ρ is " +
				"above target + 5 % and drops to 0 when it is back (longest_above_target5_s).")},
	},
	Tiles: []sim.Tile{
		{Label: "Occupancy", Column: "cpu", Doc: "% of the processor"},
		{Label: "Goodput", Column: "completed", Doc: "calls completed /s"},
		{Label: "Admitted share", Column: "f", Doc: "of the equivalent load"},
		{Label: "Longest reaction", Column: "reaction", Agg: sim.TileMax, Doc: "s above target + 5 %, so far"},
	},
	Events: func(sc *scenario.Scenario) []sim.Event {
		v := sc.Params
		return sim.ProfileEvents("overload", pLoadShape.Of(v), pLoadAt.Of(v), pLoadLength.Of(v), pLoadPeak.Of(v))
	},
	Presets: presets,
	Sweeps: []sim.Sweep{{
		ID: "load", Title: "Goodput against offered load", Param: "load.base",
		Values: []float64{0.5, 0.8, 1, 1.5, 2, 3, 5, 10},
		Curves: []scenario.Variant{
			{Label: "ARO", Params: map[string]param.Value{"overload.algorithm": param.Str("aro")}},
			{Label: "OCC", Params: map[string]param.Value{"overload.algorithm": param.Str("occ")}},
			{Label: "SRED", Params: map[string]param.Value{"overload.algorithm": param.Str("sred")}},
		},
		Doc: "Sustained overload at each load. ARO and OCC hold the processor near the 90 % target; the calls completed per second fall as the load rises because strict priority gives the capacity to handovers, the dearest calls (and rejects cost CPU too). SRED completes more, cheaper calls of every class alike, while its thresholds in messages leave the processor under-used (about 60 % at 10×). " +
			"The lines are the calls per second of the offered mix that fill the processor (capacity) and that hold it at ρ_target: " +
			"no curve can pass the capacity, and strict priority keeps ARO and OCC below the target line, since the calls they keep are the dearest.",
		Lines: []sim.SweepLine{
			{Label: "capacity: the offered mix at 100 % CPU", Of: func(v param.Values) float64 { return mixCapacity(v, 100) }},
			{Label: "target: the offered mix at the target occupancy", Of: func(v param.Values) float64 { return mixCapacity(v, pTargetOccupancy.Of(v)) }},
		},
	}},
	New: newNode,
}

// mixCapacity is the calls per second of the offered mix that hold the
// processor at occupancy pct (in %), background included:
// speed · (pct − background)/100 · Σ r_i / Σ r_i·c_i, with r_i the classes'
// rates at 1× (the mix; the load only scales it) and c_i their true costs
// per call in seconds. 0 without traffic or when the background alone
// exceeds pct.
func mixCapacity(v param.Values, pct float64) float64 {
	var calls, cpu float64
	for _, k := range pClass {
		r := k.rate.Of(v)
		calls += r
		cpu += r * k.cost.Of(v) / 1e3
	}
	share := (pct - pCpuBackground.Of(v)) / 100
	if cpu == 0 || share <= 0 {
		return 0
	}
	return pCpuSpeed.Of(v) * share * calls / cpu
}
