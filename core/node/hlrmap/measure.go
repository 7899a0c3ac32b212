package hlrmap

import (
	"overloadlab/core/control/broadcast"
	"overloadlab/core/engine/kernel"
	"overloadlab/core/engine/sim"
)

// The model's columns, after the outcome block of the classes: first the
// rates of the counters (in the order of counters()), then the state.
var (
	cols        sim.Columns
	colCounters = [numCounters]sim.Col{
		cols.Add("broadcasts", "broadcasts to every Session Manager", "/s"),
		cols.Add("avoided.window", "avoided: reboot window", "/s"),
		cols.Add("avoided.cpu", "avoided: CPU at or above the broadcast threshold", "/s"),
		cols.Add("avoided.config", "avoided: configured without threshold", "/s"),
		cols.Add("dropped.congestion", "dropped: CPU > 70 %", "/s"),
		cols.Add("routed", "routed by mapping", "/s"),
		cols.Add("unidentified", "\"Unidentified Subscriber\" answers", "/s"),
		cols.Add("misrouted", "misrouted (hosted, sent to a wrong Session Manager)", "/s"),
		cols.Add("found", "found by broadcast (mapping re-learned)", "/s"),
		cols.Add("retries", "HLR retries", "/s"),
	}
	colCPU     = cols.AddMax("cpu", "IMSI Manager CPU", "%")
	colMapped  = cols.Add("table.mapped", "registered subscribers mapped", "%")
	colKept    = cols.Add("table.kept", "hosted without mapping", "%")
	colWindow  = cols.AddMax("window", "reboot window on", "on")
	colBacklog = cols.AddMax("backlog", "CPU backlog", "s")
	colSpread  = cols.AddMax("sessmgr.spread", "Session Manager spread (most − fewest hosted)", "subscribers")
)

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
func (n *node) Measure(row *sim.Row) {
	now := row.Now
	for i, x := range n.counters() {
		row.Delta(colCounters[i], x, &n.prev[i])
	}
	n.rho = n.cpu.Measure(now)
	s := float64(n.tab.subs)
	window := 0.0
	if n.ctl.InWindow(now) {
		window = 1
	}
	row.Set(colCPU, 100*n.rho)
	row.Set(colMapped, 100*float64(n.tab.M)/s)
	row.Set(colKept, 100*float64(n.tab.K)/s)
	row.Set(colWindow, window)
	row.Set(colBacklog, n.cpu.Backlog(now).Seconds())
	row.Set(colSpread, float64(n.tab.spread()))
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
		Held: held,
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

// The counters Report writes, declared with their plain words (for the
// page's Details: natively only) and written by handle.
var (
	counters                sim.Counters
	cRoutedByMapping        = counters.Add("routed_by_mapping", "routed by the mapping table", "")
	cBroadcasts             = counters.Add("broadcasts", "broadcast to every Session Manager", "")
	cAvoidedRebootWindow    = counters.Add("avoided_reboot_window", "sent to a random Session Manager: reboot window", "")
	cAvoidedCpuThreshold    = counters.Add("avoided_cpu_threshold", "sent to a random Session Manager: CPU at or above the broadcast threshold", "")
	cAvoidedConfigured      = counters.Add("avoided_configured", "sent to a random Session Manager: avoid all broadcasts", "")
	cDroppedAbove70         = counters.Add("dropped_above_70", "dropped: CPU above 70 %", "")
	cUnidentifiedSubscriber = counters.Add("unidentified_subscriber", "\"Unidentified Subscriber\" answers", "")
	cMisrouted              = counters.Add("misrouted", "misrouted (hosted, sent to a wrong Session Manager)", "")
	cRandomHits             = counters.Add("random_hits", "random choice found the right Session Manager", "")
	cFoundByBroadcast       = counters.Add("found_by_broadcast", "found by broadcast (mapping re-learned)", "")
	cRegistered             = counters.Add("registered", "registered subscribers", "")
	cMapped                 = counters.Add("mapped", "subscribers mapped", "")
	cHostedWithoutMapping   = counters.Add("hosted_without_mapping", "hosted without a mapping", "")
	cNotHosted              = counters.Add("not_hosted", "registered, not hosted", "")
	cReboots                = counters.Add("reboots", "reboots", "")
	cSessmgrSpread          = counters.Add("sessmgr_spread", "Session Manager spread (most − fewest hosted)", "")
	cLostInReboot           = counters.Add("lost_in_reboot", "requests lost in a reboot", "")
	cDroppedIngressFull     = counters.Add("dropped_ingress_full", "dropped: ingress full", "")
	cHlrRetries             = counters.Add("hlr_retries", "HLR retries", "")
)
