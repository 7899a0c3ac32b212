package leaky

import (
	"testing"

	"overloadlab/core/engine/kernel"
)

// Property (RFC 7415 §3.5.1): a bucket of rate r (T = Interval(r)) and
// tolerance τ admits, in any span of length t, at most r·t + 1 + τ·r
// requests, whatever the arrivals. Checked over 200 random arrival patterns
// (bursts at one instant, gaps, streams faster than the rate; seeded
// streams) with every pair of admitted requests as the span's ends.
func TestAtMostRateTimesSpanPlusBurst(t *testing.T) {
	for seed := uint64(1); seed <= 200; seed++ {
		rs := kernel.NewStream(seed, 0x7415)
		r := float64(1 + rs.Intn(2000)) // requests/s
		b := Bucket{T: Interval(r)}
		tau := kernel.Time(rs.Intn(9)) * b.T // τ = 0 … 8 intervals
		var admitted []kernel.Time
		now := kernel.Time(0)
		for range 3000 {
			switch rs.Intn(4) {
			case 0: // a burst: the same instant
			case 1: // a gap of up to 8 intervals
				now += kernel.Time(rs.Float64() * 8 * float64(b.T))
			default: // three times faster than the rate
				now += kernel.Time(rs.Exp(3*r) * 1e9)
			}
			if b.Conform(now, tau) {
				admitted = append(admitted, now)
			}
		}
		burst := 1 + tau.Seconds()*r
		for i := range admitted {
			for j := i; j < len(admitted); j++ {
				span := (admitted[j] - admitted[i]).Seconds()
				if n := float64(j - i + 1); n > r*span+burst+1e-9 {
					t.Fatalf("seed %d, r %v/s, τ %v s: %v requests in %v s, bound r·t + 1 + τ·r = %v", seed, r, tau.Seconds(), n, span, r*span+burst)
				}
			}
		}
		if len(admitted) < 2 {
			t.Fatalf("seed %d: %d admitted", seed, len(admitted))
		}
	}
}

// Interval rounds up: the bucket never runs faster than its rate.
func TestIntervalRoundsUp(t *testing.T) {
	for _, c := range []struct {
		rate float64
		want kernel.Time
	}{{1, kernel.Second}, {3, 333333334}, {1000, kernel.Millisecond}, {7, 142857143}, {2e9, 1}} {
		if got := Interval(c.rate); got != c.want {
			t.Errorf("Interval(%v) = %d ns, want %d", c.rate, got, c.want)
		}
	}
}

// A tolerance of kernel.Never admits everything and still fills the
// bucket (DOIC's P4).
func TestNeverToleranceFills(t *testing.T) {
	b := Bucket{T: kernel.Second}
	for range 10 {
		if !b.Conform(0, kernel.Never) {
			t.Fatal("refused with tolerance Never")
		}
	}
	if b.Conform(0, 5*kernel.Second) {
		t.Fatal("ten requests at one instant must have filled the bucket past 5 s")
	}
}
