package kernel

import (
	"fmt"
	"testing"
)

// BenchmarkHold is the classic hold model over a grid of queue sizes and time
// scales: N events pending, pop the earliest and push one at its time plus an
// exponential delay of the given mean. Per DESIGN.md the cost per pop+push
// should not depend on the mean (≤ 2× between 1 ms, 1 s and 100 s for each N)
// and stay under 150 ns up to N = 10⁵. The delays are drawn before the timer
// starts, and 3N pops and pushes bring the queue to its steady state, so the
// figure is the queue's alone.
func BenchmarkHold(b *testing.B) {
	for _, n := range []struct {
		name string
		n    int
	}{{"10", 10}, {"1000", 1000}, {"1e5", 1e5}, {"1e6", 1e6}} {
		for _, mean := range []struct {
			name string
			t    Time
		}{{"1ms", Millisecond}, {"1s", Second}, {"100s", 100 * Second}} {
			b.Run(fmt.Sprintf("N=%s/mean=%s", n.name, mean.name), func(b *testing.B) {
				benchHold(b, n.n, mean.t)
			})
		}
	}
}

func benchHold(b *testing.B, n int, mean Time) {
	s := NewStream(7, uint64(n))
	delays := make([]Time, 1<<16)
	for i := range delays {
		delays[i] = Time(s.Exp(1) * float64(mean))
	}
	var q Queue
	for i := range n {
		q.Push(Event{At: delays[i&(len(delays)-1)], Ref: int32(i)})
	}
	i := 0
	hold := func() {
		e := q.Pop()
		e.At += delays[i&(len(delays)-1)]
		i++
		q.Push(e)
	}
	for range 3 * n { // into the steady state, the ring refitted
		hold()
	}
	b.ReportAllocs()
	for b.Loop() {
		hold()
	}
}
