// Package leaky is the leaky bucket of RFC 7415 §3.5.1 (the continuous-state
// leaky bucket of ITU-T I.371, which RFC 8582 takes for Diameter): a source
// held to a rate 1/T with a tolerance τ.
//
//	on a request at t:  X' = X − (t − LCT)
//	                    X' > τ ⇒ the request does not conform (it is not sent)
//	                    otherwise X = max(0, X') + T, LCT = t
//
// Over any span of length d it lets at most d/T + 1 + τ/T requests through:
// a burst of 1 + τ/T after a quiet spell, then one per T.
package leaky

import "overloadlab/core/engine/kernel"

// Bucket is one leaky bucket. T is the emission interval (1/rate), set by
// the caller; the zero Bucket with T = 0 lets every request through and
// counts nothing.
type Bucket struct {
	T   kernel.Time // emission interval, 1/rate
	x   kernel.Time // bucket content
	lct kernel.Time // last conformance time
}

// Conform reports whether a request at now conforms with tolerance tau,
// and then counts it. A tolerance of kernel.Never admits every request and
// still fills the bucket.
func (b *Bucket) Conform(now, tau kernel.Time) bool {
	x := b.x - (now - b.lct)
	if x > tau {
		return false
	}
	b.x = max(0, x) + b.T
	b.lct = now
	return true
}

// Interval returns the emission interval of rate (requests/s, > 0), rounded
// up to the nanosecond so that the bucket never lets more than rate through.
func Interval(rate float64) kernel.Time {
	t := kernel.Time(1e9 / rate)
	if float64(t)*rate < 1e9 {
		t++
	}
	return max(1, t)
}
