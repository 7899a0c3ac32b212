package access

import (
	"overloadlab/core/control/backoff"
	"overloadlab/core/control/s1overload"
	"overloadlab/core/engine/kernel"
	"overloadlab/core/engine/metrics"
)

// triggers acts on the scenario's moments that fall in (prev, now] (the
// first tick's from 0): the outage's start and end, the fleet's wake-ups,
// MME 1's failure and return. A moment acts at the first tick at or after
// it, as the timers do.
func (n *node) triggers(prev, now kernel.Time) {
	due := func(t kernel.Time) bool { return t <= now && (t > prev || prev == 0) }
	if n.trigger == "outage" {
		if due(n.t1) {
			n.startOutage(now)
		}
		if due(n.t2) {
			n.endOutage(now)
		}
	}
	if n.nextWake >= 0 && n.nextWake <= now {
		n.wake(now)
		n.nextWake += n.fleetPeriod
	}
	if n.failAt > 0 {
		if due(n.failAt) {
			n.fail(now, 0)
		}
		if due(n.failAt + n.failFor) {
			n.mmes[0].up = true
			n.recomputeRoutes()
		}
	}
}

// groupsOf lists the groups of device class c: the access classes are
// evenly spread.
func groupsOf(c int) []int {
	switch c {
	case clM2M:
		return []int{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}
	case clHigh:
		return []int{11, 12, 13, 14, 15}
	case clEmergency:
		return []int{gEmergency}
	}
	return []int{gOrdinary}
}

// startAttach starts the attach of cnt devices of class c, home MME m,
// spread over S from now, their access classes evenly spread.
func (n *node) startAttach(now kernel.Time, c, m int, cnt int64) {
	gs := groupsOf(c)
	for j, g := range gs {
		part := cnt / int64(len(gs))
		if int64(j) < cnt%int64(len(gs)) {
			part++
		}
		n.spreadShape(now, part, n.key(g, m, 0, kStart))
	}
}

// flush empties MME i's pacing queue: its requests are dropped, and each
// device meets its T3410 (into the outage pool when the core is out).
func (n *node) flush(now kernel.Time, i int, toOutage bool) {
	m := n.mmes[i]
	m.queue.Flush(func(tag int32) {
		g, k := int(tag&31), int(tag>>5&7)
		n.z = int(tag >> 8)
		m.queued[g]--
		n.count(groupClass[g], metrics.Dropped, 1)
		n.stats.dropped++
		if toOutage {
			n.outage[groupClass[g]][n.z]++
		} else {
			n.put(now+n.t3410, n.key(g, i, k, kFail), 1)
		}
	})
	m.cpu.Flush(now)
	clear(m.told)
	m.nTold = 0
	n.retell(i)
}

// startOutage: the core is out. Every device, whatever it was doing,
// loses service until the core is back.
func (n *node) startOutage(now kernel.Time) {
	for i, m := range n.mmes {
		n.flush(now, i, true)
		m.up = false
	}
	for c := range n.attached {
		for m := range n.attached[c] {
			for z := range n.nz {
				n.outage[c][z] += n.attached[c][m][z] + n.backoffA[c][m][z]
			}
			clear(n.attached[c][m])
			clear(n.backoffA[c][m])
		}
	}
	for _, e := range n.eabHold {
		n.outage[groupClass[keyG(e.key)]][keyZ(e.key)] += int64(e.n)
	}
	n.eabHold = n.eabHold[:0]
	for s := range n.wheel {
		for _, e := range n.wheel[s] {
			n.outage[groupClass[keyG(e.key)]][keyZ(e.key)] += int64(e.n)
		}
		n.recycle(int64(s))
	}
	n.waiting = [numKinds]int64{}
	n.echoes, n.congested22 = n.echoes[:0], false // the devices in T3346 are out of service now
	n.recomputeRoutes()
}

// endOutage: the core is back; every device starts its attach, spread
// over S, registered evenly over the pool.
func (n *node) endOutage(now kernel.Time) {
	for _, m := range n.mmes {
		m.up = true
		m.meter.Reset(m.cpu, now)
	}
	n.recomputeRoutes()
	n.lastStart, n.stats.t95 = now, 0
	k := int64(len(n.mmes))
	for c := range n.outage {
		for z, cnt := range n.outage[c][:n.nz] {
			if cnt == 0 {
				continue
			}
			n.z = z
			for m := range n.mmes {
				part := cnt / k
				if int64(m) < cnt%k {
					part++
				}
				n.startAttach(now, c, m, part)
			}
			n.outage[c][z] = 0
		}
	}
}

// wake: the fleet's sleeping devices start their attach.
func (n *node) wake(now kernel.Time) {
	n.lastStart, n.stats.t95 = now, 0
	n.fleetDue, n.fleetN = 0, 0
	for m := range n.mmes {
		for z := range n.nz {
			n.z = z
			n.fleetDue += n.asleep[m][z]
			n.startAttach(now, clM2M, m, n.asleep[m][z])
			n.asleep[m][z] = 0
		}
	}
}

