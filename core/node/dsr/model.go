package dsr

import (
	"overloadlab/core/engine/param"
	"overloadlab/core/engine/prose"
	"overloadlab/core/engine/scenario"
	"overloadlab/core/engine/sim"
)

// Def is the Diameter routing agent node model.
var Def = &sim.Def{
	Name:  "dsr",
	Title: "Diameter routing agent (DSR): DOIC loss abatement by priority and colour",
	Doc: "Diameter clients send requests of priorities P0–P4 through a routing agent to a server. The server " +
		"(reporting node) measures its load and puts DOIC overload reports (OC-OLR: sequence number, HOST report, " +
		"reduction %, validity) in its answers. The routing agent (reacting node) keeps the overload state of the " +
		"server's Traffic Throttle Point and abates requests: at random (RFC 7683 plain loss), from the lowest " +
		"priority and colour upward until the rate fits the Max ETR (the DSR), or with a leaky bucket at the " +
		"requested maximum rate (RFC 8582). Abated requests are answered DIAMETER_TOO_BUSY or diverted.",
	Params:  params,
	Check:   check,
	Classes: classNames(),
	// The ids of the streams of newNode in catalog version 1.
	NumberedStreams: sim.NumberSources(sourceNames(), map[string]uint64{"dsr.plain-loss": 100}),
	Columns:         &cols,
	Counters:        &counters,
	CPU:             "server.cpu",
	Charts: []sim.Chart{
		{ID: "ttp-priority", Title: "Offered at the TTP by priority, then colour (SHM), and the Max ETR", Unit: "/s", Stacked: true,
			Series: byPriority("shm."), Overlay: []string{"max-etr"}},
		{ID: "ttp-colour", Title: "Offered at the TTP by colour, then priority (SHM), and the Max ETR", Unit: "/s", Stacked: true,
			Series: byColour("shm."), Overlay: []string{"max-etr"}},
		{ID: "abated", Title: "Abated: which layers are discarded", Unit: "/s", Stacked: true, Series: byPriority("abated.")},
		{ID: "sent", Title: "Sent to the server, and the Max ETR", Unit: "/s", Stacked: true,
			Series: byPriority("sent."), Overlay: []string{"max-etr", "server.max-rate"},
			Lines: []sim.Line{{Label: "server capacity", Param: "server.capacity"}}},
		{ID: "reduction", Title: "Server load, reduction requested and in force", Unit: "%",
			Series: []string{"server.load", "server.cpu", "server.reduction", "agent.reduction"},
			Lines:  []sim.Line{{Label: "target load", Param: "server.target"}}},
		{ID: "outcomes", Title: "Offered load and what became of it", Unit: "/s", Stacked: true, PerClass: true,
			Series:  []string{"completed", "late", "rejected", "dropped"},
			Overlay: []string{"offered"}},
		{ID: "server", Title: "Server queue discards, diversion and bursts", Unit: "/s",
			Series: []string{"server.dropped", "diverted", "alternate.load", "burst"}},
	},
	Sources: []sim.Source{
		{Name: prose.Page("Oracle Communications DSR, DOIC abatement by colour and priority (product documentation)"), Uses: prose.Page("the Traffic Throttle Point, the SHM rate measurement and the discard order by priority then colour down to the Max ETR.")},
		{Name: prose.Page("RFC 7683, Diameter Overload Indication Conveyance (DOIC)"), Uses: prose.Page("the OC-OLR report (sequence number, report type, reduction %, validity) and the loss abatement algorithm.")},
		{Name: prose.Page("RFC 8582, Diameter overload rate control"), Uses: prose.Page("the rate abatement algorithm: a leaky bucket at OC-Maximum-Rate.")},
	},
	Panels: []sim.Panel{
		{Title: "Overload report and overload state (RFC 7683)",
			Formula: prose.Page("take OLR ⇔ seq > stored seq; then R ← OC-Reduction-Percentage, expiry ← now + validity; R > 100 ⇒ ignore; R = 0 or validity 0 ⇒ end; validity > 86400 s ⇒ 30 s"),
			Text: prose.Page("The server puts an OC-OLR in its answers: a sequence number, the report type (HOST: requests to this " +
				"host), the reduction it asks for and how long it holds (OC-Validity-Duration, 30 s by default). The " +
				"routing agent keeps one overload state per host and application; a report whose sequence number is " +
				"not newer is ignored, so a late answer cannot undo a newer report. When the validity runs out without " +
				"a newer report the DSR does not stop at once: the reduction steps down by the Abatement Recovery Rate " +
				"(5 % by default) per tick.")},
		{Title: "Plain loss (RFC 7683)",
			Formula: prose.Page("abate a request with probability R/100"),
			Text: prose.Page("The loss algorithm of the RFC: of the requests it would send, the reacting node abates R %, at random. " +
				"Every priority loses the same share, P4 included, and the traffic sent still grows when the offered load grows.")},
		{Title: "Rate-based abatement by priority and colour (DSR)",
			Formula: prose.Page("Max ETR = offered × (1 − R/100); per class in discard order: allowed = clamp(Max ETR − Σ rate(higher-ranked), 0, rate)"),
			Text: prose.Page("The DSR measures the rate of every priority and colour arriving at the TTP, computes the Max ETR from " +
				"the requested reduction and discards from the lowest rank upward until the rate fits. Priority Only: " +
				"P0, then P1, …; Priority Within Colour: all yellow (above the connection's Reserved Ingress MPS) from " +
				"P0 to P3, then green; Colour Within Priority: P0 yellow, P0 green, P1 yellow, … P4 (NGN priority) is " +
				"never abated. With a 10 % reduction and P0 at 20 % of the traffic, priority only discards half of P0 " +
				"and nothing else.")},
		{Title: "Rate algorithm (RFC 8582)",
			Formula: prose.Page("T = 1/OC-Maximum-Rate; x' = x − (t − LCT); x' > τ_p ⇒ abate, else x = max(0, x') + T, LCT = t; τ_p = (burst + p·step)·T"),
			Text: prose.Page("Instead of a percentage the server asks for a maximum rate; the agent enforces it with a leaky bucket. " +
				"A higher priority has a larger tolerance τ, so it still gets through when lower priorities have " +
				"filled the bucket. [R]: the tolerances are a reconstruction, kept behind parameters.")},
		{Title: "Sliding Historic Metric",
			Formula: prose.Page("rate = (C_newest − C_oldest)/(t_newest − t_oldest), over 100 ms buckets spanning the Rate Convergence Time"),
			Text: prose.Page("Every rate the abatement uses is measured with the SHM. A short convergence time follows bursts; a " +
				"long one smooths them, so during a burst of low-priority traffic the Max ETR is computed from rates " +
				"that are too low (more is discarded than asked: overshoot) and after it from rates that are too high " +
				"(less is discarded: undershoot). [R]: the window model is a reconstruction.")},
		{Title: "The server's reduction rule [R]",
			Formula: prose.Page("ρ_offered = ρ/(1 − R_sent/100); occupancy: R = round(100·(1 − target/ρ_offered)); fixed: R = configured while ρ_offered ≥ target"),
			Text: prose.Page("The server measures its load ρ (arrivals ÷ capacity) every interval and assumes the agent complies, " +
				"so the load the clients offer is ρ/(1 − R_sent). A report with new content, or one half-way through " +
				"its validity, gets a new sequence number; the end of the overload is a newer report with reduction 0.")},
	},
	Tiles: []sim.Tile{
		{Label: "Goodput", Column: "completed", Doc: "answered in time /s"},
		{Label: "Reduction in force", Column: "agent.reduction", Doc: "% abated at the agent"},
		{Label: "Rejected", Column: "rejected", Doc: "/s answered \"too busy\" (DIAMETER_TOO_BUSY)"},
		{Label: "Server occupancy", Column: "server.cpu", Doc: "%"},
	},
	Presets: presets,
	Sweeps: []sim.Sweep{{
		ID: "load", Title: "Goodput against offered load", Param: "traffic.scale",
		Values: []float64{0.5, 0.8, 1, 1.2, 1.5, 2, 3},
		Curves: []scenario.Variant{
			{Label: "no DOIC", Params: map[string]param.Value{"doic.enabled": param.On(false)}},
			{Label: "plain loss", Params: map[string]param.Value{"doic.abatement": param.Str("plain-loss")}},
			{Label: "priority only", Params: map[string]param.Value{"doic.abatement": param.Str("priority-only")}},
		},
		Doc:   "Without DOIC the server's queue grows past the clients' timeout and every answer comes late: goodput collapses. With DOIC the server stays near its target and the excess is answered TOO_BUSY at the agent.",
		Lines: []sim.SweepLine{{Label: "server capacity", Param: "server.capacity", Factor: 1}},
	}},
	Events: events,
	New:    newNode,
}
