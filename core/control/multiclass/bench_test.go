package multiclass

import (
	"testing"
	"time"

	"golang.org/x/time/rate"

	"overloadlab/core/engine/kernel"
)

// benchController is an ARO or SRED controller in a 2.2× overload, so that
// decisions draw random numbers and the partition is partial.
func benchController(b *testing.B, a Algorithm) *Controller {
	cfg := config(a)
	cfg.RED.W = 0.002
	c, err := New(cfg, kernel.NewStream(1, 50))
	if err != nil {
		b.Fatal(err)
	}
	offer(c, 0, []int{100, 200, 300, 400}, 10)
	c.Update(kernel.Second, 1)
	return c
}

func BenchmarkAllowARO(b *testing.B) {
	c := benchController(b, ARO)
	now := kernel.Second
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		c.Allow(now, i&3, 10)
	}
}

func BenchmarkAllowSRED(b *testing.B) {
	c := benchController(b, SRED)
	now := kernel.Second
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		c.Allow(now, i&3, float64(8+i&7))
	}
}

// BenchmarkRateLimiterAllow is golang.org/x/time/rate's Limiter.Allow, the
// reference the per-message decision must not be slower than.
func BenchmarkRateLimiterAllow(b *testing.B) {
	l := rate.NewLimiter(rate.Limit(1e6), 1000)
	b.ReportAllocs()
	for b.Loop() {
		l.Allow()
	}
}

// BenchmarkRateLimiterAllowN is Limiter.AllowN with explicit time, as the
// controller takes it.
func BenchmarkRateLimiterAllowN(b *testing.B) {
	l := rate.NewLimiter(rate.Limit(1e6), 1000)
	t := time.Unix(0, 0)
	b.ReportAllocs()
	for b.Loop() {
		t = t.Add(time.Microsecond)
		l.AllowN(t, 1)
	}
}
