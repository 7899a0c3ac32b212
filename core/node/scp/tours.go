//go:build !js

package scp

import "overloadlab/core/engine/scenario"

// The presets' tours, each attached to its preset in presets.go (Tour).
// They are read by the page's HTML (templ) and the tests, not by the
// simulator: the WebAssembly build declares them empty (tours_js.go),
// where their text would only weigh (about 5 KB compressed for all).

// step is a tour step at t pointing at charts.
func step(t float64, text string, charts ...string) scenario.Step {
	return scenario.Step{At: t, Text: text, Charts: charts}
}

// checked is a step that names the claims backing its text.
func checked(st scenario.Step, claims ...string) scenario.Step {
	st.Claims = claims
	return st
}

var tourScpStandardAcg = []scenario.Step{
	checked(step(4, "100 SSPs offer twice the SCP's 500 queries/s. The SCP measures its load, raises its congestion level and sends the standard table's gap with every answer.", "control", "gap"), "level-raised-at-start"),
	step(30, "Watch the SSPs under a gap and the SCP's CPU: what do the SSPs do once the level has fallen to 0, and how busy is the SCP meanwhile?", "gapped", "throughput"),
	checked(step(100, "When the gap durations run out the SSPs all return at once, the SCP is overloaded again and gaps again, in short spells: on, off, on.", "throughput", "gapped"), "level-on-off"),
	checked(step(300, "Over the run gapping switched on and off again and again; most of the blocking happened while the SCP ran under 90 %, and the table carried far less than the capacity. Compare side by side with the adaptive gap.", "throughput"), "on-off", "blocked-while-idle", "carries-far-less"),
}

var tourScpAdaptiveAcg = []scenario.Step{
	step(10, "The same 2× overload under the adaptive gap: each interval the SCP scales its per-SSP rate, r ← r·C_target/X.", "control", "gap"),
	checked(step(60, "The gap settles near g = 1/r with Σ λ/(1+λ/r) = C_target: the SCP's load stays at about 95 % of capacity.", "throughput", "gap"), "load-near-95"),
	checked(step(300, "Over the run: no on/off, almost no query gapped while the SCP ran under 90 %, and a throughput near 95 % of capacity. Compare side by side with the standard table.", "gapped", "throughput"), "no-on-off", "almost-none-blocked-under-90", "near-95-pct"),
}

var tourScp1000Ssps10x = []scenario.Step{
	step(10, "1000 light SSPs at 5/s each: ten times the SCP's 500 queries/s.", "sources"),
	checked(step(60, "By 0:50 the table has settled on g = 0.5 s: 1000·5/(1 + 5·0.5) = 1429 queries/s still reach the SCP, nearly three times what it can serve.", "throughput", "gap"), "gap-half-second", "arrivals-1430"),
	checked(step(300, "Two in three queries were discarded unanswered and their SSPs waited out their timers; throughput stayed near capacity only because a discard is cheap here (scp.discard-cost 5 %). Compare the adaptive variant, which admits what the SCP can serve.", "throughput"), "two-in-three-discarded", "near-capacity"),
}

var tourScp10Ssps = []scenario.Step{
	step(10, "10 heavy SSPs at 65/s each: 1.3× the SCP's capacity.", "sources"),
	step(60, "By the table's rule its smallest gap, 0.1 s, admits at most 1/g = 10 queries/s per SSP: 100/s from all ten, a fifth of the capacity. Watch the throughput between its off phases.", "sources", "throughput"),
	checked(step(300, "With its off phases the table carried about a third of the capacity: the standard ACG cannot gap few heavy sources finely enough. Compare the adaptive gap, which is not bound to the table.", "throughput", "gap"), "a-third-of-capacity"),
}

var tourScpUnbalanced = []scenario.Step{
	step(10, "100 SSPs, 10 heavy ones at 20× the rate of the light ones, at 3× overload; the desired sharing is max-min.", "sources"),
	checked(step(60, "One common gap does not give max-min shares: a light SSP keeps λ/(1+λg) while a heavy one gets nearly 1/g. Jain's index sits near 0.55.", "fairness", "jain"), "unfair-early"),
	checked(step(300, "In the table's off phases the heavy SSPs send unchecked: over the run Jain's index stayed under 0.7 and the table carried under half the capacity.", "jain", "throughput"), "unfair", "carries-less"),
}

var tourScp1000Unbalanced10x = []scenario.Step{
	step(10, "1000 SSPs, 100 heavy ones at 20× the rate of the light ones, at 10× overload, under the adaptive gap.", "sources"),
	checked(step(60, "The adaptive gap holds the SCP's load at about 95 % of capacity with a thousand unequal sources.", "throughput", "gap"), "load-near-95"),
	checked(step(300, "Over the run it carried about 93 % of capacity, and Jain's index stayed above 0.95. Compare the standard table's side by side.", "fairness", "jain"), "near-93-pct", "fair"),
}

var tourScpAdaptiveLag = []scenario.Step{
	step(10, "The adaptive rule as stated, without a step limit, against 1000 SSPs at 10× overload.", "control"),
	checked(step(40, "The SSPs learn a new gap only from the answer to their next admitted query, and most queries are dropped unanswered; meanwhile X_n still shows the old gap, so r ← r·C_target/X_n keeps cutting and overshoots to under 0.1 queries/s per SSP, a gap of over 10 s.", "control", "gap"), "overshoots-early"),
	checked(step(300, "Then it swings back: over the run gapping switched on and off again and again. Compare the variant with the rate limited to ×2 per interval.", "throughput", "gapped"), "overshoots", "swings"),
}

var tourScpOverloadStep = []scenario.Step{
	checked(step(50, "100 SSPs at 0.8× capacity: no gap, the SCP carries all.", "throughput"), "no-gap-before-overload"),
	checked(step(100, "At 1:00 a 3× overload starts: the table switches gapping on and off, some intervals without a gap.", "gapped", "gap"), "on-off-in-overload"),
	checked(step(200, "At 3:10 the overload ends, but the SSPs keep blocking although the SCP's CPU is under 50 %.", "gapped", "throughput"), "blocking-after-overload", "room-while-blocking"),
	checked(step(250, "Only when their last gap duration runs out, 4 to 20 s after the overload, does the SCP carry the offered load again. The adaptive variant follows the load within a few intervals.", "throughput"), "blocks-after-overload"),
}
