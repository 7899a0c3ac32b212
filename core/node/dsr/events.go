package dsr

import (
	"fmt"
	"strconv"
	"strings"

	"overloadlab/core/engine/scenario"
	"overloadlab/core/engine/sim"
)

// maxBursts is how many bursts are marked one by one; a run with more marks
// the rest with one event at the next burst.
const maxBursts = 30

// events names the moments the scenario derives from its parameters: an
// injected overload report's start and end, and each burst, a span from
// k·period − length to k·period for k = 1, 2, … (node.scheduleBurst). A
// change of a burst parameter in the timeline replans the bursts from then
// on: the series stops there, and the change has its own marker.
func events(sc *scenario.Scenario) []sim.Event {
	v := sc.Params
	var out []sim.Event
	if v.Text("server.rule") == "injected" {
		out = append(out,
			sim.Event{At: v.Num("server.inject-from"), Label: "report injected: " + num(v.Num("server.reduction")) + " %"},
			sim.Event{At: v.Num("server.inject-to"), Label: "injected report ends"})
	}
	period, length := v.Num("burst.period"), v.Num("burst.length")
	if period <= 0 || v.Num("burst.factor") == 1 {
		return out
	}
	stop := sc.Duration
	for _, c := range sc.Timeline {
		if strings.HasPrefix(c.Param, "burst.") {
			stop = min(stop, c.At)
		}
	}
	who := strings.ToUpper(v.Text("burst.priority"))
	if who == "ALL" {
		who = "all"
	}
	label := fmt.Sprintf("%s burst ×%s", who, num(v.Num("burst.factor")))
	for k := 1; float64(k)*period-length < stop; k++ {
		at := float64(k)*period - length
		if k > maxBursts {
			out = append(out, sim.Event{At: at, Label: label + " every " + num(period) + " s, on"})
			break
		}
		out = append(out, sim.Event{At: at, Until: min(float64(k)*period, stop), Label: label})
	}
	return out
}

func num(x float64) string { return strconv.FormatFloat(x, 'g', 4, 64) }
