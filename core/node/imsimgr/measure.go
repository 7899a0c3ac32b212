package imsimgr

import (
	"strconv"

	"overloadlab/core/control/pacing"
	"overloadlab/core/engine/kernel"
	"overloadlab/core/engine/metrics"
	"overloadlab/core/engine/sim"
)

// pinnedAt is the occupancy at which the CPU counts as pinned for the
// crash watchdog.
const pinnedAt = 0.99

// maxInstances bounds imsimgr-instances; a message's tag has 3 bits for its
// instance, and every instance has its own CPU and guard columns.
const maxInstances = 8

// The model's columns, after the outcome block of the classes.
var (
	cols          sim.Columns
	colCPU        = cols.AddMax("cpu", "IMSI Manager CPU (busiest instance)", "%")
	colGuard      = cols.AddMax("guard", "CPU guard on (instances)", "instances")
	colUp         = cols.Add("up", "instances up", "instances")
	colBacklog    = cols.AddMax("backlog", "CPU backlog", "s")
	colRetries    = cols.Add("retries", "retries", "/s")
	colQueue      = [2]sim.Col{cols.AddMax("sgsn.queue", "SGSN pacing queue", "requests"), cols.AddMax("mme.queue", "MME pacing queue", "requests")}
	colWait       = [2]sim.Col{cols.Add("sgsn.wait", "SGSN mean wait", "s"), cols.Add("mme.wait", "MME mean wait", "s")}
	colReleased   = [2]sim.Col{cols.Add("sgsn.released", "SGSN released", "/s"), cols.Add("mme.released", "MME released", "/s")}
	colStale      = cols.Add("pacing.stale", "stale drops (waited longer than the wait time)", "/s")
	colRejected   = cols.Add("pacing.overflow-rejected", "overflow rejects (messenger)", "/s")
	colDropped    = cols.Add("pacing.overflow-dropped", "overflow drops (action drop)", "/s")
	colDroppedCPU = cols.Add("pacing.overflow-dropped-high-cpu", "overflow drops with high CPU (guard)", "/s")
	colLost       = cols.Add("lost", "lost in a crash or while down", "/s")
	// For each possible instance i (1-based), its CPU over the interval
	// ("cpu.i") and the share of the interval its guard was on ("guard.i");
	// both stay 0 for instances the scenario does not have.
	colInstCPU   = instanceColumns("cpu", "CPU", "%")
	colInstGuard = instanceColumns("guard", "guard on", "% of interval")
)

// instanceColumns declares one column per possible instance.
func instanceColumns(name, label, unit string) (out [maxInstances]sim.Col) {
	for i := range out {
		k := strconv.Itoa(i + 1)
		out[i] = cols.AddMax(name+"."+k, "instance "+k+" "+label, unit)
	}
	return out
}

// Measure closes an interval: every instance measures its CPU over it, and
// an instance pinned too long crashes. (The guards read the CPU on their
// own sampling period: readGuards.)
func (n *node) Measure(row *sim.Row) {
	now, dt := row.Now, row.Seconds()
	var stats [2]pacing.Stats
	var cpuMax, backlog, up, guarded float64
	var queued [2]float64
	for k := range maxInstances {
		if k >= len(n.insts) {
			row.Set(colInstCPU[k], 0)
			row.Set(colInstGuard[k], 0)
			continue
		}
		inst := n.insts[k]
		inst.rho = inst.cpu.Measure(now)
		cpuMax = max(cpuMax, 100*inst.rho)
		backlog = max(backlog, inst.cpu.Backlog(now).Seconds())
		row.Set(colInstCPU[k], 100*inst.rho)
		row.Set(colInstGuard[k], 100*inst.guard.OnTime(now).Seconds()/dt)
		if !inst.up {
			continue
		}
		up++
		if inst.guard.High() {
			guarded++
		}
		if inst.rho >= pinnedAt {
			inst.pinned += kernel.Seconds(dt)
		} else {
			inst.pinned = 0
		}
		if n.watchdog > 0 && inst.pinned >= n.watchdog {
			n.crash(now, k)
		}
		for s := range stats {
			queued[s] += float64(inst.queues[s].Len())
		}
	}
	row.Set(colCPU, cpuMax)
	row.Set(colGuard, guarded)
	row.Set(colUp, up)
	row.Set(colBacklog, backlog)
	for _, inst := range n.insts {
		for s := range stats {
			addStats(&stats[s], &inst.queues[s].Stats)
		}
	}
	row.Delta(colRetries, n.retries, &n.prevRetries)
	row.Delta(colLost, n.crashLost+n.downDrops, &n.prevLost)
	var stale, rejected, dropped, droppedCPU float64
	for s := range stats {
		wait := 0.0
		if n.waitN[s] > 0 {
			wait = n.waitSum[s].Seconds() / float64(n.waitN[s])
		}
		row.Set(colWait[s], wait)
		row.Set(colQueue[s], queued[s])
		n.waitSum[s], n.waitN[s] = 0, 0
		cur, prev := &stats[s], &n.prevStats[s]
		row.Rate(colReleased[s], cur.Released-prev.Released)
		stale += float64(cur.Stale-prev.Stale) / dt
		rejected += float64(cur.OverflowRejected-prev.OverflowRejected) / dt
		dropped += float64(cur.OverflowDropped-prev.OverflowDropped) / dt
		droppedCPU += float64(cur.OverflowDroppedCPU-prev.OverflowDroppedCPU) / dt
		*prev = *cur
	}
	row.Set(colStale, stale)
	row.Set(colRejected, rejected)
	row.Set(colDropped, dropped)
	row.Set(colDroppedCPU, droppedCPU)
}

