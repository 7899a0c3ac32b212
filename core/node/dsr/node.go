// Package dsr models a Diameter routing agent (Oracle's Diameter Signaling Router, DSR)
// between Diameter clients and a server, with DOIC: the server (reporting
// node) measures its load and puts overload reports in its answers; the
// routing agent (reacting node) keeps the overload state of the server's
// Traffic Throttle Point and abates requests by priority and colour.
//
// A request flows: client connection (Poisson, priority P0–P4) → ingress
// colour (green within the connection's Reserved Ingress MPS, else yellow)
// → TTP: SHM rate of its priority and colour, abatement decision → sent to
// the server (link delay, FIFO processing at its capacity, discarded when
// its queue is full) → answer with the server's OLR → completed in time or
// late. An abated request is answered locally with DIAMETER_TOO_BUSY
// (Rejected), or diverted to the alternate server when one is configured.
package dsr

import (
	"fmt"

	"overloadlab/core/control/doic"
	"overloadlab/core/engine/cpu"
	"overloadlab/core/engine/kernel"
	"overloadlab/core/engine/metrics"
	"overloadlab/core/engine/param"
	"overloadlab/core/engine/sim"
	"overloadlab/core/engine/traffic"
)

// Event kinds.
const (
	kindArrive = sim.FirstKind + iota // Ref: source; Arg: source generation
	kindAnswer                        // Ref: tag; Arg: time the request reached the agent
	kindBurst                         // Ref: 1 burst starts, 0 it ends; Arg: burst generation
)

// A request's Ref holds its priority, its colour, and whether the
// alternate server answers it.
var (
	refs        sim.Payload
	refPriority = refs.Field("priority", doic.Priorities-1)
	refColour   = refs.Field("colour", int(doic.Colours)-1)
	refAlt      = refs.Field("alternate", 1)
)

// tag is a request's Ref.
type tag int32

func mkTag(p int, c doic.Colour, alt bool) tag {
	a := 0
	if alt {
		a = 1
	}
	return tag(refPriority.Put(p) | refColour.Put(int(c)) | refAlt.Put(a))
}
func (t tag) priority() int       { return refPriority.Get(int32(t)) }
func (t tag) colour() doic.Colour { return doic.Colour(refColour.Get(int32(t))) }
func (t tag) alt() bool           { return refAlt.Get(int32(t)) == 1 }

// ingress colours a connection's requests: a token bucket filled at the
// Reserved Ingress MPS, one second deep [R]; a request that finds a token
// is green, any other yellow.
type ingress struct {
	rate   float64
	tokens float64
	last   kernel.Time
}

func (g *ingress) colour(now kernel.Time) doic.Colour {
	if g.rate <= 0 {
		return doic.Yellow
	}
	g.tokens = min(g.rate, g.tokens+g.rate*(now-g.last).Seconds())
	g.last = now
	if g.tokens >= 1 {
		g.tokens--
		return doic.Green
	}
	return doic.Yellow
}

type node struct {
	env     *sim.Env
	v       param.Values
	arr     *sim.Arrivals // one source per client and priority: client·Priorities + priority
	ingress []ingress
	ttp     *doic.TTP
	loss    *kernel.Stream
	server  *cpu.Processor
	alt     *cpu.Processor
	rep     reporter

	doicOn    bool
	divert    bool
	delay     kernel.Time
	timeout   kernel.Time
	queue     kernel.Time
	cost      float64 // server CPU seconds per request
	altCost   float64
	burstOn   bool
	burstGen  int64
	burstTurn kernel.Time // when the burst state last changed

	// counters, cumulative
	sent, abated, diverted   [doic.Priorities][doic.Colours]int64
	srvArrivals, altArrivals int64
	srvDrops, altDrops       int64
	verdicts                 [4]int64
	pending                  [doic.Priorities]int64 // answers on their way, per priority: the requests in flight
	prev                     totals
}

// totals are the counters at the previous measurement.
type totals struct {
	sent, abated, diverted   [doic.Priorities][doic.Colours]int64
	srvArrivals, altArrivals int64
	srvDrops, altDrops       int64
}

func classNames() []string {
	names := make([]string, doic.Priorities)
	for p := range names {
		names[p] = fmt.Sprintf("p%d", p)
	}
	return names
}

// sourceNames names the sources: one per client and priority,
// "<client>.p<priority>".
func sourceNames() []string {
	var names []string
	for _, c := range clients {
		for p := range doic.Priorities {
			names = append(names, fmt.Sprintf("%s.p%d", c.name, p))
		}
	}
	return names
}

func newNode(env *sim.Env, v param.Values) (sim.Node, error) {
	n := &node{env: env, v: v, loss: env.Stream("dsr.plain-loss"),
		server: cpu.New(1, 0), alt: cpu.New(1, 0), ingress: make([]ingress, len(clients))}
	ttp, err := doic.NewTTP(doic.PriorityOnly, kernel.Seconds(pShmConvergence.Of(v)), pRateBurst.Of(v), pRateBurstStep.Of(v), 0)
	if err != nil {
		return nil, &param.Error{Field: pShmConvergence.Name(), Value: fmt.Sprint(pShmConvergence.Of(v)), Allowed: "0.1 to 10 s"}
	}
	n.ttp = ttp
	n.arr = sim.NewArrivals(env, kindArrive, sourceNames())
	n.configure()
	n.restartSources(0)
	n.scheduleBurst(0)
	return n, nil
}

