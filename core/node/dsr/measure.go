package dsr

import (
	"fmt"
	"slices"

	"overloadlab/core/control/doic"
	"overloadlab/core/engine/kernel"
	"overloadlab/core/engine/sim"
)

// layer names a (priority, colour) series: "p0.yellow".
func layer(p int, c doic.Colour) string { return fmt.Sprintf("p%d.%v", p, c) }

// byPriority lists the layers from the highest rank (P4 green) to the
// lowest (P0 yellow): stacked bottom-up, the layers above the Max ETR line
// are the ones priority-only and colour-within-priority discard.
func byPriority(prefix string) []string {
	var out []string
	for p := doic.P4; p >= 0; p-- {
		out = append(out, prefix+layer(p, doic.Green), prefix+layer(p, doic.Yellow))
	}
	return out
}

// byColour lists green P4…P0, then yellow P4…P0: the order of
// priority-within-colour.
func byColour(prefix string) []string {
	var out []string
	for _, c := range []doic.Colour{doic.Green, doic.Yellow} {
		for p := doic.P4; p >= 0; p-- {
			out = append(out, prefix+layer(p, c))
		}
	}
	return out
}

// layers is the number of (priority, colour) layers.
const layers = doic.Priorities * int(doic.Colours)

// The model's columns, after the outcome block of the priorities; the
// layer columns are indexed by priority·Colours + colour.
var (
	cols       sim.Columns
	colSHM     = layerColumns("shm.", "%s (SHM rate at the TTP)")
	colSent    = layerColumns("sent.", "%s sent to the server")
	colAbated  = layerColumns("abated.", "%s abated")
	colMaxETR  = cols.Add("max-etr", "maximum egress rate (Max ETR)", "/s")
	colLoad    = cols.Add("server.load", "server load ρ (arrivals ÷ capacity)", "%")
	colAsked   = cols.Add("server.reduction", "reduction requested (OC-Reduction-Percentage)", "%")
	colInForce = cols.Add("agent.reduction", "reduction in force at the agent", "%")
	colMaxRate = cols.Add("server.max-rate", "maximum rate requested (OC-Maximum-Rate)", "/s")
	colDiv     = cols.Add("diverted", "diverted to the alternate server", "/s")
	colSrvDrop = cols.Add("server.dropped", "discarded by a full server queue", "/s")
	colAltLoad = cols.Add("alternate.load", "alternate server load", "%")
	colBurst   = cols.AddMax("burst", "burst on", "")
	colCPU     = cols.AddMax("server.cpu", "server occupancy", "%")
)

// layerColumns declares one rate column per layer, named prefix+layer.
func layerColumns(prefix, label string) (out [layers]sim.Col) {
	for p := range doic.Priorities {
		for c := range doic.Colours {
			out[p*int(doic.Colours)+int(c)] = cols.Add(prefix+layer(p, c), fmt.Sprintf(label, fmt.Sprintf("P%d %v", p, c)), "/s")
		}
	}
	return out
}

// Measure closes an interval: rates per layer, the server's load and its
// next report.
func (n *node) Measure(row *sim.Row) {
	now, dt := row.Now, row.Seconds()
	rates := n.ttp.Rates(now)
	cur := totals{sent: n.sent, abated: n.abated, diverted: n.diverted,
		srvArrivals: n.srvArrivals, altArrivals: n.altArrivals, srvDrops: n.srvDrops, altDrops: n.altDrops}
	div := int64(0)
	for p := range doic.Priorities {
		for c := range doic.Colours {
			k := p*int(doic.Colours) + int(c)
			row.Set(colSHM[k], rates[p][c])
			row.Rate(colSent[k], cur.sent[p][c]-n.prev.sent[p][c])
			row.Rate(colAbated[k], cur.abated[p][c]-n.prev.abated[p][c])
			div += cur.diverted[p][c] - n.prev.diverted[p][c]
		}
	}
	maxETR, inForce := 0.0, 0.0
	if n.doicOn {
		maxETR = n.ttp.MaxETR(now)
		inForce = n.ttp.State.Reduction(now)
	}
	row.Set(colMaxETR, maxETR)
	n.rep.measure(now, cur.srvArrivals-n.prev.srvArrivals, dt)
	row.Set(colLoad, 100*n.rep.load)
	row.Set(colAsked, n.rep.requested())
	row.Set(colInForce, inForce)
	maxRate := 0.0
	if n.rep.inForce {
		maxRate = n.rep.olr.MaxRate
	}
	row.Set(colMaxRate, maxRate)
	row.Rate(colDiv, div)
	row.Rate(colSrvDrop, cur.srvDrops-n.prev.srvDrops)
	row.Set(colAltLoad, 100*float64(cur.altArrivals-n.prev.altArrivals)/(pAlternateCapacity.Of(n.v)*dt))
	burst := 0.0
	if n.burstOn {
		burst = 1
	}
	row.Set(colBurst, burst)
	row.Set(colCPU, 100*n.server.Measure(now))
	n.prev = cur
}

