package kernel

import (
	"container/heap"
	"fmt"
	"testing"
)

// refQueue is the plain reference: container/heap over (At, push order).
type refQueue []Event

func (r refQueue) Len() int { return len(r) }
func (r refQueue) Less(i, j int) bool {
	if r[i].At != r[j].At {
		return r[i].At < r[j].At
	}
	return r[i].Arg < r[j].Arg // Arg holds the push number
}
func (r refQueue) Swap(i, j int) { r[i], r[j] = r[j], r[i] }
func (r *refQueue) Push(x any)   { *r = append(*r, x.(Event)) }
func (r *refQueue) Pop() any {
	old := *r
	e := old[len(old)-1]
	*r = old[:len(old)-1]
	return e
}

// delays draws the delay of the next push for one workload.
type delays func(s *Stream) Time

func expDelay(mean Time) delays {
	return func(s *Stream) Time { return Time(s.Exp(1) * float64(mean)) }
}

var workloads = []struct {
	name  string
	delay delays
}{
	{"mean 1ms", expDelay(Millisecond)},
	{"mean 1s", expDelay(Second)},
	{"mean 100s", expDelay(100 * Second)},
	{"mixed", func(s *Stream) Time {
		// Processing in microseconds, links in milliseconds, guard
		// timers in seconds, and a rare long timer in hours.
		switch s.Intn(8) {
		case 0, 1, 2:
			return Time(s.Exp(1) * 20 * float64(Microsecond))
		case 3, 4:
			return Time(s.Exp(1) * float64(Millisecond))
		case 5, 6:
			return Time(s.Intn(30)) * Second
		default:
			return Time(s.Exp(1) * float64(Hour))
		}
	}},
	{"ties", func(s *Stream) Time {
		// Few distinct times: many events at the same instant, at the
		// same instant as now, and on bucket edges.
		switch s.Intn(4) {
		case 0:
			return 0
		case 1:
			return Time(s.Intn(3)) << 20
		case 2:
			return Time(s.Intn(4)) * Second
		default:
			return Time(1) << (10 + s.Intn(40))
		}
	}},
}

// TestQueueOrderAgainstHeap runs random workloads at every time scale
// through the queue and through container/heap, with the queue's size
// rising, holding and draining, and checks both give the same events in
// the same order: by time, then by push order.
func TestQueueOrderAgainstHeap(t *testing.T) {
	for wi, w := range workloads {
		for _, size := range []int{1, 30, 3000, 20000} {
			t.Run(fmt.Sprintf("%s/N=%d", w.name, size), func(t *testing.T) {
				s := NewStream(uint64(wi), uint64(size))
				var q Queue
				var ref refQueue
				var now Time
				pushed := int64(0)
				push := func() {
					e := Event{At: now + w.delay(s), Arg: pushed, Kind: uint16(pushed), Ref: int32(pushed)}
					pushed++
					q.Push(e)
					heap.Push(&ref, e)
				}
				pop := func(step int) {
					if p, ok := q.Peek(); !ok || p.Arg != ref[0].Arg {
						t.Fatalf("step %d: Peek = #%d, %v, want #%d", step, p.Arg, ok, ref[0].Arg)
					}
					got := q.Pop()
					want := heap.Pop(&ref).(Event)
					if got != want {
						t.Fatalf("step %d: popped (%d, #%d), want (%d, #%d)", step, got.At, got.Arg, want.At, want.Arg)
					}
					if got.At < now {
						t.Fatalf("step %d: time went back from %d to %d", step, now, got.At)
					}
					now = got.At
				}
				steps := 8*size + 2000
				for step := range steps {
					switch {
					case step < size: // rise
						push()
					case step < steps-size: // hold, with a random walk around size
						if len(ref) > 0 && s.Intn(2) == 0 {
							pop(step)
						} else {
							push()
						}
					default: // drain
						if len(ref) > 0 {
							pop(step)
						}
					}
					if q.Len() != len(ref) {
						t.Fatalf("step %d: Len %d, want %d", step, q.Len(), len(ref))
					}
				}
				for len(ref) > 0 {
					pop(-1)
				}
				if _, ok := q.Peek(); ok || q.Len() != 0 {
					t.Fatalf("queue not empty after the drain: Len %d", q.Len())
				}
			})
		}
	}
}

