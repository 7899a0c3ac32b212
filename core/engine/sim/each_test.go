package sim_test

import (
	"errors"
	"fmt"
	"runtime"
	"sync/atomic"
	"testing"

	"overloadlab/core/engine/sim"
)

// TestEachKeepsOrder: every index is called exactly once and its result
// lands at its own place, for any number of workers, more than n too.
func TestEachKeepsOrder(t *testing.T) {
	for _, n := range []int{1, 2, 7, 100} {
		for _, workers := range []int{-1, 0, 1, 2, 3, 8, n, n + 5, 1000} {
			out := make([]int, n)
			calls := make([]atomic.Int32, n)
			var running, most atomic.Int32
			err := sim.Each(n, workers, func(i int) error {
				r := running.Add(1)
				for m := most.Load(); r > m && !most.CompareAndSwap(m, r); m = most.Load() {
				}
				calls[i].Add(1)
				runtime.Gosched()
				out[i] = i * i
				running.Add(-1)
				return nil
			})
			if err != nil {
				t.Fatalf("n %d, workers %d: %v", n, workers, err)
			}
			for i := range n {
				if c := calls[i].Load(); c != 1 || out[i] != i*i {
					t.Fatalf("n %d, workers %d: index %d called %d times, result %d", n, workers, i, c, out[i])
				}
			}
			if m := int(most.Load()); m > max(1, min(workers, n)) {
				t.Errorf("n %d, workers %d: %d calls at once", n, workers, m)
			}
		}
	}
}

// TestEachNone: n = 0 calls nothing and gives no error.
func TestEachNone(t *testing.T) {
	for _, workers := range []int{0, 1, 4} {
		if err := sim.Each(0, workers, func(i int) error {
			t.Fatalf("called with %d", i)
			return nil
		}); err != nil {
			t.Fatal(err)
		}
	}
}

// TestEachFirstError: the error returned is the lowest failing index's,
// on every try and whatever the workers, though a later index fails
// sooner (the earlier one yields before failing); no index is called
// twice, every index below it is called, and after a failure the rest
// are not all handed out.
func TestEachFirstError(t *testing.T) {
	const n = 200
	fails := map[int]bool{13: true, 14: true, 60: true, 150: true}
	for try := range 50 {
		for _, workers := range []int{1, 2, 4, 16} {
			calls := make([]atomic.Int32, n)
			err := sim.Each(n, workers, func(i int) error {
				calls[i].Add(1)
				if i == 13 {
					for range 100 {
						runtime.Gosched()
					}
				}
				if fails[i] {
					return fmt.Errorf("index %d: %w", i, errBoom)
				}
				return nil
			})
			if !errors.Is(err, errBoom) || err.Error() != "index 13: boom" {
				t.Fatalf("try %d, workers %d: %v, want index 13's error", try, workers, err)
			}
			total := 0
			for i := range n {
				c := calls[i].Load()
				if c > 1 || i <= 13 && c != 1 {
					t.Fatalf("try %d, workers %d: index %d called %d times", try, workers, i, c)
				}
				total += int(c)
			}
			if total == n {
				t.Fatalf("try %d, workers %d: every index called after index 13 failed", try, workers)
			}
		}
	}
}

var errBoom = errors.New("boom")
