// Package scp models an SCP (service control point) under overload and the
// SSPs (service switching points) that send it queries, with automatic code
// gapping (ACG): the SCP measures the load that reaches it every interval,
// decides a gap, and sends it back in the responses to queries; each SSP
// blocks its queries during the gap (Crawford's rule, package acg).
//
// A query flows: SSP (Poisson) → gap at the SSP (admitted, or blocked:
// throttled) → network delay → SCP buffer (full: dropped, no answer) → CPU
// (1/capacity s per query) → response with the control in force → network
// delay → SSP: completed in time or late, and the gap is set. A source that
// sends nothing learns nothing.
//
// Sources are kept light: one small struct per SSP in one slice (its random
// stream, rate, gap and counters), and every event carries its message in
// its Ref and Arg, so 1000 SSPs at 10× overload simulate quickly.
package scp

import (
	"slices"
	"sort"
	"strconv"

	"overloadlab/core/control/acg"
	"overloadlab/core/engine/cpu"
	"overloadlab/core/engine/kernel"
	"overloadlab/core/engine/metrics"
	"overloadlab/core/engine/param"
	"overloadlab/core/engine/sim"
)

// The classes: heavy and light SSPs (balanced: all light).
const (
	heavy = iota
	light
)

var classNames = []string{"heavy", "light"}

// Event kinds.
const (
	kindArrive   = sim.FirstKind + iota // a query at an SSP; Ref: source; Arg: generation
	kindQuery                           // a query reaches the SCP; Ref: ref; Arg: sent time
	kindDone                            // the SCP answered; Ref: ref; Arg: sent time
	kindResponse                        // the answer reaches the SSP; Ref: ref; Arg: packed answer
)

// A query's Ref holds its source and its class, so a query counts in the
// class it was offered in even if the mix changes meanwhile.
var (
	refs      sim.Payload
	refSource = refs.Field("source", maxSSPs-1)
	refClass  = refs.Field("class", len(classNames)-1)
)

// An answer packs into an event's Arg: the gap in µs (bits 0–33, all ones =
// stop all), the duration in ms (bits 34–60, all ones = infinity), whether
// it carries a control (bit 61) and whether it came too late (bit 62).
const (
	gapBits  = 34
	durBits  = 27
	gapStop  = 1<<gapBits - 1
	durInf   = 1<<durBits - 1
	ansCtl   = 1 << 61
	ansLate  = 1 << 62
	usPerGap = kernel.Microsecond
	msPerDur = kernel.Millisecond
)

func packControl(gap, dur kernel.Time) int64 {
	g := int64(gapStop)
	if gap != acg.Stop {
		g = min(int64(gap/usPerGap), gapStop-1)
	}
	d := int64(durInf)
	if dur != acg.Forever {
		d = min(int64(dur/msPerDur), durInf-1)
	}
	return ansCtl | g | d<<gapBits
}

func unpackControl(a int64) (gap, dur kernel.Time) {
	g, d := a&gapStop, (a>>gapBits)&durInf
	gap, dur = acg.Stop, acg.Forever
	if g != gapStop {
		gap = kernel.Time(g) * usPerGap
	}
	if d != durInf {
		dur = kernel.Time(d) * msPerDur
	}
	return gap, dur
}

// ssp is one traffic source: small, one per SSP in one slice.
type ssp struct {
	rng       kernel.Stream
	rate      float64 // queries per second
	gap       acg.Gap
	class     int32
	offered   int64
	admitted  int64
	completed int64   // answered in time
	prevDone  int64   // completed at the last interval
	base      int64   // completed at the start of the fairness period
	smooth    float64 // smoothed carried rate (/s)
}

