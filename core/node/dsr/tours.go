//go:build !js

package dsr

import "overloadlab/core/engine/scenario"

// The presets' tours, each attached to its preset in presets.go (Tour).
// They are read by the page's HTML (templ) and the tests, not by the
// simulator: the WebAssembly build declares them empty (tours_js.go),
// where their text would only weigh (about 5 KB compressed for all).

var tourDoicPriorityOnly = []scenario.Step{
	{At: 5, Charts: []string{"reduction"}, Text: "The server asks for a fixed 10 % reduction (OC-Reduction-Percentage) while its clients offer about 5000 requests/s, more than its 90 % target."},
	{At: 15, Charts: []string{"ttp-priority", "abated"}, Claims: []string{"p0-half-early"}, Text: "Priority-only abatement takes the 10 % from the lowest priority: P0 is 20 % of the traffic, so about 500 P0 requests a second, half of P0, are abated. The Max ETR line cuts the P0 layers of the offered stack in two."},
	{At: 60, Charts: []string{"sent", "outcomes"}, Claims: []string{"p0-abated", "p1-untouched", "p2-untouched", "p3-untouched", "p4-untouched"}, Text: "Over the run about half of P0 was abated and nothing above it; the abated requests are answered DIAMETER_TOO_BUSY (rejected). Compare side by side with colour within priority, which takes P0 yellow first."},
}

var tourDoicPriorityWithinColour = []scenario.Step{
	{At: 5, Charts: []string{"reduction"}, Text: "The server asks for a 25 % reduction; the agent abates priority-within-colour."},
	{At: 15, Charts: []string{"abated", "ttp-colour"}, Text: "Watch which layers the abated chart takes: priority-within-colour ranks every yellow layer before any green one."},
	{At: 60, Charts: []string{"abated", "sent"}, Claims: []string{"p0-yellow-goes-whole", "p1-yellow-goes-whole", "p2-yellow-part", "p0-green-untouched", "p3-untouched", "p4-untouched"}, Text: "Over the run yellow P0 and P1 went whole and part of yellow P2, while green P0 was untouched. Compare side by side with priority-only, which takes P0 first, green included."},
}

var tourDoicPlainVsRanked = []scenario.Step{
	{At: 5, Charts: []string{"reduction"}, Text: "The same 10 % reduction, abated by plain loss: every request has the same chance to be discarded."},
	{At: 15, Charts: []string{"abated"}, Claims: []string{"abated-early", "p4-abated-early"}, Text: "Plain loss abates about 500 requests/s, P4 emergency traffic included."},
	{At: 60, Charts: []string{"abated", "outcomes"}, Claims: []string{"p0-abated", "p1-abated", "p2-abated", "p3-abated", "p4-abated"}, Text: "Over the run plain loss abated about 10 % of every priority. Run side by side with priority-only, which takes its abated requests from P0."},
}

var tourDoicShmBursty = []scenario.Step{
	{At: 7, Charts: []string{"ttp-priority"}, Claims: []string{"steady-before-burst"}, Text: "P0 bursts to 3× for 2 s every 10 s under a 10 % reduction; the first burst starts at 0:08. Between bursts about 500 P0 requests a second are abated. The Sliding Historic Metric estimates each layer's rate with a 5 s Rate Convergence Time."},
	{At: 20, Charts: []string{"sent", "ttp-priority"}, Claims: []string{"over-capacity-in-bursts"}, Text: "The Max ETR lags the bursts: in the burst intervals the server gets more than its capacity, because the rate estimate has not caught up."},
	{At: 23, Charts: []string{"abated"}, Claims: []string{"undershoot-after-burst"}, Text: "After a burst the estimate stays high for seconds: only about 300 P0 requests a second are abated, fewer than the 500 of the 10 % asked (undershoot), until it converges again."},
	{At: 60, Charts: []string{"sent", "abated"}, Claims: []string{"server-over-capacity", "p1-untouched", "p2-untouched", "p3-untouched", "p4-untouched"}, Text: "Over the run the server was over its capacity in 15 to 30 % of the intervals, and nothing above P0 was abated. Compare side by side with a convergence time of 0.2 s, which follows the bursts."},
}

