package kernel

import (
	"math/bits"
	"slices"
)

// Event is one scheduled happening. Kind says what it is to the model that
// scheduled it; Ref and Arg carry its payload (a message tag, a source
// number, a generation counter), so that events are plain values and the
// queue never allocates per event.
//
// It has four fields, the most a struct may have for the Go compiler to
// keep it in registers: an Event is copied (popped, passed to a model's
// Handle, pushed) field by field, where a fifth field made each copy a
// memory copy (in WebAssembly a memory.copy, which V8 calls out for).
type Event struct {
	At   Time
	Kind uint16
	Ref  int32
	Arg  int64
}

// item is an event in the queue with its push order, which breaks ties of
// time (two fields, kept in registers too).
type item struct {
	Event
	seq uint64
}

// Queue is a priority queue of events ordered by time and, for events at the
// same time, by the order in which they were pushed. That tie-break makes
// simultaneous events deterministic.
//
// It is a calendar queue whose cost per pop and push does not depend on the
// time scale of the events (microseconds or hours) nor much on how many are
// pending:
//
//   - bottom: the events of the current bucket, sorted by (At, push order);
//     the next event is its first;
//   - the ring: buckets of width 2^shift ns covering the next len(heads)
//     widths; an occupancy bitmap of two levels finds the next non-empty
//     bucket with bits.TrailingZeros64 instead of walking empty ones;
//   - finer rungs (as in Tang, Goh and Thng's ladder queue): a bucket that
//     holds more than splitAt events when its turn comes is spread over 64
//     buckets 64 times narrower, and so on, so a dense burst is never sorted
//     or searched as one block;
//   - far: a heap of the events beyond the ring, moved into it as it turns.
//
// When the far heap holds a large share of the events, or crowded buckets
// are the rule, the ring is rebuilt with a width and size fitted to the
// pending events (at most once per Len() pops, so O(1) amortized). Bucket
// widths are powers of two so that finding a bucket is a shift (a 64-bit
// division is slow in WebAssembly). Bucket entries live in one pool linked
// by index, so pushing neither allocates (once the pool has grown) nor
// writes pointers.
type Queue struct {
	bottom []item // bottom[head:] sorted earliest first; all before rungs[n-1].from
	head   int

	rungs [maxRungs]rung // rungs[0] is the ring; rungs[i+1] spreads one bucket of rungs[i]
	n     int            // rungs in use; 0 before the first push
	far   farHeap        // events at or beyond the end of the ring

	pool   []entry
	free   int32 // first free pool entry + 1; 0 when none
	stored int   // events in the ring, the finer rungs and the far heap
	seq    uint64

	// Since the last look at the ring's fit: pops, buckets drained and
	// events spread over a finer rung.
	pops, fills, spreadEvents int
	scratch                   []int32
	none                      Event // what Head returns when the queue is empty
}

// entry is an event in a bucket, linked to the next one by pool index + 1.
type entry struct {
	e    item
	next int32
}

// rung is a row of buckets of width 2^shift ns: the events with
// At>>shift == b sit in bucket b&mask. It holds buckets cur, cur+1, … (the
// ring: up to cur+mask; a finer rung: to the end of its parent's bucket),
// and only events at or after from; earlier ones are in finer rungs or the
// bottom.
type rung struct {
	heads []int32  // first entry of each bucket + 1; 0 when empty
	occ   []uint64 // bit i: bucket i is not empty
	occ1  []uint64 // bit w: occ[w] != 0
	mask  int64
	cur   int64
	from  Time
	shift uint
}

const (
	maxRungs = 12 // the ring plus finer rungs 64× narrower each: 63 bits of time
	splitAt  = 48 // a bucket with more events than this is spread over a finer rung
	minRing  = 64
	maxRing  = 1 << 20
	// The ring a queue starts with: 2^14 buckets of 2^20 ns (about 1 ms).
	ring0, shift0 = 1 << 14, 20
)

// Len reports the number of pending events.
func (q *Queue) Len() int { return q.stored + len(q.bottom) - q.head }

