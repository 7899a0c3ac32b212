package backoff

import (
	"testing"

	"overloadlab/core/control/controltest"
	"overloadlab/core/engine/kernel"
)

// BenchmarkBackoffDecision is the MME's answer to one request while
// congested: the exemption, the reject and the T3346 draw.
func BenchmarkBackoffDecision(b *testing.B) {
	c := New(cfg())
	c.Observe(0, 0.9)
	s := kernel.NewStream(1, 1)
	var sum kernel.Time
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		_, t := c.Decide(Access(i&3%3), s.Float64())
		sum += t
	}
	_ = sum
}

func BenchmarkRateLimiterAllow(b *testing.B) { controltest.RateLimiterAllow(b) }
