// Package hlrmap models the MAP requests that the HLR sends towards an SGSN
// and that reach the IMSI Manager (Cancel Location, standalone Insert
// Subscriber Data, Delete Subscriber Data, Provide Subscriber Location), the
// IMSI→SessMgr mapping table that attaches fill and a reboot empties, and
// the broadcast control (package broadcast) that decides what the IMSI
// Manager does with a request whose subscriber it cannot map.
//
// A MAP request flows: arrival → receive (CPU) → subscriber drawn: not
// registered here (the unknown share), or one of the S registered
// subscribers, whose mapping exists with probability M/S → the control's
// decision → route (CPU) | broadcast to the N Session Managers (N × CPU) |
// random Session Manager (CPU) | drop → answered when the CPU work is done.
//
// Model assumptions, not from Cisco's documentation [R]:
//   - one IMSI Manager instance;
//   - the registered population S is stationary: a Cancel Location's
//     departure is balanced by another subscriber's arrival, so MAP requests
//     do not change the hosted counts;
//   - new sessions go to the least loaded Session Manager (fewest hosted
//     subscribers; no sessions watermark);
//   - a reboot is instantaneous: work in progress is lost, the table is
//     emptied, a share of the sessions survives on the Session Managers;
//   - a positive broadcast answer puts the mapping back;
//   - an answer after the HLR's MAP timer is counted late (wasted); a
//     request without an answer in time may be repeated by the HLR;
//     "Unidentified Subscriber" is a final answer (counted rejected).
package hlrmap

import (
	"overloadlab/core/control/broadcast"
	"overloadlab/core/engine/cpu"
	"overloadlab/core/engine/kernel"
	"overloadlab/core/engine/metrics"
	"overloadlab/core/engine/param"
	"overloadlab/core/engine/sim"
	"overloadlab/core/engine/traffic"
)

type class struct {
	traffic.Class
	rate  float64 // default rate
	storm bool    // multiplied by the storm factor after a reboot
}

// The MAP classes come first; attach is last.
var classes = []class{
	{Class: traffic.Class{Name: "clr", Label: "Cancel Location"}, rate: 30, storm: true},
	{Class: traffic.Class{Name: "isd", Label: "standalone Insert Subscriber Data"}, rate: 40, storm: true},
	{Class: traffic.Class{Name: "dsd", Label: "Delete Subscriber Data"}, rate: 5},
	{Class: traffic.Class{Name: "psl", Label: "Provide Subscriber Location"}, rate: 5},
	{Class: traffic.Class{Name: "attach", Label: "attach / inter-SGSN RAU"}},
}

const (
	numMAP      = 4      // classes[:numMAP] are MAP requests from the HLR
	attachClass = numMAP // the attach class
)

// attachDeadline is the UE's attach guard timer (NAS T3410).
const attachDeadline = 15 * kernel.Second

// Event kinds.
const (
	kindArrive = sim.FirstKind + iota // sim.Arrivals: Ref: class; Arg: source generation
	kindRetry                         // Ref: tag of the new attempt
	kindDone                          // Ref: tag; Arg: first-sent time of the attempt
)

// What the answer to a request is once the CPU work is done.
const (
	opRoute        = iota // routed by its mapping: positive answer
	opFound               // broadcast, its Session Manager answered: mapping re-learned
	opHit                 // random Session Manager, which happens to host it
	opUnidentified        // "Unidentified Subscriber" (correct: not hosted)
	opMisrouted           // "Unidentified Subscriber" although hosted elsewhere
	opAttach              // an attach: the table is updated
)

// A request's Ref holds its class, its attempt, what the answer will be,
// and the reboot epoch it was accepted in (a request of an older epoch was
// lost in a reboot).
var (
	refs       sim.Payload
	refClass   = refs.Field("class", len(classes)-1)
	refAttempt = refs.Field("attempt", traffic.MaxAttempts)
	refOp      = refs.Field("op", opAttach)
	refEpoch   = refs.Wrap("epoch", 16)
)

// tag is a request's Ref.
type tag int32

func mkTag(cls, attempt, op int, epoch int32) tag {
	return tag(refClass.Put(cls) | refAttempt.Put(attempt) | refOp.Put(op) | refEpoch.Put(int(epoch)))
}
func (t tag) class() int   { return refClass.Get(int32(t)) }
func (t tag) attempt() int { return refAttempt.Get(int32(t)) }
func (t tag) op() int      { return refOp.Get(int32(t)) }
func (t tag) epoch() int   { return refEpoch.Get(int32(t)) }

// Subscriber state of a MAP request for a subscriber not registered here.
const stUnknown = stAway + 1

type costs struct{ ingress, route, forward, broadcast, drop, attach float64 }

