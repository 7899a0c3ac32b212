package shm

import (
	"strings"
	"testing"

	"overloadlab/core/engine/kernel"
)

// feed adds one message every gap from t0 (inclusive) to t1 (exclusive).
func feed(m *Meter, t0, t1, gap kernel.Time) {
	for t := t0; t < t1; t += gap {
		m.Add(t, 1)
	}
}

func TestConstantRateIsExactOnBucketBoundaries(t *testing.T) {
	m, err := New(kernel.Second, 0)
	if err != nil {
		t.Fatal(err)
	}
	feed(m, 0, 5*kernel.Second, kernel.Millisecond) // 1000/s
	if got := m.Rate(5 * kernel.Second); got != 1000 {
		t.Fatalf("rate = %v, want 1000", got)
	}
	if got := m.Total(); got != 5000 {
		t.Fatalf("total = %d, want 5000", got)
	}
}

// After a step from 1000/s to 2000/s the estimate is between the two for
// one convergence time, then exact: window [t − N·100 ms − part, t].
func TestStepIsSeenAfterOneConvergenceTime(t *testing.T) {
	for _, conv := range []kernel.Time{200 * kernel.Millisecond, kernel.Second, 5 * kernel.Second} {
		half := stepRate(10*kernel.Second+conv/2, conv)
		if half != 1500 {
			t.Errorf("conv %v: rate half a window after the step = %v, want 1500", conv, half)
		}
	}
	m, _ := New(kernel.Second, 0)
	feed(m, 0, 10*kernel.Second, kernel.Millisecond)
	feed(m, 10*kernel.Second, 11*kernel.Second, kernel.Millisecond/2)
	if got := m.Rate(11 * kernel.Second); got != 2000 {
		t.Fatalf("rate one convergence time after the step = %v, want 2000", got)
	}
}

// stepRate feeds 1000/s until 10 s and 2000/s after it to a fresh meter up
// to at, and returns the rate at at.
func stepRate(at, conv kernel.Time) float64 {
	f, _ := New(conv, 0)
	feed(f, 0, min(at, 10*kernel.Second), kernel.Millisecond)
	if at > 10*kernel.Second {
		feed(f, 10*kernel.Second, at, kernel.Millisecond/2)
	}
	return f.Rate(at)
}

func TestShortWindowFollowsBurstLongWindowSmooths(t *testing.T) {
	short, _ := New(200*kernel.Millisecond, 0)
	long, _ := New(5*kernel.Second, 0)
	for _, m := range []*Meter{short, long} {
		feed(m, 0, 10*kernel.Second, kernel.Millisecond)                          // 1000/s
		feed(m, 10*kernel.Second, 10500*kernel.Millisecond, kernel.Millisecond/4) // 0.5 s at 4000/s
	}
	at := 10500 * kernel.Millisecond
	if s, l := short.Rate(at), long.Rate(at); s != 4000 || l != 1300 {
		t.Fatalf("after a 0.5 s burst at 4000/s: short window %v (want 4000), long window %v (want 1300)", s, l)
	}
}

func TestIdleGapAndEarlyWindow(t *testing.T) {
	m, _ := New(kernel.Second, 0)
	if got := m.Rate(0); got != 0 {
		t.Fatalf("rate at start = %v", got)
	}
	feed(m, 0, 500*kernel.Millisecond, kernel.Millisecond)
	if got := m.Rate(500 * kernel.Millisecond); got != 1000 {
		t.Fatalf("early window rate = %v, want 1000 (window is the run so far)", got)
	}
	if got := m.Rate(100 * kernel.Second); got != 0 {
		t.Fatalf("rate after a long idle gap = %v, want 0", got)
	}
}

func TestBadConvergence(t *testing.T) {
	for _, d := range []kernel.Time{0, 50 * kernel.Millisecond, 11 * kernel.Second} {
		_, err := New(d, 0)
		if err == nil || !strings.Contains(err.Error(), "rate convergence time") || !strings.Contains(err.Error(), "0.1–10 s") {
			t.Errorf("New(%v): err = %v, want a range error naming the field", d, err)
		}
	}
}

func TestNoAllocation(t *testing.T) {
	m, _ := New(kernel.Second, 0)
	now := kernel.Time(0)
	if n := testing.AllocsPerRun(1000, func() { now += kernel.Millisecond; m.Add(now, 1); _ = m.Rate(now) }); n != 0 {
		t.Fatalf("allocs per message = %v", n)
	}
}

func BenchmarkMeterAdd(b *testing.B) {
	m, _ := New(kernel.Second, 0)
	now := kernel.Time(0)
	for b.Loop() {
		now += 100 * kernel.Microsecond
		m.Add(now, 1)
	}
}