// TestQueueExtremes pushes events at the ends of time and bursts at one
// instant, and checks the order.
func TestQueueExtremes(t *testing.T) {
	var q Queue
	times := []Time{Never, 0, Never, 5, Never - 1, 1 << 62, 5, 0, 3 * Hour}
	for range 200 {
		times = append(times, 7*Second) // a burst at one instant
	}
	for i, at := range times {
		q.Push(Event{At: at, Arg: int64(i)})
	}
	var ref refQueue
	for i, at := range times {
		heap.Push(&ref, Event{At: at, Arg: int64(i)})
	}
	for len(ref) > 0 {
		want := heap.Pop(&ref).(Event)
		if got := q.Pop(); got.At != want.At || got.Arg != want.Arg {
			t.Fatalf("popped (%d, #%d), want (%d, #%d)", got.At, got.Arg, want.At, want.Arg)
		}
		if want.At == 5 && want.Arg < 1000 { // a push at the current time, after a pop
			q.Push(Event{At: 5, Arg: 1000 + want.Arg})
			heap.Push(&ref, Event{At: 5, Arg: 1000 + want.Arg})
		}
	}
	if q.Len() != 0 {
		t.Fatalf("Len %d after the drain", q.Len())
	}
}

func TestQueuePeekEmpty(t *testing.T) {
	var q Queue
	if _, ok := q.Peek(); ok {
		t.Fatal("Peek of an empty queue")
	}
	q.Push(Event{At: 5 * Hour, Kind: 3})
	e, ok := q.Peek()
	if !ok || e.At != 5*Hour || e.Kind != 3 {
		t.Fatalf("Peek = %+v, %v", e, ok)
	}
	if q.Pop().Kind != 3 || q.Len() != 0 {
		t.Fatal("Pop")
	}
	defer func() {
		if recover() == nil {
			t.Fatal("Pop of an empty queue did not panic")
		}
	}()
	q.Pop()
}

// TestQueueNoAllocs checks that a queue in its steady state pushes and pops
// without allocating.
func TestQueueNoAllocs(t *testing.T) {
	s := NewStream(3, 3)
	var q Queue
	for range 1000 {
		q.Push(Event{At: Time(s.Exp(1) * float64(Second))})
	}
	for range 100000 {
		e := q.Pop()
		e.At += Time(s.Exp(1) * float64(Second))
		q.Push(e)
	}
	if a := testing.AllocsPerRun(10000, func() {
		e := q.Pop()
		e.At += Time(s.Exp(1) * float64(Second))
		q.Push(e)
	}); a != 0 {
		t.Fatalf("%v allocations per pop+push", a)
	}
}

// TestQueueHeadSkip checks that Head then Skip removes what Pop would.
func TestQueueHeadSkip(t *testing.T) {
	var q, p Queue
	s := NewStream(5, 5)
	for i := range 5000 {
		e := Event{At: Time(s.Intn(1000)) * Microsecond, Arg: int64(i)}
		q.Push(e)
		p.Push(e)
	}
	for q.Len() > 0 {
		h := q.Head()
		got := *h
		q.Skip()
		if want := p.Pop(); got != want {
			t.Fatalf("Head+Skip gave (%d, #%d), Pop (%d, #%d)", got.At, got.Arg, want.At, want.Arg)
		}
	}
	if h := q.Head(); *h != (Event{At: Never}) || p.Len() != 0 {
		t.Fatalf("Head of an empty queue is %+v, want an event at Never", *h)
	}
	if _, ok := q.Peek(); ok {
		t.Fatal("Peek of an empty queue found an event")
	}
}

// TestSortEvents sorts buckets of every size, with ties, like a stable sort.
func TestSortEvents(t *testing.T) {
	s := NewStream(9, 9)
	for n := range 200 {
		ev := make([]item, n)
		for i := range ev {
			ev[i] = item{Event{At: Time(s.Intn(1 + n/4))}, uint64(s.Intn(1<<30))<<8 | uint64(i)}
		}
		sortEvents(ev)
		for i := 1; i < n; i++ {
			if !less(&ev[i-1], &ev[i]) {
				t.Fatalf("n=%d: (%d, %d) before (%d, %d)", n, ev[i-1].At, ev[i-1].seq, ev[i].At, ev[i].seq)
			}
		}
	}
}