// Push schedules e. The common case, an event for the ring, comes first,
// with no call once the pool has grown (push has the others): in
// WebAssembly every call and every branch taken costs.
func (q *Queue) Push(ev Event) {
	q.seq++
	e := item{ev, q.seq}
	r := &q.rungs[0]
	if b := int64(e.At >> r.shift); q.n != 0 && e.At >= r.from && b-r.cur <= r.mask {
		q.stored++
		q.link(r, b, q.alloc(e))
		return
	}
	q.push(e)
}

// push is Push of an event beyond the ring, or before it, or the first.
func (q *Queue) push(e item) {
	if h := q.head; h > 0 && h < len(q.bottom) && e.At < q.bottom[h].At {
		// Earlier than every pending event (often: one scheduled for now):
		// it takes the slot of the last popped event, with no events moved.
		// It is not counted in pops (fill counts the bottom's length): it
		// never sat in a bucket, and refit judges the buckets by what went
		// through them. (Counting it measured 2 % more instructions on
		// attach-storm, the same over every preset.)
		q.head = h - 1
		q.bottom[h-1] = e
		return
	}
	if q.n == 0 {
		q.n = 1
		q.rungs[0].reset(ring0, shift0)
	}
	r := &q.rungs[0]
	if e.At >= r.from {
		q.stored++
		b := int64(e.At >> r.shift)
		if b-r.cur <= r.mask {
			q.link(r, b, q.alloc(e))
		} else {
			q.far.push(e)
		}
		return
	}
	for i := 1; i < q.n; i++ {
		r := &q.rungs[i]
		if e.At >= r.from {
			q.stored++
			q.link(r, int64(e.At>>r.shift), q.alloc(e))
			return
		}
	}
	q.insertBottom(e)
}

// Peek returns the earliest event without removing it.
func (q *Queue) Peek() (Event, bool) {
	h := q.Head()
	return *h, h != &q.none
}

// Head returns the earliest event without removing it; when the queue is
// empty, an event at Never, which is not to be skipped. The pointer is valid
// until the next Push or Pop. (It spares the per-event loop of a run a copy
// of the event, and, never nil, a test of its own: a run's loop stops at an
// event at or after its time, Never included.)
func (q *Queue) Head() *Event {
	if q.head < len(q.bottom) {
		return &q.bottom[q.head].Event
	}
	return q.refill()
}

// refill is Head on an empty bottom. (Not inlined, so that Head, the
// run's per-event call, inlines: in WebAssembly every call costs.)
//
//go:noinline
func (q *Queue) refill() *Event {
	if !q.fill() {
		q.none = Event{At: Never}
		return &q.none
	}
	return &q.bottom[q.head].Event
}

// Pop removes and returns the earliest event. It panics on an empty queue.
func (q *Queue) Pop() Event {
	h := q.Head()
	if h == &q.none {
		panic("kernel: Pop of an empty queue")
	}
	q.head++
	return *h
}

// Skip removes the event that Head returned; it must follow a Head that
// returned one. Head, a copy, then Skip is Pop in calls that inline.
func (q *Queue) Skip() { q.head++ }

func (q *Queue) alloc(e item) int32 {
	i := q.free - 1
	if i < 0 {
		if len(q.pool) == cap(q.pool) {
			q.growPool()
		}
		q.pool = append(q.pool, entry{e: e})
		return int32(len(q.pool) - 1)
	}
	q.free = q.pool[i].next
	q.pool[i].e = e
	return i
}

// growPool doubles the pool's capacity. (append grows a large slice by a
// quarter, so a pool grown entry by entry to n entries would allocate and
// copy about 5n: 16 MB per attach-storm run, which WebAssembly's garbage
// collector, on the simulator's own thread, pays for.)
func (q *Queue) growPool() {
	p := make([]entry, len(q.pool), 2*cap(q.pool)+256)
	copy(p, q.pool)
	q.pool = p
}

// link adds pool entry i to bucket b of r. (The occupancy bits are set
// whether or not they were: no branch, which WebAssembly pays for.)
func (q *Queue) link(r *rung, b int64, i int32) {
	k := int(b & r.mask)
	w := k >> 6
	r.occ1[w>>6] |= 1 << (w & 63)
	r.occ[w] |= 1 << (k & 63)
	slot := &r.heads[k]
	q.pool[i].next = *slot
	*slot = i + 1
}

