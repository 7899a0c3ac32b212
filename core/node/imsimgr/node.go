// Package imsimgr models the IMSI Manager of an SGSN/MME: the process that
// picks a Session Manager for every new subscriber, with its pacing queues
// (network overload protection), its fixed 70 % CPU guard, its crash under a
// pinned CPU, and the UEs and peers that retry what it rejects or drops.
//
// A request flows: arrival → receive (CPU) → paced? → pacing queue of its
// side (SGSN or MME) → released at N/s → accept and hand to a Session
// Manager (CPU) → completed in time or late. A request that finds the queue
// full is rejected through the messenger (CPU) or dropped; while the
// instance's own CPU is ≥ 70 % it is dropped whatever the action.
// Emergency attaches bypass the queue unless mme-emergency-paced is on;
// unpaced messages still cost CPU.
package imsimgr

import (
	"overloadlab/core/control/cpuguard"
	"overloadlab/core/control/pacing"
	"overloadlab/core/engine/cpu"
	"overloadlab/core/engine/kernel"
	"overloadlab/core/engine/metrics"
	"overloadlab/core/engine/param"
	"overloadlab/core/engine/sim"
	"overloadlab/core/engine/traffic"
)

// Which pacing queue a class goes through.
const (
	sgsn = iota
	mme
	unpaced
)

type class struct {
	traffic.Class
	side      int  // sgsn, mme or unpaced
	newConn   bool // a new connection: subject to the storm factor and the new guard timer
	emergency bool // emergency attach: paced only if mme-emergency-paced
	rate      float64
}

var classes = []class{
	{Class: traffic.Class{Name: "sgsn-attach", Label: "SGSN initial Attach (IMSI, local/foreign P-TMSI)"}, side: sgsn, newConn: true, rate: 100},
	{Class: traffic.Class{Name: "sgsn-israu", Label: "SGSN inter-SGSN RAU"}, side: sgsn, newConn: true, rate: 30},
	{Class: traffic.Class{Name: "sgsn-empty-cr", Label: "SGSN Empty-CR"}, side: sgsn, newConn: true, rate: 10},
	{Class: traffic.Class{Name: "mme-attach", Label: "MME Attach (IMSI, local/foreign/mapped GUTI)"}, side: mme, newConn: true, rate: 60},
	{Class: traffic.Class{Name: "mme-tau", Label: "MME inter-CN TAU with context transfer"}, side: mme, newConn: true, rate: 20},
	{Class: traffic.Class{Name: "mme-fwd-reloc", Label: "MME forward relocation (Gn/S10/S3)"}, side: mme, newConn: true, rate: 10},
	{Class: traffic.Class{Name: "mme-emergency", Label: "MME emergency Attach"}, side: unpaced, newConn: true, emergency: true, rate: 1},
	{Class: traffic.Class{Name: "other", Label: "other messages of known subscribers"}, side: unpaced, rate: 300},
}

var sideNames = [2]string{"sgsn", "mme"}

// Event kinds.
const (
	kindArrive    = sim.FirstKind + iota // a source's wake-up (sim.Arrivals)
	kindRetry                            // Ref: tag; Arg: first-sent time (unused)
	kindRelease                          // Ref: instance·2+side; Arg: epoch
	kindDone                             // Ref: tag; Arg: sent time
	kindRestart                          // Ref: instance; Arg: epoch
	kindGuardRead                        // every instance reads its CPU for its guard
)

// What the CPU is doing for a message that ends when its job completes.
const (
	opAccept = iota
	opReject
)

// A message's Ref holds its identity, so that no message needs storage of
// its own: its class, its attempt, the instance hosting it, what the CPU
// does for it and the instance's epoch (a message of an older epoch was
// lost in a crash).
var (
	refs       sim.Payload
	refClass   = refs.Field("class", len(classes)-1)
	refAttempt = refs.Field("attempt", traffic.MaxAttempts)
	refInst    = refs.Field("instance", maxInstances-1)
	refOp      = refs.Field("op", opReject)
	refEpoch   = refs.Wrap("epoch", 16)
)

// tag is a message's Ref.
type tag int32

func mkTag(cls, attempt, inst, op int, epoch int32) tag {
	return tag(refClass.Put(cls) | refAttempt.Put(attempt) | refInst.Put(inst) | refOp.Put(op) | refEpoch.Put(int(epoch)))
}
func (t tag) class() int   { return refClass.Get(int32(t)) }
func (t tag) attempt() int { return refAttempt.Get(int32(t)) }
func (t tag) inst() int    { return refInst.Get(int32(t)) }
func (t tag) op() int      { return refOp.Get(int32(t)) }
func (t tag) epoch() int32 { return int32(refEpoch.Get(int32(t))) }

