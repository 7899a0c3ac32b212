package retransmit

import (
	"testing"

	"overloadlab/core/control/controltest"
	"overloadlab/core/engine/kernel"
)

// BenchmarkNext measures one decision of the retransmission schedule: when
// Timer A or E fires next after a copy of an unanswered request. Budget
// (DESIGN.md): ≤ 20 ns, 0 allocations, no slower than the yardstick
// (BenchmarkRateLimiterAllow) in the same run.
func BenchmarkNext(b *testing.B) {
	tm := Default()
	var sink kernel.Time
	n := 0
	b.ReportAllocs()
	for b.Loop() {
		n = n%7 + 1
		sink += tm.Next(Method(n&1), 0, kernel.Time(n)*kernel.Second, n, false)
	}
	_ = sink
}

// BenchmarkRateLimiterAllow is the yardstick of the budget, in the same run.
func BenchmarkRateLimiterAllow(b *testing.B) { controltest.RateLimiterAllow(b) }
