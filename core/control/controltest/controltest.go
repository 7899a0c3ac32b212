// Package controltest holds what the controls' benchmarks share: the
// reference every per-message decision is measured against (DESIGN.md: at
// most 20 ns, 0 allocations, and no slower than x/time/rate's
// Limiter.Allow in the same run).
package controltest

import (
	"testing"
	"time"

	"golang.org/x/time/rate"
)

// RateLimiterAllow runs x/time/rate's Limiter.AllowN with explicit time,
// one decision per iteration at 400 per second.
func RateLimiterAllow(b *testing.B) {
	l := rate.NewLimiter(400, 1)
	now := time.Unix(0, 0)
	b.ReportAllocs()
	for b.Loop() {
		l.AllowN(now, 1)
		now = now.Add(time.Second / 400)
	}
}
