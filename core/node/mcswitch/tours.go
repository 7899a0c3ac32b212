//go:build !js

package mcswitch

import "overloadlab/core/engine/scenario"

// The presets' tours. They are read by the page's HTML (templ) and the
// tests, not by the simulator: kept out of the WebAssembly build, where
// their text would only weigh (about 7 KB compressed for every model).
func init() { scenario.AttachTours(presets, tours) }

var tours = map[string][]scenario.Step{
	"switch-step-5x": {
		{At: 25, Charts: []string{"occupancy"}, Text: "A busy hour at 0.8× capacity: the processor is under its 90 % target and every call is admitted."},
		{At: 35, Charts: []string{"occupancy", "fractions"}, Text: "At 30 s the load steps to 5× capacity. ARO sizes the cut from the offered rate in one interval: the admitted work is back near the target within one or two intervals."},
		{At: 60, Charts: []string{"occupancy", "queue"}, Text: "The occupancy needs longer still than the admitted work: the processor first works off the backlog of the step."},
		{At: 85, Charts: []string{"outcomes"}, Text: "Compare side by side with OCC, which cuts by at most 10 % per interval and needs about 17 intervals to reach the settled fraction, and with SRED."},
	},
	"switch-hotspot": {
		{At: 25, Charts: []string{"occupancy"}, Text: "A busy hour at 0.8× capacity under ARO."},
		{At: 32, Charts: []string{"queue", "reaction"}, Text: "At 30 s a 3 s hot spot at 5× capacity: ARO decides once per interval, so in the first second of the burst it still admits at the fraction set before it (nearly all) and the queue jumps."},
		{At: 40, Charts: []string{"occupancy", "reaction"}, Text: "The burst is over, but its backlog keeps the processor at 100 % for a while. Compare side by side with SRED, which decides per message and catches the burst at once."},
	},
	"switch-overload-steps": {
		{At: 25, Charts: []string{"fractions"}, Text: "At 0.8× capacity every class is admitted whole."},
		{At: 55, Charts: []string{"fractions", "occupancy"}, Text: "At 30 s the load doubles: under strict priority location updates and SMS are cut first."},
		{At: 85, Charts: []string{"fractions"}, Text: "At 60 s, 5× capacity: mobile-originated calls are cut next, then mobile-terminated calls."},
		{At: 115, Charts: []string{"fractions", "outcomes"}, Text: "At 90 s, 10×: handovers keep being served while capacity allows. Compare side by side with proportional sharing, where every class loses alike."},
	},
	"switch-upgrade": {
		{At: 25, Charts: []string{"occupancy"}, Text: "Before the overload: ARO with the cost regression, the class mix wandering."},
		{At: 80, Charts: []string{"occupancy", "costs"}, Text: "A 3× overload since 30 s: ARO holds the occupancy at its 90 % target with the costs it has estimated."},
		{At: 120, Charts: []string{"costs", "occupancy"}, Text: "At 90 s the processor is replaced by one twice as fast: every true cost halves, and the regression re-learns the costs of the calls it admits (within about 10 %; location updates, almost all rejected, are not re-learnt)."},
		{At: 175, Charts: []string{"occupancy"}, Text: "ARO with the regression holds the occupancy near the target on the new processor (about 88 % on average). Compare side by side: SRED, tuned for the old processor, holds it near 100 %; ARO with the configured costs leaves half of it idle."},
	},
	"switch-regression": {
		{At: 10, Charts: []string{"costs"}, Text: "The cost regression starts from badly configured costs per call, at 0.8× load, while the class rates wander."},
		{At: 60, Charts: []string{"costs", "cost-error"}, Text: "Each estimate leaves its wrong configured value and meets its true cost within a few mix changes."},
		{At: 180, Charts: []string{"costs", "cost-error"}, Text: "After 120 s the mix is steady: its variation is only Poisson noise, and the estimates are held instead of drifting."},
	},
}