type node struct {
	env *sim.Env
	v   param.Values
	src []ssp
	gen int64
	cpu *cpu.Processor

	// configuration
	control     int
	table       acg.Table
	adaptive    acg.Adaptive
	adaptiveDur kernel.Time
	capacity    float64
	cost        float64 // CPU s per query
	discard     float64 // CPU s per discarded query
	bufferWork  kernel.Time
	delay       kernel.Time
	timer       kernel.Time
	sharing     int
	window      float64

	// the control the SCP puts in its responses now
	sending bool
	answer  int64
	level   int
	sentGap kernel.Time

	// fairness scratch, one entry per source
	order  []int32 // sources by rising rate
	demand []float64
	want   []float64
	got    []float64
	since  kernel.Time // start of the fairness period

	// held is, per class, the queries admitted at an SSP and not yet
	// ended: on the network, in the SCP's buffer or CPU, or answered and
	// on their way back (the node's Report.Held).
	held [light + 1]int64

	// counters
	arrivals, prevArrivals int64
	bufferDrops            int64
	received               int64 // controls received at the SSPs
	switches               int64 // gapping switched on or off at the SCP
	wasOn                  bool
	throttledIdle          int64 // blocked at SSPs in intervals when the SCP CPU was < 90 %
	prevThrottled          int64
	levelSum, gapIntervals float64
	intervals              int64
}

// sspStream names the random stream of the SSP i.
func sspStream(i int) string { return "ssp." + strconv.Itoa(i) }

// numberedStreams maps the stream of the SSP i to i, its id in catalog
// version 1.
func numberedStreams() map[string]uint64 {
	m := make(map[string]uint64, maxSSPs)
	for i := range maxSSPs {
		m[sspStream(i)] = uint64(i)
	}
	return m
}

func newNode(env *sim.Env, v param.Values) (sim.Node, error) {
	n := &node{env: env, v: v, cpu: cpu.New(1, 0)}
	count := pSSPs.Of(v)
	n.src = make([]ssp, count)
	for i := range n.src {
		n.src[i].rng = *env.Stream(sspStream(i))
	}
	n.order = make([]int32, count)
	n.demand = make([]float64, count)
	n.want = make([]float64, count)
	n.got = make([]float64, count)
	n.configure()
	n.setRates(0)
	return n, nil
}

// configure reads every parameter but the traffic into the node.
func (n *node) configure() {
	v := n.v
	n.control = slices.Index(Controls, pControl.Of(v))
	n.table, _ = acg.ParseTable(pTable.Of(v)) // checked by the schema
	n.capacity = pCapacity.Of(v)
	n.adaptive.Target = n.capacity * pAdaptiveTarget.Of(v) / 100
	n.adaptive.Min = pAdaptiveMin.Of(v)
	n.adaptive.Max = pAdaptiveMax.Of(v)
	n.adaptive.Step = pAdaptiveStep.Of(v)
	n.adaptiveDur = kernel.Seconds(pAdaptiveDuration.Of(v))
	n.cost = 1 / n.capacity
	n.discard = n.cost * pDiscardCost.Of(v) / 100
	n.bufferWork = kernel.Seconds(float64(pBuffer.Of(v)) * n.cost)
	n.delay = kernel.Seconds(pDelay.Of(v) / 1000)
	n.timer = kernel.Seconds(pTimer.Of(v))
	n.sharing = slices.Index(Sharings, pSharing.Of(v))
	n.window = pWindow.Of(v)
}

// setRates shares the offered load among the SSPs, restarts every source
// from now and starts a new fairness period.
func (n *node) setRates(now kernel.Time) {
	count := len(n.src)
	total := pLoad.Of(n.v) * n.capacity
	heavies := 0
	w := 1.0
	if pMix.Of(n.v) == "unbalanced" && count > 1 {
		heavies = min(max(1, int(float64(count)*pHeavyShare.Of(n.v)/100+0.5)), count-1)
		w = pHeavyWeight.Of(n.v)
	}
	lightRate := total / (float64(heavies)*w + float64(count-heavies))
	n.gen++
	for i := range n.src {
		s := &n.src[i]
		s.class, s.rate = light, lightRate
		if i < heavies {
			s.class, s.rate = heavy, lightRate*w
		}
		n.demand[i] = s.rate
		n.order[i] = int32(i)
		s.base = s.completed
		if s.rate > 0 {
			n.env.At(n.nextArrival(now, s), kindArrive, int32(i), n.gen)
		}
	}
	sort.Stable(byDemand{n.order, n.demand})
	n.since = now
}

func (n *node) nextArrival(now kernel.Time, s *ssp) kernel.Time {
	return now + max(1, kernel.Seconds(s.rng.Exp(s.rate)))
}

