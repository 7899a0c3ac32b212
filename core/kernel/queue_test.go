package kernel

import (
	"slices"
	"testing"
)

// TestQueueOrder pushes and pops events at random times, near and far, and
// checks they come out ordered by time and, at equal times, by push order:
// the same order as a stable sort.
func TestQueueOrder(t *testing.T) {
	s := NewStream(1, 1)
	var q Queue
	var ref []Event // pending, in push order
	var now Time
	pushed := int32(0)
	for step := 0; step < 200000; step++ {
		if s.Float64() < 0.55 {
			var d Time
			switch s.Intn(4) {
			case 0:
				d = 0 // simultaneous with now
			case 1:
				d = Time(s.Intn(3)) * Millisecond // bucket edges
			case 2:
				d = Time(s.Intn(20000)) * Microsecond
			default:
				d = Time(s.Intn(60)) * Second // beyond the ring
			}
			e := Event{At: now + d, Ref: pushed}
			pushed++
			q.Push(e)
			ref = append(ref, e)
			continue
		}
		if len(ref) == 0 {
			continue
		}
		i := 0
		for j := range ref {
			if ref[j].At < ref[i].At {
				i = j
			}
		}
		want := ref[i]
		ref = slices.Delete(ref, i, i+1)
		got := q.Pop()
		if got.At != want.At || got.Ref != want.Ref {
			t.Fatalf("step %d: popped (%d, #%d), want (%d, #%d)", step, got.At, got.Ref, want.At, want.Ref)
		}
		now = got.At
		if q.Len() != len(ref) {
			t.Fatalf("Len %d, want %d", q.Len(), len(ref))
		}
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
}

func BenchmarkQueueHold(b *testing.B) {
	// The hold model: a queue of 100 000 pending events, pop one, push one
	// a random delay later.
	s := NewStream(1, 2)
	var q Queue
	for i := 0; i < 100000; i++ {
		q.Push(Event{At: Time(s.Intn(20000)) * Millisecond})
	}
	b.ReportAllocs()
	for b.Loop() {
		e := q.Pop()
		e.At += Time(s.Intn(20000)) * Millisecond
		q.Push(e)
	}
}
