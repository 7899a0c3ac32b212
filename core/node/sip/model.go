package sip

import (
	"overloadlab/core/engine/param"
	"overloadlab/core/engine/prose"
	"overloadlab/core/engine/scenario"
	"overloadlab/core/engine/sim"
)

// goodputFrom is where the goodput tile's mean starts (s), the window of
// the claims on goodput once the controls have settled (sip-loss-3x,
// sip-rate-join-leave): the tile then shows the claim's figure, not one
// interval's, which swings by ±20 points under a control.
const goodputFrom = 20

// Def is the SIP server overload model.
var Def = &sim.Def{
	Name:  "sip",
	Title: "SIP server: congestion collapse from retransmissions, 503 Retry-After, RFC 7339 loss and RFC 7415 rate",
	Doc: "Upstream clients (SIP proxies or user agents) send INVITE and non-INVITE transactions to a SIP server " +
		"(a proxy or a registrar). Over UDP a request not answered within T1 is sent again, twice as late each time " +
		"(RFC 3261 Timers A and E), and the server parses and matches every copy: past its capacity the copies and the " +
		"calls whose callers already hung up take its CPU, and goodput collapses. Its answers: 503 with Retry-After " +
		"(every client stops, then all come back), or feedback in the Via header that asks for a partial reduction, " +
		"a share to drop (RFC 7339 loss) or a rate per client (RFC 7415).",
	Params:   params,
	Check:    check,
	Classes:  []string{"invite", "non-invite"},
	Columns:  &cols,
	Counters: &counters,
	CPU:      "server.cpu",
	Charts: []sim.Chart{
		{ID: "outcomes", Title: "Offered transactions and what became of them", Unit: "/s", Stacked: true, PerClass: true,
			Series: []string{"completed", "late", "rejected", "dropped", "throttled"}, Overlay: []string{"offered"}},
		{ID: "messages", Title: "Requests sent, copies sent again, lost at the server, 503s", Unit: "/s",
			Series: []string{"sent", "retransmitted", "server.received", "server.lost", "503", "server.stale"}},
		{ID: "cpu", Title: "Server occupancy", Unit: "%", Series: []string{"server.cpu", "alternate.cpu"}, If: []string{"", "alternate.enabled"},
			Lines: []sim.Line{{Label: "503 threshold", Param: "retry-after.threshold", If: "control=503"},
				{Label: "onset", Param: "oc.onset", If: "control=loss|rate"}, {Label: "target", Param: "oc.target", If: "control=loss|rate"}}},
		{ID: "queue", Title: "Server queue, in seconds of work", Unit: "s", Series: []string{"server.delay", "alternate.delay"}, If: []string{"", "alternate.enabled"},
			Lines: []sim.Line{{Label: "patience", Param: "patience"}}},
		{ID: "amplification", Title: "Copies reaching the server per new request", Unit: "×", Series: []string{"amplification"},
			Lines: []sim.Line{{Label: "one copy", Value: 1}}},
		{ID: "oc", Title: "oc in force at the clients (loss %) and sent by the server", Unit: "%", Series: []string{"oc.loss", "oc.server"}},
		{ID: "oc-rate", Title: "Rate oc in force at the clients", Unit: "/s", Series: []string{"oc.rate"}},
		{ID: "clients", Title: "New requests each of the first eight clients sends", Unit: "/s", Series: clientSeries("sent"), Upto: "clients"},
		{ID: "client-oc", Title: "oc in force at each of the first eight clients (loss %, rate /s)", Unit: "", Series: clientSeries("oc"), Upto: "clients"},
		{ID: "retry-after", Title: "Clients blocked by Retry-After, and diverted", Unit: "", Series: []string{"blocked", "diverted"},
			If: []string{"", "alternate.enabled"}},
	},
	Sources: []sim.Source{
		{Name: prose.Page("RFC 3261, SIP: Session Initiation Protocol, §17"), Uses: prose.Page("the transaction timers over UDP: T1, T2, Timer A doubling, Timer B and F = 64·T1.")},
		{Name: prose.Page("RFC 6357, design considerations for SIP overload control"), Uses: prose.Page("why 503 with Retry-After makes overload worse, and the case for feedback asking for a partial reduction.")},
		{Name: prose.Page("RFC 7339, SIP overload control (loss-based)"), Uses: prose.Page("oc, oc-validity and oc-seq in the Via header, and the share of new requests a client drops.")},
		{Name: prose.Page("RFC 7415, SIP overload control (rate-based)"), Uses: prose.Page("oc as a rate for each client, and the leaky bucket of period 1/oc and tolerance τ.")},
	},
	Panels: []sim.Panel{
		{Title: "Retransmission over UDP (RFC 3261 §17.1.1.2, §17.1.2.2)",
			Formula: prose.Page("INVITE: copies at 0, T1, 3T1, 7T1, … (Timer A doubles) until a provisional answer; Timer B gives up at 64·T1. Non-INVITE: Timer E doubles up to T2; Timer F at 64·T1"),
			Text: prose.Page("With T1 = 500 ms an INVITE never answered is sent 7 times, at 0, 0.5, 1.5, 3.5, 7.5, 15.5 and 31.5 s, and " +
				"Timer B ends it at 32 s (Table 4 of RFC 3261). A 100 Trying stops the copies of an INVITE; a non-INVITE is sent " +
				"again until its final answer. Over TCP nothing is sent twice (§17.1.1.2: Timer A is not started over a reliable transport). " +
				"The server parses every copy and matches it to its transaction before it can discard it: when its queue is longer " +
				"than T1, the copies it is sent grow with the queue, and so the queue.")},
		{Title: "Goodput and congestion collapse (RFC 6357 §3, §6)",
			Formula: prose.Page("goodput = transactions whose final answer reached the client before Timer B/F and the caller's patience, per second"),
			Text: prose.Page("A server past its capacity spends its CPU on copies of requests it already has and on calls whose " +
				"callers have hung up; what it completes in time falls towards zero as the load grows. RFC 6357 names this " +
				"the congestion collapse of SIP, and shows that 503 cannot prevent it.")},
		{Title: "503 with Retry-After (RFC 3261 §21.5.4, §20.33; RFC 6357 §4)",
			Formula: prose.Page("server: ρ > threshold ⇒ answer new requests 503, Retry-After R; client: no request to that server for R s (to the alternate if any)"),
			Text: prose.Page("A 503 is all or nothing: every client that hears it stops sending to the server, and all come back " +
				"at once R seconds later: the load swings between zero and the full load. Each 503 costs the server a parse " +
				"and an answer, and traffic diverted to an alternate server can overload it in turn.")},
		{Title: "Loss-based overload control (RFC 7339 §4, §5, §7)",
			Formula: prose.Page("Via: oc=<0–100>;oc-algo=\"loss\";oc-validity=<ms>;oc-seq=<n>; the client drops oc % of its new requests (never a retransmission), while valid"),
			Text: prose.Page("The server puts oc in the topmost Via of its responses; a client that advertised support applies " +
				"it to its new requests to that server until oc-validity ends (500 ms when a response leaves it out, §4.3; " +
				"oc-validity 0 ends it at once, §5.7) and ignores an oc-seq that is not newer (§4.4, §5.4). The RFC counts " +
				"requests within a dialogue in the share too and leaves which to drop to the client's policy (§5.3, §5.10.1): " +
				"here every new request is alike, and no copy is dropped. How the server computes oc is its own choice (§5.3): here [R], every " +
				"regulation interval, from its occupancy ρ: R = target·λ/ρ new requests per second can be served, and " +
				"oc = 100·(1 − R/offered), raised above the onset and lowered below the abatement.")},
		{Title: "Rate-based overload control (RFC 7415 §3.4, §3.5)",
			Formula: prose.Page("oc = new requests per second for this client; leaky bucket: T = 1/oc, X' = X − (t − LCT), X' > τ ⇒ drop, else X = max(0, X') + T"),
			Text: prose.Page("With oc-algo=\"rate\" the oc is a rate: the client paces its new requests with a leaky bucket of " +
				"period T = 1/oc and tolerance τ (here τ in units of T; §3.5.1 calls τ = 4T a reasonable compromise, the default " +
				"here). How the server shares its target rate is left to it (§3.4): here [R] it divides what it can serve evenly " +
				"among the clients it hears from, so each client is held to its share however many there are.")},
	},
	Tiles: []sim.Tile{
		{Label: "Goodput / capacity", Column: "goodput", Agg: sim.TileMean, From: goodputFrom, Doc: "% of what the server can serve, mean from 0:20 on, as the claims"},
		{Label: "Copies per request", Column: "amplification", Doc: "reaching the server per new request"},
		{Label: "Server CPU", Column: "server.cpu", Doc: "%"},
		{Label: "Calls failed", Column: "failed", Doc: "/s: late, refused, unanswered; not those throttled at the clients (Throttled)"},
	},
	Presets: presets,
	Sweeps: []sim.Sweep{{
		ID: "load", Title: "Goodput against offered load: none, 503, loss, rate", Param: "load",
		Values: []float64{0.5, 0.8, 1, 1.2, 1.5, 2, 3, 4, 5},
		Curves: []scenario.Variant{
			{Label: "no control", Params: map[string]param.Value{"control": param.Str("none")}},
			{Label: "503 Retry-After", Params: map[string]param.Value{"control": param.Str("503")}},
			{Label: "loss (RFC 7339)", Params: map[string]param.Value{"control": param.Str("loss")}},
			{Label: "rate (RFC 7415)", Params: map[string]param.Value{"control": param.Str("rate")}},
		},
		Doc:   "Without control, past the capacity the copies and the calls already given up take the server's CPU and goodput falls; 503 swings on and off; loss and rate ask each client for a partial reduction and keep goodput near the capacity.",
		Lines: []sim.SweepLine{{Label: "server capacity", Of: Capacity}},
	}},
	New: newNode,
}