type node struct {
	env     *sim.Env
	v       param.Values
	cpu     *cpu.Processor
	ctl     *broadcast.Control
	tab     *table
	n       int // Session Managers
	arr     *sim.Arrivals
	retry   traffic.Retry
	cost    costs
	unknown float64 // share of requests for subscribers not registered here
	keep    float64 // share of sessions kept over a reboot
	timer   kernel.Time
	ingress int

	who      *kernel.Stream // which subscriber a MAP request is about
	attacher *kernel.Stream // which subscriber attaches
	hostRS   *kernel.Stream // which Session Manager hosts a kept subscriber
	randomSM *kernel.Stream // the random Session Manager of an avoided broadcast
	retryRS  *kernel.Stream

	rho      float64 // CPU measured over the last interval
	inCPU    int     // messages whose CPU work is not done
	held     []int64 // per class: messages whose CPU work is not done
	stale    []int64 // per class: messages lost in a reboot whose work would not be done yet
	epoch    int32   // reboots so far
	rebooted bool
	rebootAt kernel.Time

	// counters
	found, hits, misrouted, unidentified, lostInReboot, ingressDrops, retries int64
	prev                                                                      [numCounters]int64
}

func newNode(env *sim.Env, v param.Values) (sim.Node, error) {
	ctl, err := broadcast.New(broadcast.ConfigFrom(v))
	if err != nil {
		return nil, err
	}
	n := &node{
		env: env, v: v, ctl: ctl,
		cpu:      cpu.New(1, 0),
		n:        pSessMgrs.Of(v),
		tab:      newTable(int64(pSubscribers.Of(v)), pSessMgrs.Of(v)),
		held:     make([]int64, len(classes)),
		stale:    make([]int64, len(classes)),
		who:      env.Stream("hlr.subscriber"),
		attacher: env.Stream("attach.subscriber"),
		hostRS:   env.Stream("sessmgr.kept-host"),
		randomSM: env.Stream("sessmgr.random"),
		retryRS:  env.Stream("hlr.retry"),
	}
	n.arr = sim.NewArrivals(env, kindArrive, classNames)
	n.configure()
	if pReboot.Of(v) {
		n.reboot(0)
	} else {
		n.restartSources(0)
	}
	return n, nil
}

// classNames are the names of the classes, in order.
var classNames = func() (names []string) {
	for _, c := range classes {
		names = append(names, c.Name)
	}
	return
}()

// configure reads every parameter but the traffic and the population.
func (n *node) configure() {
	v := n.v
	us := func(k param.NumKey) float64 { return k.Of(v) / 1e6 }
	n.cost = costs{us(pCostIngress), us(pCostRoute), us(pCostForward), us(pCostBroadcast), us(pCostDrop), us(pCostAttach)}
	n.retry = traffic.RetryFrom(v)
	n.unknown = pUnknown.Of(v) / 100
	n.keep = pKept.Of(v) / 100
	n.timer = kernel.Seconds(pMapTimer.Of(v))
	n.ingress = pIngressLimit.Of(v)
	n.cpu.Configure(v)
}

// restartSources rebuilds every source's profile (the HLR's storm follows
// the last reboot) and redraws its next arrival from now.
func (n *node) restartSources(now kernel.Time) {
	factor := pStormFactor.Of(n.v)
	length := kernel.Seconds(pStormLength.Of(n.v))
	for i, c := range classes {
		base := pAttachRate.Of(n.v)
		if i < numMAP {
			base = pRate[i].Of(n.v)
		}
		p := traffic.Profile{Shape: traffic.Constant, Base: base}
		if c.storm && n.rebooted {
			p = traffic.Profile{Shape: traffic.Burst, Base: base, Peak: base * factor, Start: n.rebootAt, Length: length}
		}
		n.arr.Sources[i].Profile = p
		n.arr.Restart(now, i)
	}
}

// reboot restarts the system at now: work in progress is lost (counted
// when its completion would have come), the mapping table is emptied, the
// reboot window starts and the HLR's storm begins.
func (n *node) reboot(now kernel.Time) {
	n.epoch++
	n.cpu.Flush(now)
	for c, h := range n.held {
		n.stale[c] += h
		n.held[c] = 0
	}
	n.inCPU = 0
	n.rho = 0
	n.tab.reboot(n.keep)
	n.ctl.Reboot(now)
	n.rebooted, n.rebootAt = true, now
	n.restartSources(now)
}

// Apply changes a parameter during the run: v holds the values from now.
func (n *node) Apply(now kernel.Time, sp *param.Spec, v param.Values) error {
	n.v = v
	if err := n.ctl.Configure(broadcast.ConfigFrom(n.v)); err != nil {
		return err // not reached: the schema keeps P within the control's range
	}
	n.configure()
	switch sp.Reconfigures {
	case partReboot:
		if v.Get(sp.Name).Num != 0 {
			n.reboot(now)
		}
	case param.Sources:
		n.restartSources(now)
	}
	return nil
}