// take empties bucket b of r and returns its list.
func (r *rung) take(b int64) int32 {
	k := int(b & r.mask)
	list := r.heads[k]
	r.heads[k] = 0
	w := k >> 6
	r.occ[w] &^= 1 << (k & 63)
	if r.occ[w] == 0 {
		r.occ1[w>>6] &^= 1 << (w & 63)
	}
	return list
}

// insertBottom adds e to the sorted bottom (Push has placed an event
// earlier than every pending one already).
func (q *Queue) insertBottom(e item) {
	if q.head > 0 && len(q.bottom) == cap(q.bottom) {
		q.bottom = q.bottom[:copy(q.bottom, q.bottom[q.head:])]
		q.head = 0
	}
	a := append(q.bottom, e)
	i := len(a) - 1
	for i > q.head && earlier(e.At, e.seq, a[i-1].At, a[i-1].seq) {
		a[i] = a[i-1]
		i--
	}
	a[i] = e
	q.bottom = a
}

// fill refills the empty bottom with the earliest bucket, spreading crowded
// buckets over finer rungs on the way. It reports false when the queue is
// empty.
func (q *Queue) fill() bool {
	q.pops += len(q.bottom) // all popped: fill is called on an empty bottom
	q.bottom = q.bottom[:0]
	q.head = 0
	if q.n == 0 {
		return false
	}
	for {
		if q.n == 1 && q.pops > q.stored+1024 {
			q.refit()
		}
		r := &q.rungs[q.n-1]
		b := r.next(q.n == 1)
		if b < 0 {
			if q.n > 1 {
				// The finest rung is empty. Its parent takes over from
				// where it stopped; the rest of a ring bucket goes to the
				// bottom (the ring's slot may already hold a later turn).
				q.n--
				if q.n > 1 {
					p := &q.rungs[q.n-1]
					p.from, p.cur = r.from, int64(r.from>>p.shift)
				}
				continue
			}
			if len(q.far) == 0 {
				return false
			}
			// The ring is empty: turn it straight to the first far event.
			r.from = q.far[0].At
			r.cur = int64(r.from >> r.shift)
			q.pullFar()
			continue
		}
		from := r.from
		r.cur, r.from = b+1, r.end(b)
		// Move the bucket's entries to the bottom and free them. (Locals,
		// not fields, in the loop: a field written per entry is a store
		// per entry, and a loop in WebAssembly pays for every one.)
		bottom, free := q.bottom, q.free
		for i := r.take(b) - 1; i >= 0; {
			en := &q.pool[i]
			bottom = append(bottom, en.e)
			next := en.next
			en.next = free
			free = i + 1
			i = next - 1
		}
		q.bottom, q.free = bottom, free
		q.stored -= len(q.bottom)
		if q.n == 1 && len(q.far) > 0 {
			q.pullFar()
		}
		q.fills++
		if len(q.bottom) > splitAt && r.shift > 0 && q.n < maxRungs {
			q.spread(r, b, from)
			continue
		}
		if len(q.bottom) > 1 {
			sortEvents(q.bottom)
		}
		return true
	}
}

// pullFar moves far events that now fall inside the ring into it.
func (q *Queue) pullFar() {
	r := &q.rungs[0]
	for len(q.far) > 0 {
		b := int64(q.far[0].At >> r.shift)
		if b-r.cur > r.mask {
			return
		}
		q.link(r, b, q.alloc(q.far.pop()))
	}
}

// spread moves the events of bucket b of r, drained into the bottom and all
// at or after from, into a new finer rung of (at most) 64 buckets.
func (q *Queue) spread(r *rung, b int64, from Time) {
	q.spreadEvents += len(q.bottom)
	q.stored += len(q.bottom)
	shift := r.shift - min(r.shift, 6)
	c := &q.rungs[q.n]
	q.n++
	c.reset(1<<(r.shift-shift), shift)
	c.from = max(from, Time(b<<r.shift))
	c.cur = int64(c.from >> shift)
	for _, e := range q.bottom {
		q.link(c, int64(e.At>>shift), q.alloc(e))
	}
	q.bottom = q.bottom[:0]
}

