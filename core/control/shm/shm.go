// Package shm is the Sliding Historic Metric of the Diameter routing agent:
// the rate estimate that the DSR's overload controls use to track the
// message rate of each priority and colour at a Traffic Throttle Point.
//
// [S] Its Rate Convergence Time sets how fast the estimate follows a change:
// a short one follows bursts, a long one smooths them.
//
// [R] The model: the meter counts messages in buckets of 100 ms and keeps
// the cumulative count C at the start of each bucket for the last N
// buckets, N = Rate Convergence Time / 100 ms. The rate at t is
//
//	rate(t) = (C_newest − C_oldest) / (t_newest − t_oldest)
//
// where t_newest is the start of the bucket holding t (the newest complete
// bucket ends there) and t_oldest = t_newest − N·100 ms, or the meter's
// start early on. So the estimate changes only at bucket boundaries, lags by
// at most one bucket, and sees a step in the offered rate fully after one
// convergence time.
//
// The meter keeps no clock: every call takes the virtual time, which must
// not go backwards. It never allocates.
package shm

import (
	"fmt"

	"overloadlab/core/engine/kernel"
)

// Bucket is the width of a count bucket [R].
const Bucket = 100 * kernel.Millisecond

// MaxBuckets bounds the window: a Rate Convergence Time of at most 10 s.
const MaxBuckets = 100

// MinConvergence and MaxConvergence are the allowed Rate Convergence Times.
const (
	MinConvergence = Bucket
	MaxConvergence = MaxBuckets * Bucket
)

// Meter is the Sliding Historic Metric of one message stream.
type Meter struct {
	n      int64                 // buckets in the window
	first  int64                 // index of the first bucket the meter saw
	cur    int64                 // index of the current bucket
	total  int64                 // messages counted so far: C(now)
	starts [MaxBuckets + 1]int64 // C at the start of bucket k, at k mod (MaxBuckets+1)
}

// New returns a meter with the given Rate Convergence Time, started at t.
func New(convergence, t kernel.Time) (*Meter, error) {
	m := &Meter{}
	if err := m.SetConvergence(convergence); err != nil {
		return nil, err
	}
	m.Reset(t)
	return m, nil
}

// SetConvergence changes the Rate Convergence Time; the history is kept,
// so a longer window sees up to MaxBuckets of the past at once.
func (m *Meter) SetConvergence(d kernel.Time) error {
	if d < MinConvergence || d > MaxConvergence {
		return fmt.Errorf("shm: rate convergence time %v s outside %v–%v s", d.Seconds(), MinConvergence.Seconds(), MaxConvergence.Seconds())
	}
	m.n = int64((d + Bucket/2) / Bucket)
	return nil
}

// Convergence returns the Rate Convergence Time in force (a whole number of
// buckets).
func (m *Meter) Convergence() kernel.Time { return kernel.Time(m.n) * Bucket }

// Reset forgets everything and starts the meter afresh at t.
func (m *Meter) Reset(t kernel.Time) {
	m.total = 0
	m.first = int64(t / Bucket)
	m.cur = m.first
	m.starts[m.cur%(MaxBuckets+1)] = 0
}

// advance moves the current bucket to the one holding t.
func (m *Meter) advance(t kernel.Time) {
	k := int64(t / Bucket)
	if k <= m.cur {
		return
	}
	from := max(m.cur+1, k-MaxBuckets)
	for j := from; j <= k; j++ {
		m.starts[j%(MaxBuckets+1)] = m.total
	}
	m.cur = k
}

// Add counts n messages arriving at t.
func (m *Meter) Add(t kernel.Time, n int64) {
	if int64(t/Bucket) > m.cur {
		m.advance(t)
	}
	m.total += n
}

// Rate returns the estimated rate at t, in messages per second.
func (m *Meter) Rate(t kernel.Time) float64 {
	m.advance(t)
	old := max(m.first, m.cur-m.n)
	if old == m.cur {
		return 0
	}
	c := m.starts[m.cur%(MaxBuckets+1)] - m.starts[old%(MaxBuckets+1)]
	return float64(c) / (kernel.Time(m.cur-old) * Bucket).Seconds()
}

// Total returns the messages counted since the start.
func (m *Meter) Total() int64 { return m.total }
