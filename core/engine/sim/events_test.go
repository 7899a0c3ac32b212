package sim_test

import (
	"testing"

	"overloadlab/core/engine/param"
	"overloadlab/core/engine/scenario"
	"overloadlab/core/engine/sim"
)

// Changes made at one moment share a marker: one change reads "marker old →
// new unit"; several that scale one group by one factor read as the group,
// how many and what (rates when every one is per second) and the factor;
// any other set reads as the first and a count.
func TestMarkersNameSimultaneousChanges(t *testing.T) {
	set := param.NewSet(
		param.Spec{Name: "rate.a", Label: "A", Group: "Traffic", Unit: "/s", Kind: param.Number, Max: 1000, Default: param.Num(100)},
		param.Spec{Name: "rate.b", Label: "B", Group: "Traffic", Unit: "/s", Kind: param.Number, Max: 1000, Default: param.Num(40)},
		param.Spec{Name: "hold", Label: "Hold", Group: "Traffic", Unit: "s", Kind: param.Number, Max: 1000, Default: param.Num(10)},
		param.Spec{Name: "cpu", Label: "CPU", Group: "Node", Unit: "%", Kind: param.Number, Max: 100, Default: param.Num(50)},
	)
	d := &sim.Def{}
	for _, tc := range []struct {
		tl   []scenario.Change
		want string
	}{
		{[]scenario.Change{{At: 5, Param: "rate.a", Value: param.Num(200)}}, "A 100 → 200 /s"},
		{[]scenario.Change{{At: 5, Param: "rate.a", Value: param.Num(175)}, {At: 5, Param: "rate.b", Value: param.Num(70)}}, "Traffic: 2 rates ×1.75"},
		{[]scenario.Change{{At: 5, Param: "rate.a", Value: param.Num(200)}, {At: 5, Param: "hold", Value: param.Num(20)}}, "Traffic: 2 values ×2"},
		{[]scenario.Change{{At: 5, Param: "rate.a", Value: param.Num(200)}, {At: 5, Param: "rate.b", Value: param.Num(60)}}, "A 100 → 200 /s (+1 more)"},
		{[]scenario.Change{{At: 5, Param: "rate.a", Value: param.Num(200)}, {At: 5, Param: "cpu", Value: param.Num(100)}}, "A 100 → 200 /s (+1 more)"},
	} {
		sc := &scenario.Scenario{Duration: 10, Params: set.Defaults(), Timeline: tc.tl}
		got := sim.Markers(d, sc)
		if len(got) != 1 || got[0].At != 5 || got[0].Label != tc.want {
			t.Errorf("%v: markers %v, want one at 5 s: %q", tc.tl, got, tc.want)
		}
	}
}
