//go:build !js

package sip

import (
	"math"

	"overloadlab/core/engine/claim"
	"overloadlab/core/engine/param"
	"overloadlab/core/engine/scenario"
)

// with returns the defaults changed by kv (name, value pairs).
func with(kv ...any) map[string]param.Value {
	m := map[string]param.Value{}
	for i := 0; i < len(kv); i += 2 {
		switch x := kv[i+1].(type) {
		case float64:
			m[kv[i].(string)] = param.Num(x)
		case int:
			m[kv[i].(string)] = param.Num(float64(x))
		case string:
			m[kv[i].(string)] = param.Str(x)
		case bool:
			m[kv[i].(string)] = param.On(x)
		}
	}
	return m
}

func control(name string) map[string]param.Value { return with("control", name) }

// goodput is the claim that goodput, as a share of the capacity, has its
// mean in [min, max] over the intervals ending in (from, to] (to 0: the
// run's end); copies, the same of the copies reaching the server per new
// request (amplification). Most of the lessons' claims are one of them.
func goodput(name string, from, to, min, max float64) claim.Claim {
	return claim.Claim{Name: name, Kind: claim.Mean, Column: "goodput", What: "goodput as a share of the capacity (%)", From: from, To: to, Min: min, Max: max}
}

func copies(name string, from, to, min, max float64) claim.Claim {
	return claim.Claim{Name: name, Kind: claim.Mean, Column: "amplification", What: "request copies reaching the server per new request", From: from, To: to, Min: min, Max: max}
}

// step marks a claim a tour's step checks; fails, one an exercise's wrong
// answer states, which the run fails (Claim.Fails).
func step(c claim.Claim) claim.Claim  { c.Step = true; return c }
func fails(c claim.Claim) claim.Claim { c.Fails = true; return c }

