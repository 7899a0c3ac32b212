// Package access models a mobile access storm: up to two million devices
// that re-attach after a core outage (or an M2M fleet that wakes on a
// period), the 3GPP controls that act on them at three places — access
// class barring and EAB in the cell (TS 36.331), the MME's NAS reject with
// cause #22 and back-off T3346 (TS 24.301, TS 23.401 §4.3.7.4.2), S1AP
// OVERLOAD START to the eNodeBs (TS 36.413, TS 23.401 §4.3.7.4.1) — the
// devices' own NAS timers (T3410, T3411, T3402), and an MME pool whose
// every MME has the IMSI Manager's pacing queue and 70 % CPU guard.
//
// The devices are not objects: they are counts in groups keyed by class
// (with the access class where barring needs it), home MME, attach attempt
// counter and what they wait for, filed in a timer wheel of 100 ms slots
// by the instant their timer ends. A choice every device of a group makes
// independently (barred or not, its T3346, its spread) is one binomial or
// multinomial draw on the group. Every device is in exactly one place
// (census), and every attempt ends in exactly one counted outcome, decided
// when it is made: completed (attach accepted in time), late (answered
// after T3410), rejected (#22, pacing overflow, RRC reject), dropped (no
// answer: the device's T3410 expires), throttled (barred at the radio, at
// no cost to the core). The only attempts in flight are those in the MMEs'
// pacing queues.
package access

import (
	"math"
	"strconv"

	"overloadlab/core/control/backoff"
	"overloadlab/core/control/barring"
	"overloadlab/core/control/cpuguard"
	"overloadlab/core/control/pacing"
	"overloadlab/core/control/s1overload"
	"overloadlab/core/engine/cpu"
	"overloadlab/core/engine/kernel"
	"overloadlab/core/engine/metrics"
	"overloadlab/core/engine/param"
	"overloadlab/core/engine/sim"
)

// step is the resolution of the device timers: every timer ends on a
// 100 ms boundary (rounded up).
const step = 100 * kernel.Millisecond

// horizon is how far ahead the wheel reaches: past the longest timer
// (T3346 of 180 min) plus the longest answer delay.
const horizon = 11000 * kernel.Second

// Device classes, the first four outcome classes (their attach attempts).
const (
	clOrdinary = iota
	clM2M
	clHigh
	clEmergency
	numDevClasses
)

// The background classes, after the attach classes.
const (
	cTAU = numDevClasses + iota
	cService
	cPaging
	numClasses
)

var classNames = []string{"attach", "attach-m2m", "attach-high", "attach-emergency", "tau", "service", "paging"}

// Groups: a device class with, where barring tells them apart, the access
// class: ordinary (AC 0–9, alike for ACB), M2M by AC 0–9 (EAB bars by
// class), high priority by AC 11–15, emergency.
const (
	gOrdinary  = 0
	gM2M       = 1  // … 10: AC 0–9
	gHigh      = 11 // … 15: AC 11–15
	gEmergency = 16
	numGroups  = 17
)

var groupClass = func() (c [numGroups]int) {
	for g := range c {
		switch {
		case g == gOrdinary:
			c[g] = clOrdinary
		case g < gHigh:
			c[g] = clM2M
		case g < gEmergency:
			c[g] = clHigh
		default:
			c[g] = clEmergency
		}
	}
	return c
}()

// What a group of devices waits for in the wheel.
const (
	kStart   = iota // the trigger's re-attach instant
	kT3411          // retry after a failed attempt
	kT3402          // after the last attempt: the counter is reset on expiry
	kT3346          // back-off after #22 (or RRC extendedWaitTime), detached
	kT302           // RRC connection reject's waitTime
	kBarred         // ACB: T303 = (0.7 + 0.6·rand) × ac-BarringTime
	kEAB            // EAB: the next change of the bitmap
	kFail           // the attempt failed now (T3410 expired, abnormal reject): counter + 1
	kAccept         // ATTACH ACCEPT reaches the device
	kSession        // a woken fleet device, attached until it sleeps
	kBackoff        // attached, in T3346 after a #22 to a TAU or service request
	numKinds
)

var kindNames = [numKinds]string{"start", "T3411", "T3402", "T3346", "T302", "barred", "EAB", "T3410", "accept", "session", "backoff"}

// A wheel entry: n devices of one key.
type entry struct {
	key uint32
	n   int32
}

// A key: group, home MME, attempt counter, kind and cell group.
func mkKey(g, m, k, kind int) uint32 { return uint32(g | m<<5 | k<<8 | kind<<11) }
func keyG(x uint32) int              { return int(x & 31) }
func keyM(x uint32) int              { return int(x >> 5 & 7) }
func keyK(x uint32) int              { return int(x >> 8 & 7) }
func keyKind(x uint32) int           { return int(x >> 11 & 15) }
func keyZ(x uint32) int              { return int(x >> 16) }

// key is mkKey for the devices at hand, of cell group n.z.
func (n *node) key(g, m, k, kind int) uint32 { return mkKey(g, m, k, kind) | uint32(n.z)<<16 }

// rezone returns key x with cell group z.
func rezone(x uint32, z int) uint32 { return x&0xffff | uint32(z)<<16 }

