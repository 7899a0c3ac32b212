package oc

import (
	"testing"

	"overloadlab/core/control/controltest"
	"overloadlab/core/engine/kernel"
)

// benchAdmit measures a client's decision per new request under feedback
// f, one request every 100 µs, a newer feedback every second. Budget
// (DESIGN.md): ≤ 20 ns, 0 allocations, no slower than the yardstick
// (BenchmarkRateLimiterAllow) in the same run.
func benchAdmit(b *testing.B, f Feedback) {
	c := Client{Tau: DefaultTau}
	rs := kernel.NewStream(1, 1)
	now := kernel.Time(0)
	n := 0
	b.ReportAllocs()
	for b.Loop() {
		now += 100 * kernel.Microsecond
		if n++; n == 10000 {
			n = 0
			f.Seq++
			c.Receive(now, f)
		}
		c.Admit(now, false, rs)
	}
}

func BenchmarkAdmitLoss(b *testing.B) {
	benchAdmit(b, Feedback{Oc: 40, Algo: Loss, Validity: 2 * kernel.Second})
}

func BenchmarkAdmitRate(b *testing.B) {
	benchAdmit(b, Feedback{Oc: 5000, Algo: Rate, Validity: 2 * kernel.Second})
}

// BenchmarkRateLimiterAllow is the yardstick of the budget, in the same run.
func BenchmarkRateLimiterAllow(b *testing.B) { controltest.RateLimiterAllow(b) }
