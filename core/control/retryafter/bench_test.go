package retryafter

import (
	"testing"

	"overloadlab/core/control/controltest"
	"overloadlab/core/engine/kernel"
)

// BenchmarkBlocked measures the client's decision per new request: is the
// server blocked by a 503's Retry-After (one 503 a second, Retry-After 5 s).
// Budget (DESIGN.md): ≤ 20 ns, 0 allocations, no slower than the yardstick
// (BenchmarkRateLimiterAllow) in the same run.
func BenchmarkBlocked(b *testing.B) {
	var blk Block
	now := kernel.Time(0)
	n := 0
	b.ReportAllocs()
	for b.Loop() {
		now += kernel.Millisecond
		if n++; n == 1000 {
			n = 0
			blk.Receive(now, 5*kernel.Second)
		}
		blk.Blocked(now)
	}
}

// BenchmarkRateLimiterAllow is the yardstick of the budget, in the same run.
func BenchmarkRateLimiterAllow(b *testing.B) { controltest.RateLimiterAllow(b) }