// mme is one MME of the pool.
type mme struct {
	up       bool
	cpu      *cpu.Processor
	meter    cpu.Meter
	guard    cpuguard.Guard
	queue    *pacing.Queue
	queued   [numGroups]int64 // devices in the pacing queue, by group
	nas      *backoff.Control
	s1       *s1overload.Reporter
	told     []bool // the eNodeBs this MME has sent OVERLOAD START
	nTold    int
	rhoShown float64
}

// route is what an attempt of one cause whose home is one MME meets at a
// random eNodeB: the share that goes to its home, is rejected (RRC
// reject), goes to another MME (weights), or finds no MME up.
type route struct {
	stay, reject, none float64
	to                 [maxMMEs]float64 // redirected, by MME (sums to the redirected share)
}

type costs struct{ ingress, attach, reject, messenger, queue, drop, tau, service, paging float64 }

type node struct {
	env   *sim.Env
	v     param.Values
	rs    *kernel.Stream // every draw of the devices, the cells and the MMEs
	sel   *kernel.Stream // the eNodeBs told at each OVERLOAD START
	mmes  []*mme
	cells barring.Cell

	wheel [][]entry
	tick  int64     // the slot being handled
	spare [][]entry // emptied slots' arrays, for put to fill again (recycle)

	// Pools: devices not in the wheel.
	attached [numDevClasses][maxMMEs][]int64 // attached, by class, MME and cell group
	outage   [numDevClasses][]int64          // out of service until the core is back (outage), by class and cell group
	asleep   [maxMMEs][]int64                // fleet M2M devices asleep, by home MME and cell group
	eabHold  []entry                         // EAB-barred by a bitmap that never changes
	waiting  [numKinds]int64                 // devices in the wheel, by what they wait for
	backoffA [numDevClasses][maxMMEs][]int64 // attached devices in back-off (also in waiting[kBackoff])

	// The cell groups: a device keeps its eNodeB, and the devices are
	// grouped by their eNodeB's cell group z: the eNodeBs that every
	// OVERLOAD START so far told alike (one group at first; a START
	// that tells some eNodeBs of a group and not the others splits it;
	// groups never merge, retell). zMask gives each group's told set
	// (the MMEs that tell its eNodeBs now, a bit per MME), zCells its
	// eNodeBs, cellZ each eNodeB's group; z is the group of the devices
	// at hand.
	nz     int
	cellZ  []uint16
	zMask  []uint8
	zCells []int
	z      int

	routes [6][maxMMEs][]route                  // by RRC establishment cause, home MME and told set
	bgExp  [numDevClasses][maxMMEs][][3]expMemo // the background's draws' exp(−mean), by class, MME, cell group and message

	// Configuration read from v.
	devices          int64
	t3410, t3411     kernel.Time
	t3402            kernel.Time
	maxAttempts      int
	resetOn22        bool
	waitTime, extWt  kernel.Time
	cost             costs
	maxWait          kernel.Time
	paced, emPaced   bool
	guardOn          bool
	readEvery        kernel.Time
	nextRead         kernel.Time
	rate             [3]float64 // TAU, service, paging per device per second
	trigger          string
	t1, t2           kernel.Time
	fleetPeriod      kernel.Time
	session          kernel.Time
	failAt, failFor  kernel.Time
	nextWake         kernel.Time
	lastStart        kernel.Time // the latest re-attach trigger (t2, a wake), -1 before
	fleetDue, fleetN int64       // devices woken at the latest wake, and attached since

	stats, prev stats

	// echoes are the T3346 echoes to come (marks.go), the last one open
	// while its congestion lasts; congested22 says one lasts.
	echoes      []echo
	congested22 bool
}

// stats are the model's own counts (attach attempts only unless named).
type stats struct {
	sent, barred, rrcRejected, accepted, rej22, rejPacing, late, dropped int64
	bgRej22                                                              int64
	starts, stops                                                        int64
	t95                                                                  float64
	cpuSum                                                               float64
	cpuN                                                                 int64
	emergencyOK, emergencyEnded                                          int64
}