func (n *node) Handle(e kernel.Event) {
	switch e.Kind {
	case kindArrive:
		if n.arr.Wake(e) {
			n.arrive(e.At, int(e.Ref), 1)
		}
	case kindRetry:
		n.retries++
		t := tag(e.Ref)
		n.arrive(e.At, t.class(), t.attempt())
	case kindDone:
		n.done(e.At, tag(e.Ref), kernel.Time(e.Arg))
	}
}

// arrive handles one attempt of class c at now.
func (n *node) arrive(now kernel.Time, c, attempt int) {
	n.env.Out.Offer(c)
	if n.inCPU >= n.ingress {
		n.ingressDrops++
		n.fail(now, now, c, attempt, metrics.Dropped)
		return
	}
	n.cpu.Do(now, n.cost.ingress)
	if c == attachClass {
		n.job(now, mkTag(c, attempt, opAttach, n.epoch), n.cost.attach)
		return
	}
	st := stUnknown
	if !n.who.Bernoulli(n.unknown) {
		st = n.tab.state(int64(n.who.Intn(int(n.tab.subs))))
	}
	d := n.ctl.Decide(now, n.rho, st == stMapped)
	op := opUnidentified
	switch {
	case d == broadcast.Route:
		n.job(now, mkTag(c, attempt, opRoute, n.epoch), n.cost.route)
		return
	case d == broadcast.Drop:
		n.cpu.Do(now, n.cost.drop)
		n.fail(now, now, c, attempt, metrics.Dropped)
		return
	case d == broadcast.Broadcast:
		cost := float64(n.n) * n.cost.broadcast
		if st == stKept {
			op = opFound
		} else {
			cost += n.cost.forward // all negative: on to a random Session Manager
		}
		n.job(now, mkTag(c, attempt, op, n.epoch), cost)
		return
	case st == stKept:
		// Avoided: a random Session Manager, right only by chance (1/N).
		host := n.tab.keptHost(int64(n.hostRS.Intn(int(n.tab.K))))
		if n.randomSM.Intn(n.n) == host {
			op = opHit
			n.hits++
		} else {
			op = opMisrouted
			n.misrouted++
		}
	}
	n.job(now, mkTag(c, attempt, op, n.epoch), n.cost.forward)
}

// job gives the CPU the work of request t; its outcome is counted when the
// work is done.
func (n *node) job(now kernel.Time, t tag, cost float64) {
	end := n.cpu.Do(now, cost)
	n.inCPU++
	n.held[t.class()]++
	n.env.At(end, kindDone, int32(t), int64(now))
}

// done counts the answer of a request whose CPU work is done.
func (n *node) done(now kernel.Time, t tag, sent kernel.Time) {
	c := t.class()
	if t.epoch() != refEpoch.Cut(int(n.epoch)) {
		n.lostInReboot++
		n.stale[c]--
		n.fail(now, sent, c, t.attempt(), metrics.Dropped)
		return
	}
	n.inCPU--
	n.held[c]--
	result := metrics.InTime
	switch t.op() {
	case opFound:
		n.found++
		if n.tab.K > 0 {
			n.tab.relearn(n.tab.keptHost(int64(n.hostRS.Intn(int(n.tab.K)))))
		}
	case opUnidentified, opMisrouted:
		n.unidentified++
		result = metrics.Rejected
	case opAttach:
		switch n.tab.state(int64(n.attacher.Intn(int(n.tab.subs)))) {
		case stKept:
			n.tab.relearn(n.tab.keptHost(int64(n.hostRS.Intn(int(n.tab.K)))))
		case stAway:
			n.tab.host()
		}
	}
	if now-sent > n.deadline(c) {
		n.fail(now, sent, c, t.attempt(), metrics.Late)
		return
	}
	n.env.Out.End(c, result)
}

func (n *node) deadline(c int) kernel.Time {
	if c == attachClass {
		return attachDeadline
	}
	return n.timer
}

// fail counts an attempt that got no useful answer in time; the HLR may
// repeat a MAP request after its MAP timer expired (attaches are not
// repeated here: the attach rate already stands for the UEs that try).
func (n *node) fail(now, sent kernel.Time, c, attempt int, o metrics.Outcome) {
	n.env.Out.End(c, o)
	if c == attachClass {
		return
	}
	delay, ok := n.retry.Next(n.retryRS, attempt, false)
	if !ok {
		return
	}
	if at := max(now, sent+n.timer) + delay; at < n.env.Duration {
		n.env.At(at, kindRetry, int32(mkTag(c, attempt+1, 0, 0)), 0)
	}
}