// Report returns the outcomes and the controls' counters.
func (n *node) Report(now kernel.Time) sim.Report {
	var sent, abated, diverted int64
	for p := range doic.Priorities {
		for c := range doic.Colours {
			sent += n.sent[p][c]
			abated += n.abated[p][c]
			diverted += n.diverted[p][c]
		}
	}
	seq, _ := n.ttp.State.Seq()
	maxRate, _ := n.ttp.State.MaxRate(now)
	rep := sim.Report{Held: slices.Clone(n.pending[:])}
	rep.Controls = append(rep.Controls,
		sim.Group{Name: "DOIC reacting node (TTP " + n.ttp.Policy.String() + ")", Counters: []sim.Counter{
			cSent.Is(float64(sent)),
			cAbated.Is(float64(abated)),
			cDiverted.Is(float64(diverted)),
			cOlrAccepted.Is(float64(n.verdicts[doic.Accepted])),
			cOlrEnded.Is(float64(n.verdicts[doic.Ended])),
			cOlrRepeatedOrStale.Is(float64(n.verdicts[doic.Stale])),
			cOlrIgnored.Is(float64(n.verdicts[doic.Ignored])),
			cSequenceNumber.Is(float64(seq)),
			cReductionInForce.Is(n.ttp.State.Reduction(now)),
			cMaxRateInForce.Is(maxRate),
		}},
		sim.Group{Name: "DOIC reporting node (server)", Counters: []sim.Counter{
			cReports.Is(float64(n.rep.reports)),
			cOverloadOccurrences.Is(float64(n.rep.episodes)),
			cReductionRequested.Is(n.rep.requested()),
			cArrivals.Is(float64(n.srvArrivals)),
			cDiscardedQueueFull.Is(float64(n.srvDrops)),
			cAlternateArrivals.Is(float64(n.altArrivals)),
			cAlternateDiscarded.Is(float64(n.altDrops)),
		}},
	)
	for p := range doic.Priorities {
		var g sim.Group
		g.Name = fmt.Sprintf("P%d by colour", p)
		for c := range doic.Colours {
			g.Counters = append(g.Counters,
				sim.Counter{Name: fmt.Sprintf("%v_sent", c), Value: float64(n.sent[p][c])},
				sim.Counter{Name: fmt.Sprintf("%v_abated", c), Value: float64(n.abated[p][c])})
		}
		rep.Controls = append(rep.Controls, g)
	}
	return rep
}

// The counters Report writes, declared with their plain words (for the
// page's Details: natively only) and written by handle.
var (
	counters             sim.Counters
	cSent                = counters.Add("sent", "sent to the server", "")
	cAbated              = counters.Add("abated", "abated", "")
	cDiverted            = counters.Add("diverted", "diverted to the alternate server", "")
	cOlrAccepted         = counters.Add("olr_accepted", "overload reports accepted", "")
	cOlrEnded            = counters.Add("olr_ended", "overload reports ending an overload", "")
	cOlrRepeatedOrStale  = counters.Add("olr_repeated_or_stale", "overload reports repeated or stale", "")
	cOlrIgnored          = counters.Add("olr_ignored", "overload reports ignored", "")
	cSequenceNumber      = counters.Add("sequence_number", "last report sequence number", "")
	cReductionInForce    = counters.Add("reduction_in_force", "reduction in force", "%")
	cMaxRateInForce      = counters.Add("max_rate_in_force", "maximum rate in force", "requests per second")
	cReports             = counters.Add("reports", "overload reports sent", "")
	cOverloadOccurrences = counters.Add("overload_occurrences", "overload occurrences", "")
	cReductionRequested  = counters.Add("reduction_requested", "reduction requested", "%")
	cArrivals            = counters.Add("arrivals", "requests reaching the server", "")
	cDiscardedQueueFull  = counters.Add("discarded_queue_full", "discarded: server queue full", "")
	cAlternateArrivals   = counters.Add("alternate_arrivals", "requests reaching the alternate server", "")
	cAlternateDiscarded  = counters.Add("alternate_discarded", "discarded by the alternate server", "")
	cGreenSent           = counters.Add("green_sent", "green sent", "")
	cGreenAbated         = counters.Add("green_abated", "green abated", "")
	cYellowSent          = counters.Add("yellow_sent", "yellow sent", "")
	cYellowAbated        = counters.Add("yellow_abated", "yellow abated", "")
)