func newNode(env *sim.Env, v param.Values) (sim.Node, error) {
	n := &node{env: env, v: v, rs: env.Stream("access.devices"), sel: env.Stream("access.s1-select"), lastStart: -1}
	n.wheel = make([][]entry, horizon/step)
	n.devices = int64(pDevices.Of(v))
	nm := pMmes.Of(v)
	cells := pEnodebs.Of(v)
	for range nm {
		m := &mme{up: true, cpu: cpu.New(1, 0), told: make([]bool, cells)}
		m.queue = pacing.New(pacing.Config{Rate: 1, Size: 1, Wait: kernel.Second})
		m.nas = backoff.New(backoff.Config{})
		m.s1 = s1overload.NewReporter(s1overload.ReporterConfig{})
		n.mmes = append(n.mmes, m)
	}
	n.nz = 1
	n.cellZ, n.zMask, n.zCells = make([]uint16, cells), make([]uint8, cells), make([]int, cells)
	n.zCells[0] = cells
	for c := range n.routes {
		for m := range n.routes[c] {
			n.routes[c][m] = make([]route, 1<<nm)
		}
	}
	// The pools by cell group, every MME's (the loops over the pools run
	// over maxMMEs), in one array.
	pools := make([]int64, (2*numDevClasses*maxMMEs+numDevClasses+maxMMEs)*cells)
	next := func() []int64 {
		p := pools[:cells:cells]
		pools = pools[cells:]
		return p
	}
	for c := range numDevClasses {
		for m := range maxMMEs {
			n.attached[c][m], n.backoffA[c][m] = next(), next()
		}
		for m := range nm {
			n.bgExp[c][m] = make([][3]expMemo, cells)
		}
		n.outage[c] = next()
	}
	for m := range maxMMEs {
		n.asleep[m] = next()
	}
	n.configure(0)
	n.trigger = pTrigger.Of(v)
	n.t1, n.t2 = kernel.Seconds(pTriggerT1.Of(v)), kernel.Seconds(pTriggerT2.Of(v))
	n.failAt, n.failFor = kernel.Seconds(pMmeFailAt.Of(v)), kernel.Seconds(pMmeFailFor.Of(v))
	n.nextWake = -1
	if n.trigger == "fleet" {
		n.nextWake = n.t1
	}
	// The population: by class from the shares, evenly over the MMEs.
	share := [numDevClasses]float64{0, pShareM2m.Of(v), pShareHigh.Of(v), pShareEmergency.Of(v)}
	var count [numDevClasses]int64
	rest := n.devices
	for c := clM2M; c < numDevClasses; c++ {
		count[c] = int64(math.Round(share[c] / 100 * float64(n.devices)))
		rest -= count[c]
	}
	count[clOrdinary] = rest
	for c, k := range count {
		for m := range nm {
			part := k / int64(nm)
			if int64(m) < k%int64(nm) {
				part++
			}
			if c == clM2M && n.trigger == "fleet" {
				n.asleep[m][0] += part
			} else {
				n.attached[c][m][0] += part
			}
		}
	}
	n.recomputeRoutes()
	env.At(step, kindTick, 0, 0)
	return n, nil
}

const kindTick = sim.FirstKind

// configure reads the parameters that may change during the run.
func (n *node) configure(now kernel.Time) {
	v := n.v
	sec := func(k param.NumKey) kernel.Time { return kernel.Seconds(k.Of(v)) }
	n.t3410, n.t3411, n.t3402 = sec(pT3410), sec(pT3411), kernel.Seconds(60*pT3402.Of(v))
	n.maxAttempts = pAttachAttemptCounterMax.Of(v)
	n.resetOn22 = pT3346CountResets.Of(v)
	n.waitTime, n.extWt = kernel.Seconds(float64(pRrcWaitTime.Of(v))), kernel.Seconds(float64(pRrcExtendedWaitTime.Of(v)))
	us := func(k param.NumKey) float64 { return k.Of(v) / 1e6 }
	n.cost = costs{us(pCostIngress), us(pCostAttach), us(pCostReject), us(pCostMessenger), us(pCostQueue), us(pCostDrop), us(pCostTau), us(pCostService), us(pCostPaging)}
	n.maxWait = sec(pMmeMaxWait)
	n.paced = pMmeNetworkOverloadProtection.Of(v)
	n.emPaced = pMmeEmergencyPaced.Of(v)
	n.guardOn = pLabCpuGuard.Of(v)
	n.readEvery = sec(pCpuGuardSamplingPeriod)
	if n.nextRead <= now {
		n.nextRead = now + n.readEvery
	}
	const hour = 3600
	n.rate = [3]float64{pRateTau.Of(v) / hour, pRateService.Of(v) / hour, pRatePaging.Of(v) / hour}
	n.fleetPeriod, n.session = sec(pFleetPeriod), sec(pFleetSession)
	old := n.cells.EAB
	n.cells = barring.CellFrom(v, 0)
	rate := float64(pMmeNewConnectionsPerSecond.Of(v))
	size := float64(pMmeQueueSize.Of(v))
	if size == 0 {
		size = rate * float64(pMmeWaitTime.Of(v))
	}
	action := pacing.Drop
	if pMmeAction.Of(v) == "reject" {
		action = pacing.Reject
	}
	nas := backoff.ConfigFrom(v)
	s1 := s1overload.ReporterFrom(v)
	for _, m := range n.mmes {
		m.queue.Configure(pacing.Config{Rate: rate, Size: max(1, int(size)), Wait: kernel.Seconds(float64(pMmeWaitTime.Of(v))), Action: action})
		m.nas.Configure(now, nas)
		m.s1.Configure(s1)
		m.cpu.Configure(v)
		if !n.guardOn {
			m.guard.Reset(now)
		}
	}
	if old != n.cells.EAB {
		n.releaseEABHold(now)
	}
	n.recomputeRoutes()
}

// Apply changes a parameter during the run.
func (n *node) Apply(now kernel.Time, sp *param.Spec, v param.Values) error {
	n.v = v
	n.configure(now)
	return nil
}

