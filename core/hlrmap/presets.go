package hlrmap

import (
	"maps"

	"overloadlab/core/param"
	"overloadlab/core/scenario"
)

// stormParams: 128 Session Managers (a broadcast costs 128 × 25 µs = 3.2 ms
// of IMSI Manager CPU), 400 000 registered subscribers re-attaching at
// 200/s (table time constant S/λ = 2000 s), half the sessions kept over the
// reboot, and an HLR that sends CLR and ISD 8 times faster for 30 minutes
// after the reboot (560 + 10 requests/s).
func stormParams(extra map[string]param.Value) map[string]param.Value {
	p := map[string]param.Value{
		pSessMgrs:    param.Num(128),
		pSubscribers: param.Num(400_000),
		pAttachRate:  param.Num(200),
		pKept:        param.Num(50),
		pStormFactor: param.Num(8),
		pStormLength: param.Num(1800),
	}
	maps.Copy(p, extra)
	return p
}

// controlsOff switches off every rule (lab only).
var controlsOff = map[string]param.Value{
	pLabWindow: param.On(false),
	pAvoid:     param.On(false),
	pLabDrop:   param.On(false),
}

func rebootAt(t float64) []scenario.Change {
	return []scenario.Change{{At: t, Param: pReboot, Value: param.On(true)}}
}

var presets = []scenario.Preset{
	{
		Name: "hlr-storm-after-reboot", Model: "imsimgr-hlr", Seed: 1, Duration: 5400, Interval: 2,
		Summary: "the SGSN reboots at 5 min and the HLR sends CLR/ISD 8× faster for 30 min while the mapping table is empty",
		Teaches: "Watch the CPU chart: inside the 60-minute window every unknown request goes to a random Session Manager and the " +
			"CPU stays low; the price is the misrouted requests of subscribers whose session survived. Compare with the " +
			"controls off: every unknown request is broadcast to 128 Session Managers, the CPU pins at 100 % and the HLR's " +
			"answers come too late.",
		Params:   stormParams(nil),
		Timeline: rebootAt(300),
		Compare: []scenario.Variant{
			{Label: "controls off (lab)", Params: controlsOff},
			{Label: "no reboot window (lab): the CPU threshold alone", Params: map[string]param.Value{pLabWindow: param.On(false)}},
		},
		Pace: 120, Watch: "cpu",
		Tour: []scenario.Step{
			{At: 240, Charts: []string{"unknown", "table"}, Text: "Before the reboot the IMSI→SessMgr table maps every registered subscriber; the few MAP requests without a mapping are broadcast to all 128 Session Managers."},
			{At: 360, Charts: []string{"unknown", "cpu"}, Text: "At 5 min the SGSN reboots: the mapping table is empty and the HLR sends CLR and ISD 8× faster. Inside the 60-minute window no request is broadcast: each unknown one goes to a random Session Manager, and the CPU stays low."},
			{At: 1200, Charts: []string{"answers", "table"}, Text: "The price of avoiding broadcast: the subscribers whose session survived the reboot are hosted on one Session Manager, and a random choice misses it (misrouted). The table fills again as subscribers re-attach."},
			{At: 2400, Charts: []string{"answers", "unknown"}, Text: "The HLR's storm ended 30 minutes after the reboot; fewer requests come without a mapping, and fewer are misrouted."},
			{At: 4200, Charts: []string{"unknown", "cpu"}, Text: "At 65 min the window ended: unknown requests are broadcast again, and with the table mostly refilled the broadcasts cost the CPU only a little. Compare side by side with the controls off."},
		},
	},
	{
		Name: "hlr-storm-controls-off", Model: "imsimgr-hlr", Seed: 1, Duration: 2700, Interval: 2,
		Summary:  "the same reboot and HLR storm with the reboot window, the CPU threshold and the 70 % drop switched off (lab only)",
		Teaches:  "Every request without a mapping is broadcast: 3.2 ms of CPU each against 570 requests/s. The CPU pins, the backlog passes the HLR's 15 s MAP timer, answers are wasted and the HLR repeats its requests.",
		Params:   stormParams(controlsOff),
		Timeline: rebootAt(300),
		Pace:     60, Watch: "cpu",
		Tour: []scenario.Step{
			{At: 240, Charts: []string{"unknown", "cpu"}, Text: "The same SGSN and HLR, with the reboot window, the CPU threshold and the 70 % drop switched off (lab only)."},
			{At: 330, Charts: []string{"cpu", "unknown"}, Text: "At 5 min the SGSN reboots and the HLR's storm starts: every request without a mapping is broadcast to 128 Session Managers, 3.2 ms of CPU each. The CPU pins at 100 %."},
			{At: 900, Charts: []string{"node", "answers"}, Text: "The CPU backlog passes the HLR's 15 s MAP timer: answers come late and are wasted, and the HLR repeats its requests."},
			{At: 2400, Charts: []string{"cpu", "node"}, Text: "Only when the storm ends, 30 minutes after the reboot, does the backlog clear and the CPU fall back."},
		},
	},
	{
		Name: "hlr-threshold-after-window", Model: "imsimgr-hlr", Seed: 1, Duration: 6000, Interval: 2,
		Summary: "the HLR's storm lasts 80 min after a reboot at 1 min: when the 60-minute window ends, the CPU threshold decides",
		Teaches: "At 61 min broadcasting resumes and one interval of it lifts the CPU over P = 50 %; the next interval the " +
			"IMSI Manager sends every unknown request to a random Session Manager, the CPU falls back below P and broadcasting " +
			"resumes: the unknown-requests chart alternates between broadcasts and avoided-by-CPU. When the storm ends at " +
			"81 min the CPU stays below P and every unknown request is broadcast again. With P = 70 % it broadcasts throughout.",
		Params:   stormParams(map[string]param.Value{pStormFactor: param.Num(5), pStormLength: param.Num(4800)}),
		Timeline: rebootAt(60),
		Compare: []scenario.Variant{
			{Label: "cpu_threshold 70 %", Params: map[string]param.Value{pThreshold: param.Num(70)}},
			{Label: "avoid all broadcasts (no cpu_threshold)", Params: map[string]param.Value{pAvoidAll: param.On(true)}},
			{Label: "avoid-sessmgr-broadcast off", Params: map[string]param.Value{pAvoid: param.On(false)}},
		},
		Pace: 120, Watch: "unknown",
		Tour: []scenario.Step{
			{At: 1800, Charts: []string{"unknown", "cpu"}, Text: "The SGSN rebooted at 1 min; the HLR's storm (5×) lasts 80 minutes. Inside the 60-minute window unknown requests go to a random Session Manager and the CPU stays low."},
			{At: 3670, Charts: []string{"unknown", "cpu"}, Text: "At 61 min the window ends. Broadcasting resumes and one interval of it lifts the CPU over P = 50 %; the next interval every unknown request goes to a random Session Manager (avoided by CPU), the CPU falls back below P, and broadcasting resumes: the chart alternates."},
			{At: 4200, Charts: []string{"unknown"}, Text: "The CPU threshold decides interval by interval while the storm lasts."},
			{At: 5000, Charts: []string{"unknown", "cpu"}, Text: "The storm ended at 81 min: the CPU stays below P and every unknown request is broadcast again. Compare the variant with P = 70 %, which broadcasts throughout."},
		},
	},
}