func addStats(a, b *pacing.Stats) {
	a.Queued += b.Queued
	a.Released += b.Released
	a.Stale += b.Stale
	a.OverflowRejected += b.OverflowRejected
	a.OverflowDropped += b.OverflowDropped
	a.OverflowDroppedCPU += b.OverflowDroppedCPU
	a.WaitSum += b.WaitSum
}

// crash loses everything instance k had queued or in progress; the peers
// of those requests time out and retry. Arrivals are dropped until the
// restart.
func (n *node) crash(now kernel.Time, k int) {
	inst := n.insts[k]
	inst.crashes++
	inst.up = false
	inst.epoch++
	inst.pending = [2]bool{}
	for _, q := range inst.queues {
		q.Flush(func(int32) {})
	}
	for c := range inst.held {
		for a, cnt := range inst.held[c] {
			for ; cnt > 0; cnt-- {
				n.crashLost++
				n.fail(now, now, c, a, metrics.Dropped)
			}
			inst.held[c][a] = 0
		}
	}
	inst.inCPU = 0
	inst.cpu.Flush(now)
	inst.guard.Reset(now)
	inst.pinned = 0
	n.env.At(now+n.restart, kindRestart, int32(k), int64(inst.epoch))
}

// Report returns the outcomes and the controls' counters.
func (n *node) Report(now kernel.Time) sim.Report {
	var crashes, activations, highSamples int64
	for _, inst := range n.insts {
		crashes += inst.crashes
		activations += inst.guard.Activations
		highSamples += inst.guard.HighSamples
	}
	rep := sim.Report{Held: make([]int64, len(classes))}
	for _, inst := range n.insts {
		for c := range inst.held {
			for _, k := range inst.held[c] {
				rep.Held[c] += k
			}
		}
	}
	for s, name := range [2]string{"pacing (SGSN)", "pacing (MME)"} {
		var st pacing.Stats
		waiting := 0
		for _, inst := range n.insts {
			addStats(&st, &inst.queues[s].Stats)
			waiting += inst.queues[s].Len()
		}
		mean := 0.0
		if st.Released > 0 {
			mean = st.WaitSum.Seconds() / float64(st.Released)
		}
		rep.Controls = append(rep.Controls, sim.Group{Name: name, Counters: []sim.Counter{
			cQueued.Is(float64(st.Queued)),
			cReleased.Is(float64(st.Released)),
			cWaiting.Is(float64(waiting)),
			cStaleDrops.Is(float64(st.Stale)),
			cOverflowRejects.Is(float64(st.OverflowRejected)),
			cOverflowDrops.Is(float64(st.OverflowDropped)),
			cOverflowDropsHighCpu.Is(float64(st.OverflowDroppedCPU)),
			cMeanWaitS.Is(mean),
		}})
	}
	on := 0.0
	if n.guardOn {
		on = 1
	}
	rep.Controls = append(rep.Controls,
		sim.Group{Name: "cpu guard (70 %)", Counters: []sim.Counter{
			cEnabled.Is(on),
			cActivations.Is(float64(activations)),
			cReadingsAtOrAbove70.Is(float64(highSamples)),
		}},
		sim.Group{Name: "imsimgr", Counters: []sim.Counter{
			cCrashes.Is(float64(crashes)),
			cLostInCrash.Is(float64(n.crashLost)),
			cDroppedWhileDown.Is(float64(n.downDrops)),
			cDroppedIngressFull.Is(float64(n.ingressDrops)),
			cEmergencyUnpaced.Is(float64(n.emergency)),
			cRetries.Is(float64(n.retries)),
		}},
	)
	return rep
}

// The counters Report writes, declared with their plain words (for the
// page's Details: natively only) and written by handle.
var (
	counters              sim.Counters
	cQueued               = counters.Add("queued", "requests queued for pacing", "")
	cReleased             = counters.Add("released", "released by the pacing queue", "")
	cWaiting              = counters.Add("waiting", "waiting now", "")
	cStaleDrops           = counters.Add("stale_drops", "stale drops (waited longer than the wait time)", "")
	cOverflowRejects      = counters.Add("overflow_rejects", "overflow rejected through the messenger", "")
	cOverflowDrops        = counters.Add("overflow_drops", "overflow dropped (action drop)", "")
	cOverflowDropsHighCpu = counters.Add("overflow_drops_high_cpu", "overflow dropped by the 70 % guard", "")
	cMeanWaitS            = counters.Add("mean_wait_s", "mean wait in the queue", "seconds")
	cEnabled              = counters.Flag("enabled", "guard switched on")
	cActivations          = counters.Add("activations", "times the guard switched on", "")
	cReadingsAtOrAbove70  = counters.Add("readings_at_or_above_70", "CPU readings at or above 70 %", "")
	cCrashes              = counters.Add("crashes", "crashes (watchdog restarts)", "")
	cLostInCrash          = counters.Add("lost_in_crash", "requests lost in a crash", "")
	cDroppedWhileDown     = counters.Add("dropped_while_down", "dropped while restarting", "")
	cDroppedIngressFull   = counters.Add("dropped_ingress_full", "dropped: ingress full", "")
	cEmergencyUnpaced     = counters.Add("emergency_unpaced", "emergency attaches not paced", "")
	cRetries              = counters.Add("retries", "retries by UEs and peers", "")
)
