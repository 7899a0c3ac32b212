package scp

import (
	"overloadlab/core/control/acg"
	"overloadlab/core/engine/param"
	"overloadlab/core/engine/prose"
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

// params is the SCP's schema: its choice of control, the code gapping
// controls' own (package acg), the SCP, the network, the SSPs, fairness;
// each declared with the handle the node reads it by.
var params = param.NewSet()

var (
	pControl = params.Text(param.Spec{Name: "scp.control", Label: "Overload control", Group: "Control", Kind: param.Choice, Choices: Controls, Default: param.Str("standard-acg"), Reconfigures: partControl,
		Doc: prose.Page("how the SCP sets the code gap it sends to the SSPs: none, the standard table-driven ACG, or the adaptive control")})
	_                 = params.Add(acg.Params...)
	pTable            = params.TextKey("acg.table")
	pAdaptiveTarget   = params.NumberKey("adaptive.target")
	pAdaptiveMin      = params.NumberKey("adaptive.rate-min")
	pAdaptiveMax      = params.NumberKey("adaptive.rate-max")
	pAdaptiveStep     = params.NumberKey("adaptive.max-step")
	pAdaptiveDuration = params.NumberKey("adaptive.duration")
	pCapacity         = params.Number(param.Spec{Name: "scp.capacity", Label: "SCP capacity", Group: "SCP", Unit: "queries/s", Kind: param.Number, Min: 10, Max: 5000, Step: 10, Default: param.Num(500), Reconfigures: param.Sources,
		Doc: prose.Page("engineered capacity: each query costs 1/capacity seconds of the SCP's CPU")})
	pBuffer = params.Integer(param.Spec{Name: "scp.buffer", Label: "Query buffer", Group: "SCP", Unit: "queries", Kind: param.Integer, Min: 1, Max: 100000, Step: 10, Default: param.Num(500),
		Doc: prose.Page("queries' worth of work that may wait for the CPU; a query that finds more is discarded without an answer (dropped)")})
	pDiscardCost = params.Number(param.Spec{Name: "scp.discard-cost", Label: "Discard cost", Group: "SCP", Unit: "% of a query", Kind: param.Number, Min: 0, Max: 100, Step: 1, Default: param.Num(5),
		Doc: prose.Page("lab assumption: CPU spent receiving and discarding a query that finds the buffer full, in % of a query's cost")})
	pDelay = params.Number(param.Spec{Name: "net.delay", Label: "Network delay", Group: "Network", Unit: "ms", Kind: param.Number, Min: 0, Max: 2000, Step: 5, Default: param.Num(20),
		Doc: prose.Page("one-way SS7 delay between an SSP and the SCP: queries take it to arrive, responses (and the gap they carry) to return")})
	pSSPs = params.Integer(param.Spec{Name: "ssp.count", Label: "SSPs", Group: "Traffic", Kind: param.Integer, Min: 1, Max: maxSSPs, Step: 1, Default: param.Num(100), Fixed: true,
		Doc: prose.Page("traffic sources (SSPs) sending queries to the SCP, each a Poisson source")})
	pLoad = params.Number(param.Spec{Name: "ssp.load", Label: "Offered load", Group: "Traffic", Unit: "× capacity", Kind: param.Number, Min: 0, Max: 20, Step: 0.1, Default: param.Num(2), Reconfigures: param.Sources,
		Doc: prose.Page("total query rate of all SSPs, in multiples of the SCP's capacity")})
	pMix = params.Text(param.Spec{Name: "ssp.mix", Label: "Source mix", Group: "Traffic", Kind: param.Choice, Choices: Mixes, Default: param.Str("balanced"), Reconfigures: param.Sources,
		Doc: prose.Page("balanced: every SSP offers the same rate (all counted as light); unbalanced: a few heavy SSPs and many light ones")})
	pHeavyShare = params.Number(param.Spec{Name: "ssp.heavy-share", Label: "Heavy SSPs", Group: "Traffic", Unit: "% of SSPs", Kind: param.Number, Min: 1, Max: 50, Step: 1, Default: param.Num(10), Reconfigures: param.Sources,
		Doc: prose.Page("unbalanced mix: share of the SSPs that are heavy (at least one, and at least one light SSP)")})
	pHeavyWeight = params.Number(param.Spec{Name: "ssp.heavy-weight", Label: "Heavy/light rate", Group: "Traffic", Unit: "×", Kind: param.Number, Min: 1, Max: 1000, Step: 1, Default: param.Num(20), Reconfigures: param.Sources,
		Doc: prose.Page("unbalanced mix: a heavy SSP offers this many times the rate of a light one")})
	pTimer = params.Number(param.Spec{Name: "ssp.timer", Label: "SSP response timer", Group: "Traffic", Unit: "s", Kind: param.Number, Min: 0.1, Max: 60, Step: 0.1, Default: param.Num(2),
		Doc: prose.Page("an answer that reaches the SSP later than this after its query is useless (completed late)")})
	pSharing = params.Text(param.Spec{Name: "fairness.desired", Label: "Desired sharing", Group: "Fairness", Kind: param.Choice, Choices: Sharings, Default: param.Str("max-min"),
		Doc: prose.Page("how the SCP's carried load should be shared among SSPs: max-min (no SSP gets less than an equal share unless it asks for less) or proportional to the offered rates")})
	pWindow = params.Number(param.Spec{Name: "fairness.window", Label: "Fairness window", Group: "Fairness", Unit: "s", Kind: param.Number, Min: 1, Max: 3600, Step: 1, Default: param.Num(30),
		Doc: prose.Page("time constant of the smoothed per-SSP carried rates behind the per-interval Jain index")})
)