// fail takes MME i down: its queue is lost and its attached devices
// re-attach, spread over S, to the rest of the pool.
func (n *node) fail(now kernel.Time, i int) {
	n.flush(now, i, false)
	n.mmes[i].up = false
	n.recomputeRoutes()
	n.lastStart, n.stats.t95 = now, 0
	for c := range n.attached {
		for z := range n.nz {
			n.z = z
			n.startAttach(now, c, i, n.attached[c][i][z])
			n.attached[c][i][z] = 0
		}
	}
}

// background: the attached devices' periodic TAUs, service requests and
// answers to paging in this slot, each a Poisson count per class and MME.
func (n *node) background(now kernel.Time) {
	dt := step.Seconds()
	for c := range clEmergency {
		for i, m := range n.mmes {
			if !m.up {
				continue
			}
			for z := range n.nz {
				a, b := n.attached[c][i][z], n.backoffA[c][i][z]
				if a+b == 0 {
					continue
				}
				n.z = z
				af := float64(a)
				x := &n.bgExp[c][i][z]
				n.bgSend(now, cTAU, c, i, min(a, x[0].poisson(n.rs, af*n.rate[0]*dt)))
				n.bgSend(now, cService, c, i, min(n.attached[c][i][z], x[1].poisson(n.rs, af*n.rate[1]*dt)))
				n.bgSend(now, cPaging, c, i, min(a+b, x[2].poisson(n.rs, float64(a+b)*n.rate[2]*dt)))
			}
		}
	}
}

// The RRC cause and the NAS message of a background message of each device
// class: TAU mo-Signalling, service request mo-Data, paging mt-Access; an
// M2M device's delayTolerantAccess, a high-priority device's
// highPriorityAccess.
func bgCause(cls, c int) s1overload.Cause {
	switch {
	case cls == cPaging:
		return s1overload.MTAccess
	case c == clM2M:
		return s1overload.DelayTolerantAccess
	case c == clHigh:
		return s1overload.HighPriorityAccess
	case cls == cTAU:
		return s1overload.MOSignalling
	}
	return s1overload.MOData
}

// bgSend sends cnt background messages of class cls from devices of class
// c attached to MME i.
func (n *node) bgSend(now kernel.Time, cls, c, i int, cnt int64) {
	if cnt <= 0 {
		return
	}
	n.env.Out.Class(cls).Offered += cnt
	m := n.mmes[i]
	if cls != cPaging {
		pass := 1.0
		if c == clM2M && n.cells.EAB.On {
			free := 0
			for ac := range 10 {
				if !n.cells.EAB.Barred(now, ac) {
					free++
				}
			}
			pass = float64(free) / 10
		}
		acb := &n.cells.Signalling
		if cls == cService {
			acb = &n.cells.Data
		}
		if c == clHigh {
			p := 0.0
			for ac := 11; ac <= 15; ac++ {
				p += acb.Pass(ac)
			}
			pass *= p / 5
		} else {
			pass *= acb.Pass(0)
		}
		if barred := cnt - binomial(n.rs, cnt, pass); barred > 0 {
			n.count(cls, metrics.Throttled, barred)
			cnt -= barred
		}
	}
	// Its home MME told the devices' eNodeBs OVERLOAD START (class z).
	if o := m.s1.Config().Message; n.zMask[n.z]>>i&1 != 0 && o.Applies(bgCause(cls, c)) {
		if rej := binomial(n.rs, cnt, o.Reduction); rej > 0 {
			n.count(cls, metrics.Rejected, rej)
			cnt -= rej
		}
	}
	if cnt == 0 {
		return
	}
	deadline := now + n.t3410
	cong, _ := m.nas.Congested()
	rej := cls != cPaging && cong && nasAccess[c] == backoff.Normal
	cost := [...]float64{cTAU: n.cost.tau, cService: n.cost.service, cPaging: n.cost.paging}[cls]
	if rej {
		cost = n.cost.reject
	}
	// The ingress limit, message by message (node.fit).
	if ok := n.fit(m, now, cnt, n.cost.ingress+cost); ok < cnt {
		m.cpu.Do(now, float64(cnt-ok)*n.cost.drop)
		n.count(cls, metrics.Dropped, cnt-ok)
		if cnt = ok; cnt == 0 {
			return
		}
	}
	if rej {
		m.nas.Decide(nasAccess[c], 0)
		m.nas.Stats.Rejects += cnt - 1
		start, each := n.batch(m, now, cnt, n.cost.ingress+cost)
		ok := inTime(start, each, deadline, cnt)
		n.count(cls, metrics.Late, cnt-ok)
		n.count(cls, metrics.Rejected, ok)
		n.stats.bgRej22 += ok
		n.attached[c][i][n.z] -= ok
		n.backoffA[c][i][n.z] += ok
		n.backoffAnswers(start, each, ok, n.key(groupsOf(c)[0], i, 0, kBackoff))
		return
	}
	if cls != cPaging {
		n.exempt(m, c, cnt)
	}
	start, each := n.batch(m, now, cnt, n.cost.ingress+cost)
	ok := inTime(start, each, deadline, cnt)
	n.count(cls, metrics.Late, cnt-ok)
	n.count(cls, metrics.InTime, ok)
}
