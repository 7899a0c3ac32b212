package access

// The per-device reference of the access model: every device is its own
// record with its own timer (a kernel event at the exact instant it ends),
// its own eNodeB for the whole run, its own draws (barred or not, its
// barring time, its T3346, its re-attach instant, its background traffic
// as Poisson processes), driving the same MMEs as the cohort model: the
// model's own configuration (node.configure) and MME type, with
// control/pacing, cpuguard, barring, backoff and s1overload. Nothing of the
// cohort representation is used: no wheel, no groups, no binomial or
// Poisson draw on a count, no cell groups. Built with slots
// (newPerDeviceAsCohorts) it makes the cohort model's stated
// approximation of time: every timer ends on a 100 ms slot. It handles the outage trigger only
// (TestPerDeviceMatchesCohorts compares the outage presets). DESIGN.md,
// "The access storm by cohorts".

import (
	"errors"
	"fmt"
	"math"

	"overloadlab/core/control/backoff"
	"overloadlab/core/control/barring"
	"overloadlab/core/control/pacing"
	"overloadlab/core/control/s1overload"
	"overloadlab/core/engine/cpu"
	"overloadlab/core/engine/kernel"
	"overloadlab/core/engine/metrics"
	"overloadlab/core/engine/param"
	"overloadlab/core/engine/sim"
)

// The reference's events.
const (
	pdTimer      = sim.FirstKind + iota // a device's timer ends: Ref the device, Arg its timer's generation
	pdBackground                        // a device's next background message: Ref the device, Arg its process's generation
	pdRelease                           // MME Ref's pacing queue may release
	pdRead                              // the MMEs read their CPU
	pdOutage                            // the core goes down (Arg 0) or comes back (Arg 1)
)

// A device's states: the kinds of the wheel (what it waits for, with a
// timer) and these, without one.
const (
	sAttached = numKinds + iota // attached, sending background traffic
	sOutage                     // out of service while the core is out
	sQueued                     // its attach waits in a pacing queue
	sHold                       // EAB-barred by a bitmap that never changes
	numStates
)

type pdDevice struct {
	gen, bgGen uint32 // generations of its timer and of its background process: an event of an older one is void
	cell       int32
	class, ac  uint8 // device class; access class (0–9, 10 emergency, 11–15)
	home, k    uint8 // the MME it is registered on; its attach attempt counter
	state      uint8
}

type pdNode struct {
	cfg       *node // the configuration and the MMEs (node.configure); none of its cohorts
	env       *sim.Env
	rs        *kernel.Stream
	sel       *kernel.Stream // the eNodeBs told at each OVERLOAD START: the cohort model's stream, so that a seed tells the same eNodeBs at the first STARTs in both (common random numbers)
	dev       []pdDevice
	in        [numStates]int64 // devices by state
	held      [numClasses]int64
	pending   []bool // a release event of each MME's queue is due
	scratch   []int32
	lastStart kernel.Time
	slots     bool        // timers end on the cohort model's 100 ms slots
	now       kernel.Time // the event being handled
	stats     stats
	prev      stats
}

// newPerDevice builds the reference for v.
func newPerDevice(env *sim.Env, v param.Values) (sim.Node, error) {
	return buildPerDevice(env, v, false)
}

// newPerDeviceAsCohorts is the reference with the cohort model's
// approximation of time: its timers end on the 100 ms slots.
func newPerDeviceAsCohorts(env *sim.Env, v param.Values) (sim.Node, error) {
	return buildPerDevice(env, v, true)
}

