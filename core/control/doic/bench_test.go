package doic

import (
	"testing"

	"golang.org/x/time/rate"

	"overloadlab/core/engine/kernel"
)

// benchDecide measures one per-request decision of a TTP in overload: a
// request every 100 µs, priorities and colours mixed.
func benchDecide(b *testing.B, pol Policy) {
	tp, _ := NewTTP(pol, kernel.Second, 5, 5, 0)
	tp.Receive(0, OLR{Seq: 1, Reduction: 10, MaxRate: 9000, Validity: 86400})
	now := kernel.Time(0)
	i := 0
	b.ReportAllocs()
	for b.Loop() {
		now += 100 * kernel.Microsecond
		i++
		tp.Decide(now, i%Priorities, Colour(i>>3&1), 0.5)
	}
}

func BenchmarkDecidePlainLoss(b *testing.B)            { benchDecide(b, PlainLoss) }
func BenchmarkDecidePriorityOnly(b *testing.B)         { benchDecide(b, PriorityOnly) }
func BenchmarkDecidePriorityWithinColour(b *testing.B) { benchDecide(b, PriorityWithinColour) }
func BenchmarkDecideColourWithinPriority(b *testing.B) { benchDecide(b, ColourWithinPriority) }
func BenchmarkDecideRate(b *testing.B)                 { benchDecide(b, RateBased) }

// BenchmarkRateLimiterAllow is the yardstick of the budget: x/time/rate's
// Limiter.Allow in the same run.
func BenchmarkRateLimiterAllow(b *testing.B) {
	l := rate.NewLimiter(rate.Limit(1e9), 1000)
	b.ReportAllocs()
	for b.Loop() {
		l.Allow()
	}
}
