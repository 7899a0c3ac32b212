package barring

import (
	"testing"

	"overloadlab/core/control/controltest"
	"overloadlab/core/engine/kernel"
)

// BenchmarkBarringDecision is one UE's access check in a barring cell:
// the draw against ac-BarringFactor and, when barred, Tbarring.
func BenchmarkBarringDecision(b *testing.B) {
	c := ACB{On: true, Factor: 0.30, Time: 64 * kernel.Second}
	s := kernel.NewStream(1, 1)
	var wait kernel.Time
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		if c.Barred(i&15, s.Float64()) {
			wait += c.BarringTime(s.Float64())
		}
	}
	_ = wait
}

// BenchmarkEABDecision is the EAB check of an M2M UE with a rotating bitmap.
func BenchmarkEABDecision(b *testing.B) {
	e := EAB{On: true, Bitmap: 0b0001111111, Rotate: 30 * kernel.Second}
	now := kernel.Time(0)
	n := 0
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		if e.Barred(now, i%10) {
			n++
		}
		now += kernel.Millisecond
	}
	_ = n
}

func BenchmarkRateLimiterAllow(b *testing.B) { controltest.RateLimiterAllow(b) }