// instance is one IMSI Manager process.
type instance struct {
	cpu     *cpu.Processor
	guard   cpuguard.Guard
	meter   cpu.Meter // the guard's reading of the CPU, every sampling period
	queues  [2]*pacing.Queue
	pending [2]bool // a release event is scheduled
	epoch   int32
	up      bool
	pinned  kernel.Time // how long the CPU has been measured ≥ 99 %
	rho     float64     // CPU measured over the last interval
	inCPU   int         // messages waiting for a CPU job to complete
	held    [][]int64   // per class and attempt: requests held in the pacing queues or waiting for the CPU (lost in a crash)
	crashes int64
}

// costs in CPU seconds.
type costs struct{ ingress, queue, accept, reject, drop, other float64 }

type node struct {
	env        *sim.Env
	v          param.Values
	insts      []*instance
	pick       *kernel.Stream // spreads subscribers over instances
	retryRS    *kernel.Stream
	arrivals   *sim.Arrivals
	retry      traffic.Retry
	cost       costs
	guardOn    bool
	guardEvery kernel.Time // the guard's sampling period
	busiest    float64     // share of arrivals that instance 0 takes; 0 = even
	emPaced    bool        // emergency attaches go through the MME pacing queue
	paced      [2]bool
	via        []int // per class: the side of the pacing queue it goes through now, or unpaced
	ingressMax int
	watchdog   kernel.Time
	restart    kernel.Time
	deadline   []kernel.Time

	// counters
	retries, emergency, downDrops, crashLost, ingressDrops int64
	prevStats                                              [2]pacing.Stats
	prevRetries                                            int64
	prevLost                                               int64
	waitSum                                                [2]kernel.Time
	waitN                                                  [2]int64
}

func newNode(env *sim.Env, v param.Values) (sim.Node, error) {
	n := &node{env: env, v: v, deadline: make([]kernel.Time, len(classes)), via: make([]int, len(classes))}
	n.pick = env.Stream("imsimgr.instance")
	n.retryRS = env.Stream("ue.retry")
	n.arrivals = sim.NewArrivals(env, kindArrive, classNames())
	k := pInstances.Of(v)
	for i := 0; i < k; i++ {
		inst := &instance{cpu: cpu.New(1, 0), up: true}
		for s := range inst.queues {
			inst.queues[s] = pacing.New(pacing.Config{Rate: 1, Size: 1, Wait: kernel.Second})
		}
		inst.held = make([][]int64, len(classes))
		for c := range inst.held {
			inst.held[c] = make([]int64, traffic.MaxAttempts+1)
		}
		n.insts = append(n.insts, inst)
	}
	n.configure(0)
	n.restartSources(0)
	env.At(n.guardEvery, kindGuardRead, 0, 0)
	return n, nil
}

func classNames() []string {
	names := make([]string, len(classes))
	for i, c := range classes {
		names[i] = c.Name
	}
	return names
}

// configure reads every parameter but the traffic into the node's state.
func (n *node) configure(now kernel.Time) {
	v := n.v
	us := func(k param.NumKey) float64 { return k.Of(v) / 1e6 }
	n.cost = costs{us(pCostIngress), us(pCostQueue), us(pCostAccept), us(pCostReject), us(pCostDrop), us(pCostOther)}
	n.retry = traffic.RetryFrom(v)
	for i, c := range classes {
		if c.newConn {
			n.deadline[i] = kernel.Seconds(pGuardNew.Of(v))
		} else {
			n.deadline[i] = kernel.Seconds(pGuardOther.Of(v))
		}
	}
	n.guardOn = pGuardOn.Of(v)
	n.guardEvery = kernel.Seconds(pGuardPeriod.Of(v))
	n.busiest = pBusiest.Of(v) / 100
	n.emPaced = pEmerPaced.Of(v)
	n.ingressMax = pIngress.Of(v)
	n.watchdog = kernel.Seconds(pWatchdog.Of(v))
	n.restart = kernel.Seconds(pRestart.Of(v))
	k := float64(len(n.insts))
	for s, p := range pPacing {
		n.paced[s] = p.on.Of(v)
		rate := float64(p.rate.Of(v))
		wait := float64(p.wait.Of(v))
		size := float64(p.size.Of(v))
		if size == 0 {
			size = rate * wait
		}
		action := pacing.Drop
		if p.action.Of(v) == "reject" {
			action = pacing.Reject
		}
		for _, inst := range n.insts {
			inst.queues[s].Configure(pacing.Config{
				Rate:   rate / k,
				Size:   max(1, int(size/k)),
				Wait:   kernel.Seconds(wait),
				Action: action,
			})
		}
	}
	for i, c := range classes {
		side := c.side
		if c.emergency && n.emPaced {
			side = mme
		}
		if side != unpaced && !n.paced[side] {
			side = unpaced
		}
		n.via[i] = side
	}
	for _, inst := range n.insts {
		inst.cpu.Configure(v)
		if !n.guardOn {
			inst.guard.Reset(now)
		}
	}
}

