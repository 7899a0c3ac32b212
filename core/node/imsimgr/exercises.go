//go:build !js

package imsimgr

import (
	"overloadlab/core/engine/param"
	"overloadlab/core/engine/scenario"
)

// The exercises of the attach-storm presets (issue 27): each choice is
// decided by the preset's claims; a wrong one by a claim the preset's run
// fails (Claim.Fails).
var (
	predictAttachStorm = []scenario.Prediction{{
		Name:     "cpu-in-storm",
		Question: "At 2:00 a neighbour site fails and its UEs re-attach in a burst, 6× the busy hour. The 70 % CPU guard is on. What will the IMSI Manager's CPU do during the storm?",
		Choices: []scenario.Choice{
			{Text: "It pins at 99 % or more and the watchdog crashes the IMSI Manager.", Claims: []string{"crashes-at-least-once"}},
			{Text: "The guard holds it near 70 %: it never pins.", Claims: []string{"cpu-rarely-pinned"}},
			{Text: "It is pinned in most of the storm's intervals, but the IMSI Manager never crashes.", Claims: []string{"cpu-pinned-in-storm", "crashes"}},
			{Text: "It stays near the busy hour's 25 %: the pacing queue absorbs the storm.", Claims: []string{"cpu-stays-low-in-storm"}},
		},
		Explain: "The guard reads the CPU once a second: every second read under 70 % lets a second of rejects through the messenger, whose cost pins the CPU for the next seconds. " +
			"It keeps the IMSI Manager alive (no crash), but the CPU is pinned in about three quarters of the storm's intervals.",
	}}

	challengeAttachStorm = []scenario.Challenge{{
		Name:  "unpin-the-storm",
		Title: "No crash, and the CPU pinned in under a quarter of the storm's intervals",
		Goals: []string{"crashes", "cpu-pinned-under-25"},
		Free: []string{
			"cpu-guard.sampling-period", "sgsn-new-connections-per-second", "mme-new-connections-per-second",
			"sgsn-queue-size", "mme-queue-size", "sgsn-wait-time", "mme-wait-time",
		},
		MaxChanges: 2,
		Keep:       []string{"lab.cpu-guard"},
		Limit:      "at most 2 changes, keeping the action reject and the guard on",
		Hint:       "The guard is a switch on a CPU reading: how long does a reading under 70 % let rejects through?",
		Solution:   map[string]param.Value{"cpu-guard.sampling-period": param.Num(0.1)},
	}}

	predictAttachStormDrop = []scenario.Prediction{{
		Name:     "drop-instead-of-reject",
		Question: "The same storm, but the pacing queues' overflow action is drop instead of reject. What happens?",
		Choices: []scenario.Choice{
			{Text: "The CPU pins as with reject: a dropped request costs as much as a rejected one.", Claims: []string{"cpu-pinned-often"}},
			{Text: "The CPU stays under 70 % and no UE is rejected: the UEs pay, waiting out their 15 s timers.", Claims: []string{"cpu-under-70-in-storm", "no-rejects"}},
			{Text: "Without the rejects' backpressure the IMSI Manager crashes.", Claims: []string{"crashes-at-least-once"}},
			{Text: "The UEs are told quickly with a reject and retry later.", Claims: []string{"rejects-sent"}},
		},
		Explain: "A drop costs the CPU almost nothing, so the guard rarely acts and the CPU stays under 70 %. " +
			"Nothing tells a dropped UE, so it learns only when its T3410 timer expires, 15 s later, and then retries.",
	}}
)