func buildPerDevice(env *sim.Env, v param.Values, slots bool) (sim.Node, error) {
	if pTrigger.Of(v) != "outage" || pMmeFailAt.Of(v) > 0 {
		return nil, errors.New("the per-device reference handles the outage trigger only")
	}
	cfg := &node{env: env, v: v, lastStart: -1}
	cells := pEnodebs.Of(v)
	for range pMmes.Of(v) {
		m := &mme{up: true, cpu: cpu.New(1, 0), told: make([]bool, cells)}
		m.queue = pacing.New(pacing.Config{Rate: 1, Size: 1, Wait: kernel.Second})
		m.nas = backoff.New(backoff.Config{})
		m.s1 = s1overload.NewReporter(s1overload.ReporterConfig{})
		cfg.mmes = append(cfg.mmes, m)
	}
	cfg.configure(0)
	cfg.devices = int64(pDevices.Of(v))
	cfg.t1, cfg.t2 = kernel.Seconds(pTriggerT1.Of(v)), kernel.Seconds(pTriggerT2.Of(v))
	n := &pdNode{cfg: cfg, env: env, rs: env.Stream("access.perdev"), sel: env.Stream("access.s1-select"),
		pending: make([]bool, len(cfg.mmes)), scratch: make([]int32, cells), lastStart: -1, slots: slots}
	share := [numDevClasses]float64{0, pShareM2m.Of(v), pShareHigh.Of(v), pShareEmergency.Of(v)}
	var count [numDevClasses]int64
	rest := cfg.devices
	for c := clM2M; c < numDevClasses; c++ {
		count[c] = int64(math.Round(share[c] / 100 * float64(cfg.devices)))
		rest -= count[c]
	}
	count[clOrdinary] = rest
	nm := len(cfg.mmes)
	for c, k := range count {
		for j := range k {
			d := pdDevice{class: uint8(c), home: uint8(int(j) % nm), state: sAttached}
			switch c {
			case clHigh:
				d.ac = uint8(11 + j%5)
			case clEmergency:
				d.ac = 10
			default:
				d.ac = uint8(j % 10)
			}
			d.cell = int32(len(n.dev) % cells)
			n.dev = append(n.dev, d)
		}
	}
	n.in[sAttached] = cfg.devices
	for i := range n.dev {
		n.startBackground(0, i)
	}
	env.At(cfg.t1, pdOutage, 0, 0)
	env.At(cfg.t2, pdOutage, 0, 1)
	env.At(cfg.readEvery, pdRead, 0, 0)
	return n, nil
}

// slot returns t, or with slots set the cohort model's instant for it:
// rounded up to a 100 ms slot, at the earliest the one after the current.
func (n *pdNode) slot(t kernel.Time) kernel.Time {
	if !n.slots {
		return t
	}
	return max((t+step-1)/step, (n.now+step-1)/step+1) * step
}

// to moves device i to state s, voiding its timer.
func (n *pdNode) to(i int, s uint8) {
	d := &n.dev[i]
	n.in[d.state]--
	n.in[s]++
	d.state = s
	d.gen++
}

// wait moves device i to state s until its timer ends at t.
func (n *pdNode) wait(i int, s uint8, t kernel.Time) {
	n.to(i, s)
	t = n.slot(t)
	n.env.At(t, pdTimer, int32(i), int64(n.dev[i].gen))
}

func (n *pdNode) end(c int, o metrics.Outcome) { n.env.Out.Class(c).Ended[o]++ }

// startBackground starts device i's background traffic: TAU, service
// requests and paging, each a Poisson process of its rate.
func (n *pdNode) startBackground(now kernel.Time, i int) {
	d := &n.dev[i]
	d.bgGen++
	r := n.cfg.rate
	if total := r[0] + r[1] + r[2]; total > 0 && d.class != clEmergency {
		n.env.At(n.slot(now+kernel.Seconds(n.rs.Exp(total))), pdBackground, int32(i), int64(d.bgGen))
	}
}