// restartSources rebuilds every source's profile and redraws its next
// arrival from now.
func (n *node) restartSources(now kernel.Time) {
	shape, _ := traffic.ParseShape(pStormShape.Of(n.v))
	at := kernel.Seconds(pStormAt.Of(n.v))
	length := kernel.Seconds(pStormLength.Of(n.v))
	factor := pStormFactor.Of(n.v)
	for i, c := range classes {
		base := pRate[i].Of(n.v)
		p := traffic.Profile{Shape: traffic.Constant, Base: base}
		if c.newConn {
			p = traffic.Profile{Shape: shape, Base: base, Peak: base * factor, Start: at, Length: length}
		}
		n.arrivals.Sources[i].Profile = p
		n.arrivals.Restart(now, i)
	}
}

// Apply changes a parameter during the run: v holds the values from now.
func (n *node) Apply(now kernel.Time, sp *param.Spec, v param.Values) error {
	n.v = v
	n.configure(now)
	if sp.Reconfigures == param.Sources {
		n.restartSources(now)
	}
	// A faster rate or a larger queue may allow a release sooner.
	for i, inst := range n.insts {
		for s := range inst.queues {
			n.kick(now, i, s)
		}
	}
	return nil
}

// HandleBefore is sim.Batcher's: the node handles a run of its events in
// a loop of its own (why: DESIGN.md, "sim.Batcher").
func (n *node) HandleBefore(q *kernel.Queue, t kernel.Time, max uint64) (k uint64, last kernel.Time) {
	for h := q.Head(); h.At < t && h.Kind >= sim.FirstKind && k < max; h = q.Head() {
		e := *h
		q.Skip()
		last = e.At
		k++
		switch e.Kind {
		case kindArrive:
			if n.arrivals.Wake(e) {
				n.arrive(e.At, int(e.Ref), 1)
			}
		case kindRetry:
			n.retries++
			m := tag(e.Ref)
			n.arrive(e.At, m.class(), m.attempt())
		case kindRelease:
			n.release(e.At, int(e.Ref/2), int(e.Ref%2), int32(e.Arg))
		case kindDone:
			n.done(e.At, tag(e.Ref), kernel.Time(e.Arg))
		case kindRestart:
			n.restarted(e.At, int(e.Ref), int32(e.Arg))
		case kindGuardRead:
			n.readGuards(e.At)
		}
	}
	return k, last
}

// restarted brings instance k back up after a crash of the given epoch,
// unless it crashed again since.
func (n *node) restarted(now kernel.Time, k int, epoch int32) {
	inst := n.insts[k]
	if epoch == inst.epoch {
		inst.up = true
		inst.pinned = 0
		inst.guard.Reset(now)
		inst.meter.Reset(inst.cpu, now)
	}
}

// readGuards lets every instance that is up read its CPU over the last
// sampling period and update its guard; the next reading is one period on.
func (n *node) readGuards(now kernel.Time) {
	for _, inst := range n.insts {
		rho := inst.meter.Read(inst.cpu, now)
		if inst.up && n.guardOn {
			inst.guard.Observe(now, rho)
		}
	}
	if next := now + n.guardEvery; next < n.env.Duration {
		n.env.At(next, kindGuardRead, 0, 0)
	}
}

// instanceFor picks the instance that hosts an arriving request: instance
// 0 takes the busiest share when one is set, the others share the rest
// evenly. Called only with several instances; out of line (DESIGN.md,
// "//go:noinline and branch order").
//
//go:noinline
func (n *node) instanceFor() int {
	k := len(n.insts)
	switch {
	case n.busiest == 0:
		return n.pick.Intn(k)
	case n.pick.Float64() < n.busiest:
		return 0
	default:
		return 1 + n.pick.Intn(k-1)
	}
}

