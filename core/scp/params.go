package scp

import (
	"overloadlab/core/acg"
	"overloadlab/core/param"
)

// maxSSPs bounds ssp.count.
const maxSSPs = 1000

// Controls names the overload controls as in scenarios.
var Controls = []string{"none", "standard-acg", "adaptive-acg"}

// partControl: a change of control starts the adaptive rate afresh.
const partControl = param.FirstModelPart

const (
	ctlNone = iota
	ctlStandard
	ctlAdaptive
)

// Mixes names the source distributions.
var Mixes = []string{"balanced", "unbalanced"}

// Sharings names the desired sharings of the SCP's capacity.
var Sharings = []string{"max-min", "proportional"}

var specs = []param.Spec{
	{Name: "scp.control", Label: "Overload control", Group: "Control", Kind: param.Choice, Choices: Controls, Default: param.Str("standard-acg"), Reconfigures: partControl,
		Doc: "how the SCP sets the code gap it sends to the SSPs: none, the standard table-driven ACG, or the adaptive control"},
	{Name: "acg.table", Label: "Standard ACG table", Group: "Control", Kind: param.Text, Default: param.Str(acg.DefaultTable), Check: acg.CheckTable,
		Doc: "one congestion level per line, \"LOAD GAP DURATION\": at a measured load ≥ LOAD % of capacity the SCP sends that gap (0, 0.1, 0.25, 0.5, 1, 2, 5, 10, 15, 30, 60, 120, 300, 600 s or stop) for that duration (1, 2, 4 … 2048 s or inf)"},
	{Name: "adaptive.target", Label: "C_target", Group: "Control", Unit: "% of capacity", Kind: param.Number, Min: 10, Max: 150, Step: 1, Default: param.Num(95),
		Doc: "adaptive control [R]: the load the SCP aims to receive, r_{n+1} = clamp(r_n·C_target/X_n, r_min, r_max)"},
	{Name: "adaptive.rate-min", Label: "r_min", Group: "Control", Unit: "/s", Kind: param.Number, Min: 0.001, Max: 10, Step: 0.001, Default: param.Num(0.01),
		Doc: "adaptive control [R]: lowest per-source rate, so the largest gap is 1/r_min"},
	{Name: "adaptive.rate-max", Label: "r_max", Group: "Control", Unit: "/s", Kind: param.Number, Min: 1, Max: 100000, Step: 1, Default: param.Num(1000),
		Doc: "adaptive control [R]: highest per-source rate; at r_max the SCP lifts the gap (sends g = 0)"},
	{Name: "adaptive.max-step", Label: "Max step", Group: "Control", Unit: "× per interval", Kind: param.Number, Min: 0, Max: 100, Step: 0.1, Default: param.Num(2),
		Doc: "adaptive control [R]: r changes by at most this factor per interval (0 = unlimited, the rule as stated, which overshoots while the sources learn the new gap)"},
	{Name: "adaptive.duration", Label: "Gap duration", Group: "Control", Unit: "s", Kind: param.Number, Min: 1, Max: 2048, Step: 1, Default: param.Num(8),
		Doc: "adaptive control [R]: duration sent with the adaptive gap; every response renews it"},
	{Name: "scp.capacity", Label: "SCP capacity", Group: "SCP", Unit: "queries/s", Kind: param.Number, Min: 10, Max: 5000, Step: 10, Default: param.Num(500), Reconfigures: param.Sources,
		Doc: "engineered capacity: each query costs 1/capacity seconds of the SCP's CPU"},
	{Name: "scp.buffer", Label: "Query buffer", Group: "SCP", Unit: "queries", Kind: param.Integer, Min: 1, Max: 100000, Step: 10, Default: param.Num(500),
		Doc: "queries' worth of work that may wait for the CPU; a query that finds more is discarded without an answer (dropped)"},
	{Name: "scp.discard-cost", Label: "Discard cost", Group: "SCP", Unit: "% of a query", Kind: param.Number, Min: 0, Max: 100, Step: 1, Default: param.Num(5),
		Doc: "lab assumption: CPU spent receiving and discarding a query that finds the buffer full, in % of a query's cost"},
	{Name: "net.delay", Label: "Network delay", Group: "Network", Unit: "ms", Kind: param.Number, Min: 0, Max: 2000, Step: 5, Default: param.Num(20),
		Doc: "one-way SS7 delay between an SSP and the SCP: queries take it to arrive, responses (and the gap they carry) to return"},
	{Name: "ssp.count", Label: "SSPs", Group: "Traffic", Kind: param.Integer, Min: 1, Max: maxSSPs, Step: 1, Default: param.Num(100), Fixed: true,
		Doc: "traffic sources (SSPs) sending queries to the SCP, each a Poisson source"},
	{Name: "ssp.load", Label: "Offered load", Group: "Traffic", Unit: "× capacity", Kind: param.Number, Min: 0, Max: 20, Step: 0.1, Default: param.Num(2), Reconfigures: param.Sources,
		Doc: "total query rate of all SSPs, in multiples of the SCP's capacity"},
	{Name: "ssp.mix", Label: "Source mix", Group: "Traffic", Kind: param.Choice, Choices: Mixes, Default: param.Str("balanced"), Reconfigures: param.Sources,
		Doc: "balanced: every SSP offers the same rate (all counted as light); unbalanced: a few heavy SSPs and many light ones"},
	{Name: "ssp.heavy-share", Label: "Heavy SSPs", Group: "Traffic", Unit: "% of SSPs", Kind: param.Number, Min: 1, Max: 50, Step: 1, Default: param.Num(10), Reconfigures: param.Sources,
		Doc: "unbalanced mix: share of the SSPs that are heavy (at least one, and at least one light SSP)"},
	{Name: "ssp.heavy-weight", Label: "Heavy/light rate", Group: "Traffic", Unit: "×", Kind: param.Number, Min: 1, Max: 1000, Step: 1, Default: param.Num(20), Reconfigures: param.Sources,
		Doc: "unbalanced mix: a heavy SSP offers this many times the rate of a light one"},
	{Name: "ssp.timer", Label: "SSP response timer", Group: "Traffic", Unit: "s", Kind: param.Number, Min: 0.1, Max: 60, Step: 0.1, Default: param.Num(2),
		Doc: "an answer that reaches the SSP later than this after its query is useless (completed late)"},
	{Name: "fairness.desired", Label: "Desired sharing", Group: "Fairness", Kind: param.Choice, Choices: Sharings, Default: param.Str("max-min"),
		Doc: "how the SCP's carried load should be shared among SSPs: max-min (no SSP gets less than an equal share unless it asks for less) or proportional to the offered rates"},
	{Name: "fairness.window", Label: "Fairness window", Group: "Fairness", Unit: "s", Kind: param.Number, Min: 1, Max: 3600, Step: 1, Default: param.Num(30),
		Doc: "time constant of the smoothed per-SSP carried rates behind the per-interval Jain index"},
}
