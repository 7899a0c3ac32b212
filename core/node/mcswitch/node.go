// Package mcswitch models a mobile switching centre under multi-class
// signaling overload (Kasera et al., 2001 and 2005): calls of several
// classes, each a flow of messages through one FIFO processor, and the
// multi-class overload control (package multiclass) that admits or rejects
// the first message of every new call. The other messages of an admitted
// call are always served.
//
// A call flows: first message arrives → the control decides → rejected
// (a cheap reject) or processed → the peer answers after the response time →
// next message processed → … → the last message completes the call, in time
// or late. A message that finds the message buffer full is lost and its call
// fails (dropped).
package mcswitch

import (
	"overloadlab/core/control/multiclass"
	"overloadlab/core/engine/cpu"
	"overloadlab/core/engine/kernel"
	"overloadlab/core/engine/metrics"
	"overloadlab/core/engine/param"
	"overloadlab/core/engine/sim"
	"overloadlab/core/engine/traffic"
)

// class is a kind of call, highest priority first.
type class struct {
	name, label string
	rate        float64   // calls/s at a load of 1×
	cost        float64   // ms per call at nominal speed
	msgs        []float64 // share of the call's cost taken by each message
}

// The default mix fills the processor at 1×: 20·8 + 40·6 + 75·4 + 150·2 =
// 1000 ms of CPU per second. Costs are 1–4× the base class (lu-sms).
var classes = []class{
	{"handover", "inter-MSC handover", 20, 8, []float64{0.4, 0.2, 0.2, 0.2}},    // HO request, HO request ack, HO detect, HO complete
	{"mt-call", "mobile-terminated call", 40, 6, []float64{0.4, 0.2, 0.2, 0.2}}, // paging response, setup, call confirmed, connect
	{"mo-call", "mobile-originated call", 75, 4, []float64{0.5, 0.25, 0.25}},    // CM service request, setup, connect ack
	{"lu-sms", "location update / SMS", 150, 2, []float64{0.6, 0.4}},            // LU request or CP-DATA, TMSI realloc complete or CP-ACK
}

func classNames() []string {
	names := make([]string, len(classes))
	for i, c := range classes {
		names[i] = c.name
	}
	return names
}

// Event kinds.
const (
	kindArrive = sim.FirstKind + iota // Ref: class; Arg: source generation
	kindNext                          // Ref: tag of the next message; Arg: call start
	kindDone                          // Ref: tag; Arg: call start
	kindMix                           // Arg: mix generation
)

// tag packs a message's identity into an event's Ref: class (4 bits),
// message index (4 bits), reject (1 bit).
type tag int32

func mkTag(c, m int, reject bool) tag {
	t := tag(c | m<<4)
	if reject {
		t |= 1 << 8
	}
	return t
}
func (t tag) class() int   { return int(t) & 0xf }
func (t tag) msg() int     { return int(t>>4) & 0xf }
func (t tag) reject() bool { return t&(1<<8) != 0 }

type node struct {
	env      *sim.Env
	v        param.Values
	cpu      *cpu.Processor
	ctl      *multiclass.Controller
	arrivals *sim.Arrivals
	mixRS    *kernel.Stream
	mix      []float64
	mixGen   int64

	cost     [][]float64 // CPU seconds of each message of each class, nominal speed
	share    []float64   // 1 / messages per call, per class
	reject   float64
	gap      kernel.Time
	deadline kernel.Time
	buffer   int
	base     int
	inCPU    int // messages given to the processor and not yet done

	// per interval
	workIn   float64 // nominal CPU seconds of the calls admitted in the interval
	delaySum []float64
	delayN   []int64
	// whole run
	delayAll    []float64
	delayAllN   []int64
	admitted    []int64
	calls       []int64 // calls in progress (admitted, not ended), per class
	drops       int64
	maxQueue    int
	react       reaction
	convergedAt float64 // since when the mean cost error has stayed ≤ 10 % (−1: it is above)
	// the admitted fraction f of every interval of the overload, for the
	// reaction time (multiclass.Reaction)
	overload         bool        // the load has a step, ramp or burst
	overFrom, overTo kernel.Time // the overload's window
	fSeries          []float64
}

func newNode(env *sim.Env, v param.Values) (sim.Node, error) {
	k := len(classes)
	n := &node{env: env, v: v,
		cpu: cpu.New(1, 0), mixRS: env.Stream("traffic.mix"), mix: make([]float64, k),
		delaySum: make([]float64, k), delayN: make([]int64, k), delayAll: make([]float64, k), delayAllN: make([]int64, k),
		admitted: make([]int64, k), calls: make([]int64, k), convergedAt: -1}
	for i := range classes {
		n.mix[i] = 1
	}
	n.arrivals = sim.NewArrivals(env, kindArrive, classNames())
	cfg, err := n.configure()
	if err != nil {
		return nil, err
	}
	n.ctl, err = multiclass.New(cfg, env.Stream("overload.sred"))
	if err != nil {
		return nil, err
	}
	n.restartSources(0)
	n.scheduleMix(0)
	return n, nil
}