// Handle runs one tick: the pacing queues release, the trigger acts, the
// wheel's slot is handled, the attached devices send their background
// traffic, and the controls read the CPU.
func (n *node) Handle(e kernel.Event) {
	now := e.At
	prev := now - step
	n.tick = int64(now / step)
	for i, m := range n.mmes {
		if m.up {
			n.release(i, m, prev, now)
		}
	}
	n.triggers(prev, now)
	if len(n.echoes) > 0 && now >= n.echoes[0].at {
		n.markEcho(now)
	}
	slot := n.tick % int64(len(n.wheel))
	list := n.wheel[slot]
	// Entries added to this slot while it is handled (none: put files at
	// the next slot at the earliest) would be lost; the loop reads the
	// slice as it is.
	for i := 0; i < len(list); i++ {
		n.expire(now, list[i])
	}
	n.recycle(slot)
	n.background(now)
	// The reading at now follows the slot's attempts, which were made
	// before it (in the 100 ms up to now).
	if now >= n.nextRead {
		n.readCPU(now)
		n.nextRead = now + n.readEvery
	}
	if next := now + step; next < n.env.Duration {
		n.env.At(next, kindTick, 0, 0)
	}
}

// put files n devices of key at time t (rounded up to a slot, at the
// earliest the next one).
func (n *node) put(t kernel.Time, key uint32, cnt int64) {
	if cnt <= 0 {
		return
	}
	j := int64((t + step - 1) / step)
	j = max(j, n.tick+1)
	if j-n.tick >= int64(len(n.wheel)) {
		j = n.tick + int64(len(n.wheel)) - 1
	}
	s := j % int64(len(n.wheel))
	n.waiting[keyKind(key)] += cnt
	list := n.wheel[s]
	if list == nil && len(n.spare) > 0 {
		list = n.spare[len(n.spare)-1]
		n.spare = n.spare[:len(n.spare)-1]
	}
	// The entries of one slot are handled together: those of the same key
	// among its last few merge (a run of single answers, of stale drops).
	for i := len(list) - 1; i >= 0 && i >= len(list)-4; i-- {
		if list[i].key == key && int64(list[i].n)+cnt <= math.MaxInt32 {
			list[i].n += int32(cnt)
			return
		}
	}
	n.wheel[s] = append(list, entry{key, int32(cnt)})
}

// recycle empties slot s and keeps its array for put: an hour's run
// passes each of the wheel's slots once, so without it every slot used
// would grow an array of its own (28 MB allocated per run of
// outage-no-control instead of a few hundred KB, and the collector's
// work with them; DESIGN.md, "The access storm by cohorts").
func (n *node) recycle(s int64) {
	if list := n.wheel[s]; list != nil {
		n.spare = append(n.spare, list[:0])
		n.wheel[s] = nil
	}
}

// spread files cnt devices of key at times lo + (hi − lo)·X, X drawn from
// the distribution function cdf on [0, 1] for each device: one draw each
// when they are few, else one binomial per slot (sequential multinomial).
func (n *node) spread(lo, hi kernel.Time, cnt int64, key uint32, cdf func(float64) float64) {
	if cnt <= 0 {
		return
	}
	if hi <= lo {
		n.put(lo, key, cnt)
		return
	}
	first, last := int64((lo+step-1)/step), int64((hi+step-1)/step)
	slots := last - first + 1
	if cdf == nil && cnt < slots/4 {
		for range cnt {
			n.put(lo+kernel.Time(n.rs.Float64()*float64(hi-lo)), key, 1)
		}
		return
	}
	if cdf == nil {
		cdf = uniformCDF
	}
	left, done := cnt, 0.0
	span := float64(hi - lo)
	for j := first; j <= last && left > 0; j++ {
		// Slot j takes the times in ((j−1)·step, j·step].
		upto := 1.0
		if j < last {
			upto = cdf(float64(kernel.Time(j)*step-lo) / span)
		}
		p := (upto - done) / (1 - done)
		if j == last || p >= 1 {
			n.put(kernel.Time(j)*step, key, left)
			break
		}
		k := binomial(n.rs, left, p)
		n.put(kernel.Time(j)*step, key, k)
		left -= k
		done = upto
	}
}

func uniformCDF(x float64) float64 { return min(max(x, 0), 1) }

// spreadShape starts cnt devices of key over S from now by the re-attach
// spread.
func (n *node) spreadShape(now kernel.Time, cnt int64, key uint32) {
	s := kernel.Seconds(pSpreadS.Of(n.v))
	switch pSpread.Of(n.v) {
	case "uniform":
		n.spread(now, now+s, cnt, key, nil)
	case "beta-3-4":
		n.spread(now, now+s, cnt, key, betaCDF34)
	default:
		n.put(now, key, cnt)
	}
}

// expire handles the devices of one entry whose timer ended now.
func (n *node) expire(now kernel.Time, e entry) {
	g, m, k, kind := keyG(e.key), keyM(e.key), keyK(e.key), keyKind(e.key)
	cnt := int64(e.n)
	n.z = keyZ(e.key)
	n.waiting[kind] -= cnt
	switch kind {
	case kT3402:
		n.attempt(now, g, m, 0, cnt)
	case kStart, kT3411, kT3346, kT302, kBarred, kEAB:
		n.attempt(now, g, m, k, cnt)
	case kFail:
		n.failed(now, g, m, k, cnt)
	case kAccept:
		c := groupClass[g]
		if !n.mmes[m].up { // its MME failed since it accepted
			n.put(now, n.key(g, m, 0, kStart), cnt)
		} else if c == clM2M && n.trigger == "fleet" {
			n.put(now+n.session, n.key(g, m, 0, kSession), cnt)
			n.fleetN += cnt
		} else {
			n.attached[c][m][n.z] += cnt
		}
	case kSession:
		n.asleep[m][n.z] += cnt
	case kBackoff:
		c := groupClass[g]
		n.backoffA[c][m][n.z] -= cnt
		if !n.mmes[m].up {
			n.startAttach(now, c, m, cnt)
		} else {
			n.attached[c][m][n.z] += cnt
		}
	}
}