func (n *pdNode) Handle(e kernel.Event) {
	now := e.At
	n.now = now
	switch e.Kind {
	case pdTimer:
		if d := &n.dev[e.Ref]; uint32(e.Arg) == d.gen {
			n.expire(now, int(e.Ref))
		}
	case pdBackground:
		d := &n.dev[e.Ref]
		if uint32(e.Arg) != d.bgGen || d.state != sAttached && d.state != kBackoff {
			return
		}
		r := n.cfg.rate
		total := r[0] + r[1] + r[2]
		n.env.At(n.slot(now+kernel.Seconds(n.rs.Exp(total))), pdBackground, e.Ref, e.Arg)
		cls := cPaging
		switch u := n.rs.Float64() * total; {
		case u < r[0]:
			cls = cTAU
		case u < r[0]+r[1]:
			cls = cService
		}
		// T3346 bars every procedure but answers to paging.
		if (d.state == sAttached || cls == cPaging) && n.cfg.mmes[d.home].up {
			n.background(now, cls, int(e.Ref))
		}
	case pdRelease:
		n.release(now, int(e.Ref))
	case pdRead:
		n.readCPU(now)
		n.env.At(now+n.cfg.readEvery, pdRead, 0, 0)
	case pdOutage:
		if e.Arg == 0 {
			n.startOutage(now)
		} else {
			n.endOutage(now)
		}
	}
}

// expire: device i's timer ended now.
func (n *pdNode) expire(now kernel.Time, i int) {
	d := &n.dev[i]
	switch d.state {
	case kT3402:
		d.k = 0
		n.attempt(now, i)
	case kStart, kT3411, kT3346, kT302, kBarred, kEAB:
		n.attempt(now, i)
	case kFail:
		// TS 24.301 §5.5.1.2.6: counter + 1; under the maximum retry after
		// T3411, at it wait T3402 (the counter reset when it expires).
		if int(d.k)+1 < n.cfg.maxAttempts {
			d.k++
			n.wait(i, kT3411, now+n.cfg.t3411)
		} else {
			d.k = 0
			n.wait(i, kT3402, now+n.cfg.t3402)
		}
	case kAccept:
		if !n.cfg.mmes[d.home].up {
			d.k = 0
			n.attempt(now, i)
			return
		}
		n.to(i, sAttached)
		n.startBackground(now, i)
	case kBackoff:
		n.to(i, sAttached)
	}
}

// attempt: device i sends an ATTACH REQUEST now, if the cell lets it.
func (n *pdNode) attempt(now kernel.Time, i int) {
	d := &n.dev[i]
	c := int(d.class)
	cells := &n.cfg.cells
	n.env.Out.Class(c).Offered++
	if c == clM2M && cells.EAB.Barred(now, int(d.ac)) {
		n.end(c, metrics.Throttled)
		n.stats.barred++
		if next := cells.EAB.NextChange(now); next >= 0 {
			n.wait(i, kEAB, next)
		} else {
			n.to(i, sHold)
		}
		return
	}
	acb := cells.Signalling
	barred := false
	if c == clEmergency {
		barred = cells.EmergencyBarred()
		if !acb.On {
			acb.Time = kernel.Seconds(barring.Times[0])
		}
	} else {
		barred = acb.Barred(int(d.ac), n.rs.Float64())
	}
	if barred {
		n.end(c, metrics.Throttled)
		n.stats.barred++
		n.wait(i, kBarred, now+acb.BarringTime(n.rs.Float64()))
		return
	}
	n.stats.sent++
	// The device's own eNodeB: to its home MME unless that is down or in
	// overload for the cause here; else to another MME of the pool not in
	// overload here, at random; else the eNodeB rejects by the overload's
	// reduction.
	cause := attachCause[c]
	var avail [maxMMEs]int
	nAvail, nUp := 0, 0
	home := -1
	for j, m := range n.cfg.mmes {
		if !m.up {
			continue
		}
		nUp++
		if o := m.s1.Config().Message; m.told[d.cell] && o.Applies(cause) {
			continue
		}
		if j == int(d.home) {
			home = j
		}
		avail[nAvail] = j
		nAvail++
	}
	h := n.cfg.mmes[d.home]
	ho := h.s1.Config().Message
	switch {
	case home >= 0:
		n.arrive(now, home, i)
	case nAvail > 0:
		n.arrive(now, avail[n.rs.Intn(nAvail)], i)
	case nUp == 0:
		n.end(c, metrics.Dropped)
		n.stats.dropped++
		n.wait(i, kFail, now+n.cfg.t3410)
	case !h.up || ho.Reject(cause, n.rs.Float64()):
		// Every MME up is in overload for the cause here: the eNodeB
		// rejects by the reduction of the home's (all, its home down).
		n.end(c, metrics.Rejected)
		n.stats.rrcRejected++
		if c == clM2M && n.cfg.extWt > 0 {
			n.wait(i, kT3346, now+n.cfg.extWt)
		} else {
			n.wait(i, kT302, now+n.cfg.waitTime)
		}
	default:
		n.arrive(now, int(d.home), i)
	}
}

