// Package pacing is the IMSI Manager's pacing queue, the "network overload
// protection" of an SGSN or MME: new-connection requests wait in a FIFO queue
// that releases at most N per second. A request that waited longer than the
// wait time W is stale and dropped; a request that finds the queue full (Q
// waiting) gets the overflow action, drop or reject — except that while the
// IMSI Manager's CPU is high (the CPU guard) overflow is always dropped.
//
// The queue keeps no clock of its own: every call takes the virtual time.
package pacing

import (
	"fmt"

	"overloadlab/core/engine/kernel"
)

// Action is what happens to a request that finds the queue full.
type Action uint8

const (
	// Drop discards the request silently; it costs almost nothing.
	Drop Action = iota
	// Reject forwards the request by a messenger call to a Session Manager
	// that answers with a reject (EMM cause congestion, GTP "No resources
	// available"): the messenger read and write cost IMSI Manager CPU.
	Reject
)

// Actions names the actions as in the CLI: "drop", "reject".
var Actions = []string{"drop", "reject"}

func (a Action) String() string { return Actions[a] }

// Config is a pacing queue's configuration.
type Config struct {
	Rate   float64     // N: new connections released per second, 50–5000
	Size   int         // Q: requests that may wait, 250–25000
	Wait   kernel.Time // W: a request that waited longer is stale, 1–15 s
	Action Action      // overflow action
}

// Verdict is the fate of a request offered to the queue.
type Verdict uint8

const (
	Queued             Verdict = iota // waits for release
	OverflowRejected                  // queue full, action reject: forward to a SessMgr for a reject
	OverflowDropped                   // queue full, action drop
	OverflowDroppedCPU                // queue full while CPU is high: dropped whatever the action
)

func (v Verdict) String() string {
	return [...]string{"queued", "overflow-rejected", "overflow-dropped", "overflow-dropped-high-cpu"}[v]
}

type entry struct {
	tag int32
	at  kernel.Time
}

// Stats counts what a queue did.
type Stats struct {
	Queued             int64 // requests that entered the queue
	Released           int64 // requests released to the Session Managers
	Stale              int64 // dropped at the head after waiting longer than W
	OverflowRejected   int64 // overflow rejected (through the messenger)
	OverflowDropped    int64 // overflow dropped by the configured action
	OverflowDroppedCPU int64 // overflow dropped due to pacing queue with high CPU
	WaitSum            kernel.Time
}

// Queue is one pacing queue.
type Queue struct {
	cfg     Config
	spacing kernel.Time // 1/N
	ring    []entry
	head, n int
	next    kernel.Time // earliest time of the next release
	Stats   Stats
}

// New returns an empty queue.
func New(cfg Config) *Queue {
	q := &Queue{}
	q.Configure(cfg)
	return q
}

// Configure changes the configuration; requests already waiting stay, even
// beyond a smaller size.
func (q *Queue) Configure(cfg Config) {
	if cfg.Rate <= 0 || cfg.Size <= 0 {
		panic(fmt.Sprintf("pacing: bad config %+v", cfg))
	}
	q.cfg = cfg
	q.spacing = kernel.Seconds(1 / cfg.Rate)
	if capacity := max(cfg.Size, q.n); capacity != len(q.ring) {
		ring := make([]entry, capacity)
		for i := 0; i < q.n; i++ {
			ring[i] = q.ring[(q.head+i)%len(q.ring)]
		}
		q.ring, q.head = ring, 0
	}
}

// Config returns the configuration.
func (q *Queue) Config() Config { return q.cfg }

// Len returns the number of waiting requests.
func (q *Queue) Len() int { return q.n }

// Offer decides the fate of a request tagged tag arriving at now. highCPU is
// the CPU guard's state.
func (q *Queue) Offer(now kernel.Time, tag int32, highCPU bool) Verdict {
	if q.n >= q.cfg.Size {
		switch {
		case highCPU:
			q.Stats.OverflowDroppedCPU++
			return OverflowDroppedCPU
		case q.cfg.Action == Reject:
			q.Stats.OverflowRejected++
			return OverflowRejected
		default:
			q.Stats.OverflowDropped++
			return OverflowDropped
		}
	}
	i := q.head + q.n
	if i >= len(q.ring) {
		i -= len(q.ring)
	}
	q.ring[i] = entry{tag, now}
	q.n++
	q.Stats.Queued++
	return Queued
}

// ReadyAt returns when the head may be released: not before now, and at
// least 1/N after the previous release.
func (q *Queue) ReadyAt(now kernel.Time) kernel.Time { return max(now, q.next) }

// Release is called at a release time (now ≥ ReadyAt). It pops the head: if
// it waited longer than W it is stale (released false) and the release slot
// is not used; otherwise it is released and the next release is 1/N later.
// ok is false when the queue is empty.
func (q *Queue) Release(now kernel.Time) (tag int32, waited kernel.Time, released, ok bool) {
	if q.n == 0 {
		return 0, 0, false, false
	}
	e := q.ring[q.head]
	q.head++
	if q.head == len(q.ring) {
		q.head = 0
	}
	q.n--
	waited = now - e.at
	if waited > q.cfg.Wait {
		q.Stats.Stale++
		return e.tag, waited, false, true
	}
	q.Stats.Released++
	q.Stats.WaitSum += waited
	q.next = max(q.next, now) + q.spacing
	return e.tag, waited, true, true
}

// Flush empties the queue (a crash), calling lost for every waiting request.
func (q *Queue) Flush(lost func(tag int32)) {
	for q.n > 0 {
		lost(q.ring[q.head].tag)
		q.head = (q.head + 1) % len(q.ring)
		q.n--
	}
}

// Retag replaces the tag of every waiting request t by f(t), head first.
func (q *Queue) Retag(f func(tag int32) int32) {
	for i := range q.n {
		e := &q.ring[(q.head+i)%len(q.ring)]
		e.tag = f(e.tag)
	}
}
