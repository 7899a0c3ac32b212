//go:build !js

package hlrmap

import "overloadlab/core/engine/scenario"

// The presets' tours. They are read by the page's HTML (templ) and the
// tests, not by the simulator: kept out of the WebAssembly build, where
// their text would only weigh (about 7 KB compressed for every model).
func init() { scenario.AttachTours(presets, tours) }

var tours = map[string][]scenario.Step{
	"hlr-storm-after-reboot": {
		{At: 240, Charts: []string{"unknown", "table"}, Text: "Before the reboot the IMSI→SessMgr table maps every registered subscriber; the few MAP requests without a mapping are broadcast to all 128 Session Managers."},
		{At: 360, Charts: []string{"unknown", "cpu"}, Text: "At 5 min the SGSN reboots: the mapping table is empty and the HLR sends CLR and ISD 8× faster. Inside the 60-minute window no request is broadcast: each unknown one goes to a random Session Manager, and the CPU stays low."},
		{At: 1200, Charts: []string{"answers", "table"}, Text: "The price of avoiding broadcast: the subscribers whose session survived the reboot are hosted on one Session Manager, and a random choice misses it (misrouted). The table fills again as subscribers re-attach."},
		{At: 2400, Charts: []string{"answers", "unknown"}, Text: "The HLR's storm ended 30 minutes after the reboot; fewer requests come without a mapping, and fewer are misrouted."},
		{At: 4200, Charts: []string{"unknown", "cpu"}, Text: "At 65 min the window ended: unknown requests are broadcast again, and with the table mostly refilled the broadcasts cost the CPU only a little. Compare side by side with the controls off."},
	},
	"hlr-storm-controls-off": {
		{At: 240, Charts: []string{"unknown", "cpu"}, Text: "The same SGSN and HLR, with the reboot window, the CPU threshold and the 70 % drop switched off (lab only)."},
		{At: 330, Charts: []string{"cpu", "unknown"}, Text: "At 5 min the SGSN reboots and the HLR's storm starts: every request without a mapping is broadcast to 128 Session Managers, 3.2 ms of CPU each. The CPU pins at 100 %."},
		{At: 900, Charts: []string{"node", "answers"}, Text: "The CPU backlog passes the HLR's 15 s MAP timer: answers come late and are wasted, and the HLR repeats its requests."},
		{At: 2400, Charts: []string{"cpu", "node"}, Text: "Only when the storm ends, 30 minutes after the reboot, does the backlog clear and the CPU fall back."},
	},
	"hlr-threshold-after-window": {
		{At: 1800, Charts: []string{"unknown", "cpu"}, Text: "The SGSN rebooted at 1 min; the HLR's storm (5×) lasts 80 minutes. Inside the 60-minute window unknown requests go to a random Session Manager and the CPU stays low."},
		{At: 3670, Charts: []string{"unknown", "cpu"}, Text: "At 61 min the window ends. Broadcasting resumes and one interval of it lifts the CPU over P = 50 %; the next interval every unknown request goes to a random Session Manager (avoided by CPU), the CPU falls back below P, and broadcasting resumes: the chart alternates."},
		{At: 4200, Charts: []string{"unknown"}, Text: "The CPU threshold decides interval by interval while the storm lasts."},
		{At: 5000, Charts: []string{"unknown", "cpu"}, Text: "The storm ended at 81 min: the CPU stays below P and every unknown request is broadcast again. Compare the variant with P = 70 %, which broadcasts throughout."},
	},
}
