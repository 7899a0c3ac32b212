package dsr

import (
	"strconv"
	"strings"

	"overloadlab/core/engine/scenario"
	"overloadlab/core/engine/sim"
)

// maxBursts is how many bursts are marked: the first ones of a long run.
const maxBursts = 30

// events names the bursts, the moments the scenario derives from its
// parameters: each a span from
// k·period − length to k·period for k = 1, 2, … (node.scheduleBurst). A
// change of a burst parameter in the timeline replans the bursts from then
// on: the series stops there, and the change has its own marker.
func events(sc *scenario.Scenario) []sim.Event {
	v := sc.Params
	var out []sim.Event
	period, length, stop := pBurstPeriod.Of(v), pBurstLength.Of(v), sc.Duration
	for _, c := range sc.Timeline {
		if strings.HasPrefix(c.Param, "burst.") {
			stop = min(stop, c.At)
		}
	}
	label := strings.ToUpper(pBurstPriority.Of(v)) + " burst ×" + strconv.FormatFloat(pBurstFactor.Of(v), 'g', 4, 64)
	for k := 1.0; period > 0 && k <= maxBursts && k*period-length < stop; k++ {
		out = append(out, sim.Event{At: k*period - length, Until: min(k*period, stop), Label: label})
	}
	return out
}
