package pacing

import (
	"testing"

	"overloadlab/core/control/controltest"
	"overloadlab/core/engine/kernel"
)

// BenchmarkPacingDecision measures the per-message decision of a pacing
// queue in steady state: offer one request and release one, at N = 400/s.
// Budget (DESIGN.md): ≤ 20 ns, 0 allocations, and no slower than
// BenchmarkRateLimiterAllow in the same run.
func BenchmarkPacingDecision(b *testing.B) {
	q := New(Config{Rate: 400, Size: 2500, Wait: 5 * kernel.Second, Action: Reject})
	step := kernel.Second / 400
	now := kernel.Time(0)
	b.ReportAllocs()
	for b.Loop() {
		q.Offer(now, 1, false)
		q.Release(q.ReadyAt(now))
		now += step
	}
}

// BenchmarkPacingOverflow measures the decision for a request that finds
// the queue full (the storm case).
func BenchmarkPacingOverflow(b *testing.B) {
	q := New(Config{Rate: 400, Size: 250, Wait: 5 * kernel.Second, Action: Reject})
	for i := 0; i < 250; i++ {
		q.Offer(0, 1, false)
	}
	high := false
	b.ReportAllocs()
	for b.Loop() {
		q.Offer(0, 1, high)
		high = !high
	}
}

// BenchmarkRateLimiterAllow is x/time/rate's Limiter.AllowN with explicit
// time, the reference the budget compares against.
func BenchmarkRateLimiterAllow(b *testing.B) { controltest.RateLimiterAllow(b) }
