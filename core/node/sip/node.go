// Package sip models a SIP server (a proxy or a registrar) under overload,
// with its upstream clients, their transactions' retransmissions and the
// controls that keep it out of congestion collapse.
//
// A new transaction flows: client (Poisson, INVITE or non-INVITE) → the
// client's control (oc: RFC 7339 loss or RFC 7415 rate; a 503's
// Retry-After block, or the alternate server) → the link → the server's
// ingress buffer (full: the copy is lost at the socket) → its CPU, one
// message at a time, first come first served: every copy is parsed and
// matched to its transaction; the first one processed is the new
// transaction (100 Trying and forwarding for an INVITE, the answer for a
// non-INVITE), or a 503 → back over the link. An INVITE's final answer
// comes from downstream after a delay and is parsed and relayed by the same
// CPU. Over UDP the client sends its request again by Timer A (INVITE,
// until a provisional answer) or Timer E (non-INVITE), RFC 3261 §17.1.
//
// Every transaction ends once at the client: completed (its final answer
// came before Timer B or F, and before the caller's patience), rejected (a
// 503 with no alternate), throttled (never sent: oc or a Retry-After
// block), late (the caller gave up after the server had worked on it:
// wasted work) or dropped (gave up with no copy processed).
package sip

import (
	"fmt"

	"overloadlab/core/control/oc"
	"overloadlab/core/control/retransmit"
	"overloadlab/core/control/retryafter"
	"overloadlab/core/engine/cpu"
	"overloadlab/core/engine/kernel"
	"overloadlab/core/engine/metrics"
	"overloadlab/core/engine/param"
	"overloadlab/core/engine/sim"
	"overloadlab/core/engine/traffic"
)

// Event kinds.
const (
	kindArrive     = sim.FirstKind + iota // Ref: source; Arg: source generation
	kindTimer                             // Timer A or E: Ref txn; Arg: epoch<<8 | copies sent
	kindGiveUp                            // Ref txn; Arg: the txStart of Timer B/F, or −1: the caller's patience
	kindAtServer                          // a copy reaches a server: Ref txn; Arg: server | first<<1
	kindDone                              // a server's CPU ends the head message: Ref server
	kindDownstream                        // an INVITE's final answer reaches the server from downstream: Ref txn; Arg server
	kindAtClient                          // a response reaches the client: Ref txn; Arg: code | server<<2 | oc-seq<<3
	kindRegulate                          // the servers' regulation interval ends
)

// Classes.
const (
	clsInvite    = 0
	clsNonInvite = 1
)

// Response codes carried to the client.
const (
	resTrying = iota // 100 Trying
	resFinal         // 200 OK
	res503           // 503 Service Unavailable
)

// Message kinds in a server's queue.
const (
	msgRequest = iota // a copy of a client's request
	msgAnswer         // an INVITE's final answer from downstream
)

// Per-server flags of a transaction, as that server knows it.
const (
	srvSeen     = 1 << iota // a copy was processed: the server has the transaction
	srvRefused              // it was answered 503
	srvAnswered             // its final answer went to the client
)

// txn is one client transaction, kept until nothing refers to it: no
// event, no queued message.
type txn struct {
	callStart kernel.Time // the call began (patience counts from it)
	txStart   kernel.Time // the transaction began at its current server (Timers B/F)
	client    int32
	refs      int32 // events and queued messages that name it
	class     uint8
	srv       uint8 // 0 the server, 1 the alternate
	copies    uint8 // copies sent to the current server
	epoch     uint8 // moves to the alternate
	flags     [2]uint8
	proceed   bool // a provisional answer arrived: Timer A stops
	ended     bool // the client ended it (its outcome is counted)
}

// msg is a message waiting for a server's CPU.
type msg struct {
	txn  int32
	kind uint8
}

// client is one upstream client's state.
type client struct {
	block [2]retryafter.Block
	oc    oc.Client
	sent  int64 // new requests sent, cumulative
	prev  int64
}

