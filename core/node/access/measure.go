package access

import (
	"strconv"

	"overloadlab/core/engine/kernel"
	"overloadlab/core/engine/metrics"
	"overloadlab/core/engine/sim"
)

// The model's columns, after the outcome block of the classes.
var (
	cols        sim.Columns
	colAttached = cols.Add("attached", "devices attached", "%")
	colT95      = cols.Add("t95", "time to 95 % attached since the trigger (0: not yet)", "s")
	colSent     = cols.Add("radio.sent", "attach attempts sent by the radio", "/s")
	colBarred   = cols.Add("radio.barred", "attach attempts barred in the cell (ACB, EAB)", "/s")
	colRRCRej   = cols.Add("radio.rejected", "attach attempts rejected by the eNodeB (S1AP overload)", "/s")
	colAccepted = cols.Add("mme.accepted", "attaches accepted in time", "/s")
	colRej22    = cols.Add("mme.rejected-22", "attaches rejected #22 with T3346", "/s")
	colRejPace  = cols.Add("mme.rejected-pacing", "attaches rejected by pacing overflow", "/s")
	colTimedOut = cols.Add("mme.timed-out", "attaches the device gave up on (T3410): dropped or answered late", "/s")
	colSig      = cols.Add("signalling-per-attach", "attach attempts sent per attach accepted, so far", "msgs")
	colCPU      = cols.AddMax("cpu", "MME CPU (busiest)", "%")
	colCPUMean  = cols.Add("cpu.mean", "mean MME CPU so far", "%")
	colEmerg    = cols.Add("emergency.success", "emergency attaches accepted so far, of those ended", "%")
	colWait     = func() (c [numKinds]sim.Col) {
		for k, name := range kindNames {
			c[k] = cols.Add("wait."+name, "devices waiting: "+name, "devices")
		}
		return c
	}()
	colOutage = cols.Add("wait.outage", "devices out of service (core outage)", "devices")
	colAsleep = cols.Add("asleep", "fleet devices asleep", "devices")
	colMMECPU = mmeColumns("cpu", "CPU", "%")
	colNAS    = mmeColumns("nas", "NAS congestion (#22) on", "")
	colS1     = mmeColumns("s1", "eNodeBs told OVERLOAD START", "%")
)

func mmeColumns(name, label, unit string) (out [maxMMEs]sim.Col) {
	for i := range out {
		k := strconv.Itoa(i + 1)
		out[i] = cols.AddMax(name+"."+k, "MME "+k+" "+label, unit)
	}
	return out
}

// attachedNow counts the devices attached: in the pools, in back-off and
// in a fleet session.
func (n *node) attachedNow() int64 {
	a := n.waiting[kSession]
	for c := range n.attached {
		for m := range n.attached[c] {
			for z := range n.nz {
				a += n.attached[c][m][z] + n.backoffA[c][m][z]
			}
		}
	}
	return a
}

// Measure closes an interval.
func (n *node) Measure(row *sim.Row) {
	c := census{attached: n.attachedNow()}
	c.frac = float64(c.attached) / float64(n.devices)
	if n.trigger == "fleet" {
		c.frac = 0
		if n.fleetDue > 0 {
			c.frac = float64(n.fleetN) / float64(n.fleetDue)
		}
	}
	c.waiting = n.waiting
	c.waiting[kEAB] += n.held()
	for _, m := range n.mmes {
		c.waiting[kFail] += int64(m.queue.Len())
	}
	for _, x := range n.outage {
		for _, y := range x {
			c.outage += y
		}
	}
	for _, x := range n.asleep {
		for _, y := range x {
			c.asleep += y
		}
	}
	writeRow(row, n.env, n.devices, n.lastStart, &n.stats, &n.prev, n.mmes, &c)
}

// census is what a representation of the devices counts at the end of an
// interval: the devices attached, the share counted toward "95 %
// attached" (the fleet's woken share for a fleet), the devices waiting on
// each timer, and those down in the outage or asleep.
type census struct {
	attached, outage, asleep int64
	frac                     float64
	waiting                  [numKinds]int64
}

