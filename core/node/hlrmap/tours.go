//go:build !js

package hlrmap

import "overloadlab/core/engine/scenario"

// The presets' tours, each attached to its preset in presets.go (Tour).
// They are read by the page's HTML (templ) and the tests, not by the
// simulator: the WebAssembly build declares them empty (tours_js.go),
// where their text would only weigh (about 5 KB compressed for all).

var tourHlrStormAfterReboot = []scenario.Step{
	{At: 240, Charts: []string{"unknown", "table"}, Claims: []string{"mapped-before-reboot", "broadcast-before-reboot"}, Text: "Before the reboot the IMSI→SessMgr table maps every registered subscriber; the few MAP requests without a mapping are broadcast to all 128 Session Managers."},
	{At: 360, Charts: []string{"unknown", "cpu"}, Claims: []string{"random-after-reboot", "cpu-low-after-reboot"}, Text: "At 0:05:00 the SGSN reboots: the mapping table is empty and the HLR sends CLR and ISD 8× faster. Inside the 60-minute window no request is broadcast: each unknown one goes to a random Session Manager, and the CPU stays under 30 %."},
	{At: 1200, Charts: []string{"answers", "table"}, Claims: []string{"misrouted-in-window", "table-refills"}, Text: "The price of avoiding broadcast: the subscribers whose session survived the reboot are hosted on one Session Manager, and a random choice misses it (misrouted), in every interval. The table fills again as subscribers re-attach: a third of them are mapped by 0:20:00."},
	{At: 2400, Charts: []string{"answers", "unknown"}, Claims: []string{"misrouted-in-storm", "misrouted-after-storm"}, Text: "The HLR's storm ended 30 minutes after the reboot: the misrouted requests fall from about 85 to about 10 a second."},
	{At: 4200, Charts: []string{"unknown", "cpu"}, Claims: []string{"no-broadcast-in-window", "broadcast-after-window-early", "table-mostly-refilled", "cpu-low-after-window"}, Text: "At 1:05:00 the window ended: unknown requests are broadcast again, and with the table mostly refilled (over 80 %) the broadcasts cost the CPU only a little: it stays under 35 %. Compare side by side with the controls off."},
}

var tourHlrStormControlsOff = []scenario.Step{
	{At: 240, Charts: []string{"unknown", "cpu"}, Text: "The same SGSN and HLR, with the reboot window, the CPU threshold and the 70 % drop switched off (lab only)."},
	{At: 330, Charts: []string{"cpu", "unknown"}, Claims: []string{"pinned-after-reboot"}, Text: "At 0:05:00 the SGSN reboots and the HLR's storm starts: every request without a mapping is broadcast to 128 Session Managers, 3.2 ms of CPU each. The CPU pins at 100 %."},
	{At: 900, Charts: []string{"node", "answers"}, Claims: []string{"backlog-past-map-timer-early", "late-early", "repeats-early"}, Text: "The CPU backlog passes the HLR's 15 s MAP timer: answers come late and are wasted, and the HLR repeats its requests."},
	{At: 2400, Charts: []string{"cpu", "node"}, Claims: []string{"cpu-pinned-in-storm", "backlog-past-map-timer", "backlog-clears", "cpu-falls-back"}, Text: "The CPU stayed pinned and the backlog past the MAP timer through the storm. Only when the storm ends, 30 minutes after the reboot, does the backlog clear (within two minutes) and the CPU fall back."},
}

var tourHlrThresholdAfterWindow = []scenario.Step{
	{At: 1800, Charts: []string{"unknown", "cpu"}, Claims: []string{"random-in-window", "cpu-low-in-window"}, Text: "The SGSN rebooted at 0:01:00; the HLR's storm (5×) lasts 80 minutes. Inside the 60-minute window unknown requests go to a random Session Manager and the CPU stays under 30 %."},
	{At: 3670, Charts: []string{"unknown", "cpu"}, Text: "At 1:01:00 the window ends: watch the unknown-requests chart and the CPU, where broadcasting resumes and the CPU threshold P = 50 % starts to decide."},
	{At: 4870, Charts: []string{"unknown", "cpu"}, Claims: []string{"alternates-broadcast", "alternates-avoided"}, Text: "One interval of broadcasting lifts the CPU over P; the next interval every unknown request goes to a random Session Manager (avoided by CPU), the CPU falls back below P, and broadcasting resumes: about half of the intervals broadcast while the storm lasts."},
	{At: 6000, Charts: []string{"unknown", "cpu"}, Claims: []string{"no-avoided-after-storm", "broadcast-after-storm"}, Text: "After the storm ended at 1:21:00 the CPU stayed below P and every unknown request was broadcast again. Compare the variant with P = 70 %."},
}