// failed raises the attach attempt counter of devices whose attempt
// failed now: under its maximum they retry after T3411, at it they wait
// T3402 (TS 24.301 §5.5.1.2.6).
func (n *node) failed(now kernel.Time, g, m, k int, cnt int64) {
	if k+1 < n.maxAttempts {
		n.put(now+n.t3411, n.key(g, m, k+1, kT3411), cnt)
	} else {
		n.put(now+n.t3402, n.key(g, m, 0, kT3402), cnt)
	}
}

// The RRC establishment cause of an attach of each device class.
var attachCause = [numDevClasses]s1overload.Cause{s1overload.MOSignalling, s1overload.DelayTolerantAccess, s1overload.HighPriorityAccess, s1overload.Emergency}

// nasAccess is what a device class is for the NAS congestion exemptions.
var nasAccess = [numDevClasses]backoff.Access{backoff.Normal, backoff.Normal, backoff.HighPriority, backoff.Emergency}

// count adds cnt attempts of class c ended with o.
func (n *node) count(c int, o metrics.Outcome, cnt int64) {
	n.env.Out.Class(c).Ended[o] += cnt
}

// attempt: cnt devices of group g (home m, counter k) start an attach now.
// The cell checks them (EAB, ACB), the eNodeB applies the MMEs' overload
// and picks the MME, and the MME answers.
func (n *node) attempt(now kernel.Time, g, m, k int, cnt int64) {
	c := groupClass[g]
	n.env.Out.Class(c).Offered += cnt
	if c == clM2M && n.cells.EAB.Barred(now, g-gM2M) {
		n.count(c, metrics.Throttled, cnt)
		n.stats.barred += cnt
		if next := n.cells.EAB.NextChange(now); next >= 0 {
			n.put(next, n.key(g, m, k, kEAB), cnt)
		} else {
			n.eabHold = append(n.eabHold, entry{n.key(g, m, k, kEAB), int32(cnt)})
		}
		return
	}
	pass := 1.0
	acb := &n.cells.Signalling
	switch c {
	case clEmergency:
		if n.cells.EmergencyBarred() {
			pass = 0
		}
	case clHigh:
		pass = acb.Pass(11 + g - gHigh)
	default:
		pass = acb.Pass(0)
	}
	if barred := cnt - binomial(n.rs, cnt, pass); barred > 0 {
		n.count(c, metrics.Throttled, barred)
		n.stats.barred += barred
		cnt -= barred
		t := acb.Time
		if !acb.On {
			t = kernel.Seconds(barring.Times[0])
		}
		n.spread(now+t*7/10, now+t*13/10, barred, n.key(g, m, k, kBarred), nil)
	}
	if cnt == 0 {
		return
	}
	n.stats.sent += cnt
	r := &n.routes[attachCause[c]][m][n.zMask[n.z]]
	if r.stay < 1 {
		var rej, none int64
		rej = binomial(n.rs, cnt, r.reject)
		left := cnt - rej
		if r.none > 0 && r.reject < 1 {
			none = binomial(n.rs, left, r.none/(1-r.reject))
			left -= none
		}
		if rej > 0 {
			n.count(c, metrics.Rejected, rej)
			n.stats.rrcRejected += rej
			if c == clM2M && n.extWt > 0 {
				n.put(now+n.extWt, n.key(g, m, k, kT3346), rej)
			} else {
				n.put(now+n.waitTime, n.key(g, m, k, kT302), rej)
			}
		}
		if none > 0 {
			n.count(c, metrics.Dropped, none)
			n.stats.dropped += none
			n.put(now+n.t3410, n.key(g, m, k, kFail), none)
		}
		mass := 1 - r.reject - r.none
		for to := range n.mmes {
			p := r.to[to]
			if to == m {
				p = r.stay
			}
			if left <= 0 || p <= 0 || mass <= 0 {
				continue
			}
			x := left
			if p < mass {
				x = binomial(n.rs, left, p/mass)
			}
			mass -= p
			left -= x
			n.arrive(now, to, g, k, x)
		}
		return
	}
	n.arrive(now, m, g, k, cnt)
}

// batch gives MME m's CPU cnt jobs of cost c each at now and returns when
// the first starts and how long each takes.
func (n *node) batch(m *mme, now kernel.Time, cnt int64, c float64) (start, each kernel.Time) {
	start = now + m.cpu.Backlog(now)
	end := m.cpu.Do(now, float64(cnt)*c)
	return start, (end - start) / kernel.Time(cnt)
}

// inTime returns how many of cnt jobs that start at start and take each
// end by deadline.
func inTime(start, each, deadline kernel.Time, cnt int64) int64 {
	if start > deadline {
		return 0
	}
	if each <= 0 {
		return cnt
	}
	return min(cnt, int64((deadline-start)/each))
}

