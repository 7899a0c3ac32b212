package imsimgr

import (
	"overloadlab/core/engine/prose"
	"overloadlab/core/engine/scenario"
	"overloadlab/core/engine/sim"
)

// Def is the IMSI Manager node model.
var Def = &sim.Def{
	Name:  "imsimgr",
	Title: "IMSI Manager (SGSN/MME): pacing queues and the 70 % CPU guard",
	Doc: "The IMSI Manager picks the Session Manager for every new subscriber. New-connection requests " +
		"(attaches, inter-SGSN RAU, Empty-CR; MME attaches, inter-CN TAU, forward relocation) go through " +
		"the SGSN or MME pacing queue, which releases at most N per second. Overflow is dropped or rejected " +
		"through a Session Manager; at a CPU of 70 % or more it is always dropped.",
	Params:  params,
	Check:   check,
	Classes: classNames(),
	// The ids of the streams of newNode in catalog version 1.
	NumberedStreams: sim.NumberSources(classNames(), map[string]uint64{"imsimgr.instance": 100, "ue.retry": 101}),
	Columns:         &cols,
	Counters:        &counters,
	CPU:             "cpu",
	Charts: []sim.Chart{
		sim.OutcomesChart(),
		{ID: "cpu", Title: "IMSI Manager CPU", Unit: "%", Series: []string{"cpu"},
			Lines: []sim.Line{{Label: "CPU guard 70 %", Value: 70, If: "lab.cpu-guard"}, {Label: "pinned 99 %", Value: 99}}},
		{ID: "cpu-instances", Title: "CPU of each IMSI Manager instance", Unit: "%", Series: sim.Numbered("cpu", maxInstances), Upto: "imsimgr-instances",
			Lines: []sim.Line{{Label: "CPU guard 70 %", Value: 70, If: "lab.cpu-guard"}}},
		{ID: "guard-instances", Title: "CPU guard of each instance: share of the interval it was on", Unit: "%", Series: sim.Numbered("guard", maxInstances), Upto: "imsimgr-instances"},
		{ID: "overflow", Title: "Pacing queue overflow and staleness", Unit: "/s",
			Series: []string{"pacing.overflow-rejected", "pacing.overflow-dropped", "pacing.overflow-dropped-high-cpu", "pacing.stale", "lost"}},
		{ID: "queues", Title: "Pacing queue lengths", Unit: "requests", Series: []string{"sgsn.queue", "mme.queue"},
			Lines: []sim.Line{{Label: "SGSN queue size", Param: "sgsn-queue-size"}, {Label: "MME queue size", Param: "mme-queue-size"}}},
		{ID: "waits", Title: "Wait in the pacing queues", Unit: "s", Series: []string{"sgsn.wait", "mme.wait"},
			Lines: []sim.Line{{Label: "SGSN wait time", Param: "sgsn-wait-time"}}},
		{ID: "retries", Title: "Retries by UEs and peers", Unit: "/s", Series: []string{"retries"}},
		{ID: "backlog", Title: "CPU backlog (work queued for the CPU)", Unit: "s", Series: []string{"backlog"},
			Lines: []sim.Line{{Label: "UE guard timer", Param: "guard-timer.new"}}},
	},
	Sources: []sim.Source{
		{Name: prose.Page("Cisco StarOS, IMSI Manager overload control (SGSN/MME administration guide; product documentation)"), Uses: prose.Page("the pacing queues of new connections (N, queue size, wait time), the action on overflow, and the 70 % CPU guard that drops overflow instead of rejecting it.")},
	},
	Panels: []sim.Panel{
		{Title: "Pacing queue (network overload protection)",
			Formula: prose.Page("release ≤ N per second; wait > W ⇒ stale drop; queue full (Q) ⇒ overflow action"),
			Text: prose.Page("SGSN and MME each have their own FIFO pacing queue and configuration. A new-connection request " +
				"(attach, inter-SGSN RAU, Empty-CR; MME attach, TAU with context transfer, forward relocation) waits " +
				"until the queue may release it: at most N per second. One that waited longer than W is stale and " +
				"dropped. One that finds Q requests waiting gets the overflow action: drop (cheap), or reject — the " +
				"IMSI Manager forwards it by a messenger call to a Session Manager that builds the reject, and that " +
				"messenger read/write costs IMSI Manager CPU. Emergency attaches bypass the queue by default: Cisco's " +
				"command reference for network-overload-protection says \"emergency attaches are not throttled\", while " +
				"Cisco's IMSI Manager overload control documentation lists emergency among the attach types that " +
				"set up new connections and names no bypass; the switch " +
				"\"Pace emergency attaches\" applies that document's reading.")},
		{Title: "CPU guard (fixed 70 %)",
			Formula: prose.Page("ρ over the last sampling period P ≥ 70 % ⇒ overflow is dropped, whatever the action"),
			Text: prose.Page("Each IMSI Manager instance watches its own CPU, reading it every sampling period P (Cisco's documentation says " +
				"\"on reaching\" 70 % but not over what window: P is reconstructed, 1 s by default, the charts' interval). " +
				"When its last reading is 70 % or more, it stops the messenger work of rejecting: overflowing requests are dropped " +
				"and counted as \"dropped due to pacing queue with high CPU\". The threshold is fixed and not " +
				"configurable on the node; the lab switch exists only to show what happens without it: under a storm " +
				"the reject cost alone pins the CPU and the process crashes. The guard is a switch, not a regulator: " +
				"each reading under 70 % lets a whole period of rejects through, whose messenger work can keep the CPU " +
				"pinned for the next periods; a shorter P lets smaller bursts through. With several instances " +
				"(and an uneven share of subscribers) one instance can be guarded while another is not.")},
		{Title: "Crash, retries and goodput",
			Formula: prose.Page("ρ ≥ 99 % for the watchdog time ⇒ crash: queued work lost, arrivals dropped until restart"),
			Text: prose.Page("UEs retry: after a reject with a congestion cause they back off (T3346); when no answer comes before " +
				"their guard timer (T3410, 15 s) they try again. So every drop or reject returns as new load, and an " +
				"answer after the guard timer is wasted work (completed late). Goodput is what completes in time.")},
	},
	Tiles: []sim.Tile{
		{Label: "Goodput", Column: "completed", Doc: "completed in time /s"},
		{Label: "High-CPU drops", Column: "pacing.overflow-dropped-high-cpu", Doc: "/s: overflow dropped by the 70 % guard"},
		{Label: "Max CPU", Column: "cpu", Agg: sim.TileMax, Doc: "% of the busiest instance, so far"},
		{Label: "Lost in crashes", Column: "lost", Agg: sim.TileSum, Doc: "requests lost in a crash or while down"},
	},
	Events: func(sc *scenario.Scenario) []sim.Event {
		v := sc.Params
		return sim.ProfileEvents("attach storm", pStormShape.Of(v), pStormAt.Of(v), pStormLength.Of(v), pStormFactor.Of(v))
	},
	Presets: presets,
	New:     newNode,
}
