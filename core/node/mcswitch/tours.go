//go:build !js

package mcswitch

import "overloadlab/core/engine/scenario"

// The presets' tours, each attached to its preset in presets.go (Tour).
// They are read by the page's HTML (templ) and the tests, not by the
// simulator: the WebAssembly build declares them empty (tours_js.go),
// where their text would only weigh (about 5 KB compressed for all).

var tourSwitchStep5x = []scenario.Step{
	{At: 25, Charts: []string{"occupancy"}, Claims: []string{"under-target-before-step", "few-rejects-before-step"}, Text: "A busy hour at 0.8× capacity: the processor runs near 85 %, under its 90 % target, and nearly every call is admitted."},
	{At: 32, Charts: []string{"occupancy", "fractions"}, Text: "At 0:30 the load steps to 5× capacity. Watch the admitted fraction f: ARO sizes its cut from the offered rate, where OCC cuts by at most 10 % per interval."},
	{At: 60, Charts: []string{"occupancy", "queue"}, Claims: []string{"pinned-after-step"}, Text: "The processor stays at 100 % for the seconds after the step: it first works off the backlog the step left."},
	{At: 90, Charts: []string{"outcomes"}, Claims: []string{"aro-reaches-f-star", "occupancy-longer"}, Text: "ARO's admitted fraction came within 10 % of its settled value in at most four intervals, one or two in most runs; the occupancy needed longer (above the target + 5 % for 5 s or more). Compare side by side with OCC, which cuts by at most 10 % per interval, and with SRED."},
}

var tourSwitchHotspot = []scenario.Step{
	{At: 25, Charts: []string{"occupancy"}, Text: "A busy hour at 0.8× capacity under ARO."},
	{At: 32, Charts: []string{"queue", "reaction"}, Claims: []string{"first-second-at-old-fraction", "queue-jumps"}, Text: "At 0:30 a 3 s hot spot at 5× capacity: ARO decides once per interval, so in the first second of the burst it still admits at the fraction set before it (f of 0.8 or more, 0.9 or more in most runs) and the queue jumps past 1000 messages."},
	{At: 40, Charts: []string{"occupancy", "reaction"}, Claims: []string{"pinned-after-burst"}, Text: "The burst is over, but its backlog keeps the processor at 100 % after it. Compare side by side with SRED, which decides per message."},
}

var tourSwitchOverloadSteps = []scenario.Step{
	{At: 25, Charts: []string{"fractions"}, Claims: []string{"nearly-whole-at-0.8", "mo-whole-at-0.8"}, Text: "At 0.8× capacity the calls are admitted nearly whole."},
	{At: 61, Charts: []string{"fractions", "occupancy"}, Claims: []string{"lu-sms-cut-first", "mo-cut-at-2x", "mt-before-mo"}, Text: "At 0:30 the load doubled: under strict priority location updates and SMS were cut first and mobile-originated calls next, while mobile-terminated calls kept most of their share."},
	{At: 91, Charts: []string{"fractions"}, Claims: []string{"mo-off-at-5x", "mt-cut-at-5x", "handover-served"}, Text: "At 1:00, 5× capacity: mobile-originated calls were all but cut off and most mobile-terminated calls too, while handovers were still served."},
	{At: 120, Charts: []string{"fractions", "outcomes"}, Claims: []string{"handover-half-at-10x", "mt-off-at-10x"}, Text: "At 1:30, 10×: handovers are served, about half of them, and almost no mobile-terminated calls. Compare side by side with proportional sharing, where every class loses alike."},
}

var tourSwitchUpgrade = []scenario.Step{
	{At: 25, Charts: []string{"occupancy"}, Text: "Before the overload: ARO with the cost regression, the class mix wandering."},
	{At: 80, Charts: []string{"occupancy", "costs"}, Claims: []string{"near-target-before-upgrade"}, Text: "A 3× overload since 0:30: ARO holds the occupancy near its 90 % target with the costs it has estimated."},
	{At: 120, Charts: []string{"costs", "occupancy"}, Text: "At 1:30 the processor is replaced by one twice as fast: every true cost halves. Watch the cost chart: the regression re-learns the costs of the calls it admits."},
	{At: 180, Charts: []string{"occupancy"}, Claims: []string{"near-target-after-upgrade", "handover-cost-learnt", "mt-call-cost-learnt", "mo-call-cost-learnt"}, Text: "ARO with the regression re-learnt the handover and call costs, in most runs within about 10 %, and held the occupancy near the target on the new processor (85 to 92 % in most runs, 65 % or more in every run, where the configured costs leave half of it idle: 52 % on seed 1). Compare side by side with SRED, tuned for the old processor, and with ARO on the configured costs."},
}

var tourSwitchRegression = []scenario.Step{
	{At: 10, Charts: []string{"costs", "cost-error"}, Claims: []string{"configured-costs-off"}, Text: "The cost regression starts from badly configured costs per call, 50 % off the true ones on average, at 0.8× load, while the class rates wander."},
	{At: 60, Charts: []string{"costs", "cost-error"}, Claims: []string{"near-true-costs-by-60"}, Text: "Each estimate leaves its wrong configured value as the mix wanders: by 0:50 the costs in use are closer to the true ones, in most runs within 20 %. How soon depends on the run: a mix that happens to wander little separates the costs later."},
	{At: 240, Charts: []string{"costs", "cost-error"}, Claims: []string{"converged-before-120", "held-after-120", "estimates-held"}, Text: "Before 2:00 the costs in use came within 10 % of the true ones in most runs; now and then a mix that wandered too little leaves one far off. After 2:00 the mix is steady, its variation only Poisson noise: in most runs the regression held its estimates instead of drifting, and they stayed within 10 %."},
}