// answers files the first k of jobs that start at start and take each:
// the i-th (from 1) reaches its device at start + i·each, plus delay, as
// key. It walks the slots, not the devices.
func (n *node) answers(start, each kernel.Time, k int64, key uint32, delay kernel.Time) {
	var done int64
	for done < k {
		t := start + kernel.Time(done+1)*each
		j := (t + step - 1) / step // the slot of the next answer
		var upto int64 = k
		if each > 0 {
			upto = min(k, int64((j*step-start)/each))
		}
		upto = max(upto, done+1)
		n.put(t+delay, key, upto-done)
		done = upto
	}
}

// arrive: cnt attach requests of group g (counter k) reach MME i now.
func (n *node) arrive(now kernel.Time, i, g, k int, cnt int64) {
	if cnt <= 0 {
		return
	}
	m := n.mmes[i]
	c := groupClass[g]
	deadline := now + n.t3410
	if !m.up {
		n.refuse(m, now, g, i, k, cnt, deadline)
		return
	}
	cong, _ := m.nas.Congested()
	if cong && nasAccess[c] == backoff.Normal {
		ok := n.fit(m, now, cnt, n.cost.ingress+n.cost.reject)
		n.refuse(m, now, g, i, k, cnt-ok, deadline)
		if cnt = ok; cnt == 0 {
			return
		}
		m.nas.Decide(nasAccess[c], 0)
		m.nas.Stats.Rejects += cnt - 1
		start, each := n.batch(m, now, cnt, n.cost.ingress+n.cost.reject)
		ok = inTime(start, each, deadline, cnt)
		n.lateFail(c, g, i, k, cnt-ok, deadline)
		n.count(c, metrics.Rejected, ok)
		n.stats.rej22 += ok
		k2 := 0
		if !n.resetOn22 {
			k2 = min(k+1, n.maxAttempts-1)
		}
		n.backoffAnswers(start, each, ok, n.key(g, i, k2, kT3346))
		n.rejected22(start+each, m.nas.Config(), ok)
		return
	}
	if !n.paced || c == clEmergency && !n.emPaced {
		ok := n.fit(m, now, cnt, n.cost.ingress+n.cost.attach)
		n.refuse(m, now, g, i, k, cnt-ok, deadline)
		if ok > 0 {
			n.exempt(m, c, ok)
			n.accept(m, now, i, g, k, ok, n.cost.ingress+n.cost.attach, now)
		}
		return
	}
	// The pacing queue: those that fit wait; the rest overflow, all with
	// the same verdict (the queue stays full, the guard's reading stays).
	q := m.queue
	tag := int32(g | k<<5 | n.z<<8)
	queued := n.fit(m, now, min(cnt, int64(q.Config().Size-q.Len())), n.cost.ingress+n.cost.queue)
	for range queued {
		q.Offer(now, tag, false)
	}
	m.queued[g] += queued
	over := cnt - queued
	m.cpu.Do(now, float64(queued)*(n.cost.ingress+n.cost.queue))
	n.exempt(m, c, queued)
	if q.Len() < q.Config().Size { // the rest found the CPU's backlog past the ingress limit
		n.refuse(m, now, g, i, k, over, deadline)
		return
	}
	highCPU := n.guardOn && m.guard.High()
	cost := n.cost.ingress + n.cost.drop
	if !highCPU && q.Config().Action == pacing.Reject {
		cost = n.cost.ingress + n.cost.messenger
	}
	ok := n.fit(m, now, over, cost)
	n.refuse(m, now, g, i, k, over-ok, deadline)
	if over = ok; over == 0 {
		return
	}
	n.exempt(m, c, over)
	verdict := q.Offer(now, tag, highCPU)
	switch verdict {
	case pacing.OverflowRejected:
		q.Stats.OverflowRejected += over - 1
		start, each := n.batch(m, now, over, cost)
		ok := inTime(start, each, deadline, over)
		n.lateFail(c, g, i, k, over-ok, deadline)
		n.count(c, metrics.Rejected, ok)
		n.stats.rejPacing += ok
		n.answers(start, each, ok, n.key(g, i, k, kFail), 0)
	default:
		if verdict == pacing.OverflowDroppedCPU {
			q.Stats.OverflowDroppedCPU += over - 1
		} else {
			q.Stats.OverflowDropped += over - 1
		}
		m.cpu.Do(now, float64(over)*cost)
		n.count(c, metrics.Dropped, over)
		n.stats.dropped += over
		n.put(deadline, n.key(g, i, k, kFail), over)
	}
}

// fit returns how many of cnt messages that reach MME m together at now,
// each costing cost, pass its ingress limit: the j-th (from 0) finds the
// CPU's backlog with the j before it, as each device's own message would.
func (n *node) fit(m *mme, now kernel.Time, cnt int64, cost float64) int64 {
	b := m.cpu.Backlog(now)
	if cnt <= 0 || b > n.maxWait {
		return 0
	}
	each := m.cpu.Duration(cost)
	if each <= 0 {
		return cnt
	}
	return min(cnt, int64((n.maxWait-b)/each)+1)
}

