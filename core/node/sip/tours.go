//go:build !js

package sip

import "overloadlab/core/engine/scenario"

// The presets' tours, each attached to its preset in presets.go (Tour).
// They are read by the page's HTML (templ) and the tests, not by the
// simulator: the WebAssembly build declares them empty (tours_js.go).

var tourSipCollapseUdp = []scenario.Step{
	{At: 5, Charts: []string{"outcomes", "cpu"}, Text: "Ten clients offer twice what the server can process, over UDP. Watch its CPU and its queue."},
	{At: 15, Charts: []string{"queue", "messages"}, Claims: []string{"queue-past-t1"}, Text: "The queue holds more than a second of work, longer than T1 = 500 ms: every request waits past its Timer A, and its client sends it again, at 0.5, 1.5, 3.5 s … (RFC 3261 §17.1.1.2)."},
	{At: 40, Charts: []string{"amplification", "messages"}, Text: "Each copy is parsed and matched to its transaction before the server can discard it: the copies take CPU the new transactions needed, so the queue stays long, and so the copies keep coming."},
	{At: 120, Charts: []string{"outcomes", "amplification"}, Claims: []string{"copies-per-request", "goodput-collapses", "cpu-full", "copies-lost"}, Text: "From 0:30 on, 4 to 7 copies reached the server per new request, most of them lost at its full buffer, and it completed in time at most a quarter of its capacity although its CPU was full: congestion collapse. Compare with the loss control on the same traffic."},
}

var tourSipCollapseTcp = []scenario.Step{
	{At: 10, Charts: []string{"messages", "queue"}, Text: "The same twice-capacity load over TCP: a reliable transport, so no request is sent twice (Timer A is not started)."},
	{At: 30, Charts: []string{"outcomes", "queue"}, Claims: []string{"early-goodput"}, Text: "Up to 0:29 the server still completed a quarter to three fifths of its capacity in time, while its queue grew by a second of work every second."},
	{At: 120, Charts: []string{"queue", "outcomes"}, Claims: []string{"nothing-sent-twice", "queue-grows", "goodput-falls"}, Text: "Nothing was sent twice, but by the end the queue held more than 40 s of work: every request waited past its caller's patience and goodput fell under 5 % of the capacity. Without a control, a reliable transport moves the waste from copies to stale calls."},
}

var tourSip503RetryAfter = []scenario.Step{
	{At: 8, Charts: []string{"cpu", "retry-after"}, Text: "Above 90 % occupancy the server answers new requests 503 Service Unavailable with a Retry-After of 5 s (RFC 3261 §21.5.4): each client that hears it sends nothing to the server for 5 s."},
	{At: 30, Charts: []string{"retry-after", "cpu"}, Claims: []string{"all-blocked"}, Text: "Every client hears a 503 within a second, so all of them stop together: from 0:10 to 0:29, in most intervals nine or ten of the ten clients are blocked, the server falls idle, and all come back at once 5 s later."},
	{At: 120, Charts: []string{"cpu", "outcomes"}, Claims: []string{"idle-often", "full-often", "goodput-low", "503s-cost"}, Text: "Over the run the server was nearly idle in most intervals and full in a tenth to almost half of them, refused over a thousand requests at a cost of CPU each, and completed less than half of its capacity. 503 cannot ask for a partial reduction (RFC 6357 §4). Compare with the loss control."},
}

var tourSip503Alternate = []scenario.Step{
	{At: 10, Charts: []string{"cpu", "retry-after"}, Text: "The same 503 with Retry-After, now with an alternate server of half the capacity: a blocked client sends its new requests, and the one refused, there."},
	{At: 40, Charts: []string{"cpu"}, Text: "While the main server's clients are blocked, their new requests go to the alternate, which has half the main server's capacity."},
	{At: 120, Charts: []string{"cpu", "retry-after"}, Claims: []string{"diverted", "alternate-full", "alternate-refuses"}, Text: "A quarter to three quarters of the new requests went to the alternate; it was past its own 90 % threshold in a fifth to three fifths of the intervals and refused over a thousand of them with its own 503s: shedding by diversion moved the overload. Compare without the alternate."},
}