var presets = []scenario.Preset{
	{
		Name: "sip-collapse-udp", Model: "sip", Seed: 1, Duration: 120,
		Summary: "twice the server's capacity over UDP, no control: copies and abandoned calls take the CPU, goodput collapses",
		Teaches: "Watch the messages chart: the server receives several copies of each new request, and the outcomes chart: it completes in time a small fraction of what it could.",
		Params:  with("load", 2),
		Compare: []scenario.Variant{{Label: "loss (RFC 7339)", Params: control("loss")}, {Label: "TCP", Params: with("sip.transport", "tcp")}},
		Claims: []claim.Claim{
			copies("copies-per-request", 30, 0, 4, 7),
			goodput("goodput-collapses", 30, 0, 0, 25),
			{Name: "cpu-full", Kind: claim.Share, Column: "server.cpu", Op: claim.AtLeast, Value: 99, From: 10, Min: 95, Max: 100},
			{Name: "queue-past-t1", Step: true, Kind: claim.Mean, Column: "server.delay", What: "the server's queue in seconds of work", From: 5, To: 14, Min: 1, Max: 60},
			{Name: "copies-lost", Step: true, Kind: claim.Counter, Counter: cLostBufferFull.In("server"), Per: cCopiesReceived.In("server"), What: "copies lost at the full ingress buffer, as a share of the copies received", Min: 30, Max: 95},
			// The exercises' claims this run fails (exercises.go).
			fails(goodput("goodput-flat-out", 30, 0, 80, math.Inf(1))),
			fails(goodput("goodput-half", 30, 0, 40, 65)),
			fails(goodput("goodput-at-least-70", 30, 0, 70, math.Inf(1))),
			fails(copies("sent-once", 30, 0, 0, 1.5)),
		},
		Predictions: predictCollapseUdp,
		Challenges:  challengeCollapseUdp,
		Tour:        tourSipCollapseUdp,
		Pace:        3, Watch: "messages",
	},
	{
		Name: "sip-collapse-tcp", Model: "sip", Seed: 1, Duration: 120,
		Summary: "twice the capacity over TCP, no control: no copies, but the queue grows past the callers' patience",
		Teaches: "Watch the queue chart: nothing is sent twice, yet the queue grows without end, every answer comes after the caller hung up and goodput falls towards zero.",
		Params:  with("load", 2, "sip.transport", "tcp"),
		Compare: []scenario.Variant{{Label: "UDP", Params: with("sip.transport", "udp")}, {Label: "loss (RFC 7339)", Params: control("loss")}},
		Claims: []claim.Claim{
			{Name: "nothing-sent-twice", Kind: claim.Counter, Counter: cCopiesSentAgain.In("clients"), What: "copies sent again", Min: 0, Max: 0},
			{Name: "queue-grows", Kind: claim.Mean, Column: "server.delay", What: "the server's queue in seconds of work", From: 90, Min: 40, Max: math.Inf(1)},
			goodput("goodput-falls", 90, 0, 0, 5),
			step(goodput("early-goodput", 0, 29, 25, 60)),
		},
		Tour: tourSipCollapseTcp,
		Pace: 3, Watch: "queue",
	},
	{
		Name: "sip-503-retry-after", Model: "sip", Seed: 1, Duration: 120,
		Summary: "twice the capacity, 503 with Retry-After 5 s: every client stops and all come back at once",
		Teaches: "Watch the CPU chart: the server swings between idle and full as the clients stop on a 503 and return together 5 s later; goodput stays far under the capacity.",
		Params:  with("load", 2, "control", "503"),
		Compare: []scenario.Variant{{Label: "loss (RFC 7339)", Params: control("loss")}},
		Claims: []claim.Claim{
			{Name: "idle-often", Kind: claim.Share, Column: "server.cpu", Op: claim.Below, Value: 10, From: 10, Min: 35, Max: 80},
			{Name: "full-often", Kind: claim.Share, Column: "server.cpu", Op: claim.AtLeast, Value: 90, From: 10, Min: 10, Max: 45},
			goodput("goodput-low", 10, 0, 0, 50),
			{Name: "all-blocked", Step: true, Kind: claim.Share, Column: "blocked", Op: claim.AtLeast, Value: 9, From: 10, To: 29, Min: 50, Max: 95},
			{Name: "503s-cost", Step: true, Kind: claim.Counter, Counter: cRefused503.In("server"), What: "new requests refused with 503", Min: 1000, Max: math.Inf(1)},
		},
		Tour: tourSip503RetryAfter,
		Pace: 2, Watch: "cpu",
	},
	{
		Name: "sip-503-alternate", Model: "sip", Seed: 1, Duration: 120,
		Summary: "503 with an alternate server of half the capacity: the diverted load overloads the alternate",
		Teaches: "Watch the CPU chart: while the main server refuses, its clients send their new requests to the alternate, which is driven past its own 503 threshold in a fifth to three fifths of the intervals and refuses in turn.",
		Params:  with("load", 2, "control", "503", "alternate.enabled", true),
		Compare: []scenario.Variant{{Label: "no alternate", Params: with("alternate.enabled", false)}},
		Claims: []claim.Claim{
			{Name: "diverted", Kind: claim.Counter, Counter: cDivertedToAlternate.In("clients"), Per: cNewRequestsSent.In("clients"), What: "new requests sent to the alternate, as a share of all sent", Min: 25, Max: 75},
			{Name: "alternate-full", Kind: claim.Share, Column: "alternate.cpu", Op: claim.AtLeast, Value: 90, From: 10, Min: 20, Max: 60},
			{Name: "alternate-refuses", Kind: claim.Counter, Counter: cRefused503.In("alternate"), What: "new requests the alternate refused with 503", Min: 1000, Max: math.Inf(1)},
		},
		Tour: tourSip503Alternate,
		Pace: 2, Watch: "cpu",
	},
	{
		Name: "sip-loss-3x", Model: "sip", Seed: 1, Duration: 120,
		Summary: "three times the capacity with RFC 7339 loss-based control: goodput near the capacity, almost no copies",
		Teaches: "Watch the oc chart: the server asks its clients to drop nearly three quarters of their new requests; they do it before sending, the server stays near its 80 % target and answers in time.",
		Params:  with("load", 3, "control", "loss"),
		Compare: []scenario.Variant{{Label: "no control", Params: control("none")}, {Label: "rate (RFC 7415)", Params: control("rate")}},
		Claims: []claim.Claim{
			{Name: "oc-three-quarters", Kind: claim.Mean, Column: "oc.loss", What: "loss oc in force at the clients (%)", From: 20, Min: 65, Max: 80},
			{Name: "cpu-at-target", Kind: claim.Mean, Column: "server.cpu", What: "server occupancy (%)", From: 20, Min: 75, Max: 86},
			goodput("goodput-near-capacity", 20, 0, 74, 86),
			{Name: "no-copies", Kind: claim.Mean, Column: "retransmitted", What: "copies sent again per second", From: 20, Min: 0, Max: 1},
			{Name: "first-copies", Step: true, Kind: claim.Mean, Column: "retransmitted", What: "copies sent again per second", To: 9, Min: 50, Max: math.Inf(1)},
		},
		Tour: tourSipLoss3x,
		Pace: 2, Watch: "oc",
	},
	{
		Name: "sip-loss-5x", Model: "sip", Seed: 1, Duration: 120,
		Summary: "five times the capacity with loss-based control: the same goodput as at 3×",
		Teaches: "Watch the outcomes chart: the clients throttle four fifths of the load at the source and the server completes as much as at three times the capacity.",
		Params:  with("load", 5, "control", "loss"),
		Compare: []scenario.Variant{{Label: "no control", Params: control("none")}},
		Claims: []claim.Claim{
			{Name: "four-fifths-throttled", Kind: claim.Counter, Counter: "total/throttled", Per: "total/offered", What: "transactions throttled at the clients, as a share of those offered", Min: 75, Max: 90},
			goodput("goodput-near-capacity", 30, 0, 74, 86),
			// The exercises' claims this run fails (exercises.go).
			fails(goodput("goodput-lower", 30, 0, 0, 65)),
			{Name: "little-throttled", Fails: true, Kind: claim.Counter, Counter: "total/throttled", Per: "total/offered", What: "transactions throttled at the clients, as a share of those offered", Min: 0, Max: 20},
		},
		Predictions: predictLoss5x,
		Tour:        tourSipLoss5x,
		Pace:        2, Watch: "outcomes",
	},
	{
		Name: "sip-rate-3x", Model: "sip", Seed: 1, Duration: 120,
		Summary: "three times the capacity with RFC 7415 rate-based control, client 1 offering 4× the others: each client held to its share",
		Teaches: "Watch the clients chart: client 1 offers four times what each other client offers, yet the rate oc holds every client to the same share of what the server can serve.",
		Params:  with("load", 3, "control", "rate", "client1.factor", 4),
		Compare: []scenario.Variant{{Label: "loss (RFC 7339)", Params: control("loss")}},
		Claims: []claim.Claim{
			{Name: "client1-held", Kind: claim.Mean, Column: "client1.sent", What: "client 1's new requests sent per second", From: 30, Min: 17, Max: 24},
			{Name: "client2-held", Kind: claim.Mean, Column: "client2.sent", What: "client 2's new requests sent per second", From: 30, Min: 17, Max: 24},
			goodput("goodput-near-capacity", 30, 0, 74, 86),
			{Name: "client1-offers-more", Step: true, Kind: claim.Mean, Column: "throttled", What: "transactions throttled at the clients per second", From: 30, Min: 450, Max: 650},
		},
		Tour: tourSipRate3x,
		Pace: 2, Watch: "clients",
	},
	{
		Name: "sip-rate-join-leave", Model: "sip", Seed: 1, Duration: 120,
		Summary: "rate-based control while 10 more clients join at 40 s and leave at 80 s: the shares follow",
		Teaches: "Watch the rate oc: when ten clients join, the server divides what it can serve among twenty and each client's rate halves; when they leave it doubles again.",
		Params:  with("load", 3, "control", "rate"),
		Timeline: []scenario.Change{
			{At: 40, Param: "clients", Value: param.Num(20)},
			{At: 40, Param: "load", Value: param.Num(6)},
			{At: 80, Param: "clients", Value: param.Num(10)},
			{At: 80, Param: "load", Value: param.Num(3)},
		},
		Compare: []scenario.Variant{{Label: "loss (RFC 7339)", Params: control("loss")}},
		Claims: []claim.Claim{
			{Name: "share-of-ten", Kind: claim.Mean, Column: "oc.rate", What: "rate oc in force at the clients (per second)", From: 20, To: 39, Min: 17, Max: 24},
			{Name: "share-of-twenty", Kind: claim.Mean, Column: "oc.rate", What: "rate oc in force at the clients (per second)", From: 55, To: 79, Min: 8.5, Max: 12},
			{Name: "share-of-ten-again", Kind: claim.Mean, Column: "oc.rate", What: "rate oc in force at the clients (per second)", From: 95, Min: 17, Max: 24},
			goodput("goodput-near-capacity", 20, 0, 72, 88),
		},
		Tour: tourSipRateJoinLeave,
		Pace: 2, Watch: "oc-rate",
	},
	{
		Name: "sip-tv-vote", Model: "sip", Seed: 1, Duration: 120,
		Summary: "a TV vote: the load jumps from 0.6× to 4× for 20 s, no control: the collapse outlasts the spike",
		Teaches: "Watch the CPU and outcomes charts: the spike lasts 20 s, but the copies it set off keep the server at full CPU long after it, and goodput stays far below what the server completed before the spike.",
		Params:  with("load", 0.6, "load.shape", "burst", "load.peak", 4, "load.at", 30, "load.length", 20),
		Compare: []scenario.Variant{{Label: "loss (RFC 7339)", Params: control("loss")}},
		Claims: []claim.Claim{
			goodput("before-spike", 0, 24, 50, 68),
			{Name: "cpu-full-after", Kind: claim.Share, Column: "server.cpu", Op: claim.AtLeast, Value: 99, From: 50, To: 89, Min: 90, Max: 100},
			goodput("collapse-outlasts", 60, 89, 0, 30),
			step(copies("copies-in-spike", 35, 49, 3, math.Inf(1))),
			step(copies("copies-after", 60, 89, 3, 9)),
		},
		Tour: tourSipTvVote,
		Pace: 2, Watch: "outcomes",
	},
}
