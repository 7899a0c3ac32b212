package scp

import (
	"overloadlab/core/engine/param"
	"overloadlab/core/engine/prose"
	"overloadlab/core/engine/scenario"
	"overloadlab/core/engine/sim"
)

// Def is the SCP model with automatic code gapping.
var Def = &sim.Def{
	Name:  "scp",
	Title: "SCP with automatic code gapping: the standard ACG table against an adaptive gap",
	Doc: "An SCP of a given capacity serves 1 to 1000 SSPs (balanced, or a few heavy and many light). " +
		"Each interval it measures the queries that reached it and decides a code gap; the gap rides back " +
		"on the responses to queries, after the network delay, and lasts for its duration. An SSP admits a " +
		"query only if the last admitted one is at least g old; the others are blocked (throttled at source).",
	Params:  params,
	Classes: classNames,
	// The ids of the streams of newNode in catalog version 1.
	NumberedStreams: numberedStreams(),
	Columns:         &cols,
	Counters:        &counters,
	CPU:             "cpu",
	Charts: []sim.Chart{
		{ID: "throughput", Title: "SCP throughput against capacity", Unit: "/s", Stacked: true,
			Series:  []string{"completed", "late", "dropped"},
			Overlay: []string{"scp.arrivals"},
			Lines:   []sim.Line{{Label: "capacity", Param: "scp.capacity"}}},
		{ID: "sources", Title: "At the SSPs: offered, admitted, blocked by the gap", Unit: "/s", Stacked: true, PerClass: true,
			Series:  []string{"admitted", "throttled"},
			Overlay: []string{"offered"}},
		{ID: "gap", Title: "The gap in force", Unit: "s", Series: []string{"gap.sent", "gap.mean"}},
		{ID: "gapped", Title: "SSPs under a gap while the SCP idles", Unit: "%", Series: []string{"gapped", "cpu"},
			Lines: []sim.Line{{Label: "90 % of capacity", Value: 90}}},
		{ID: "control", Title: "What the SCP decides: level, measured load, adaptive rate", Unit: "",
			Series: []string{"level", "scp.load", "adaptive.rate"}},
		{ID: "fairness", Title: "Per-SSP carried rate against the desired share", Unit: "/s",
			Series: []string{"ssp.heavy.carried", "ssp.heavy.desired", "ssp.light.carried", "ssp.light.desired"}},
		{ID: "jain", Title: "Jain's fairness index", Unit: "", Series: []string{"fairness"},
			Lines: []sim.Line{{Label: "perfectly fair", Value: 1}}},
	},
	Sources: []sim.Source{
		{Name: prose.Page("D. E. Smith, “Ensuring robust call throughput and fairness for SCP overload controls”, IEEE/ACM Transactions on Networking, 1995 (paper)"), Uses: prose.Page("automatic code gapping: the table-driven controls (gap tables, levels) and the adaptive control, with the throughput and fairness they are judged by.")},
	},
	Panels: []sim.Panel{
		{Title: "Code gapping at the SSP (Crawford)",
			Formula: prose.Page("admit ⇔ now − LCT ≥ g, then LCT := now; otherwise blocked at the SSP"),
			Text: prose.Page("An overloaded SCP answers a query with an ACG: \"send at most one query per g seconds, for d seconds\". " +
				"The SSP remembers the time of its last admitted query (LCT) and blocks every query that comes sooner " +
				"than g after it. The ACG rides on the responses, so an SSP that sends nothing learns nothing, and a " +
				"control keeps blocking until its duration runs out even if the SCP has long stopped being overloaded.")},
		{Title: "Why one gap cannot fit all: λ/(1 + λg)",
			Formula: prose.Page("admitted = Σ λ_i / (1 + λ_i·g) ≤ N/g"),
			Text: prose.Page("After an admitted query a Poisson SSP of rate λ is blocked for g, then waits 1/λ on average for its " +
				"next query: it is admitted at λ/(1 + λg). So the gap that brings the SCP to its target depends on the " +
				"number of SSPs and on every rate, not only on the SCP's load. Worked case, target 500/s: 100 SSPs at " +
				"10/s need g = 0.1 s (500/s) but the next table step 0.25 s gives 286/s (57 %); 1000 SSPs at 1/s stay " +
				"overloaded at 0.1, 0.25 and 0.5 s (909, 800, 667/s) and need 1 s.")},
		{Title: "Standard ACG: a table of allowed gaps",
			Formula: prose.Page("level = max{k : load ≥ threshold_k};  (g, d) = table[level]"),
			Text: prose.Page("Every interval the SCP turns its measured load into an integer congestion level, and every SSP gets the " +
				"gap and duration of that level, from the allowed values 0, 0.1, 0.25, 0.5, 1, 2, 5 … 600 s or stop all, " +
				"for 1, 2, 4 … 2048 s or ever. The steps are coarse (×2–2.5): the gap that ends the overload is too large, " +
				"the load falls far under capacity, the level drops to 0 and no control is sent, but the SSPs keep " +
				"blocking until the duration ends; then they all come back and overload the SCP again. Throughput is " +
				"low and alternates on and off, and SSPs are throttled while the SCP idles. The table is a parameter.")},
		{Title: "Adaptive control [R]",
			Formula: prose.Page("r_{n+1} = clamp(r_n · C_target / X_n, r_min, r_max),  g = 1/r"),
			Text: prose.Page("Each interval the SCP measures the queries that reached it, X_n, and scales the per-SSP rate by how far " +
				"that is from its target: a continuous, unquantised gap. The fixed point is Σ λ_i/(1 + λ_i/r) = C_target, " +
				"whatever the number and rates of the SSPs. At r_max the SCP lifts the gap.")},
		{Title: "Fairness: Jain's index",
			Formula: prose.Page("J = (Σ x_i)² / (N · Σ x_i²),  x_i = carried_i / desired_i"),
			Text: prose.Page("Whether the SCP's capacity is shared among the SSPs as desired. Desired is max-min by default (every " +
				"SSP gets an equal share unless it asks for less: what one common gap aims at) or proportional to the " +
				"offered rates. J = 1 when every SSP gets the same fraction of its desired share, 1/N when one gets " +
				"everything. The chart uses per-SSP carried rates smoothed over the fairness window; the summary " +
				"counts the whole period since the traffic last changed.")},
	},
	Tiles: []sim.Tile{
		{Label: "Throughput", Column: "completed", Doc: "queries answered in time /s"},
		{Label: "SCP CPU", Column: "cpu", Doc: "% of capacity"},
		{Label: "SSPs gapped", Column: "gapped", Doc: "% with a gap in force"},
		{Label: "Jain's index", Column: "fairness", Doc: "1 when every SSP carries its desired share"},
	},
	Presets: presets,
	Sweeps: []sim.Sweep{{
		ID: "carried-vs-offered", Title: "Carried vs offered load, one curve per control",
		Param:  "ssp.load",
		Values: []float64{0.5, 0.8, 1, 1.2, 1.3, 1.5, 2, 3, 5, 7, 10},
		Curves: []scenario.Variant{
			{Label: "no control", Params: map[string]param.Value{"scp.control": param.Str("none")}},
			{Label: "standard ACG", Params: map[string]param.Value{"scp.control": param.Str("standard-acg")}},
			{Label: "adaptive", Params: map[string]param.Value{"scp.control": param.Str("adaptive-acg")}},
		},
		Doc: "Offered load from 0.5× to 10× the SCP's capacity. The pass line of switch practice is ≥ 90 % of " +
			"capacity up to 30 % overload; the adaptive control should hold it to 10×, the standard table falls well below.",
		Lines: []sim.SweepLine{
			{Label: "capacity", Param: "scp.capacity", Factor: 1},
			{Label: "pass: 90 % of capacity (to 30 % overload)", Param: "scp.capacity", Factor: 0.9, Upto: 1.3},
		},
	}},
	New: newNode,
}