// arrive: device i's attach request reaches MME mi now.
func (n *pdNode) arrive(now kernel.Time, mi, i int) {
	d := &n.dev[i]
	d.home = uint8(mi)
	c := int(d.class)
	m := n.cfg.mmes[mi]
	cost := &n.cfg.cost
	deadline := now + n.cfg.t3410
	if !m.up || m.cpu.Backlog(now) > n.cfg.maxWait {
		m.cpu.Do(now, cost.drop)
		n.end(c, metrics.Dropped)
		n.stats.dropped++
		n.wait(i, kFail, deadline)
		return
	}
	if rej, t3346 := m.nas.Decide(nasAccess[c], n.rs.Float64()); rej {
		done := m.cpu.Do(now, cost.ingress+cost.reject)
		if done > deadline {
			n.late(i, deadline)
			return
		}
		n.end(c, metrics.Rejected)
		n.stats.rej22++
		if n.cfg.resetOn22 {
			d.k = 0
		} else {
			d.k = uint8(min(int(d.k)+1, n.cfg.maxAttempts-1))
		}
		n.wait(i, kT3346, done+t3346)
		return
	}
	if !n.cfg.paced || c == clEmergency && !n.cfg.emPaced {
		n.accept(now, mi, i, cost.ingress+cost.attach, now)
		return
	}
	q := m.queue
	if q.Len() < q.Config().Size {
		q.Offer(now, int32(i), false)
		m.cpu.Do(now, cost.ingress+cost.queue)
		n.to(i, sQueued)
		n.held[c]++
		if !n.pending[mi] {
			n.pending[mi] = true
			n.env.At(q.ReadyAt(now), pdRelease, int32(mi), 0)
		}
		return
	}
	switch q.Offer(now, int32(i), n.cfg.guardOn && m.guard.High()) {
	case pacing.OverflowRejected:
		done := m.cpu.Do(now, cost.ingress+cost.messenger)
		if done > deadline {
			n.late(i, deadline)
			return
		}
		n.end(c, metrics.Rejected)
		n.stats.rejPacing++
		n.wait(i, kFail, done)
	default:
		m.cpu.Do(now, cost.ingress+cost.drop)
		n.end(c, metrics.Dropped)
		n.stats.dropped++
		n.wait(i, kFail, deadline)
	}
}

// late: device i's attempt is answered after its T3410 ended at deadline.
func (n *pdNode) late(i int, deadline kernel.Time) {
	n.end(int(n.dev[i].class), metrics.Late)
	n.stats.late++
	n.wait(i, kFail, deadline)
}

// accept runs device i's accepted attach, sent at sent, on MME mi's CPU
// from now.
func (n *pdNode) accept(now kernel.Time, mi, i int, cost float64, sent kernel.Time) {
	d := &n.dev[i]
	done := n.cfg.mmes[mi].cpu.Do(now, cost)
	deadline := sent + n.cfg.t3410
	if done > deadline {
		n.late(i, max(deadline, now))
		return
	}
	c := int(d.class)
	n.end(c, metrics.InTime)
	n.stats.accepted++
	if c == clEmergency {
		n.stats.emergencyOK++
	}
	d.k = 0
	n.wait(i, kAccept, done)
}

