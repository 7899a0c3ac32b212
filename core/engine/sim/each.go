package sim

import (
	"sync"
	"sync/atomic"
)

// Each calls f(i) for every i from 0 to n-1 on workers goroutines at a time
// (at least one, at most n), handing out the indices in order; f writes
// its result at index i of the caller's slice, so the results keep the
// order of the indices whatever the workers. On an error no further index
// is handed out, the calls already begun finish, and Each returns the
// error of the lowest failing index: every index below it was handed out
// before it, so that error does not depend on workers or on timing.
func Each(n, workers int, f func(i int) error) error {
	errs := make([]error, n)
	var next atomic.Int64
	var failed atomic.Bool
	var wg sync.WaitGroup
	for range max(1, min(workers, n)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for !failed.Load() {
				i := int(next.Add(1) - 1)
				if i >= n {
					return
				}
				if errs[i] = f(i); errs[i] != nil {
					failed.Store(true)
					return
				}
			}
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}