// writeRow writes an interval's row from the census c, the counters st
// (prev: as at the row before, then set to st) and the MMEs: the one
// writer of the model's columns, for the cohorts and for the per-device
// reference alike.
func writeRow(row *sim.Row, env *sim.Env, devices int64, lastStart kernel.Time, st, prev *stats, mmes []*mme, c *census) {
	now := row.Now
	dt := row.Seconds()
	row.Set(colAttached, 100*(float64(c.attached)/float64(devices)))
	if lastStart >= 0 && st.t95 == 0 && c.frac >= 0.95 {
		st.t95 = max((now - lastStart).Seconds(), dt)
	}
	row.Set(colT95, st.t95)
	rate := func(col sim.Col, a, b int64) { row.Set(col, float64(a-b)/dt) }
	rate(colSent, st.sent, prev.sent)
	rate(colBarred, st.barred, prev.barred)
	rate(colRRCRej, st.rrcRejected, prev.rrcRejected)
	rate(colAccepted, st.accepted, prev.accepted)
	rate(colRej22, st.rej22, prev.rej22)
	rate(colRejPace, st.rejPacing, prev.rejPacing)
	rate(colTimedOut, st.late+st.dropped, prev.late+prev.dropped)
	*prev = *st
	sig := 0.0
	if st.accepted > 0 {
		sig = float64(st.sent) / float64(st.accepted)
	}
	row.Set(colSig, sig)
	var cpuMax, cpuSum float64
	up := 0
	for i := range maxMMEs {
		if i >= len(mmes) {
			row.Set(colMMECPU[i], 0)
			row.Set(colNAS[i], 0)
			row.Set(colS1[i], 0)
			continue
		}
		m := mmes[i]
		rho := 100 * m.cpu.Measure(now)
		row.Set(colMMECPU[i], rho)
		cong, _ := m.nas.Congested()
		row.Set(colNAS[i], b2f(cong && m.up))
		row.Set(colS1[i], 100*float64(m.nTold)/float64(len(m.told)))
		if m.up {
			cpuMax = max(cpuMax, rho)
			cpuSum += rho
			up++
		}
	}
	row.Set(colCPU, cpuMax)
	if up > 0 {
		st.cpuSum += cpuSum / float64(up)
		st.cpuN++
	}
	mean := 0.0
	if st.cpuN > 0 {
		mean = st.cpuSum / float64(st.cpuN)
	}
	row.Set(colCPUMean, mean)
	e := env.Out.Class(clEmergency)
	emerg := 100.0
	if ended := e.Offered - e.InFlight(); ended > 0 {
		emerg = 100 * float64(e.Ended[metrics.InTime]) / float64(ended)
	}
	row.Set(colEmerg, emerg)
	for k := range numKinds {
		row.Set(colWait[k], float64(c.waiting[k]))
	}
	row.Set(colOutage, float64(c.outage))
	row.Set(colAsleep, float64(c.asleep))
}

// held counts the devices EAB holds.
func (n *node) held() (s int64) {
	for _, e := range n.eabHold {
		s += int64(e.n)
	}
	return s
}

func b2f(b bool) float64 {
	if b {
		return 1
	}
	return 0
}