// Apply changes a parameter during the run: v holds the values from now.
func (n *node) Apply(now kernel.Time, sp *param.Spec, v param.Values) error {
	n.v = v
	n.configure()
	switch sp.Reconfigures {
	case partControl:
		n.adaptive.Reset()
	case param.Sources:
		n.setRates(now)
	}
	return nil
}

func (n *node) Handle(e kernel.Event) {
	switch e.Kind {
	case kindArrive:
		if e.Arg != n.gen {
			return // the source was restarted after this arrival was drawn
		}
		n.offer(e.At, int(e.Ref))
	case kindQuery:
		n.query(e.At, e.Ref, kernel.Time(e.Arg))
	case kindDone:
		n.done(e.At, e.Ref, kernel.Time(e.Arg))
	case kindResponse:
		n.response(e.At, e.Ref, e.Arg)
	}
}

// offer is a query at SSP i: the gap admits it or blocks it.
func (n *node) offer(now kernel.Time, i int) {
	s := &n.src[i]
	c := int(s.class)
	n.env.Out.Offer(c)
	s.offered++
	if s.gap.Allow(now) {
		s.admitted++
		n.held[c]++
		n.env.At(now+n.delay, kindQuery, refSource.Put(i)|refClass.Put(c), int64(now))
	} else {
		n.env.Out.End(c, metrics.Throttled)
	}
	n.env.At(n.nextArrival(now, s), kindArrive, int32(i), n.gen)
}

// query is a query reaching the SCP.
func (n *node) query(now kernel.Time, ref int32, sent kernel.Time) {
	n.arrivals++
	if n.cpu.Backlog(now) >= n.bufferWork {
		n.bufferDrops++
		n.cpu.Do(now, n.discard)
		c := refClass.Get(ref)
		n.held[c]--
		n.env.Out.End(c, metrics.Dropped)
		return
	}
	n.env.At(n.cpu.Do(now, n.cost), kindDone, ref, int64(sent))
}

// done is the SCP answering a query: the answer carries the control in
// force now.
func (n *node) done(now kernel.Time, ref int32, sent kernel.Time) {
	a := int64(0)
	if n.sending {
		a = n.answer
	}
	back := now + n.delay
	if back-sent > n.timer {
		a |= ansLate
	}
	n.env.At(back, kindResponse, ref, a)
}

// response is an answer reaching its SSP.
func (n *node) response(now kernel.Time, ref int32, a int64) {
	i, c := refSource.Get(ref), refClass.Get(ref)
	s := &n.src[i]
	n.held[c]--
	if a&ansLate != 0 {
		n.env.Out.End(c, metrics.Late)
	} else {
		n.env.Out.End(c, metrics.InTime)
		s.completed++
	}
	if a&ansCtl == 0 {
		return
	}
	n.received++
	gap, dur := unpackControl(a)
	if gap == 0 {
		s.gap.Cancel()
		return
	}
	s.gap.Set(now, gap, dur)
}

// decide sets the control the SCP sends until the next interval, from the
// load x (/s) that reached it over the interval that ended.
func (n *node) decide(x float64) {
	n.sending, n.level, n.sentGap = false, 0, 0
	switch n.control {
	case ctlStandard:
		n.level = n.table.Level(100 * x / n.capacity)
		if n.level > 0 {
			gap, dur := n.table.Control(n.level)
			n.sending, n.sentGap, n.answer = true, gap, packControl(gap, dur)
		}
	case ctlAdaptive:
		n.adaptive.Update(x)
		gap := n.adaptive.Gap()
		n.sending, n.sentGap, n.answer = true, gap, packControl(gap, n.adaptiveDur)
	}
	on := n.sending && n.sentGap > 0
	if on != n.wasOn {
		n.switches++
	}
	n.wasOn = on
}

// byDemand orders SSP indices by demand, ties in index order (sort.Stable,
// not slices: DESIGN.md, "Other shapes").
type byDemand struct {
	order  []int32
	demand []float64
}

func (b byDemand) Len() int           { return len(b.order) }
func (b byDemand) Less(i, j int) bool { return b.demand[b.order[i]] < b.demand[b.order[j]] }
func (b byDemand) Swap(i, j int)      { b.order[i], b.order[j] = b.order[j], b.order[i] }
