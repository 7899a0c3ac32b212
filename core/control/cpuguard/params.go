package cpuguard

import (
	"overloadlab/core/engine/param"
	"overloadlab/core/engine/prose"
)

// Params is the schema of the guard's parameters: the lab switch that
// shows what the fixed guard prevents, and its sampling period.
var Params = []param.Spec{
	{Name: "lab.cpu-guard", Label: "CPU guard (70 %)", Group: "CPU guard", Kind: param.Bool, Default: param.On(true),
		Doc: prose.Page("lab switch: the real IMSI Manager always has the fixed 70 % guard; switch it off to see what it prevents")},
	{Name: "cpu-guard.sampling-period", Label: "Guard's CPU sampling period", Group: "CPU guard", Unit: "s", Kind: param.Number, Min: 0.1, Max: 5, Step: 0.1, Default: param.Num(DefaultSampling),
		Doc: prose.Page("reconstructed (Cisco's documentation says \"on reaching 70 %\", not over what window): each instance reads its CPU over this period and its guard follows the last reading; " +
			"apart from the 1 s reporting interval of the charts")},
}

// DefaultSampling is the guard's default sampling period in seconds.
// Cisco's documentation says the guard acts "on reaching" 70 % and gives no window, so
// the period is reconstructed. 1 s, the reporting interval: the CPU chart
// then shows exactly the readings the guard acts on, and the runs (and so
// the links) made before the period was a parameter stay the same. Shorter
// periods react sooner and pin the CPU less (imsimgr's attach-storm-fast-guard).
const DefaultSampling = 1