// arrive handles one attempt of class c arriving at now.
func (n *node) arrive(now kernel.Time, c, attempt int) {
	n.env.Out.Offer(c)
	k := 0
	if len(n.insts) > 1 {
		k = n.instanceFor()
	}
	inst := n.insts[k]
	if !inst.up || inst.inCPU >= n.ingressMax {
		n.refuse(now, inst, c, attempt)
		return
	}
	inst.cpu.Do(now, n.cost.ingress)
	if side := n.via[c]; side != unpaced {
		// Paced, a storm's path: the first branch (DESIGN.md, branch order).
		q := inst.queues[side]
		t := mkTag(c, attempt, k, opAccept, inst.epoch)
		switch q.Offer(now, int32(t), n.guardOn && inst.guard.High()) {
		case pacing.Queued:
			inst.cpu.Do(now, n.cost.queue)
			inst.held[c][attempt]++
			n.kick(now, k, side)
		case pacing.OverflowRejected:
			n.job(now, k, inst, mkTag(c, attempt, k, opReject, inst.epoch), n.cost.reject, now)
		default: // dropped by the action, or by the CPU guard
			inst.cpu.Do(now, n.cost.drop)
			n.fail(now, now, c, attempt, metrics.Dropped)
		}
		return
	}
	cl := &classes[c]
	if cl.emergency {
		n.emergency++
	}
	cost := n.cost.accept
	if !cl.newConn {
		cost = n.cost.other
	}
	n.job(now, k, inst, mkTag(c, attempt, k, opAccept, inst.epoch), cost, now)
}

// refuse drops an attempt that arrives at an instance that is down or
// whose ingress buffer is full. Out of line (DESIGN.md, "//go:noinline
// and branch order").
//
//go:noinline
func (n *node) refuse(now kernel.Time, inst *instance, c, attempt int) {
	if !inst.up {
		n.downDrops++
	} else {
		n.ingressDrops++
	}
	n.fail(now, now, c, attempt, metrics.Dropped)
}

// job gives the CPU of instance k the work for message t sent at sent; its
// outcome is counted when the work completes.
func (n *node) job(now kernel.Time, k int, inst *instance, t tag, cost float64, sent kernel.Time) {
	end := inst.cpu.Do(now, cost)
	inst.inCPU++
	inst.held[t.class()][t.attempt()]++
	n.env.At(end, kindDone, int32(t), int64(sent))
}

// kick schedules the release of queue s of instance k if it has requests
// and no release is scheduled yet.
func (n *node) kick(now kernel.Time, k, s int) {
	inst := n.insts[k]
	q := inst.queues[s]
	if inst.pending[s] || q.Len() == 0 {
		return
	}
	inst.pending[s] = true
	n.env.At(q.ReadyAt(now), kindRelease, int32(2*k+s), int64(inst.epoch))
}

func (n *node) release(now kernel.Time, k, s int, epoch int32) {
	inst := n.insts[k]
	if epoch != inst.epoch {
		return
	}
	inst.pending[s] = false
	q := inst.queues[s]
	for {
		raw, waited, released, ok := q.Release(now)
		if !ok {
			break
		}
		t := tag(raw)
		inst.held[t.class()][t.attempt()]--
		inst.cpu.Do(now, n.cost.queue)
		if !released {
			inst.cpu.Do(now, n.cost.drop)
			n.fail(now, now-waited, t.class(), t.attempt(), metrics.Dropped)
			continue
		}
		n.waitSum[s] += waited
		n.waitN[s]++
		n.job(now, k, inst, t, n.cost.accept, now-waited)
		break
	}
	n.kick(now, k, s)
}

// done counts the outcome of a message whose CPU work completed.
func (n *node) done(now kernel.Time, t tag, sent kernel.Time) {
	inst := n.insts[t.inst()]
	if t.epoch() != inst.epoch&0xffff {
		return // lost in a crash, counted then
	}
	inst.inCPU--
	inst.held[t.class()][t.attempt()]--
	c := t.class()
	switch {
	case t.op() == opReject:
		n.fail(now, sent, c, t.attempt(), metrics.Rejected)
	case now-sent <= n.deadline[c]:
		n.env.Out.End(c, metrics.InTime)
	default:
		n.fail(now, sent, c, t.attempt(), metrics.Late)
	}
}

// fail counts an attempt that did not complete in time and lets its peer
// retry: after a back-off from the reject's arrival, or shortly after its
// guard timer expired when no useful answer came.
func (n *node) fail(now, sent kernel.Time, c, attempt int, o metrics.Outcome) {
	n.env.Out.End(c, o)
	delay, ok := n.retry.Next(n.retryRS, attempt, o == metrics.Rejected)
	if !ok {
		return
	}
	at := now + delay
	if o != metrics.Rejected {
		at = max(now, sent+n.deadline[c]) + delay
	}
	if at < n.env.Duration {
		n.env.At(at, kindRetry, int32(mkTag(c, attempt+1, 0, 0, 0)), 0)
	}
}