// server is the server or the alternate.
type server struct {
	cpu    *cpu.Processor
	meter  cpu.Meter
	factor float64 // speed relative to the main server
	queue  []msg   // FIFO ring
	head   int
	n      int
	busy   bool
	cur    msg   // the message on the CPU
	effect uint8 // what finishing it does

	ra   retryafter.Server
	loss oc.LossServer
	rate oc.RateServer
	fb   [fbRing]oc.Feedback // the feedback by oc-seq % fbRing
	seq  uint64              // oc-seq of the feedback in force, 0: none yet
	ctrl bool                // a feedback with an oc is in force

	// per regulation interval
	newArrived   int64   // first copies that reached it
	newProcessed int64   // new transactions processed (not refused)
	perClient    []int64 // first copies by client

	// cumulative counters
	received, lost, enqueued                   int64 // request copies
	procNew, procCopy, proc503, procAnswer     int64
	stale                                      int64 // messages processed of transactions the client had ended
	answersIn                                  int64 // downstream answers enqueued
	sent503, trying, finals                    int64
	prevReceived, prevLost, prev503, prevStale int64
}

const fbRing = 16

// Effects of finishing a message.
const (
	effNone   = iota
	effTrying // 100 Trying, forward downstream
	effAnswer // non-INVITE answered
	effRefuse // 503
	effRelay  // the downstream answer relayed
)

type node struct {
	env    *sim.Env
	v      param.Values
	arr    *sim.Arrivals
	lossRS *kernel.Stream

	txns    []txn
	free    []int32
	clients []client
	srv     [2]server

	// settings
	timers    retransmit.Timers
	control   int
	alternate bool
	delay     kernel.Time
	down      kernel.Time
	patience  kernel.Time
	period    kernel.Time
	validity  kernel.Time
	buffer    int
	c         cost
	active    int // clients

	held   [2]int64 // transactions not ended, per class
	inNet  int64    // request copies on their way to a server
	resNet int64    // responses on their way to a client

	// cumulative counters
	newSent, copiesSent, ocDropped, blocked, diverted, stray int64
	redirected                                               int64 // refused with 503, sent again to the alternate
	verdicts                                                 [4]int64
	prevNew, prevCopies, prevDiverted                        int64
}

// tcpQueue bounds a server's queue over TCP, where the ingress buffer
// loses nothing (flow control keeps the messages coming).
const tcpQueue = 1 << 20

func sourceNames() []string {
	names := make([]string, 0, 2*MaxClients)
	for c := 1; c <= MaxClients; c++ {
		names = append(names, fmt.Sprintf("client%d.invite", c), fmt.Sprintf("client%d.non-invite", c))
	}
	return names
}

func newNode(env *sim.Env, v param.Values) (sim.Node, error) {
	n := &node{env: env, v: v, lossRS: env.Stream("sip.oc-loss"), clients: make([]client, MaxClients)}
	for i := range n.srv {
		s := &n.srv[i]
		s.cpu = cpu.New(1, 0)
		s.queue = make([]msg, 64)
		s.perClient = make([]int64, MaxClients)
	}
	n.arr = sim.NewArrivals(env, kindArrive, sourceNames())
	n.configure()
	n.restartSources(0)
	env.At(n.period, kindRegulate, 0, 0)
	return n, nil
}

// configure reads every parameter but the traffic into the node's state.
func (n *node) configure() {
	v := n.v
	n.timers = retransmit.From(v)
	n.control = indexOf(Controls, pControl.Of(v))
	n.alternate = pAlternateEnabled.Of(v)
	n.delay = kernel.Seconds(pLinkDelay.Of(v) / 1000)
	n.down = kernel.Seconds(pDownstreamDelay.Of(v))
	n.patience = kernel.Seconds(pPatience.Of(v))
	n.period = kernel.Seconds(pControlPeriod.Of(v))
	n.validity = oc.Validity(v)
	n.buffer = pIngressBuffer.Of(v)
	n.c = costs(v)
	n.active = pClients.Of(v)
	speed, bg := pCpuSpeed.Of(v), pCpuBackground.Of(v)/100
	n.srv[0].factor = 1
	n.srv[1].factor = pAlternateCapacity.Of(v)
	for i := range n.srv {
		s := &n.srv[i]
		s.cpu.Set(speed*s.factor, bg)
		s.ra.Configure(v)
		s.loss.Configure(v)
		s.rate.Configure(v)
	}
	tau := pOcTau.Of(v)
	for i := range n.clients {
		if n.clients[i].oc.Tau != tau {
			n.clients[i].oc.SetTau(tau)
		}
	}
}

func indexOf(list []string, s string) int {
	for i, x := range list {
		if x == s {
			return i
		}
	}
	return 0
}

