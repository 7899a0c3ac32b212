package hlrmap

import (
	"overloadlab/core/control/broadcast"
	"overloadlab/core/engine/scenario"
	"overloadlab/core/engine/sim"
)

// events names each reboot of the timeline ("SGSN reboots") and what
// follows it (a reboot at the start counts at 0 s): the end of the HLR's
// storm, t_reboot + storm length, and the end of the 60-minute window,
// t_reboot + 60 min, while the window is on.
func events(sc *scenario.Scenario) []sim.Event {
	v := sc.Params.Clone()
	var out []sim.Event
	after := func(t float64) {
		if pStormFactor.Of(v) > 1 && pStormLength.Of(v) > 0 {
			out = append(out, sim.Event{At: t + pStormLength.Of(v), Label: "HLR storm ends"})
		}
		if pLabWindow.Of(v) {
			out = append(out, sim.Event{At: t + broadcast.Window.Seconds(), Label: "60-minute window ends"})
		}
	}
	if pReboot.Of(v) {
		after(0)
	}
	for _, c := range sc.Timeline {
		was := pReboot.Of(v)
		v.Put(c.Param, c.Value)
		if c.Param == pReboot.Name() && !was && pReboot.Of(v) {
			out = append(out, sim.Event{At: c.At, Label: "SGSN reboots", Names: pReboot.Name()})
			after(c.At)
		}
	}
	return out
}
