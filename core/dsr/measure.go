package dsr

import (
	"fmt"
	"slices"

	"overloadlab/core/doic"
	"overloadlab/core/kernel"
	"overloadlab/core/metrics"
	"overloadlab/core/sim"
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

// node column positions after the outcome columns.
const (
	layers     = doic.Priorities * int(doic.Colours)
	colSHM     = 0 // SHM rate of every layer
	colSent    = colSHM + layers
	colAbated  = colSent + layers
	colMaxETR  = colAbated + layers
	colLoad    = colMaxETR + 1
	colAsked   = colLoad + 1
	colInForce = colAsked + 1
	colMaxRate = colInForce + 1
	colDiv     = colMaxRate + 1
	colSrvDrop = colDiv + 1
	colAltLoad = colSrvDrop + 1
	colBurst   = colAltLoad + 1
	colCPU     = colBurst + 1
	numCols    = colCPU + 1
)

func nodeColumns() []metrics.Column {
	cols := make([]metrics.Column, numCols)
	for p := range doic.Priorities {
		for c := range doic.Colours {
			k := p*int(doic.Colours) + int(c)
			l := layer(p, c)
			cols[colSHM+k] = metrics.Column{Name: "shm." + l, Label: fmt.Sprintf("P%d %v (SHM rate at the TTP)", p, c), Unit: "/s"}
			cols[colSent+k] = metrics.Column{Name: "sent." + l, Label: fmt.Sprintf("P%d %v sent to the server", p, c), Unit: "/s"}
			cols[colAbated+k] = metrics.Column{Name: "abated." + l, Label: fmt.Sprintf("P%d %v abated", p, c), Unit: "/s"}
		}
	}
	cols[colMaxETR] = metrics.Column{Name: "max-etr", Label: "Max ETR", Unit: "/s"}
	cols[colLoad] = metrics.Column{Name: "server.load", Label: "server load ρ (arrivals ÷ capacity)", Unit: "%"}
	cols[colAsked] = metrics.Column{Name: "server.reduction", Label: "reduction requested (OC-Reduction-Percentage)", Unit: "%"}
	cols[colInForce] = metrics.Column{Name: "agent.reduction", Label: "reduction in force at the agent", Unit: "%"}
	cols[colMaxRate] = metrics.Column{Name: "server.max-rate", Label: "OC-Maximum-Rate requested", Unit: "/s"}
	cols[colDiv] = metrics.Column{Name: "diverted", Label: "diverted to the alternate server", Unit: "/s"}
	cols[colSrvDrop] = metrics.Column{Name: "server.dropped", Label: "discarded by a full server queue", Unit: "/s"}
	cols[colAltLoad] = metrics.Column{Name: "alternate.load", Label: "alternate server load", Unit: "%"}
	cols[colBurst] = metrics.Column{Name: "burst", Label: "burst on", Unit: "", Max: true}
	cols[colCPU] = metrics.Column{Name: "server.cpu", Label: "server occupancy", Unit: "%", Max: true}
	return cols
}

// Measure closes an interval: rates per layer, the server's load and its
// next report.
func (n *node) Measure(now kernel.Time, row []float64) {
	dt := n.env.Interval.Seconds()
	if now%n.env.Interval != 0 {
		dt = (now % n.env.Interval).Seconds()
	}
	n.out.Fill(row, dt)
	r := row[len(sim.OutcomeColumns(classNames())):]
	clear(r[:numCols])
	rates := n.ttp.Rates(now)
	cur := counters{sent: n.sent, abated: n.abated, diverted: n.diverted,
		srvArrivals: n.srvArrivals, altArrivals: n.altArrivals, srvDrops: n.srvDrops, altDrops: n.altDrops}
	div := int64(0)
	for p := range doic.Priorities {
		for c := range doic.Colours {
			k := p*int(doic.Colours) + int(c)
			r[colSHM+k] = rates[p][c]
			r[colSent+k] = float64(cur.sent[p][c]-n.prev.sent[p][c]) / dt
			r[colAbated+k] = float64(cur.abated[p][c]-n.prev.abated[p][c]) / dt
			div += cur.diverted[p][c] - n.prev.diverted[p][c]
		}
	}
	inForce := 0.0
	if n.doicOn {
		r[colMaxETR] = n.ttp.MaxETR(now)
		inForce = n.ttp.State.Reduction(now)
	}
	n.rep.measure(now, cur.srvArrivals-n.prev.srvArrivals, dt)
	r[colLoad] = 100 * n.rep.load
	r[colAsked] = n.rep.requested()
	r[colInForce] = inForce
	if n.rep.inForce {
		r[colMaxRate] = n.rep.olr.MaxRate
	}
	r[colDiv] = float64(div) / dt
	r[colSrvDrop] = float64(cur.srvDrops-n.prev.srvDrops) / dt
	r[colAltLoad] = 100 * float64(cur.altArrivals-n.prev.altArrivals) / (n.v.Num("alternate.capacity") * dt)
	if n.burstOn {
		r[colBurst] = 1
	}
	r[colCPU] = 100 * n.server.Measure(now)
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
	rep := sim.Report{Classes: n.out.Classes(), Held: slices.Clone(n.pending[:])}
	rep.Controls = append(rep.Controls,
		sim.Group{Name: "DOIC reacting node (TTP " + n.ttp.Policy.String() + ")", Counters: []sim.Counter{
			{Name: "sent", Value: float64(sent)},
			{Name: "abated", Value: float64(abated)},
			{Name: "diverted", Value: float64(diverted)},
			{Name: "olr_accepted", Value: float64(n.verdicts[doic.Accepted])},
			{Name: "olr_ended", Value: float64(n.verdicts[doic.Ended])},
			{Name: "olr_repeated_or_stale", Value: float64(n.verdicts[doic.Stale])},
			{Name: "olr_ignored", Value: float64(n.verdicts[doic.Ignored])},
			{Name: "sequence_number", Value: float64(seq)},
			{Name: "reduction_in_force", Value: n.ttp.State.Reduction(now)},
			{Name: "max_rate_in_force", Value: maxRate},
		}},
		sim.Group{Name: "DOIC reporting node (server)", Counters: []sim.Counter{
			{Name: "reports", Value: float64(n.rep.reports)},
			{Name: "overload_occurrences", Value: float64(n.rep.episodes)},
			{Name: "reduction_requested", Value: n.rep.requested()},
			{Name: "arrivals", Value: float64(n.srvArrivals)},
			{Name: "discarded_queue_full", Value: float64(n.srvDrops)},
			{Name: "alternate_arrivals", Value: float64(n.altArrivals)},
			{Name: "alternate_discarded", Value: float64(n.altDrops)},
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
