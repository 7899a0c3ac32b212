package sip

import (
	"slices"
	"testing"

	"overloadlab/core/engine/param"
	"overloadlab/core/engine/sim"
)

// The occupancy chart draws only the thresholds of the control in force:
// the 503 threshold under 503, the onset and the target under loss and
// rate, none without control.
func TestOccupancyLinesFollowTheControl(t *testing.T) {
	i := slices.IndexFunc(Def.Charts, func(c sim.Chart) bool { return c.ID == "cpu" })
	if i < 0 {
		t.Fatal("no cpu chart")
	}
	for control, want := range map[string][]string{
		"none": nil, "503": {"503 threshold"}, "loss": {"onset", "target"}, "rate": {"onset", "target"},
	} {
		vals := Def.Params.Defaults()
		vals.Put("control", param.Str(control))
		var on []string
		for _, l := range Def.Charts[i].Lines {
			if l.On(vals) {
				on = append(on, l.Label)
			}
		}
		if !slices.Equal(on, want) {
			t.Errorf("control %s: lines %q drawn, want %q", control, on, want)
		}
	}
}
