//go:build !js

package scp

import "overloadlab/core/engine/scenario"

// The presets' tours. They are read by the page's HTML (templ) and the
// tests, not by the simulator: kept out of the WebAssembly build, where
// their text would only weigh.
func init() { scenario.AttachTours(presets, tours) }

// step is a tour step at t pointing at charts.
func step(t float64, text string, charts ...string) scenario.Step {
	return scenario.Step{At: t, Text: text, Charts: charts}
}

var tours = map[string][]scenario.Step{
	"scp-standard-acg": {
		step(4, "100 SSPs offer twice the SCP's 500 queries/s. The SCP measures its load, raises its congestion level and sends the standard table's gap with every answer.", "control", "gap"),
		step(30, "The table's gap ends the overload with far too large a step: the level falls to 0, yet every SSP keeps blocking until its gap duration ends, while the SCP idles near a third of its capacity.", "gapped", "throughput"),
		step(100, "When the durations run out the SSPs all return at once, the SCP is overloaded again and gaps again: on, off, on.", "throughput", "gapped"),
		step(200, "Over the run the table carries far less than the capacity. Compare side by side with the adaptive gap.", "throughput"),
	},
	"scp-adaptive-acg": {
		step(10, "The same 2× overload under the adaptive gap: each interval the SCP scales its per-SSP rate, r ← r·C_target/X.", "control", "gap"),
		step(60, "The gap settles near g = 1/r with Σ λ/(1+λ/r) = C_target: throughput stays at about 95 % of capacity.", "throughput", "gap"),
		step(200, "No on/off, and almost no query gapped while the SCP runs under 90 %. Compare side by side with the standard table.", "gapped", "throughput"),
	},
	"scp-1000-ssps-10x": {
		step(10, "1000 light SSPs at 5/s each: ten times the SCP's 500 queries/s.", "sources"),
		step(60, "The table settles on g = 0.5 s: 1000·5/(1 + 5·0.5) = 1429 queries/s still reach the SCP, two in three are discarded unanswered and their SSPs wait out their timers.", "throughput", "gap"),
		step(200, "Throughput stays near capacity only because a discard is cheap here (scp.discard-cost 5 %). Compare the adaptive variant, which admits what the SCP can serve.", "throughput"),
	},
	"scp-10-ssps": {
		step(10, "10 heavy SSPs at 65/s each: 1.3× the SCP's capacity.", "sources"),
		step(60, "The table's smallest gap, 0.1 s, admits at most 1/g = 10 queries/s per SSP: 100/s from all ten, a fifth of the capacity.", "sources", "throughput"),
		step(200, "With its off phases the table carries about a third of the capacity: the standard ACG cannot gap few heavy sources finely enough. Compare the adaptive gap of about 6 ms, which can.", "throughput", "gap"),
	},
	"scp-unbalanced": {
		step(10, "100 SSPs, 10 heavy ones at 20× the rate of the light ones, at 3× overload; the desired sharing is max-min.", "sources"),
		step(60, "One common gap does not give max-min shares: a light SSP keeps λ/(1+λg) while a heavy one gets nearly 1/g.", "fairness", "jain"),
		step(200, "In the table's off phases the heavy SSPs send unchecked, so the table is less fair still, besides carrying less.", "jain", "throughput"),
	},
	"scp-1000-unbalanced-10x": {
		step(10, "1000 SSPs, 100 heavy ones at 20× the rate of the light ones, at 10× overload, under the adaptive gap.", "sources"),
		step(60, "The adaptive gap holds the SCP at about 93 % of capacity with a thousand unequal sources.", "throughput", "gap"),
		step(200, "The heavy SSPs are capped near 1/g, the light ones lose less. Compare Jain's index with the standard table's side by side.", "fairness", "jain"),
	},
	"scp-adaptive-lag": {
		step(10, "The adaptive rule as stated, without a step limit, against 1000 SSPs at 10× overload.", "control"),
		step(40, "The SSPs learn a new gap only from the answer to their next admitted query, and most queries are dropped unanswered; meanwhile X_n still shows the old gap, so r ← r·C_target/X_n keeps cutting and overshoots to about 0.04 queries/s per SSP, a 25 s gap.", "control", "gap"),
		step(150, "Then it swings back: the SSPs go on and off. Compare the variant with the rate limited to ×2 per interval.", "throughput", "gapped"),
	},
	"scp-overload-step": {
		step(50, "100 SSPs at 0.8× capacity: no gap, the SCP carries all.", "throughput"),
		step(100, "At 60 s a 3× overload starts: the table switches gapping on and off.", "gapped", "gap"),
		step(200, "At 190 s the overload ends, but the SSPs keep blocking until their last gap duration runs out although the SCP has room.", "gapped", "throughput"),
		step(250, "Only then does the SCP carry the offered load again. The adaptive variant follows the load within a few intervals.", "throughput"),
	},
}
