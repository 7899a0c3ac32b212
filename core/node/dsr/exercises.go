//go:build !js

package dsr

import (
	"overloadlab/core/engine/param"
	"overloadlab/core/engine/scenario"
)

// The exercises of the DOIC presets (issue 27): each choice is decided by
// the preset's claims; a wrong one by a claim the preset's run fails
// (Claim.Fails).
var (
	predictPriorityOnly = []scenario.Prediction{{
		Name:     "who-is-abated",
		Question: "The server asks its clients for a 10 % reduction; P0, the lowest priority, is 20 % of the traffic. Under priority-only abatement, which requests are abated?",
		Choices: []scenario.Choice{
			{Text: "10 % of every priority.", Claims: []string{"p1-abated-some"}},
			{Text: "All of P0: the lowest priority goes first, whole.", Claims: []string{"p0-all-abated"}},
			{Text: "About half of P0, and nothing of P1 to P4.", Claims: []string{"p0-abated", "p1-untouched", "p2-untouched", "p3-untouched", "p4-untouched"}},
			{Text: "A tenth of P0 only.", Claims: []string{"p0-tenth-abated"}},
		},
		Explain: "10 % of all the traffic is half of a P0 that carries 20 % of it: priority-only abatement takes the whole reduction from the lowest priority, " +
			"and only as much of it as the reduction needs.",
	}}

	predictPlainLoss = []scenario.Prediction{{
		Name:     "plain-loss",
		Question: "The same 10 % reduction applied as plain loss, without regard to priority. Whose requests are lost?",
		Choices: []scenario.Choice{
			{Text: "About half of P0 and nothing else, as with ranked abatement.", Claims: []string{"p0-half-abated"}},
			{Text: "About 10 % of every priority, emergency P4 included.", Claims: []string{"p0-abated", "p4-abated", "abates-a-tenth"}},
			{Text: "10 % in all, but none of the emergency P4: it is always spared.", Claims: []string{"abates-a-tenth", "p4-spared"}},
		},
		Explain: "Plain loss drops each request with the same probability: the same total as ranked abatement, taken evenly from every priority, " +
			"so emergency (P4) requests are lost too.",
	}}

	challengePlainLoss = []scenario.Challenge{{
		Name:     "spare-emergencies",
		Title:    "Abate the same 10 % without losing one P3 or emergency P4 request",
		Goals:    []string{"abates-a-tenth", "p3-spared", "p4-spared"},
		Free:     []string{"doic.abatement"},
		Keep:     []string{"server.reduction"},
		Limit:    "change the abatement only: the reduction stays 10 %",
		Hint:     "Plain loss does not look at priorities; an abatement that ranks the requests can choose whom to abate.",
		Solution: map[string]param.Value{"doic.abatement": param.Str("priority-only")},
	}}
)
