//go:build !js

package dsr

import "overloadlab/core/engine/scenario"

// The presets' tours. They are read by the page's HTML (templ) and the
// tests, not by the simulator: kept out of the WebAssembly build, where
// their text would only weigh (about 7 KB compressed for every model).
func init() { scenario.AttachTours(presets, tours) }

var tours = map[string][]scenario.Step{
	"doic-priority-only": {
		{At: 5, Charts: []string{"reduction"}, Text: "The server asks for a fixed 10 % reduction (OC-Reduction-Percentage) while its clients offer about 5000 requests/s, more than its 90 % target."},
		{At: 15, Charts: []string{"ttp-priority", "abated"}, Text: "Priority-only abatement takes the 10 % from the lowest priority: P0 is 20 % of the traffic, so about half of P0 is discarded and nothing above it. The Max ETR line cuts the P0 layers of the offered stack in two."},
		{At: 40, Charts: []string{"sent", "outcomes"}, Text: "What is sent to the server stays at the Max ETR; the abated P0 requests are answered DIAMETER_TOO_BUSY (rejected). Compare side by side with colour within priority, which takes P0 yellow first."},
	},
	"doic-priority-within-colour": {
		{At: 5, Charts: []string{"reduction"}, Text: "The server asks for a 25 % reduction; the agent abates priority-within-colour."},
		{At: 15, Charts: []string{"abated", "ttp-colour"}, Text: "Yellow traffic of every priority goes before any green: yellow P0 and P1 go whole and part of yellow P2, while green P0 is untouched."},
		{At: 40, Charts: []string{"abated", "sent"}, Text: "Compare side by side with priority-only, which takes all of P0, green included, before any P1."},
	},
	"doic-plain-vs-ranked": {
		{At: 5, Charts: []string{"reduction"}, Text: "The same 10 % reduction, abated by plain loss: every request has the same chance to be discarded."},
		{At: 15, Charts: []string{"abated"}, Text: "Plain loss abates about 500 requests/s, 10 % of every priority, P4 emergency traffic included."},
		{At: 40, Charts: []string{"abated", "outcomes"}, Text: "Run side by side with priority-only: the same total is abated, but all of it from P0."},
	},
	"doic-shm-bursty": {
		{At: 9, Charts: []string{"ttp-priority"}, Text: "P0 bursts to 3× for 2 s every 10 s under a 10 % reduction. The Sliding Historic Metric estimates each layer's rate with a 5 s Rate Convergence Time."},
		{At: 20, Charts: []string{"sent", "ttp-priority"}, Text: "The Max ETR lags the bursts: during a burst the server gets more than the Max ETR, because the rate estimate has not caught up."},
		{At: 23, Charts: []string{"abated"}, Text: "After a burst the estimate stays high for seconds: less P0 is abated than the 10 % asked (undershoot), until it converges again."},
		{At: 45, Charts: []string{"sent", "abated"}, Text: "Compare side by side with a convergence time of 0.2 s, which follows the bursts."},
	},
	"doic-overload-and-recovery": {
		{At: 15, Charts: []string{"reduction"}, Text: "The server's load is under its 90 % target: it asks for no reduction."},
		{At: 40, Charts: []string{"reduction", "sent"}, Text: "At 20 s the load steps to 1.5×: the server's occupancy rule asks for the reduction it needs, and the requested reduction settles where its load meets the 90 % target."},
		{At: 75, Charts: []string{"reduction", "outcomes"}, Text: "At 60 s the load falls to 0.7×: the reduction drops to 0 and an end report ends the overload. Compare side by side without DOIC: the server's queue overflows instead."},
	},
	"doic-rate-algorithm": {
		{At: 5, Charts: []string{"reduction"}, Text: "The RFC 8582 rate algorithm: the server asks for at most 90 % of its capacity (OC-Maximum-Rate) under a 1.2× load."},
		{At: 20, Charts: []string{"sent"}, Text: "The sent rate sits at the OC-Maximum-Rate line: the agent's leaky bucket lets no more through."},
		{At: 40, Charts: []string{"abated"}, Text: "The low priorities lose most, because their tolerance τ is the smallest, but the boundary is soft: P0 keeps a little, P2 loses a little, where priority-only takes whole layers."},
	},
	"doic-divert": {
		{At: 5, Charts: []string{"reduction"}, Text: "The same fixed 10 % reduction, with an alternate server configured."},
		{At: 20, Charts: []string{"server", "outcomes"}, Text: "The abated P0 requests are diverted to the alternate server instead of answered DIAMETER_TOO_BUSY: nothing is rejected."},
		{At: 45, Charts: []string{"server"}, Text: "The alternate server's load shows the diverted traffic completing there."},
	},
	"doic-injected-report": {
		{At: 15, Charts: []string{"reduction", "server"}, Text: "The clients offer half of the server's capacity: by its own rule the server would never report an overload."},
		{At: 30, Charts: []string{"reduction", "abated"}, Claims: []string{"asked-while-injected"}, Text: "From 20 s the report is injected: the server asks for 15 % whatever its load, and priority-only abatement takes it all from P0."},
		{At: 55, Charts: []string{"reduction", "abated"}, Text: "At 50 s the injection ends with a report of reduction 0 and the abatement stops. Compare side by side with plain loss, which takes 15 % of every priority."},
	},
}