// configure reads every parameter but the traffic into the node's state.
func (n *node) configure() {
	v := n.v
	pol, _ := doic.ParsePolicy(pDoicAbatement.Of(v))
	if pol != n.ttp.Policy {
		n.ttp.SetPolicy(pol)
	}
	n.ttp.State.Recovery = pDoicRecoveryRate.Of(v)
	n.ttp.State.RecoveryTick = kernel.Seconds(pDoicRecoveryTick.Of(v))
	n.ttp.MaxETRLimit = pTtpMaxEtr.Of(v)
	_ = n.ttp.SetConvergence(kernel.Seconds(pShmConvergence.Of(v))) // range checked by the schema
	n.ttp.SetBurst(pRateBurst.Of(v), pRateBurstStep.Of(v))
	n.doicOn = pDoicEnabled.Of(v)
	n.divert = pAlternateEnabled.Of(v)
	n.delay = kernel.Seconds(pLinkDelay.Of(v) / 1000)
	n.timeout = kernel.Seconds(pClientTimeout.Of(v))
	n.queue = kernel.Seconds(pServerQueueLimit.Of(v))
	n.cost = 1 / pServerCapacity.Of(v)
	n.altCost = 1 / pAlternateCapacity.Of(v)
	for i := range clients {
		n.ingress[i].rate = pClient[i].reserved.Of(v)
	}
	n.rep.configure(v)
}

// rate returns the offered rate of client c's priority p now.
func (n *node) rate(c, p int) float64 {
	sum := 0.0
	for q := range doic.Priorities {
		sum += pMix[q].Of(n.v)
	}
	r := pClient[c].rate.Of(n.v) * pTrafficScale.Of(n.v) * pMix[p].Of(n.v) / sum
	if t := pBurstPriority.Of(n.v); n.burstOn && (t == "all" || t == fmt.Sprintf("p%d", p)) {
		r *= pBurstFactor.Of(n.v)
	}
	return r
}

// restartSources sets every source's rate and redraws its next arrival.
func (n *node) restartSources(now kernel.Time) {
	for c := range clients {
		for p := range doic.Priorities {
			i := c*doic.Priorities + p
			n.arr.Sources[i].Profile = traffic.Profile{Shape: traffic.Constant, Base: n.rate(c, p)}
			n.arr.Restart(now, i)
		}
	}
}

// scheduleBurst plans the next burst after now, if bursts are on.
func (n *node) scheduleBurst(now kernel.Time) {
	n.burstGen++
	period := kernel.Seconds(pBurstPeriod.Of(n.v))
	if period <= 0 {
		return
	}
	if n.burstOn {
		n.env.At(max(now, n.burstTurn+kernel.Seconds(pBurstLength.Of(n.v))), kindBurst, 0, n.burstGen)
		return
	}
	n.env.At(max(now, n.burstTurn+period-kernel.Seconds(pBurstLength.Of(n.v))), kindBurst, 1, n.burstGen)
}

// Apply changes a parameter during the run: v holds the values from now.
func (n *node) Apply(now kernel.Time, sp *param.Spec, v param.Values) error {
	n.v = v
	n.configure()
	switch sp.Reconfigures {
	case partBursts:
		if pBurstPeriod.Of(n.v) <= 0 && n.burstOn {
			n.burstOn = false
		}
		n.scheduleBurst(now)
		n.restartSources(now)
	case param.Sources:
		n.restartSources(now)
	}
	return nil
}

func (n *node) Handle(e kernel.Event) {
	switch e.Kind {
	case kindArrive:
		if n.arr.Wake(e) {
			n.arrive(e.At, int(e.Ref)/doic.Priorities, int(e.Ref)%doic.Priorities)
		}
	case kindAnswer:
		n.answer(e.At, tag(e.Ref), kernel.Time(e.Arg))
	case kindBurst:
		if e.Arg != n.burstGen {
			return
		}
		n.burstOn = e.Ref == 1
		n.burstTurn = e.At
		n.scheduleBurst(e.At)
		n.restartSources(e.At)
	}
}

// arrive handles one request of client c and priority p at now.
func (n *node) arrive(now kernel.Time, c, p int) {
	n.env.Out.Offer(p)
	col := n.ingress[c].colour(now)
	u := n.loss.Float64()
	d := n.ttp.Decide(now, p, col, u)
	if !n.doicOn || d == doic.Send {
		n.sent[p][col]++
		n.send(now, p, col, false)
		return
	}
	n.abated[p][col]++
	if n.divert {
		n.diverted[p][col]++
		n.send(now, p, col, true)
		return
	}
	n.env.Out.End(p, metrics.Rejected) // DIAMETER_TOO_BUSY, answered by the agent
}

// send forwards a request to the server (or the alternate); it reaches it
// after the link delay and is discarded there if the queue is full.
func (n *node) send(now kernel.Time, p int, col doic.Colour, alt bool) {
	at := now + n.delay
	srv, cost := n.server, n.cost
	if alt {
		srv, cost = n.alt, n.altCost
		n.altArrivals++
	} else {
		n.srvArrivals++
	}
	if srv.Backlog(at) > n.queue {
		if alt {
			n.altDrops++
		} else {
			n.srvDrops++
		}
		n.env.Out.End(p, metrics.Dropped)
		return
	}
	done := srv.Do(at, cost)
	n.pending[p]++
	n.env.At(done+n.delay, kindAnswer, int32(mkTag(p, col, alt)), int64(now))
}

// answer handles an answer reaching the agent at now; the server's answers
// carry its overload report.
func (n *node) answer(now kernel.Time, t tag, sent kernel.Time) {
	n.pending[t.priority()]--
	if n.doicOn && !t.alt() && n.rep.olr.Seq > 0 {
		n.verdicts[n.ttp.Receive(now, n.rep.olr)]++
	}
	if now-sent > n.timeout {
		n.env.Out.End(t.priority(), metrics.Late)
		return
	}
	n.env.Out.End(t.priority(), metrics.InTime)
}
