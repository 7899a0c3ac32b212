package kernel

// Event is one scheduled happening. Kind says what it is to the model that
// scheduled it; Ref and Arg carry its payload (a message index, a source
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
type Queue struct {
	heap []Event
	seq  uint64
}

// Len reports the number of pending events.
func (q *Queue) Len() int { return len(q.heap) }

// Push schedules e.
func (q *Queue) Push(e Event) {
	q.seq++
	e.seq = q.seq
	q.heap = append(q.heap, e)
	q.up(len(q.heap) - 1)
}

// Peek returns the earliest event without removing it.
func (q *Queue) Peek() (Event, bool) {
	if len(q.heap) == 0 {
		return Event{}, false
	}
	return q.heap[0], true
}

// Pop removes and returns the earliest event. It panics on an empty queue.
func (q *Queue) Pop() Event {
	h := q.heap
	top := h[0]
	n := len(h) - 1
	h[0] = h[n]
	q.heap = h[:n]
	if n > 1 {
		q.down(0)
	}
	return top
}

func less(a, b *Event) bool {
	if a.At != b.At {
		return a.At < b.At
	}
	return a.seq < b.seq
}

func (q *Queue) up(i int) {
	h := q.heap
	e := h[i]
	for i > 0 {
		p := (i - 1) / 4
		if !less(&e, &h[p]) {
			break
		}
		h[i] = h[p]
		i = p
	}
	h[i] = e
}

func (q *Queue) down(i int) {
	h := q.heap
	n := len(h)
	e := h[i]
	for {
		c := 4*i + 1
		if c >= n {
			break
		}
		m := c
		end := min(c+4, n)
		for j := c + 1; j < end; j++ {
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