// release lets MME mi's pacing queue release what it may at now.
func (n *pdNode) release(now kernel.Time, mi int) {
	n.pending[mi] = false
	m := n.cfg.mmes[mi]
	q := m.queue
	cost := &n.cfg.cost
	for m.up && q.Len() > 0 && q.ReadyAt(now) <= now {
		tag, waited, released, _ := q.Release(now)
		i := int(tag)
		c := int(n.dev[i].class)
		n.held[c]--
		sent := now - waited
		m.cpu.Do(now, cost.queue)
		if !released {
			m.cpu.Do(now, cost.drop)
			n.end(c, metrics.Dropped)
			n.stats.dropped++
			n.wait(i, kFail, max(now, sent+n.cfg.t3410))
			continue
		}
		n.accept(now, mi, i, cost.attach, sent)
	}
	if m.up && q.Len() > 0 {
		n.pending[mi] = true
		n.env.At(q.ReadyAt(now), pdRelease, int32(mi), 0)
	}
}

// background: device i sends a background message of class cls to its
// MME now.
func (n *pdNode) background(now kernel.Time, cls, i int) {
	d := &n.dev[i]
	c := int(d.class)
	m := n.cfg.mmes[d.home]
	cells := &n.cfg.cells
	cost := &n.cfg.cost
	n.env.Out.Class(cls).Offered++
	if cls != cPaging {
		acb := &cells.Signalling
		if cls == cService {
			acb = &cells.Data
		}
		if c == clM2M && cells.EAB.Barred(now, int(d.ac)) || acb.Barred(int(d.ac), n.rs.Float64()) {
			n.end(cls, metrics.Throttled)
			return
		}
	}
	if o := m.s1.Config().Message; m.told[d.cell] && o.Reject(bgCause(cls, c), n.rs.Float64()) {
		n.end(cls, metrics.Rejected)
		return
	}
	deadline := now + n.cfg.t3410
	if m.cpu.Backlog(now) > n.cfg.maxWait {
		m.cpu.Do(now, cost.drop)
		n.end(cls, metrics.Dropped)
		return
	}
	if cls != cPaging {
		if rej, t3346 := m.nas.Decide(nasAccess[c], n.rs.Float64()); rej {
			done := m.cpu.Do(now, cost.ingress+cost.reject)
			if done > deadline {
				n.end(cls, metrics.Late)
				return
			}
			n.end(cls, metrics.Rejected)
			n.stats.bgRej22++
			n.wait(i, kBackoff, done+t3346)
			return
		}
	}
	work := [...]float64{cTAU: cost.tau, cService: cost.service, cPaging: cost.paging}[cls]
	if m.cpu.Do(now, cost.ingress+work) > deadline {
		n.end(cls, metrics.Late)
	} else {
		n.end(cls, metrics.InTime)
	}
}

// readCPU: every MME reads its CPU; its guard, NAS congestion control and
// S1AP overload reporting follow.
func (n *pdNode) readCPU(now kernel.Time) {
	for _, m := range n.cfg.mmes {
		rho := m.meter.Read(m.cpu, now)
		if !m.up {
			continue
		}
		if n.cfg.guardOn {
			m.guard.Observe(now, rho)
		}
		m.nas.Observe(now, rho)
		switch start, stop := m.s1.Observe(now, rho); {
		case start:
			m.nTold = s1overload.Choose(n.sel, m.s1.Config().Share, m.told, n.scratch)
			n.stats.starts++
		case stop:
			clear(m.told)
			m.nTold = 0
			n.stats.stops++
		}
	}
}

