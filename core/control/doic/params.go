package doic

import (
	"overloadlab/core/engine/param"
	"overloadlab/core/engine/prose"
)

// Params is the schema of the reacting node's parameters: DOIC on or off,
// the abatement algorithm, the recovery after a report expires, the TTP's
// Maximum ETR, the SHM window and the rate algorithm's tolerances [R].
var Params = []param.Spec{
	{Name: "doic.enabled", Label: "DOIC", Group: "DOIC abatement", Kind: param.Bool, Default: param.On(true),
		Doc: prose.Page("the routing agent acts on the server's overload reports; off = the server protects itself only by discarding")},
	{Name: "doic.abatement", Label: "Abatement", Group: "DOIC abatement", Kind: param.Choice, Choices: Policies, Default: param.Str("priority-only"),
		Doc: prose.Page("plain-loss (RFC 7683, R % at random), the DSR's priority-only, priority-within-colour (yellow first), colour-within-priority, or rate (RFC 8582 leaky bucket)")},
	{Name: "doic.recovery-rate", Label: "Abatement Recovery Rate", Group: "DOIC abatement", Unit: "%", Kind: param.Number, Min: 0, Max: 100, Step: 1, Default: param.Num(DefaultRecovery),
		Doc: prose.Page("after the validity expires the reduction steps down by this many points per recovery tick; 0 = stop at expiry (RFC 7683)")},
	{Name: "doic.recovery-tick", Label: "Recovery tick", Group: "DOIC abatement", Unit: "s", Kind: param.Number, Min: 0.1, Max: 60, Step: 0.1, Default: param.Num(DefaultRecoveryTck.Seconds()),
		Doc: prose.Page("[R] interval between two recovery steps")},
	{Name: "ttp.max-etr", Label: "TTP Maximum ETR", Group: "DOIC abatement", Unit: "/s", Kind: param.Number, Min: 100, Max: 250000, Step: 100, Default: param.Num(6000),
		Doc: prose.Page("[R] the TTP's configured Maximum ETR: caps the Max ETR of the ranked policies while an overload is in force")},
	{Name: "shm.convergence", Label: "Rate Convergence Time", Group: "DOIC abatement", Unit: "s", Kind: param.Number, Min: 0.1, Max: 10, Step: 0.1, Default: param.Num(1),
		Doc: prose.Page("SHM window over which the rate of each priority and colour is measured: short follows bursts, long smooths them")},
	{Name: "rate.burst", Label: "Rate: P0 tolerance", Group: "DOIC abatement", Unit: "requests", Kind: param.Number, Min: 0, Max: 10000, Step: 1, Default: param.Num(5),
		Doc: prose.Page("[R] rate algorithm: the leaky bucket's tolerance τ for P0, in requests (τ = burst·T)")},
	{Name: "rate.burst-step", Label: "Rate: tolerance step", Group: "DOIC abatement", Unit: "requests", Kind: param.Number, Min: 0, Max: 10000, Step: 1, Default: param.Num(5),
		Doc: prose.Page("[R] rate algorithm: τ grows by this many requests per priority step, so higher priorities burst further")},
}