// clientRate returns client c's share of the total offered rate: 1 for
// every active client but client 1, which has client1.factor.
func (n *node) clientShare(c int) float64 {
	if c >= n.active {
		return 0
	}
	f := pClient1Factor.Of(n.v)
	total := float64(n.active-1) + f
	if total <= 0 {
		return 0
	}
	if c == 0 {
		return f / total
	}
	return 1 / total
}

// restartSources sets every source's profile and redraws its next arrival.
func (n *node) restartSources(now kernel.Time) {
	v := n.v
	capacity := Capacity(v)
	shape, _ := traffic.ParseShape(pLoadShape.Of(v))
	at := kernel.Seconds(pLoadAt.Of(v))
	length := kernel.Seconds(pLoadLength.Of(v))
	ni := pNonInviteShare.Of(v) / 100
	for c := range MaxClients {
		share := n.clientShare(c)
		for k, mix := range [2]float64{1 - ni, ni} {
			r := capacity * share * mix
			i := 2*c + k
			n.arr.Sources[i].Profile = traffic.Profile{Shape: shape, Base: r * pLoad.Of(v), Peak: r * pLoadPeak.Of(v), Start: at, Length: length}
			n.arr.Restart(now, i)
		}
	}
}

// Apply changes a parameter during the run: v holds the values from now.
func (n *node) Apply(now kernel.Time, sp *param.Spec, v param.Values) error {
	n.v = v
	n.configure()
	if sp.Reconfigures == param.Sources {
		n.restartSources(now)
	}
	return nil
}

func (n *node) Handle(e kernel.Event) {
	switch e.Kind {
	case kindArrive:
		if n.arr.Wake(e) {
			n.arrive(e.At, int(e.Ref)/2, int(e.Ref)%2)
		}
	case kindTimer:
		n.timer(e.At, e.Ref, e.Arg)
	case kindGiveUp:
		n.giveUp(e.At, e.Ref, e.Arg)
	case kindAtServer:
		n.atServer(e.At, e.Ref, int(e.Arg&1), e.Arg&2 != 0)
	case kindDone:
		n.done(e.At, int(e.Ref))
	case kindDownstream:
		n.release(e.Ref)
		n.enqueue(e.At, int(e.Arg), msg{txn: e.Ref, kind: msgAnswer})
	case kindAtClient:
		n.atClient(e.At, e.Ref, int(e.Arg&3), int(e.Arg>>2&1), uint64(e.Arg>>3))
	case kindRegulate:
		n.regulate(e.At)
		n.env.At(e.At+n.period, kindRegulate, 0, 0)
	}
}

// alloc returns a new transaction's index.
func (n *node) alloc() int32 {
	if k := len(n.free); k > 0 {
		i := n.free[k-1]
		n.free = n.free[:k-1]
		return i
	}
	n.txns = append(n.txns, txn{})
	return int32(len(n.txns) - 1)
}

// release drops one reference to transaction i, and frees it when nothing
// refers to it and the client has ended it.
func (n *node) release(i int32) {
	t := &n.txns[i]
	t.refs--
	if t.refs == 0 && t.ended {
		n.free = append(n.free, i)
	}
}

// end counts transaction i's outcome at the client.
func (n *node) end(i int32, o metrics.Outcome) {
	t := &n.txns[i]
	t.ended = true
	n.held[t.class]--
	n.env.Out.End(int(t.class), o)
}

// arrive handles a new transaction of class cls from client c at now.
func (n *node) arrive(now kernel.Time, c, cls int) {
	n.env.Out.Offer(cls)
	cl := &n.clients[c]
	srv := 0
	if cl.block[0].Blocked(now) {
		if !n.alternate || cl.block[1].Blocked(now) {
			n.blocked++
			n.env.Out.End(cls, metrics.Throttled)
			return
		}
		srv = 1
		n.diverted++
	} else if n.control >= ctlLoss && !cl.oc.Admit(now, false, n.lossRS) {
		n.ocDropped++
		n.env.Out.End(cls, metrics.Throttled)
		return
	}
	i := n.alloc()
	n.txns[i] = txn{callStart: now, client: int32(c), class: uint8(cls)}
	n.held[cls]++
	cl.sent++
	n.newSent++
	n.start(now, i, srv)
	if cls == clsInvite {
		n.txns[i].refs++
		n.env.At(now+n.patience, kindGiveUp, i, -1)
	}
}