// refit looks at how well the ring fits the pending events, once per Len()
// pops, and rebuilds it when the far heap holds more than a quarter of them,
// when buckets are crowded (a quarter of the events spread over finer rungs,
// or over 16 events popped per bucket) or
// when the ring is much larger than needed. The new ring has two buckets
// per pending event, narrow enough for the earliest 64 events to sit about
// two to a bucket, and wide enough, if that allows, to span the earliest
// 90 %.
func (q *Queue) refit() {
	r := &q.rungs[0]
	far := len(q.far) > max(256, q.stored/4)
	crowded := q.spreadEvents*4 > q.pops || q.pops > 16*q.fills
	perBucket := q.pops / max(q.fills, 1)
	oversized := len(r.heads) > max(minRing, 8*q.stored)
	q.pops, q.fills, q.spreadEvents = 0, 0, 0
	if !far && !crowded && !oversized {
		return
	}
	// Gather the ring's entries and a histogram of log2(At - from).
	var hist [65]int
	ids := q.scratch[:0]
	for k, w := range r.occ {
		for ; w != 0; w &= w - 1 {
			for i := r.heads[k<<6|bits.TrailingZeros64(w)] - 1; i >= 0; i = q.pool[i].next - 1 {
				ids = append(ids, i)
				hist[bits.Len64(uint64(q.pool[i].e.At-r.from))]++
			}
		}
	}
	for _, e := range q.far {
		hist[bits.Len64(uint64(e.At-r.from))]++
	}
	total := len(ids) + len(q.far)
	size := min(max(minRing, 2<<bits.Len(uint(total))), maxRing)
	head, cover, seen := -1, -1, 0
	for l, n := range hist {
		seen += n
		if head < 0 && seen >= min(total, 64) {
			head = l
		}
		if cover < 0 && seen*10 >= total*9 {
			cover = l
		}
	}
	shift := max(0, min(head-5, cover-bits.TrailingZeros(uint(size))))
	if crowded {
		// Events that come and go within a bucket are not among the pending
		// ones: narrow by what was seen, to about two per bucket.
		shift = max(0, min(shift, int(r.shift)-bits.Len(uint(perBucket/4))))
	}
	from := r.from
	r.reset(size, uint(shift))
	r.from, r.cur = from, int64(from>>shift)
	for _, i := range ids {
		e := &q.pool[i].e
		if b := int64(e.At >> shift); b-r.cur <= r.mask {
			q.link(r, b, i)
		} else {
			q.far = append(q.far, *e)
			q.pool[i].next = q.free
			q.free = i + 1
		}
	}
	q.scratch = ids[:0]
	q.far.heapify()
	q.pullFar()
}

// reset makes r an empty rung of nb buckets (a power of two) of width
// 2^shift.
func (r *rung) reset(nb int, shift uint) {
	if cap(r.heads) < nb {
		r.heads = make([]int32, nb)
		r.occ = make([]uint64, (nb+63)/64)
		r.occ1 = make([]uint64, (nb+4095)/4096)
	}
	r.heads = r.heads[:nb]
	r.occ = r.occ[:(nb+63)/64]
	r.occ1 = r.occ1[:(nb+4095)/4096]
	clear(r.heads)
	clear(r.occ)
	clear(r.occ1)
	r.mask, r.shift = int64(nb-1), shift
}

// end returns the time at which bucket b of r ends, Never if past it.
func (r *rung) end(b int64) Time {
	if b+1 > int64(Never)>>r.shift {
		return Never
	}
	return Time((b + 1) << r.shift)
}

// next returns the first non-empty bucket at or after cur (wrapping around
// the ring if wrap), or -1. Most often it is in cur's word of the bitmap:
// that case is small enough to inline, the others call nextFar.
func (r *rung) next(wrap bool) int64 {
	p := r.cur & r.mask
	if m := r.occ[p>>6] >> (p & 63); m != 0 {
		return r.cur + int64(bits.TrailingZeros64(m))
	}
	return r.nextFar(wrap)
}

// nextFar is next beyond cur's word of the bitmap.
func (r *rung) nextFar(wrap bool) int64 {
	p := int(r.cur & r.mask)
	k := r.firstFrom(p)
	if k < 0 {
		if !wrap || p == 0 {
			return -1
		}
		if k = r.firstFrom(0); k < 0 {
			return -1
		}
	}
	return r.cur + int64((k-p)&int(r.mask))
}

