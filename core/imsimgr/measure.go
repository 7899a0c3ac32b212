package imsimgr

import (
	"strconv"

	"overloadlab/core/kernel"
	"overloadlab/core/metrics"
	"overloadlab/core/pacing"
	"overloadlab/core/sim"
)

// pinnedAt is the occupancy at which the CPU counts as pinned for the
// crash watchdog.
const pinnedAt = 0.99

// maxInstances bounds imsimgr-instances; a message's tag has 3 bits for its
// instance, and every instance has its own CPU and guard columns.
const maxInstances = 8

var nodeColumns = append([]metrics.Column{
	{Name: "cpu", Label: "IMSI Manager CPU (busiest instance)", Unit: "%", Max: true},
	{Name: "guard", Label: "CPU guard on (instances)", Unit: "instances", Max: true},
	{Name: "up", Label: "instances up", Unit: "instances"},
	{Name: "backlog", Label: "CPU backlog", Unit: "s", Max: true},
	{Name: "retries", Label: "retries", Unit: "/s"},
	{Name: "sgsn.queue", Label: "SGSN pacing queue", Unit: "requests", Max: true},
	{Name: "mme.queue", Label: "MME pacing queue", Unit: "requests", Max: true},
	{Name: "sgsn.wait", Label: "SGSN mean wait", Unit: "s"},
	{Name: "mme.wait", Label: "MME mean wait", Unit: "s"},
	{Name: "sgsn.released", Label: "SGSN released", Unit: "/s"},
	{Name: "mme.released", Label: "MME released", Unit: "/s"},
	{Name: "pacing.stale", Label: "stale drops (waited > W)", Unit: "/s"},
	{Name: "pacing.overflow-rejected", Label: "overflow rejects (messenger)", Unit: "/s"},
	{Name: "pacing.overflow-dropped", Label: "overflow drops (action drop)", Unit: "/s"},
	{Name: "pacing.overflow-dropped-high-cpu", Label: "overflow drops with high CPU (guard)", Unit: "/s"},
	{Name: "lost", Label: "lost in a crash or while down", Unit: "/s"},
}, instanceColumns()...)

// fixedColumns is how many node columns come before the per-instance ones.
const fixedColumns = 16

// instanceColumns are, for each possible instance i (1-based), its CPU
// over the interval ("cpu.i") and the share of the interval its guard was
// on ("guard.i"); both stay 0 for instances the scenario does not have.
func instanceColumns() []metrics.Column {
	var c []metrics.Column
	for i := 1; i <= maxInstances; i++ {
		c = append(c, metrics.Column{Name: "cpu." + strconv.Itoa(i), Label: "instance " + strconv.Itoa(i) + " CPU", Unit: "%", Max: true})
	}
	for i := 1; i <= maxInstances; i++ {
		c = append(c, metrics.Column{Name: "guard." + strconv.Itoa(i), Label: "instance " + strconv.Itoa(i) + " guard on", Unit: "% of interval", Max: true})
	}
	return c
}

// instanceSeries lists the names of one per-instance column for every
// possible instance: instanceSeries("cpu") = cpu.1 … cpu.8.
func instanceSeries(name string) []string {
	s := make([]string, maxInstances)
	for i := range s {
		s[i] = name + "." + strconv.Itoa(i+1)
	}
	return s
}

// Measure closes an interval: every instance measures its CPU over it, and
// an instance pinned too long crashes. (The guards read the CPU on their
// own sampling period: readGuards.)
func (n *node) Measure(now kernel.Time, row []float64) {
	dt := n.env.Interval.Seconds()
	if now%n.env.Interval != 0 {
		dt = (now % n.env.Interval).Seconds() // the last, shorter interval
	}
	n.out.Fill(row, dt)
	r := row[len(row)-len(nodeColumns):]
	clear(r[:len(nodeColumns)])
	var stats [2]pacing.Stats
	for k, inst := range n.insts {
		inst.rho = inst.cpu.Measure(now)
		r[0] = max(r[0], 100*inst.rho)
		r[3] = max(r[3], inst.cpu.Backlog(now).Seconds())
		r[fixedColumns+k] = 100 * inst.rho
		r[fixedColumns+maxInstances+k] = 100 * inst.guard.OnTime(now).Seconds() / dt
		if !inst.up {
			continue
		}
		r[2]++
		if inst.guard.High() {
			r[1]++
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
			r[5+s] += float64(inst.queues[s].Len())
		}
	}
	for _, inst := range n.insts {
		for s := range stats {
			addStats(&stats[s], &inst.queues[s].Stats)
		}
	}
	r[4] = float64(n.retries-n.prevRetries) / dt
	n.prevRetries = n.retries
	lost := n.crashLost + n.downDrops
	r[15] = float64(lost-n.prevLost) / dt
	n.prevLost = lost
	for s := range stats {
		if n.waitN[s] > 0 {
			r[7+s] = n.waitSum[s].Seconds() / float64(n.waitN[s])
		}
		n.waitSum[s], n.waitN[s] = 0, 0
		cur, prev := &stats[s], &n.prevStats[s]
		r[9+s] = float64(cur.Released-prev.Released) / dt
		r[11] += float64(cur.Stale-prev.Stale) / dt
		r[12] += float64(cur.OverflowRejected-prev.OverflowRejected) / dt
		r[13] += float64(cur.OverflowDropped-prev.OverflowDropped) / dt
		r[14] += float64(cur.OverflowDroppedCPU-prev.OverflowDroppedCPU) / dt
		*prev = *cur
	}
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
	rep := sim.Report{Classes: n.out.Classes(), Held: make([]int64, len(classes))}
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
			{Name: "queued", Value: float64(st.Queued)},
			{Name: "released", Value: float64(st.Released)},
			{Name: "waiting", Value: float64(waiting)},
			{Name: "stale_drops", Value: float64(st.Stale)},
			{Name: "overflow_rejects", Value: float64(st.OverflowRejected)},
			{Name: "overflow_drops", Value: float64(st.OverflowDropped)},
			{Name: "overflow_drops_high_cpu", Value: float64(st.OverflowDroppedCPU)},
			{Name: "mean_wait_s", Value: mean},
		}})
	}
	on := 0.0
	if n.guardOn {
		on = 1
	}
	rep.Controls = append(rep.Controls,
		sim.Group{Name: "cpu guard (70 %)", Counters: []sim.Counter{
			{Name: "enabled", Value: on},
			{Name: "activations", Value: float64(activations)},
			{Name: "readings_at_or_above_70", Value: float64(highSamples)},
		}},
		sim.Group{Name: "imsimgr", Counters: []sim.Counter{
			{Name: "crashes", Value: float64(crashes)},
			{Name: "lost_in_crash", Value: float64(n.crashLost)},
			{Name: "dropped_while_down", Value: float64(n.downDrops)},
			{Name: "dropped_ingress_full", Value: float64(n.ingressDrops)},
			{Name: "emergency_unpaced", Value: float64(n.emergency)},
			{Name: "retries", Value: float64(n.retries)},
		}},
	)
	return rep
}