// Report returns the controls' counters and what the pacing queues hold.
func (n *node) Report(now kernel.Time) sim.Report {
	rep := sim.Report{Held: make([]int64, numClasses)}
	for _, m := range n.mmes {
		for g, x := range m.queued {
			rep.Held[groupClass[g]] += x
		}
	}
	var st struct{ queued, released, stale, rej, drop, dropCPU int64 }
	var act, high, onsets, rej22, exempt, starts, stops int64
	for _, m := range n.mmes {
		q := &m.queue.Stats
		st.queued += q.Queued
		st.released += q.Released
		st.stale += q.Stale
		st.rej += q.OverflowRejected
		st.drop += q.OverflowDropped
		st.dropCPU += q.OverflowDroppedCPU
		act += m.guard.Activations
		high += m.guard.HighSamples
		onsets += m.nas.Stats.Onsets
		rej22 += m.nas.Stats.Rejects
		exempt += m.nas.Stats.Exempted
		starts += m.s1.Starts
		stops += m.s1.Stops
	}
	f := func(x int64) float64 { return float64(x) }
	rep.Controls = []sim.Group{
		{Name: "pacing (MMEs)", Counters: []sim.Counter{
			cQueued.Is(f(st.queued)), cReleased.Is(f(st.released)), cStaleDrops.Is(f(st.stale)),
			cOverflowRejects.Is(f(st.rej)), cOverflowDrops.Is(f(st.drop)), cOverflowDropsHighCpu.Is(f(st.dropCPU)),
		}},
		{Name: "cpu guard (70 %)", Counters: []sim.Counter{cActivations.Is(f(act)), cReadingsAtOrAbove70.Is(f(high))}},
		{Name: "nas congestion", Counters: []sim.Counter{cOnsets.Is(f(onsets)), cRejects22.Is(f(rej22)), cExempted.Is(f(exempt))}},
		{Name: "s1ap overload", Counters: []sim.Counter{cOverloadStart.Is(f(starts)), cOverloadStop.Is(f(stops))}},
		{Name: "access", Counters: []sim.Counter{
			cAttachAttempts.Is(f(n.stats.sent + n.stats.barred)),
			cAttachSent.Is(f(n.stats.sent)), cAttachBarred.Is(f(n.stats.barred)),
			cAttachRrcRejected.Is(f(n.stats.rrcRejected)), cAttachAccepted.Is(f(n.stats.accepted)),
			cAttachRejected22.Is(f(n.stats.rej22)), cAttachRejectedPacing.Is(f(n.stats.rejPacing)),
			cAttachLate.Is(f(n.stats.late)), cAttachDropped.Is(f(n.stats.dropped)),
			cBackgroundRejected22.Is(f(n.stats.bgRej22)),
			cAttached.Is(f(n.attachedNow())), cT95S.Is(n.stats.t95),
			cFleetWoken.Is(f(n.fleetDue)), cFleetAttached.Is(f(n.fleetN)),
		}},
	}
	return rep
}

// The counters Report writes, by handle, with their plain words.
var (
	counters              sim.Counters
	cQueued               = counters.Add("queued", "attaches queued for pacing", "")
	cReleased             = counters.Add("released", "released by the pacing queues", "")
	cStaleDrops           = counters.Add("stale_drops", "stale drops (waited longer than the wait time)", "")
	cOverflowRejects      = counters.Add("overflow_rejects", "overflow rejected through the messenger", "")
	cOverflowDrops        = counters.Add("overflow_drops", "overflow dropped (action drop)", "")
	cOverflowDropsHighCpu = counters.Add("overflow_drops_high_cpu", "overflow dropped by the 70 % guard", "")
	cActivations          = counters.Add("activations", "times a guard switched on", "")
	cReadingsAtOrAbove70  = counters.Add("readings_at_or_above_70", "CPU readings at or above 70 %", "")
	cOnsets               = counters.Add("onsets", "times an MME became congested", "")
	cRejects22            = counters.Add("rejects_22", "requests rejected #22 with T3346", "")
	cExempted             = counters.Add("exempted", "emergency and high-priority requests let through while congested", "")
	cOverloadStart        = counters.Add("overload_start", "OVERLOAD START sent", "")
	cOverloadStop         = counters.Add("overload_stop", "OVERLOAD STOP sent", "")
	cAttachSent           = counters.Add("attach_sent", "attach attempts sent by the radio", "")
	cAttachBarred         = counters.Add("attach_barred", "attach attempts barred in the cell (ACB, EAB)", "")
	cAttachRrcRejected    = counters.Add("attach_rrc_rejected", "attach attempts rejected by the eNodeB (RRC reject)", "")
	cAttachAccepted       = counters.Add("attach_accepted", "attaches accepted in time", "")
	cAttachRejected22     = counters.Add("attach_rejected_22", "attaches rejected #22 with T3346", "")
	cAttachRejectedPacing = counters.Add("attach_rejected_pacing", "attaches rejected by pacing overflow", "")
	cAttachLate           = counters.Add("attach_late", "attaches answered after T3410", "")
	cAttachDropped        = counters.Add("attach_dropped", "attaches dropped (no answer)", "")
	cBackgroundRejected22 = counters.Add("background_rejected_22", "TAUs and service requests rejected #22", "")
	cAttached             = counters.Add("attached", "devices attached now", "")
	cAttachAttempts       = counters.Add("attach_attempts", "attach attempts (sent or barred)", "")
	cFleetWoken           = counters.Add("fleet_woken", "fleet devices woken at the latest wake", "")
	cFleetAttached        = counters.Add("fleet_attached", "of them, attached since", "")
	cT95S                 = counters.Add("t95_s", "seconds from the trigger to 95 % attached (0: not yet)", "")
)