// start sends transaction i's first copy to server srv and sets its
// timers: A or E for the next copy (UDP), B or F to give up.
func (n *node) start(now kernel.Time, i int32, srv int) {
	t := &n.txns[i]
	t.srv, t.txStart, t.copies, t.proceed = uint8(srv), now, 0, false
	t.refs++
	n.env.At(now+n.timers.Timeout(), kindGiveUp, i, int64(now))
	n.send(now, i)
}

// method is the retransmission rule of class cls.
func method(cls uint8) retransmit.Method {
	if cls == clsInvite {
		return retransmit.Invite
	}
	return retransmit.NonInvite
}

// send sends the next copy of transaction i to its server and schedules
// the Timer A or E that may send the one after.
func (n *node) send(now kernel.Time, i int32) {
	t := &n.txns[i]
	t.copies++
	if t.copies > 1 {
		n.copiesSent++
	}
	first := int64(0)
	if t.copies == 1 {
		first = 2
	}
	t.refs += 2
	n.inNet++
	n.env.At(now+n.delay, kindAtServer, i, int64(t.srv)|first)
	if next := n.timers.Next(method(t.class), t.txStart, now, int(t.copies), t.proceed); next != kernel.Never {
		n.env.At(next, kindTimer, i, int64(t.epoch)<<8|int64(t.copies))
		return
	}
	t.refs--
}

// timer handles Timer A or E of transaction i.
func (n *node) timer(now kernel.Time, i int32, arg int64) {
	t := &n.txns[i]
	live := !t.ended && arg == int64(t.epoch)<<8|int64(t.copies) && retransmit.Retransmits(method(t.class), t.proceed)
	if live {
		n.send(now, i)
	}
	n.release(i)
}

// giveUp handles Timer B or F (arg: the transaction's start at its
// server) or the caller's patience (arg −1) for transaction i.
func (n *node) giveUp(now kernel.Time, i int32, arg int64) {
	t := &n.txns[i]
	if !t.ended && (arg < 0 || arg == int64(t.txStart) && (t.class != clsInvite || !t.proceed)) {
		o := metrics.Dropped
		if t.flags[t.srv]&srvSeen != 0 {
			o = metrics.Late
		}
		n.end(i, o)
	}
	n.release(i)
}

// atServer handles a copy of transaction i reaching server s.
func (n *node) atServer(now kernel.Time, i int32, s int, first bool) {
	sv := &n.srv[s]
	n.inNet--
	sv.received++
	if first {
		sv.newArrived++
		sv.perClient[n.txns[i].client]++
	}
	limit := n.buffer
	if n.timers.Reliable {
		limit = tcpQueue
	}
	if sv.n >= limit {
		sv.lost++
		n.release(i)
		return
	}
	sv.enqueued++
	n.push(now, s, msg{txn: i, kind: msgRequest}) // the reference moves to the queue
}

// enqueue queues a downstream answer (never lost: it comes over the
// server's reliable link to the core).
func (n *node) enqueue(now kernel.Time, s int, m msg) {
	n.srv[s].answersIn++
	n.txns[m.txn].refs++
	n.push(now, s, m)
}

// push puts m at the tail of server s's queue and starts the CPU on it if
// it is idle.
func (n *node) push(now kernel.Time, s int, m msg) {
	sv := &n.srv[s]
	if sv.n == len(sv.queue) {
		q := make([]msg, 2*len(sv.queue))
		for k := range sv.n {
			q[k] = sv.queue[(sv.head+k)%len(sv.queue)]
		}
		sv.queue, sv.head = q, 0
	}
	sv.queue[(sv.head+sv.n)%len(sv.queue)] = m
	sv.n++
	if !sv.busy {
		n.serve(now, s)
	}
}

// serve starts server s's CPU on the head of its queue: what the message
// is decides what it costs and what finishing it does.
func (n *node) serve(now kernel.Time, s int) {
	sv := &n.srv[s]
	m := sv.queue[sv.head]
	sv.head = (sv.head + 1) % len(sv.queue)
	sv.n--
	t := &n.txns[m.txn]
	if t.ended {
		sv.stale++
	}
	c := n.c.parse
	eff := uint8(effNone)
	switch {
	case m.kind == msgAnswer:
		c += n.c.response
		eff = effRelay
		sv.procAnswer++
	case t.flags[s]&srvSeen != 0:
		sv.procCopy++ // a copy of a transaction the server has: parsed, matched, absorbed
	case n.control == ctl503 && sv.ra.Refuses():
		t.flags[s] |= srvSeen | srvRefused
		c += n.c.refuse
		eff = effRefuse
		sv.proc503++
	default:
		t.flags[s] |= srvSeen
		sv.procNew++
		sv.newProcessed++
		if t.class == clsInvite {
			c += n.c.transaction + n.c.trying
			eff = effTrying
		} else {
			c += n.c.transaction + n.c.response
			eff = effAnswer
		}
	}
	sv.cur, sv.effect, sv.busy = m, eff, true
	n.env.At(sv.cpu.Do(now, c), kindDone, int32(s), 0)
}

