//go:build !js

package hlrmap

import (
	"overloadlab/core/engine/param"
	"overloadlab/core/engine/scenario"
)

// The exercises of the HLR storm presets (issue 27): each choice is decided
// by the preset's claims; a wrong one by a claim the preset's run fails
// (Claim.Fails).
var (
	predictStormAfterReboot = []scenario.Prediction{{
		Name:     "cpu-in-window",
		Question: "The SGSN reboots at 5:00: the mapping table is empty and the HLR sends CLR and ISD 8× faster for 30 minutes. What does the IMSI Manager's CPU do in the 60-minute reboot window?",
		Choices: []scenario.Choice{
			{Text: "It pins: every unknown request is broadcast to all 128 Session Managers.", Claims: []string{"pinned-in-window"}},
			{Text: "It stays low, and every request still reaches the right Session Manager.", Claims: []string{"cpu-low", "none-misrouted"}},
			{Text: "It stays low; the price is requests sent to a wrong Session Manager.", Claims: []string{"cpu-low", "misrouted"}},
			{Text: "It climbs to about half and holds there until the table refills.", Claims: []string{"cpu-near-half-in-window"}},
		},
		Explain: "Inside the reboot window an unknown request goes to one random Session Manager instead of a broadcast to 128, so the CPU stays low. " +
			"A subscriber whose session survived the reboot is then hosted elsewhere: its request is misrouted.",
	}}

	predictControlsOff = []scenario.Prediction{{
		Name:     "controls-off",
		Question: "The same reboot and HLR storm with the reboot window, the CPU threshold and the 70 % drop all switched off. How do the HLR's requests fare?",
		Choices: []scenario.Choice{
			{Text: "The CPU pins, but every answer still comes in time: the IMSI Manager is only slower.", Claims: []string{"cpu-pinned-in-storm", "none-late"}},
			{Text: "It copes: the CPU rises to between a third and two thirds.", Claims: []string{"cpu-copes-in-storm"}},
			{Text: "The CPU pins, answers come after the HLR's MAP timer and the HLR repeats its requests.", Claims: []string{"cpu-pinned-in-storm", "answers-late", "hlr-repeats"}},
		},
		Explain: "Every request without a mapping is broadcast: 3.2 ms of CPU each against about 570 requests/s, more than the CPU has. " +
			"The backlog passes the 15 s MAP timer, so the answers are wasted and the HLR repeats them, which adds load.",
	}}

	challengeControlsOff = []scenario.Challenge{{
		Name:       "one-control-back",
		Title:      "Every answer in time and the CPU under 35 % throughout, switching one control back on",
		Goals:      []string{"none-late", "cpu-under-35"},
		Free:       []string{pLabWindow.Name(), pAvoid.Name(), pLabDrop.Name()},
		MaxChanges: 1,
		Limit:      "at most 1 change",
		Hint:       "Which control decides where a request goes while the mapping table is still empty after the reboot?",
		Solution:   map[string]param.Value{pLabWindow.Name(): param.On(true)},
	}}
)
