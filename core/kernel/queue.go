package kernel

// Event is one scheduled happening. Kind says what it is to the model that
// scheduled it; Ref and Arg carry its payload (a message tag, a source
// number, a generation counter), so that events are plain values and the
// queue never allocates per event.
type Event struct {
	At   Time
	seq  uint64
	Kind uint16
	Ref  int32
	Arg  int64
}

// Queue is a priority queue of events ordered by time and, for events at the
// same time, by the order in which they were pushed. That tie-break makes
// simultaneous events deterministic.
//
// It is a calendar queue: events before the horizon sit in a small heap;
// later events are linked into buckets of width 2^bucketShift ns in a ring that
// covers the next ringSize buckets, and events beyond the ring wait in a
// second heap. When the near heap runs dry the next bucket is moved into it.
// A run with a hundred thousand pending retries and completions then costs
// a heap of a few events per operation instead of one of a hundred thousand.
// Bucket entries live in one pool linked by index, so pushing neither
// allocates (once the pool has grown) nor writes pointers.
type Queue struct {
	near   sorted // every pending event with At < horizon, latest first
	pool   []entry
	free   int32           // first free pool entry + 1; 0 when none
	ring   [ringSize]int32 // first entry of each bucket + 1; 0 when empty
	inRing int             // events in the ring
	bucket int64           // the ring holds buckets bucket … bucket+ringSize−1; horizon = bucket << bucketShift
	far    heap            // events at or beyond the end of the ring
	seq    uint64
}

// entry is an event in a bucket, linked to the next one by pool index + 1.
type entry struct {
	e    Event
	next int32
}

const (
	// A bucket is 2^20 ns (about 1.05 ms) wide, so that finding an event's
	// bucket is a shift, not a 64-bit division (slow in WebAssembly).
	bucketShift = 20
	ringSize    = 1 << 14 // 17.2 s of buckets
)

// link adds e to bucket b of the ring.
func (q *Queue) link(b int64, e Event) {
	i := q.free - 1
	if i < 0 {
		q.pool = append(q.pool, entry{})
		i = int32(len(q.pool) - 1)
	} else {
		q.free = q.pool[i].next
	}
	slot := &q.ring[b&(ringSize-1)]
	q.pool[i] = entry{e: e, next: *slot}
	*slot = i + 1
	q.inRing++
}

// Len reports the number of pending events.
func (q *Queue) Len() int { return len(q.near) + q.inRing + len(q.far) }

// Push schedules e.
func (q *Queue) Push(e Event) {
	q.seq++
	e.seq = q.seq
	b := int64(e.At >> bucketShift)
	switch {
	case b < q.bucket:
		q.near.insert(e)
	case b < q.bucket+ringSize:
		q.link(b, e)
	default:
		q.far.push(e)
	}
}

// fill moves buckets into the near heap until it holds the earliest event.
// It reports false when the queue is empty.
func (q *Queue) fill() bool {
	for len(q.near) == 0 {
		if q.inRing == 0 {
			if len(q.far) == 0 {
				return false
			}
			// Jump over empty buckets straight to the first far event.
			q.bucket = max(q.bucket, int64(q.far[0].At>>bucketShift))
			q.pullFar()
			continue
		}
		slot := &q.ring[q.bucket&(ringSize-1)]
		for i := *slot - 1; i >= 0; {
			next := q.pool[i].next
			q.near.insert(q.pool[i].e)
			q.pool[i].next = q.free
			q.free = i + 1
			q.inRing--
			i = next - 1
		}
		*slot = 0
		q.bucket++
		q.pullFar()
	}
	return true
}

// pullFar moves far events that now fall inside the ring into it.
func (q *Queue) pullFar() {
	for len(q.far) > 0 {
		b := int64(q.far[0].At >> bucketShift)
		if b >= q.bucket+ringSize {
			return
		}
		e := q.far.pop()
		if b < q.bucket {
			q.near.insert(e)
			continue
		}
		q.link(b, e)
	}
}

// Peek returns the earliest event without removing it.
func (q *Queue) Peek() (Event, bool) {
	if len(q.near) == 0 && !q.fill() {
		return Event{}, false
	}
	return q.near[len(q.near)-1], true
}

// Pop removes and returns the earliest event. It panics on an empty queue.
func (q *Queue) Pop() Event {
	if len(q.near) == 0 && !q.fill() {
		panic("kernel: Pop of an empty queue")
	}
	n := len(q.near) - 1
	e := q.near[n]
	q.near = q.near[:n]
	return e
}

// heap is a 4-ary min-heap of events ordered by (At, seq).
type heap []Event

func less(a, b *Event) bool {
	if a.At != b.At {
		return a.At < b.At
	}
	return a.seq < b.seq
}

func (h *heap) push(e Event) {
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

func (h *heap) pop() Event {
	s := *h
	top := s[0]
	n := len(s) - 1
	e := s[n]
	s = s[:n]
	*h = s
	if n == 0 {
		return top
	}
	i := 0
	for {
		c := 4*i + 1
		if c >= n {
			break
		}
		m := c
		end := min(c+4, n)
		for j := c + 1; j < end; j++ {
			if less(&s[j], &s[m]) {
				m = j
			}
		}
		if !less(&s[m], &e) {
			break
		}
		s[i] = s[m]
		i = m
	}
	s[i] = e
	return top
}

// sorted is a slice of events ordered latest first, so the earliest is
// popped from its end. The near window holds the events of about one
// millisecond, a handful, so insertion by shifting beats a heap.
type sorted []Event

func (s *sorted) insert(e Event) {
	a := append(*s, e)
	i := len(a) - 1
	for i > 0 && less(&a[i-1], &e) {
		a[i] = a[i-1]
		i--
	}
	a[i] = e
	*s = a
}