// done finishes the message on server s's CPU and starts the next.
func (n *node) done(now kernel.Time, s int) {
	sv := &n.srv[s]
	m := sv.cur
	switch sv.effect {
	case effTrying:
		sv.trying++
		n.respond(now, m.txn, s, resTrying)
		n.txns[m.txn].refs++
		n.env.At(now+n.down, kindDownstream, m.txn, int64(s))
	case effAnswer, effRelay:
		sv.finals++
		n.txns[m.txn].flags[s] |= srvAnswered
		n.respond(now, m.txn, s, resFinal)
	case effRefuse:
		sv.sent503++
		n.respond(now, m.txn, s, res503)
	}
	n.release(m.txn)
	sv.busy = false
	if sv.n > 0 {
		n.serve(now, s)
	}
}

// respond sends a response of transaction i from server s to its client,
// with the server's feedback in force.
func (n *node) respond(now kernel.Time, i int32, s, code int) {
	n.txns[i].refs++
	n.resNet++
	n.env.At(now+n.delay, kindAtClient, i, int64(code)|int64(s)<<2|int64(n.srv[s].seq)<<3)
}

// atClient handles a response of transaction i from server s reaching its
// client.
func (n *node) atClient(now kernel.Time, i int32, code, s int, seq uint64) {
	t := &n.txns[i]
	cl := &n.clients[t.client]
	n.resNet--
	if s == 0 && seq > 0 && n.control >= ctlLoss {
		n.verdicts[cl.oc.Receive(now, n.srv[0].fb[seq%fbRing])]++
	}
	switch {
	case t.ended:
		if code != resTrying {
			n.stray++
		}
	case int(t.srv) != s:
	case code == resTrying:
		t.proceed = true
	case code == resFinal:
		n.end(i, metrics.InTime)
	default: // 503
		cl.block[s].Receive(now, n.srv[s].ra.RetryAfter)
		if s == 0 && n.alternate && !cl.block[1].Blocked(now) {
			n.redirected++
			t.epoch++
			n.start(now, i, 1)
			break
		}
		n.end(i, metrics.Rejected)
	}
	n.release(i)
}

// regulate closes the servers' regulation interval: each measures its
// occupancy and decides its 503 state, or its oc.
func (n *node) regulate(now kernel.Time) {
	secs := n.period.Seconds()
	for s := range n.srv {
		sv := &n.srv[s]
		rho := sv.meter.Read(sv.cpu, now)
		sv.ra.Measure(rho)
		if s == 0 {
			n.feedback(now, sv, rho, secs)
		}
		sv.newArrived, sv.newProcessed = 0, 0
		clear(sv.perClient)
	}
}

// feedback computes the main server's oc for the next interval and, when
// it changes the control, a newer feedback (a larger oc-seq).
func (n *node) feedback(now kernel.Time, sv *server, rho, secs float64) {
	processed := float64(sv.newProcessed) / secs
	var f oc.Feedback
	on := false
	switch n.control {
	case ctlLoss:
		x := sv.loss.Update(rho, processed, float64(sv.newArrived)/secs)
		f, on = oc.Feedback{Oc: x, Algo: oc.Loss}, x > 0
	case ctlRate:
		heard, busiest := 0, int64(0)
		for _, k := range sv.perClient {
			if k > 0 {
				heard++
				busiest = max(busiest, k)
			}
		}
		x, ok := sv.rate.Update(rho, processed, heard, float64(busiest)/secs)
		f, on = oc.Feedback{Oc: x, Algo: oc.Rate}, ok
	}
	switch {
	case on:
		f.Validity = n.validity
	case sv.ctrl:
		f.Validity = 0 // the control ends: oc-validity 0
	default:
		return
	}
	sv.ctrl = on
	sv.seq++
	f.Seq = sv.seq
	sv.fb[sv.seq%fbRing] = f
}