var tourSipLoss3x = []scenario.Step{
	{At: 5, Charts: []string{"oc", "cpu"}, Text: "Three times the capacity, with RFC 7339's loss-based control: every second the server measures its occupancy and, above the 85 % onset, puts an oc (the percentage of new requests to drop) in the Via of its responses."},
	{At: 10, Charts: []string{"messages"}, Claims: []string{"first-copies"}, Text: "Before the clients hear the first oc the server's queue has grown past T1, and copies are sent again."},
	{At: 60, Charts: []string{"oc", "outcomes"}, Text: "Each client drops the oc share of its new requests before sending them (throttled at the source) and never a copy; the oc holds for its oc-validity, and each newer oc-seq replaces it."},
	{At: 120, Charts: []string{"oc", "cpu", "outcomes"}, Claims: []string{"oc-three-quarters", "cpu-at-target", "goodput-near-capacity", "no-copies"}, Text: "From 0:20 on the oc in force was 65 to 80 %, the server's occupancy stayed between 75 and 86 % around its 80 % target, it completed 74 to 86 % of its capacity in time, and almost no copy was sent. Compare without control on the same traffic."},
}

var tourSipLoss5x = []scenario.Step{
	{At: 10, Charts: []string{"oc", "messages"}, Text: "Five times the capacity with the loss control: watch how the first seconds, before the clients hear an oc, differ from the rest."},
	{At: 60, Charts: []string{"oc", "outcomes"}, Text: "The oc rises until what the clients send fits what the server serves at its target."},
	{At: 120, Charts: []string{"outcomes", "cpu"}, Claims: []string{"four-fifths-throttled", "goodput-near-capacity"}, Text: "Three quarters to nine tenths of the offered transactions were throttled at the clients, and from 0:30 on the server completed 74 to 86 % of its capacity, as at three times: goodput no longer falls with the load."},
}

var tourSipRate3x = []scenario.Step{
	{At: 10, Charts: []string{"oc-rate", "clients"}, Text: "Three times the capacity with RFC 7415's rate-based control: the oc is a rate, the server's servable rate divided by the ten clients it hears from, and each client paces its new requests with a leaky bucket (T = 1/oc, τ = 4T)."},
	{At: 60, Charts: []string{"clients"}, Text: "Client 1 offers four times what each other client offers: watch whether its bucket lets more through than the others'."},
	{At: 120, Charts: []string{"clients", "outcomes"}, Claims: []string{"client1-held", "client2-held", "goodput-near-capacity", "client1-offers-more"}, Text: "From 0:30 on clients 1 and 2 each sent 17 to 24 new requests a second, the rest (450 to 650 a second in all) was throttled at the clients, and goodput stayed at 74 to 86 % of the capacity. Compare with the loss control, which takes the same share from every client, so client 1 keeps four times the others' rate."},
}

var tourSipRateJoinLeave = []scenario.Step{
	{At: 40, Charts: []string{"oc-rate", "clients"}, Claims: []string{"share-of-ten"}, Text: "Ten clients at three times the capacity: from 0:20 to 0:39 each was given 17 to 24 new requests a second."},
	{At: 80, Charts: []string{"oc-rate", "clients"}, Claims: []string{"share-of-twenty"}, Text: "At 0:40 ten more clients joined, offering as much each: the server hears from twenty and divides the same rate among them, 8.5 to 12 a second each from 0:55 to 1:19."},
	{At: 120, Charts: []string{"oc-rate", "outcomes"}, Claims: []string{"share-of-ten-again", "goodput-near-capacity"}, Text: "At 1:20 they left and each remaining client's share went back to 17 to 24; goodput stayed at 72 to 88 % of the capacity throughout. Compare with the loss control."},
}

var tourSipTvVote = []scenario.Step{
	{At: 25, Charts: []string{"outcomes", "cpu"}, Claims: []string{"before-spike"}, Text: "Up to 0:24, before the vote, the clients offer 60 % of the capacity and the server completes half to two thirds of its capacity: nearly all of it."},
	{At: 50, Charts: []string{"messages", "amplification"}, Claims: []string{"copies-in-spike"}, Text: "From 0:30 to 0:50 the viewers call in: four times the capacity, over UDP and with no control. From 0:35 to 0:49 at least 3 copies reached the server per new request."},
	{At: 90, Charts: []string{"cpu", "outcomes", "amplification"}, Claims: []string{"cpu-full-after", "collapse-outlasts", "copies-after"}, Text: "The vote is over and the load is back to 60 %, yet the server stayed at full CPU from 0:50 to 1:29: its queue still holds calls whose callers gave up, each waits past its Timer A, and 3 to 9 copies arrive per new request. Goodput stayed under 30 % of the capacity: the collapse outlasts its cause. Compare with the loss control."},
	{At: 120, Charts: []string{"queue", "outcomes"}, Text: "Watch the queue for the rest of the run: the server works off the stale calls and their copies only slowly."},
}