// configure reads every parameter but the traffic and returns the control's
// configuration.
func (n *node) configure() (multiclass.Config, error) {
	v := n.v
	n.cost = n.cost[:0]
	costs := make([]float64, len(classes))
	base := 0
	for i, c := range classes {
		per := pClass[i].cost.Of(v) / 1e3
		costs[i] = pClass[i].controlCost.Of(v) / 1e3
		m := make([]float64, len(c.msgs))
		for j, s := range c.msgs {
			m[j] = s * per
		}
		n.cost = append(n.cost, m)
		n.share = append(n.share[:i], 1/float64(len(m)))
		if pOverloadBaseClass.Of(v) == c.name {
			base = i
		}
	}
	n.reject = pCostReject.Of(v) / 1e3
	n.gap = kernel.Seconds(pFlowGap.Of(v))
	n.deadline = kernel.Seconds(pCallDeadline.Of(v))
	n.buffer = pBuffer.Of(v)
	n.cpu.Configure(v)
	n.base = base
	from := kernel.Time(0)
	n.overload = pLoadShape.Of(v) != "constant"
	if n.overload {
		from = kernel.Seconds(pLoadAt.Of(v))
	}
	n.overFrom, n.overTo = from, n.env.Duration
	if pLoadShape.Of(v) == "burst" {
		n.overTo = from + kernel.Seconds(pLoadLength.Of(v))
	}
	return multiclass.ConfigFrom(v, costs, base)
}

// restartSources rebuilds every source's profile and redraws its next
// arrival from now.
func (n *node) restartSources(now kernel.Time) {
	shape, _ := traffic.ParseShape(pLoadShape.Of(n.v))
	at := kernel.Seconds(pLoadAt.Of(n.v))
	length := kernel.Seconds(pLoadLength.Of(n.v))
	lo, hi := pLoadBase.Of(n.v), pLoadPeak.Of(n.v)
	which := pLoadClasses.Of(n.v)
	for i, c := range classes {
		r := pClass[i].rate.Of(n.v) * n.mix[i]
		p := traffic.Profile{Shape: traffic.Constant, Base: r * lo}
		if which == "all" || which == c.name {
			p = traffic.Profile{Shape: shape, Base: r * lo, Peak: r * hi, Start: at, Length: length}
		}
		n.arrivals.Sources[i].Profile = p
		n.arrivals.Restart(now, i)
	}
}

// scheduleMix schedules the next wander of the mix, if it wanders.
func (n *node) scheduleMix(now kernel.Time) {
	n.mixGen++
	if pTrafficMixWander.Of(n.v) > 0 {
		n.env.At(now+kernel.Seconds(pTrafficMixPeriod.Of(n.v)), kindMix, 0, n.mixGen)
	}
}

// Apply changes a parameter during the run: v holds the values from now.
func (n *node) Apply(now kernel.Time, sp *param.Spec, v param.Values) error {
	old := n.v
	n.v = v
	cfg, err := n.configure()
	if err == nil {
		err = n.ctl.Configure(cfg)
	}
	if err != nil {
		n.v = old
		n.configure()
		return err
	}
	switch sp.Reconfigures {
	case param.Sources:
		n.restartSources(now)
	case partMix:
		if pTrafficMixWander.Of(n.v) == 0 {
			clear(n.mix)
			for i := range n.mix {
				n.mix[i] = 1
			}
		}
		n.restartSources(now)
		n.scheduleMix(now)
	}
	return nil
}

func (n *node) Handle(e kernel.Event) {
	switch e.Kind {
	case kindArrive:
		if n.arrivals.Wake(e) {
			n.first(e.At, int(e.Ref))
		}
	case kindNext:
		n.message(e.At, tag(e.Ref), kernel.Time(e.Arg))
	case kindDone:
		n.done(e.At, tag(e.Ref), kernel.Time(e.Arg))
	case kindMix:
		if e.Arg != n.mixGen {
			return
		}
		a := pTrafficMixWander.Of(n.v)
		for i := range n.mix {
			n.mix[i] = 1 - a + 2*a*n.mixRS.Float64()
		}
		n.restartSources(e.At)
		n.scheduleMix(e.At)
	}
}

// first handles the first message of a new call of class c.
func (n *node) first(now kernel.Time, c int) {
	n.env.Out.Offer(c)
	if n.inCPU >= n.buffer {
		n.drops++
		n.ctl.Lost(c)
		n.env.Out.End(c, metrics.Dropped)
		return
	}
	if !n.ctl.Allow(now, c, float64(n.inCPU)) {
		n.job(now, mkTag(c, 0, true), n.reject, now)
		n.env.Out.End(c, metrics.Rejected)
		return
	}
	n.admitted[c]++
	n.calls[c]++
	for _, x := range n.cost[c] {
		n.workIn += x
	}
	n.job(now, mkTag(c, 0, false), n.cost[c][0], now)
}

// message handles a later message of an admitted call: always served unless
// the buffer is full, which fails the call.
func (n *node) message(now kernel.Time, t tag, start kernel.Time) {
	if n.inCPU >= n.buffer {
		n.drops++
		n.calls[t.class()]--
		n.env.Out.End(t.class(), metrics.Dropped)
		return
	}
	n.job(now, t, n.cost[t.class()][t.msg()], start)
}

func (n *node) job(now kernel.Time, t tag, cost float64, start kernel.Time) {
	end := n.cpu.Do(now, cost)
	n.inCPU++
	n.maxQueue = max(n.maxQueue, n.inCPU)
	n.env.At(end, kindDone, int32(t), int64(start))
}

// done: the processor finished message t of a call started at start.
func (n *node) done(now kernel.Time, t tag, start kernel.Time) {
	n.inCPU--
	c, m := t.class(), t.msg()
	if t.reject() {
		n.ctl.Served(len(classes), 1)
		return
	}
	n.ctl.Served(c, n.share[c])
	if m+1 < len(classes[c].msgs) {
		n.env.At(now+n.gap, kindNext, int32(mkTag(c, m+1, false)), int64(start))
		return
	}
	d := now - start
	n.calls[c]--
	n.delaySum[c] += d.Seconds()
	n.delayN[c]++
	n.delayAll[c] += d.Seconds()
	n.delayAllN[c]++
	if d <= n.deadline {
		n.env.Out.End(c, metrics.InTime)
	} else {
		n.env.Out.End(c, metrics.Late)
	}
}
