package hlrmap

import (
	"overloadlab/core/engine/prose"
	"overloadlab/core/engine/sim"
)

// Def is the node model of the IMSI Manager facing the HLR's MAP requests.
var Def = &sim.Def{
	Name:  "imsimgr-hlr",
	Title: "IMSI Manager (SGSN): broadcast control for unknown MAP requests from the HLR",
	Doc: "The HLR sends Cancel Location, Insert Subscriber Data, Delete Subscriber Data and Provide Subscriber " +
		"Location requests; those the Link Manager cannot place reach the IMSI Manager, which looks the IMSI up in its " +
		"IMSI→SessMgr mapping table. Without a mapping it broadcasts the request to every Session Manager, at a CPU " +
		"cost in proportion to their number, unless a control says otherwise: no broadcast for 60 minutes after a " +
		"reboot, none while the CPU is at or above cpu_threshold, and every unknown request dropped above 70 % CPU. " +
		"A reboot empties the table; attaches fill it again.",
	Params:  params,
	Classes: classNames,
	// The ids of the streams of newNode in catalog version 1.
	NumberedStreams: sim.NumberSources(classNames, map[string]uint64{
		"hlr.subscriber": 100, "attach.subscriber": 101, "sessmgr.kept-host": 102, "sessmgr.random": 103, "hlr.retry": 104}),
	Columns:  &cols,
	Counters: &counters,
	CPU:      "cpu",
	Charts: []sim.Chart{
		sim.OutcomesChart(),
		{ID: "cpu", Title: "IMSI Manager CPU", Unit: "%", Series: []string{"cpu"},
			Lines: []sim.Line{
				{Label: "broadcast threshold: stop broadcasting", Param: pThreshold.Name(), If: pAvoid.Name()},
				{Label: "congestion: drop unknown (70 %)", Value: 70, If: pLabDrop.Name()},
			}},
		{ID: "unknown", Title: "MAP requests without a mapping: what the IMSI Manager did", Unit: "/s", Stacked: true,
			Series: []string{"broadcasts", "avoided.window", "avoided.cpu", "avoided.config", "dropped.congestion"}},
		{ID: "answers", Title: "Answers, and the price of avoiding broadcast", Unit: "/s",
			Series: []string{"unidentified", "misrouted", "found", "retries"}},
		{ID: "table", Title: "IMSI→SessMgr mapping table", Unit: "%", Series: []string{"table.mapped", "table.kept"}},
		{ID: "node", Title: "Reboot window, CPU backlog and SessMgr balance", Unit: "", Series: []string{"window", "backlog", "sessmgr.spread"}},
	},
	Sources: []sim.Source{
		{Name: prose.Page("Cisco StarOS, IMSI Manager broadcast control (product documentation)"), Uses: prose.Page("the 70 % congestion threshold above which requests from the HLR for unknown subscribers are dropped, and the broadcast of those requests to the Session Managers.")},
	},
	Panels: []sim.Panel{
		{Title: "Mapping, broadcast and \"Unidentified Subscriber\"",
			Formula: prose.Page("mapping ⇒ its SessMgr; none ⇒ broadcast: CPU = N·c_b (+ c_f when all answer negatively)"),
			Text: prose.Page("A MAP request from the HLR reaches the IMSI Manager when the Link Manager cannot find the Session Manager " +
				"from the IMSI. With a mapping the IMSI Manager forwards it. Without one it asks every active Session Manager " +
				"(N messenger calls); if all answer negatively a random Session Manager answers the HLR with MAP User Error " +
				"\"Unidentified Subscriber\". Most such requests are for subscribers the HLR should not have sent here, so " +
				"the broadcast mostly burns CPU.")},
		{Title: "Reboot window (fixed 60 minutes)",
			Formula: prose.Page("t − t_reboot < 60 min ⇒ no broadcast: random SessMgr (at exactly 60 min broadcasting resumes)"),
			Text: prose.Page("After a system reboot no subscriber is registered yet while the HLR may send ISD and Cancel Location in huge " +
				"numbers. For the first 60 minutes the IMSI Manager never broadcasts an unknown request; it sends it to a " +
				"random Session Manager. The window is not configurable; the lab switch only shows what it prevents.")},
		{Title: "CPU threshold (avoid-sessmgr-broadcast cpu_threshold P)",
			Formula: prose.Page("ρ ≥ P ⇒ random SessMgr; ρ < P ⇒ broadcast again   (P = 50…70 %, default 50 %)"),
			Text: prose.Page("Each IMSI Manager watches its CPU ρ, measured over the last interval. While it is at or above P, requests " +
				"without a mapping go to a random Session Manager; broadcasting resumes when the CPU comes down below P. " +
				"Configured without cpu_threshold, no request is ever broadcast.")},
		{Title: "Congestion threshold (fixed 70 %)",
			Formula: prose.Page("ρ > 70 % ⇒ drop every unknown subscriber request (no answer; the HLR may repeat it)"),
			Text: prose.Page("Once the CPU crosses 70 % the IMSI Manager drops all unknown subscriber requests from the HLR. Requests " +
				"with a mapping are still routed. Taken before the reboot window when both apply [R].")},
		{Title: "The price: misrouting",
			Formula: prose.Page("P(misrouted | hosted, no mapping, avoided) = 1 − 1/N;   mapped share after reboot ≈ 1 − e^{−λ·t/S}"),
			Text: prose.Page("A request for a subscriber who is hosted but whose mapping was lost (its session survived the reboot) goes " +
				"to a random Session Manager and gets a wrong \"Unidentified Subscriber\" unless that one happens to host " +
				"it (1/N). A broadcast would have found it and put the mapping back. Attaches (rate λ, random subscribers " +
				"among S) fill the table again; subscribers whose session was lost get one on the least loaded Session " +
				"Manager [R].")},
	},
	Tiles: []sim.Tile{
		{Label: "CPU", Column: "cpu", Doc: "% of the IMSI Manager"},
		{Label: "Broadcasts", Column: "broadcasts", Doc: "/s to every Session Manager"},
		{Label: "Misrouted", Column: "misrouted", Doc: "/s sent to a wrong Session Manager"},
		{Label: "Late answers", Column: "late", Doc: "/s after the HLR's MAP timer"},
	},
	Events:  events,
	Presets: presets,
	New:     newNode,
}
