package hlrmap

import (
	"overloadlab/core/broadcast"
	"overloadlab/core/kernel"
	"overloadlab/core/metrics"
	"overloadlab/core/sim"
)

// Columns after the outcome columns; the rate columns come first, in the
// order of counters().
var nodeColumns = []metrics.Column{
	{Name: "broadcasts", Label: "broadcasts to every SessMgr", Unit: "/s"},
	{Name: "avoided.window", Label: "avoided: reboot window", Unit: "/s"},
	{Name: "avoided.cpu", Label: "avoided: CPU ≥ P", Unit: "/s"},
	{Name: "avoided.config", Label: "avoided: configured without threshold", Unit: "/s"},
	{Name: "dropped.congestion", Label: "dropped: CPU > 70 %", Unit: "/s"},
	{Name: "routed", Label: "routed by mapping", Unit: "/s"},
	{Name: "unidentified", Label: "\"Unidentified Subscriber\" answers", Unit: "/s"},
	{Name: "misrouted", Label: "misrouted (hosted, sent to a wrong SessMgr)", Unit: "/s"},
	{Name: "found", Label: "found by broadcast (mapping re-learned)", Unit: "/s"},
	{Name: "retries", Label: "HLR retries", Unit: "/s"},
	{Name: "cpu", Label: "IMSI Manager CPU", Unit: "%", Max: true},
	{Name: "table.mapped", Label: "registered subscribers mapped", Unit: "%"},
	{Name: "table.kept", Label: "hosted without mapping", Unit: "%"},
	{Name: "window", Label: "reboot window on", Unit: "on", Max: true},
	{Name: "backlog", Label: "CPU backlog", Unit: "s", Max: true},
	{Name: "sessmgr.spread", Label: "SessMgr load spread (max − min hosted)", Unit: "subscribers", Max: true},
}

// nodeCol0 is the index of the first node column in a row.
var nodeCol0 = len(sim.OutcomeColumns(classNames))

// numCounters is the number of rate columns.
const numCounters = 10

// counters returns the cumulative counts behind the rate columns.
func (n *node) counters() [numCounters]int64 {
	k := &n.ctl.Count
	return [numCounters]int64{
		k[broadcast.Broadcast], k[broadcast.AvoidWindow], k[broadcast.AvoidCPU], k[broadcast.AvoidConfig], k[broadcast.Drop], k[broadcast.Route],
		n.unidentified, n.misrouted, n.found, n.retries,
	}
}

// Measure closes an interval: the CPU is measured and the control will see
// that value until the next interval ends.
func (n *node) Measure(now kernel.Time, row []float64) {
	dt := n.env.Interval.Seconds()
	if now%n.env.Interval != 0 {
		dt = (now % n.env.Interval).Seconds() // the last, shorter interval
	}
	n.out.Fill(row, dt)
	r := row[nodeCol0:]
	cur := n.counters()
	for i := range cur {
		r[i] = float64(cur[i]-n.prev[i]) / dt
	}
	n.prev = cur
	n.rho = n.cpu.Measure(now)
	s := float64(n.tab.subs)
	window := 0.0
	if n.ctl.InWindow(now) {
		window = 1
	}
	r = r[numCounters:]
	r[0] = 100 * n.rho
	r[1] = 100 * float64(n.tab.M) / s
	r[2] = 100 * float64(n.tab.K) / s
	r[3] = window
	r[4] = n.cpu.Backlog(now).Seconds()
	r[5] = float64(n.tab.spread())
}

// Report returns the outcomes and the controls' counters.
func (n *node) Report(now kernel.Time) sim.Report {
	k := &n.ctl.Count
	c := func(name string, x int64) sim.Counter { return sim.Counter{Name: name, Value: float64(x)} }
	held := make([]int64, len(classes))
	for c := range held {
		held[c] = n.held[c] + n.stale[c]
	}
	return sim.Report{
		Classes: n.out.Classes(),
		Held:    held,
		Controls: []sim.Group{
			{Name: "broadcast control", Counters: []sim.Counter{
				c("routed_by_mapping", k[broadcast.Route]),
				c("broadcasts", k[broadcast.Broadcast]),
				c("avoided_reboot_window", k[broadcast.AvoidWindow]),
				c("avoided_cpu_threshold", k[broadcast.AvoidCPU]),
				c("avoided_configured", k[broadcast.AvoidConfig]),
				c("dropped_above_70", k[broadcast.Drop]),
			}},
			{Name: "answers", Counters: []sim.Counter{
				c("unidentified_subscriber", n.unidentified),
				c("misrouted", n.misrouted),
				c("random_hits", n.hits),
				c("found_by_broadcast", n.found),
			}},
			{Name: "mapping table", Counters: []sim.Counter{
				c("registered", n.tab.subs),
				c("mapped", n.tab.M),
				c("hosted_without_mapping", n.tab.K),
				c("not_hosted", n.tab.A()),
				c("reboots", int64(n.epoch)),
				c("sessmgr_spread", n.tab.spread()),
			}},
			{Name: "imsimgr", Counters: []sim.Counter{
				c("lost_in_reboot", n.lostInReboot),
				c("dropped_ingress_full", n.ingressDrops),
				c("hlr_retries", n.retries),
			}},
		},
	}
}