// firstFrom returns the first non-empty bucket slot at or after k, or -1.
func (r *rung) firstFrom(k int) int {
	w := k >> 6
	if m := r.occ[w] & (^uint64(0) << (k & 63)); m != 0 {
		return w<<6 | bits.TrailingZeros64(m)
	}
	w++
	v := w >> 6
	if v >= len(r.occ1) {
		return -1
	}
	m := r.occ1[v] & (^uint64(0) << (w & 63))
	for m == 0 {
		v++
		if v >= len(r.occ1) {
			return -1
		}
		m = r.occ1[v]
	}
	w = v<<6 | bits.TrailingZeros64(m)
	return w<<6 | bits.TrailingZeros64(r.occ[w])
}

// less orders events by (At, push order): the borrow of the 128-bit
// subtraction (At, seq) − (At, seq), At's sign bit flipped so that it
// compares as unsigned. (No branch: sorting a bucket compares events in a
// loop, and in WebAssembly every branch taken costs.)
func less(a, b *item) bool { return earlier(a.At, a.seq, b.At, b.seq) }

// earlier is less of (at, seq) and (bt, bseq), for loops that keep the event
// they place in locals rather than in memory, as a pointer to it would.
func earlier(at Time, seq uint64, bt Time, bseq uint64) bool {
	_, borrow := bits.Sub64(seq, bseq, 0)
	_, borrow = bits.Sub64(uint64(at)^1<<63, uint64(bt)^1<<63, borrow)
	return borrow != 0
}

// sortEvents sorts a bucket's events by (At, seq): by insertion when they
// are few, else in place with the heap of the far events (only a bucket of
// simultaneous events is large: others are spread). Buckets are linked
// newest first, so the insertion goes from the back: each event, oldest
// first, joins the sorted events older than itself, as an insertion sort of
// the reversed bucket would without the pass that reverses it. Neither
// instantiates slices' generic sorts, which would add to the wasm.
func sortEvents(s []item) {
	if len(s) > 16 {
		h := farHeap(s)
		h.heapify() // a min-heap: each minimum goes to the end, then reverse
		for n := len(s) - 1; n > 0; n-- {
			top := h[0]
			h = h[:n]
			h.down(0, s[n])
			s[n] = top
		}
		slices.Reverse(s)
		return
	}
	for i := len(s) - 2; i >= 0; i-- {
		e := s[i]
		if !earlier(s[i+1].At, s[i+1].seq, e.At, e.seq) {
			continue // in place: the loop's straight path
		}
		j := i
		for {
			s[j] = s[j+1]
			j++
			if j+1 == len(s) || !earlier(s[j+1].At, s[j+1].seq, e.At, e.seq) {
				break
			}
		}
		s[j] = e
	}
}

// farHeap is a 4-ary min-heap of events ordered by (At, seq).
type farHeap []item

func (h *farHeap) push(e item) {
	*h = append(*h, e)
	s := *h
	i := len(s) - 1
	for i > 0 {
		p := (i - 1) / 4
		if !less(&e, &s[p]) {
			break
		}
		s[i] = s[p]
		i = p
	}
	s[i] = e
}

func (h *farHeap) pop() item {
	s := *h
	top := s[0]
	n := len(s) - 1
	e := s[n]
	*h = s[:n]
	if n > 0 {
		h.down(0, e)
	}
	return top
}

// down places e at i or below, the children of i being heaps.
func (h farHeap) down(i int, e item) {
	n := len(h)
	for {
		c := 4*i + 1
		if c >= n {
			break
		}
		m := c
		for j := c + 1; j < min(c+4, n); j++ {
			if less(&h[j], &h[m]) {
				m = j
			}
		}
		if !less(&h[m], &e) {
			break
		}
		h[i] = h[m]
		i = m
	}
	h[i] = e
}

// heapify orders h into a heap.
func (h farHeap) heapify() {
	for i := (len(h) - 2) / 4; len(h) > 1 && i >= 0; i-- {
		h.down(i, h[i])
	}
}
