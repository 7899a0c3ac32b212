//go:build !js

package mcswitch

import (
	"overloadlab/core/engine/param"
	"overloadlab/core/engine/scenario"
)

// The exercises of the switch presets (issue 27): each choice is decided
// by the preset's claims; a wrong one by a claim the preset's run fails
// (Claim.Fails).
var (
	predictStep5x = []scenario.Prediction{{
		Name:     "aro-reaction",
		Question: "At 0:30 the offered load steps from 0.8× to 5× the switch's capacity. How soon does ARO bring its admitted fraction to the value it settles at?",
		Choices: []scenario.Choice{
			{Text: "In ten intervals or more: it cuts by at most 10 % per interval.", Claims: []string{"aro-takes-ten"}},
			{Text: "Within a few intervals, and the occupancy is back under its target within 3 s too.", Claims: []string{"aro-reaches-f-star", "occupancy-back-at-once"}},
			{Text: "Within a few intervals; the occupancy takes longer, working off the backlog.", Claims: []string{"aro-reaches-f-star", "occupancy-longer"}},
		},
		Explain: "ARO sizes its cut from the offered rate, so it reaches f* ≈ 0.15 in about 2 intervals; cutting 10 % per interval is OCC, which needs about 17. " +
			"The occupancy lags: the backlog the step built must be worked off first.",
	}}

	predictOverloadSteps = []scenario.Prediction{{
		Name:     "who-loses-first",
		Question: "The load steps 0.8× → 2× → 5× → 10× capacity under strict priority. Which calls lose first?",
		Choices: []scenario.Choice{
			{Text: "Every class alike: overload is shared.", Claims: []string{"mt-cut-alike"}},
			{Text: "Handovers: they cost the most.", Claims: []string{"handover-cut-first"}},
			{Text: "Location updates/SMS, then mobile-originated, then mobile-terminated calls; handovers last.", Claims: []string{"lu-sms-cut-first", "mo-cut-at-2x", "mt-before-mo", "handover-served"}},
			{Text: "Mobile-terminated calls, while the mobile-originated ones are kept.", Claims: []string{"mo-kept-at-2x"}},
		},
		Explain: "Strict priority admits the classes in order: a dropped handover is a dropped call in progress, a location update can wait. " +
			"At 2× the low classes are already cut while mobile-terminated calls and handovers are served.",
	}}

	challengeHotspot = []scenario.Challenge{{
		Name:     "catch-the-burst",
		Title:    "No pile-up of over 1000 messages and the processor not pinned after a 3 s hot spot at 5×",
		Goals:    []string{"not-pinned-after-burst", "no-queue-jump"},
		Free:     []string{"overload.algorithm"},
		Limit:    "change the overload algorithm only",
		Hint:     "ARO and OCC decide once per interval, so a burst's first interval is admitted at the old fraction; which control decides per message?",
		Solution: map[string]param.Value{"overload.algorithm": param.Str("sred")},
	}}
)
