package broadcast

import (
	"overloadlab/core/engine/param"
	"overloadlab/core/engine/prose"
)

// The control's parameters, with their operator names (the task facility
// "imsimgr avoid-sessmgr-broadcast [cpu_threshold P]") and the lab switches
// that show what its fixed rules prevent.
const (
	ParamAvoid     = "avoid-sessmgr-broadcast"
	ParamThreshold = "avoid-sessmgr-broadcast.cpu_threshold"
	ParamAvoidAll  = "avoid-sessmgr-broadcast.all"
	ParamWindow    = "lab.reboot-window"
	ParamDrop      = "lab.congestion-drop"
)

// Params is the schema of the control's parameters.
var Params = []param.Spec{
	{Name: ParamAvoid, Label: "avoid-sessmgr-broadcast", Group: "Broadcast control", Kind: param.Bool, Default: param.On(true),
		Doc: prose.Page("task facility imsimgr avoid-sessmgr-broadcast: stop broadcasting while the CPU is at or above the threshold (on by default)")},
	{Name: ParamThreshold, Label: "cpu_threshold P", Group: "Broadcast control", Unit: "%", Kind: param.Number, Min: 100 * MinThreshold, Max: 100 * MaxThreshold, Step: 1, Default: param.Num(100 * DefaultThreshold),
		Doc: prose.Page("P: while the IMSI Manager's CPU is ≥ P, unknown MAP requests go to a random Session Manager instead of a broadcast")},
	{Name: ParamAvoidAll, Label: "Avoid all broadcasts", Group: "Broadcast control", Kind: param.Bool, Default: param.On(false),
		Doc: prose.Page("avoid-sessmgr-broadcast configured without cpu_threshold: never broadcast, always a random Session Manager")},
	{Name: ParamWindow, Label: "Reboot window (60 min)", Group: "Broadcast control", Kind: param.Bool, Default: param.On(true),
		Doc: prose.Page("lab switch: the real SGSN never broadcasts during the first 60 minutes after a reboot (fixed); switch off to see why")},
	{Name: ParamDrop, Label: "Congestion drop (70 %)", Group: "Broadcast control", Kind: param.Bool, Default: param.On(true),
		Doc: prose.Page("lab switch: the real IMSI Manager drops every unknown subscriber request while its CPU is above 70 % (fixed); switch off to see why")},
}

// ConfigFrom reads the control's configuration from the values of Params.
func ConfigFrom(v param.Values) Config {
	return Config{
		Avoid:          v.Bool(ParamAvoid),
		AvoidAll:       v.Bool(ParamAvoidAll),
		Threshold:      v.Num(ParamThreshold) / 100,
		RebootWindow:   v.Bool(ParamWindow),
		CongestionDrop: v.Bool(ParamDrop),
	}
}