var tourDoicOverloadAndRecovery = []scenario.Step{
	{At: 15, Charts: []string{"reduction"}, Claims: []string{"asks-from-start", "load-near-90-from-start"}, Text: "At the start the load (1×) is already above the server's 90 % target: its occupancy rule asks for a reduction near 20 %, and the load settles near 90 %."},
	{At: 61, Charts: []string{"reduction", "sent"}, Claims: []string{"load-near-90", "load-under-95", "load-over-85"}, Text: "At 0:20 the load stepped to 1.5×: the occupancy rule asked for the reduction it needs, and the server's load stayed near its 90 % target, between 85 and 95 % of its capacity in nearly every second."},
	{At: 75, Charts: []string{"reduction", "outcomes"}, Claims: []string{"reduction-ends"}, Text: "At 1:00 the load fell to 0.7×: the reduction dropped to 0 within 2 s."},
	{At: 90, Charts: []string{"reduction", "outcomes"}, Claims: []string{"end-report", "no-queue-overflow"}, Text: "One end report ended the overload, and the server's queue never overflowed. Compare side by side without DOIC."},
}

var tourDoicRateAlgorithm = []scenario.Step{
	{At: 5, Charts: []string{"reduction"}, Text: "The RFC 8582 rate algorithm: the server asks for at most 90 % of its capacity (OC-Maximum-Rate) under a 1.2× load."},
	{At: 20, Charts: []string{"sent"}, Claims: []string{"load-at-max-rate"}, Text: "The agent's leaky bucket lets no more through than the OC-Maximum-Rate: the server's load sits at 90 % of its capacity."},
	{At: 60, Charts: []string{"abated"}, Claims: []string{"p0-abated", "p1-abated", "p2-abated", "p3-untouched", "p4-untouched"}, Text: "The low priorities lose most, because their tolerance τ is the smallest, but the boundary is soft: P0 kept a little, P2 lost a little, where priority-only takes whole layers."},
}

var tourDoicDivert = []scenario.Step{
	{At: 5, Charts: []string{"reduction"}, Text: "The same fixed 10 % reduction, with an alternate server configured."},
	{At: 20, Charts: []string{"server", "outcomes"}, Claims: []string{"diverted-early", "none-rejected-early"}, Text: "About 500 abated requests a second are diverted to the alternate server instead of answered DIAMETER_TOO_BUSY: nothing is rejected."},
	{At: 60, Charts: []string{"server"}, Claims: []string{"diverted", "alternate-keeps-up", "none-rejected"}, Text: "Over the run half of P0 was diverted, and the alternate server discarded none of it."},
}

var tourDoicInjectedReport = []scenario.Step{
	{At: 15, Charts: []string{"reduction", "server"}, Text: "The clients offer half of the server's capacity: by its own rule the server would not report an overload."},
	{At: 30, Charts: []string{"reduction", "abated"}, Claims: []string{"nothing-asked-before", "asked-from-20", "p1-untouched-early"}, Text: "Nothing was asked before 0:20. From 0:20 the report is injected: the server asks for 15 % whatever its load, and priority-only abatement takes it all from P0."},
	{At: 55, Charts: []string{"reduction", "abated"}, Claims: []string{"asked-while-injected", "nothing-asked-after"}, Text: "At 0:50 the injection ended with a report of reduction 0, and the abatement stopped."},
	{At: 60, Charts: []string{"reduction", "abated"}, Claims: []string{"under-target", "p0-abated", "end-report"}, Text: "Over the run the server stayed under 60 % load, and the injected report took over a third of P0. Compare side by side with plain loss, which takes 15 % of every priority."},
}