// refuse drops cnt attach requests at MME i's socket (the MME down, or its
// CPU's backlog past the ingress limit): each device meets its T3410.
func (n *node) refuse(m *mme, now kernel.Time, g, i, k int, cnt int64, deadline kernel.Time) {
	if cnt <= 0 {
		return
	}
	m.cpu.Do(now, float64(cnt)*n.cost.drop)
	n.count(groupClass[g], metrics.Dropped, cnt)
	n.stats.dropped += cnt
	n.put(deadline, n.key(g, i, k, kFail), cnt)
}

// exempt counts cnt emergency or high-priority requests let through by a
// congested MME (backoff.Control.Decide's count, made for the batch).
func (n *node) exempt(m *mme, c int, cnt int64) {
	if cong, _ := m.nas.Congested(); cong && cnt > 0 {
		m.nas.Stats.Exempted += cnt
	}
}

// lateFail counts cnt attempts answered after the device's T3410 expired:
// wasted work; the devices failed at their deadline.
func (n *node) lateFail(c, g, i, k int, cnt int64, deadline kernel.Time) {
	if cnt <= 0 {
		return
	}
	n.count(c, metrics.Late, cnt)
	n.stats.late += cnt
	n.put(deadline, n.key(g, i, k, kFail), cnt)
}

// accept runs cnt accepted attaches of devices that sent them at sent on
// MME i's CPU from now.
func (n *node) accept(m *mme, now kernel.Time, i, g, k int, cnt int64, cost float64, sent kernel.Time) {
	c := groupClass[g]
	start, each := n.batch(m, now, cnt, cost)
	deadline := sent + n.t3410
	ok := inTime(start, each, deadline, cnt)
	n.lateFail(c, g, i, k, cnt-ok, max(deadline, now))
	n.count(c, metrics.InTime, ok)
	n.stats.accepted += ok
	if c == clEmergency {
		n.stats.emergencyOK += ok
	}
	n.answers(start, each, ok, n.key(g, i, 0, kAccept), 0)
}

// backoffAnswers files the devices of ok rejects with #22: each starts
// T3346, drawn by the MME for it, when its reject arrives.
func (n *node) backoffAnswers(start, each kernel.Time, ok int64, key uint32) {
	cfg := n.mmes[keyM(key)].nas.Config()
	var done int64
	for done < ok {
		t := start + kernel.Time(done+1)*each
		j := (t + step - 1) / step
		upto := ok
		if each > 0 {
			upto = max(done+1, min(ok, int64((j*step-start)/each)))
		}
		n.spread(t+cfg.Min, t+cfg.Max, upto-done, key, nil)
		done = upto
	}
}

// release lets MME i's pacing queue release what it may between from and
// now; each released attach goes to the CPU.
func (n *node) release(i int, m *mme, from, now kernel.Time) {
	q := m.queue
	for q.Len() > 0 {
		at := q.ReadyAt(from)
		if at > now {
			return
		}
		tag, waited, released, _ := q.Release(at)
		g, k := int(tag&31), int(tag>>5&7)
		n.z = int(tag >> 8)
		m.queued[g]--
		sent := at - waited
		m.cpu.Do(at, n.cost.queue)
		if !released {
			c := groupClass[g]
			m.cpu.Do(at, n.cost.drop)
			n.count(c, metrics.Dropped, 1)
			n.stats.dropped++
			n.put(max(at, sent+n.t3410), n.key(g, i, k, kFail), 1)
			continue
		}
		n.accept(m, at, i, g, k, 1, n.cost.attach, sent)
		from = at
	}
}

// readCPU: every MME reads its CPU over the last sampling period; its
// guard, its NAS congestion control and its S1AP overload reporting
// follow the reading.
func (n *node) readCPU(now kernel.Time) {
	changed := false
	var started, stopped []int
	for i, m := range n.mmes {
		rho := m.meter.Read(m.cpu, now)
		if !m.up {
			continue
		}
		if n.guardOn {
			m.guard.Observe(now, rho)
		}
		m.nas.Observe(now, rho)
		start, stop := m.s1.Observe(now, rho)
		switch {
		case start:
			m.nTold = s1overload.Choose(n.sel, m.s1.Config().Share, m.told, make([]int32, len(m.told)))
			n.retell(i)
			n.stats.starts++
			changed = true
			started = append(started, i)
		case stop:
			clear(m.told)
			m.nTold = 0
			n.retell(i)
			n.stats.stops++
			changed = true
			stopped = append(stopped, i)
		}
	}
	markMMEs(n.env, now, "OVERLOAD START", started)
	markMMEs(n.env, now, "OVERLOAD STOP", stopped)
	n.congestionRead()
	if changed {
		n.recomputeRoutes()
	}
}

// markMMEs marks what the MMEs ms sent now, in one mark when several sent
// it at one reading: "OVERLOAD START MME 1, 2, 3".
func markMMEs(env *sim.Env, now kernel.Time, what string, ms []int) {
	if len(ms) == 0 {
		return
	}
	label := what + " MME "
	for k, i := range ms {
		if k > 0 {
			label += ", "
		}
		label += strconv.Itoa(i + 1)
	}
	env.Mark(now, 0, label)
}