// startOutage: the core is out; every device loses service.
func (n *pdNode) startOutage(now kernel.Time) {
	for _, m := range n.cfg.mmes {
		m.queue.Flush(func(tag int32) {
			c := int(n.dev[tag].class)
			n.held[c]--
			n.end(c, metrics.Dropped)
			n.stats.dropped++
		})
		m.cpu.Flush(now)
		clear(m.told)
		m.nTold = 0
		m.up = false
	}
	for i := range n.dev {
		n.to(i, sOutage)
		n.dev[i].bgGen++
	}
}

// endOutage: the core is back; every device starts its attach over S,
// registered evenly over the pool (by class).
func (n *pdNode) endOutage(now kernel.Time) {
	for _, m := range n.cfg.mmes {
		m.up = true
		m.meter.Reset(m.cpu, now)
	}
	n.lastStart, n.stats.t95 = now, 0
	s := kernel.Seconds(pSpreadS.Of(n.cfg.v))
	spread := pSpread.Of(n.cfg.v)
	var j [numDevClasses]int
	for i := range n.dev {
		d := &n.dev[i]
		if d.state != sOutage {
			continue
		}
		d.home = uint8(j[d.class] % len(n.cfg.mmes))
		j[d.class]++
		d.k = 0
		x := 0.0
		switch spread {
		case "uniform":
			x = n.rs.Float64()
		case "beta-3-4":
			x = thirdOfSix(n.rs)
		}
		n.wait(i, kStart, now+kernel.Time(x*float64(s)))
	}
}

// thirdOfSix draws Beta(3, 4): the third smallest of six uniforms.
func thirdOfSix(s *kernel.Stream) float64 {
	var u [6]float64
	for i := range u {
		u[i] = s.Float64()
	}
	for i := range 3 {
		for j := i + 1; j < 6; j++ {
			if u[j] < u[i] {
				u[i], u[j] = u[j], u[i]
			}
		}
	}
	return u[2]
}

func (n *pdNode) attached() int64 { return n.in[sAttached] + n.in[kBackoff] }

// Measure writes the model's columns by the cohort model's writer, from
// the devices' own states (no fleet: the reference has the outage only).
func (n *pdNode) Measure(row *sim.Row) {
	c := census{attached: n.attached(), outage: n.in[sOutage]}
	c.frac = float64(c.attached) / float64(n.cfg.devices)
	for k := range numKinds {
		c.waiting[k] = n.in[k]
	}
	c.waiting[kEAB] += n.in[sHold]
	c.waiting[kFail] += n.in[sQueued]
	writeRow(row, n.env, n.cfg.devices, n.lastStart, &n.stats, &n.prev, n.cfg.mmes, &c)
}

func (n *pdNode) Apply(kernel.Time, *param.Spec, param.Values) error {
	return errors.New("the per-device reference takes no change during a run")
}

// Report gives what the pacing queues hold and the access counters.
func (n *pdNode) Report(kernel.Time) sim.Report {
	f := func(x int64) float64 { return float64(x) }
	return sim.Report{Held: append([]int64(nil), n.held[:]...), Controls: []sim.Group{{Name: "access", Counters: []sim.Counter{
		cAttachSent.Is(f(n.stats.sent)), cAttachBarred.Is(f(n.stats.barred)), cAttachAccepted.Is(f(n.stats.accepted)),
		cAttached.Is(f(n.attached())), cT95S.Is(n.stats.t95),
	}}}}
}

// census checks that every device is in one state, that the queues hold
// the devices in sQueued, and the states' counts.
func (n *pdNode) census() error {
	var in [numStates]int64
	for _, d := range n.dev {
		in[d.state]++
	}
	if in != n.in {
		return fmt.Errorf("the devices' states count %v, the gauges %v", in, n.in)
	}
	var q int64
	for _, m := range n.cfg.mmes {
		q += int64(m.queue.Len())
	}
	if q != in[sQueued] || int64(len(n.dev)) != n.cfg.devices {
		return fmt.Errorf("%d queued in the pacing queues, %d devices so marked; %d devices of %d", q, in[sQueued], len(n.dev), n.cfg.devices)
	}
	return nil
}
