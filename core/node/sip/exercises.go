//go:build !js

package sip

import (
	"overloadlab/core/engine/param"
	"overloadlab/core/engine/scenario"
)

// The exercises of the SIP presets (issue 27): each choice is decided by
// the preset's claims; a wrong one by a claim the preset's run fails
// (Claim.Fails).
var (
	predictCollapseUdp = []scenario.Prediction{{
		Name:     "goodput-at-2x",
		Question: "The clients offer twice the server's capacity over UDP, with no overload control. What goodput does the server give?",
		Choices: []scenario.Choice{
			{Text: "About its capacity: it works flat out and sheds the rest.", Claims: []string{"goodput-flat-out"}},
			{Text: "About half of its capacity.", Claims: []string{"goodput-half"}},
			{Text: "It collapses, under a quarter of its capacity: retransmitted copies take the CPU.", Claims: []string{"goodput-collapses", "copies-per-request"}},
			{Text: "Low, but each request reaches the server only once.", Claims: []string{"sent-once"}},
		},
		Explain: "Over UDP a client retransmits a request its answer to which is late (timer T1, doubling): the server receives several copies of each, " +
			"spends its CPU on them and on calls already abandoned, and completes in time a small fraction of what it could.",
	}}

	challengeCollapseUdp = []scenario.Challenge{{
		Name:       "restore-goodput",
		Title:      "At least 70 % of the capacity as goodput, with under 1.5 copies per request",
		Goals:      []string{"goodput-at-least-70", "sent-once"},
		Free:       []string{"control", "sip.transport"},
		MaxChanges: 1,
		Keep:       []string{"load"},
		Limit:      "one change, at the same load",
		Hint:       "The copies come from the clients: what if the server could tell them how much to send before they send it?",
		Solution:   map[string]param.Value{"control": param.Str("loss")},
	}}

	predictLoss5x = []scenario.Prediction{{
		Name:     "goodput-at-5x",
		Question: "Loss-based control (RFC 7339) held goodput near capacity at 3× the load. At 5× the load, what goodput?",
		Choices: []scenario.Choice{
			{Text: "Lower: more load, more overload.", Claims: []string{"goodput-lower"}},
			{Text: "Near capacity, because the server throws away what it cannot serve.", Claims: []string{"goodput-near-capacity", "little-throttled"}},
			{Text: "Near capacity, as at 3×: the clients throttle four fifths of their load before sending.", Claims: []string{"goodput-near-capacity", "four-fifths-throttled"}},
		},
		Explain: "The server asks the clients to drop a share of their new requests before sending; at 5× they drop about four fifths, " +
			"so what reaches the server is what it can serve, and goodput is the same as at 3×.",
	}}
)