// recomputeRoutes works out, for every cause, home MME and told set,
// where an attempt goes from an eNodeB so told: to its home MME when
// that is up and not in overload for the cause there; else to another
// such MME of the pool (NAS node selection, evenly among them); else, when
// every MME up is in overload for it, rejected with the overload's
// reduction (the rest go to the home MME, or to one of those up); with no
// MME up, to nothing.
func (n *node) recomputeRoutes() {
	for c := range n.routes {
		cause := s1overload.Cause(c)
		for h := range n.mmes {
			for z := range n.routes[c][h] {
				r := route{}
				var avail [maxMMEs]bool
				nAvail, nUp := 0, 0
				for i, m := range n.mmes {
					if !m.up {
						continue
					}
					nUp++
					o := m.s1.Config().Message
					if z>>i&1 != 0 && o.Applies(cause) {
						continue
					}
					avail[i] = true
					nAvail++
				}
				switch {
				case avail[h]:
					r.stay = 1
				case nAvail > 0:
					for i := range n.mmes {
						if avail[i] {
							r.to[i] = 1 / float64(nAvail)
						}
					}
				case nUp == 0:
					r.none = 1
				default:
					red := 1.0
					if n.mmes[h].up {
						red = n.mmes[h].s1.Config().Message.Reduction
					}
					r.reject = red
					if n.mmes[h].up {
						r.stay = 1 - red
					} else {
						for i, m := range n.mmes {
							if m.up {
								r.to[i] = (1 - red) / float64(nUp)
							}
						}
					}
				}
				n.routes[c][h][z] = r
			}
		}
	}
}

// retell updates the cell groups after MME i's told eNodeBs changed
// (m.told set anew, or cleared). A group whose eNodeBs are all told now,
// or none, sets or clears bit i of its told set; one told in part splits:
// its told eNodeBs become a new group, and of each of its entries (in the
// wheel, the pools and the pacing queues) a binomial of the share of its
// eNodeBs told moves there. That is exact, up to the devices' even spread
// over the eNodeBs (a binomial here, a hypergeometric per device), because
// the eNodeBs of a group have had the same history: every START so far
// told all of them or none, so its devices, whose homes the redirections
// made depend on that history, are exchangeable among them. Groups never
// merge, since two groups' eNodeBs hold devices of different homes after
// the redirections; there are at most as many as eNodeBs, and only one
// while every START tells every eNodeB. DESIGN.md, "The access storm by
// cohorts".
func (n *node) retell(i int) {
	m := n.mmes[i]
	bit := uint8(1) << i
	old := n.nz
	told := make([]int, old)
	for e, t := range m.told {
		if t {
			told[n.cellZ[e]]++
		}
	}
	to := make([]int, old) // the new group of each group split (0: none)
	p := make([]float64, old)
	for z := range old {
		switch told[z] {
		case 0:
			n.zMask[z] &^= bit
		case n.zCells[z]:
			n.zMask[z] |= bit
		default:
			to[z], p[z] = n.nz, float64(told[z])/float64(n.zCells[z])
			n.zMask[n.nz], n.zCells[n.nz] = n.zMask[z]|bit, told[z]
			n.zMask[z] &^= bit
			n.zCells[z] -= told[z]
			n.nz++
		}
	}
	if n.nz == old {
		return
	}
	for e, t := range m.told {
		if z := n.cellZ[e]; t && to[z] > 0 {
			n.cellZ[e] = uint16(to[z])
		}
	}
	for s, list := range n.wheel {
		for j, end := 0, len(list); j < end; j++ {
			e := list[j]
			z := keyZ(e.key)
			if z >= old || p[z] == 0 {
				continue
			}
			x := binomial(n.rs, int64(e.n), p[z])
			switch {
			case x == int64(e.n):
				list[j].key = rezone(e.key, to[z])
			case x > 0:
				list[j].n -= int32(x)
				list = append(list, entry{rezone(e.key, to[z]), int32(x)})
			}
		}
		n.wheel[s] = list
	}
	for j, end := 0, len(n.eabHold); j < end; j++ {
		e := &n.eabHold[j]
		if z := keyZ(e.key); p[z] > 0 {
			if x := binomial(n.rs, int64(e.n), p[z]); x > 0 {
				e.n -= int32(x)
				n.eabHold = append(n.eabHold, entry{rezone(e.key, to[z]), int32(x)})
			}
		}
	}
	pool := func(a []int64) {
		for z := range old {
			if x := binomial(n.rs, a[z], p[z]); x > 0 {
				a[z] -= x
				a[to[z]] += x
			}
		}
	}
	for c := range numDevClasses {
		pool(n.outage[c])
		for h := range n.mmes {
			pool(n.attached[c][h])
			pool(n.backoffA[c][h])
		}
	}
	for h := range n.mmes {
		pool(n.asleep[h])
		n.mmes[h].queue.Retag(func(tag int32) int32 {
			if z := int(tag >> 8); z < old && p[z] > 0 && binomial(n.rs, 1, p[z]) == 1 {
				tag = tag&0xff | int32(to[z])<<8
			}
			return tag
		})
	}
}

// releaseEABHold lets the devices EAB held by a bitmap that never changed
// try again: the cells' EAB configuration changed.
func (n *node) releaseEABHold(now kernel.Time) {
	for _, e := range n.eabHold {
		n.put(now, e.key, int64(e.n))
	}
	n.eabHold = n.eabHold[:0]
}
