//go:build !js

package scp

import (
	"overloadlab/core/engine/param"
	"overloadlab/core/engine/scenario"
)

// The exercises of the SCP presets (issue 27): each choice is decided by
// the preset's claims; a wrong one by a claim the preset's run fails
// (Claim.Fails).
var (
	predictStandardAcg = []scenario.Prediction{{
		Name:     "throughput-under-table",
		Question: "100 SSPs offer twice what the SCP can serve, under the standard ACG table of gaps. What throughput does the SCP carry?",
		Choices: []scenario.Choice{
			{Text: "About its capacity, steadily: the gap admits just what it can serve.", Claims: []string{"at-least-90-pct", "steady-gap"}},
			{Text: "All it can, at a pinned CPU: the overload carries on unchecked.", Claims: []string{"cpu-pinned"}},
			{Text: "Far less than its capacity: gapping switches on and off, and the SSPs block while the SCP idles.", Claims: []string{"carries-far-less", "on-off", "blocked-while-idle"}},
		},
		Explain: "The table's gaps are coarse: the first step ends the overload with far too large a gap, the SCP idles while the SSPs keep blocking " +
			"until the gap's duration ends, then they all return. On, off, on: the throughput stays well under the capacity.",
	}}

	challengeStandardAcg = []scenario.Challenge{{
		Name:     "carry-90",
		Title:    "Carry at least 90 % of the capacity without switching gapping on and off",
		Goals:    []string{"at-least-90-pct", "steady-gap"},
		Free:     []string{"scp.control"},
		Limit:    "change the control only: the SSPs and their load stay",
		Hint:     "A table of fixed gaps cannot find the gap that admits just the capacity; a control that computes it can.",
		Solution: map[string]param.Value{"scp.control": param.Str("adaptive-acg")},
	}}

	predict10Ssps = []scenario.Prediction{{
		Name:     "few-heavy-sources",
		Question: "Ten heavy SSPs at 65 queries/s each offer 1.3× the SCP's capacity. The table's smallest gap is 0.1 s. What does the SCP carry?",
		Choices: []scenario.Choice{
			{Text: "Nearly its capacity: a 0.1 s gap is fine enough.", Claims: []string{"near-capacity"}},
			{Text: "About a third of its capacity.", Claims: []string{"a-third-of-capacity"}},
			{Text: "Next to nothing: the gap shuts the SSPs out.", Claims: []string{"next-to-nothing"}},
			{Text: "Its capacity, with the rest dropped at its full buffer.", Claims: []string{"buffer-overflows"}},
		},
		Explain: "A 0.1 s gap admits at most 10 queries/s per SSP: 100/s from all ten, a fifth of the capacity, and more in the table's off phases. " +
			"The standard table cannot gap a few heavy sources finely enough.",
	}}
)
