package cpu

import (
	"math"
	"testing"

	"overloadlab/core/engine/kernel"
)

func TestFIFOCompletionAndOccupancy(t *testing.T) {
	p := New(1, 0)
	// Two jobs of 0.3 s at t = 0: done at 0.3 s and 0.6 s (FIFO).
	if end := p.Do(0, 0.3); end != 300*kernel.Millisecond {
		t.Fatalf("first job ends at %v", end)
	}
	if end := p.Do(0, 0.3); end != 600*kernel.Millisecond {
		t.Fatalf("second job ends at %v", end)
	}
	if got := p.Measure(kernel.Second); got != 0.6 {
		t.Fatalf("occupancy %v, want 0.6", got)
	}
	// Work beyond the interval is counted in the next one.
	p.Do(kernel.Second+500*kernel.Millisecond, 1.0) // busy 1.5 s … 2.5 s
	if got := p.Measure(2 * kernel.Second); got != 0.5 {
		t.Fatalf("occupancy %v, want 0.5", got)
	}
	if got := p.Measure(3 * kernel.Second); got != 0.5 {
		t.Fatalf("occupancy %v, want 0.5", got)
	}
	if b := p.Backlog(3 * kernel.Second); b != 0 {
		t.Fatalf("backlog %v", b)
	}
}

func TestBackgroundAndSpeed(t *testing.T) {
	// Background 20 %: work runs at 0.8 of the CPU, and the measured
	// occupancy is 0.2 + 0.8 × busy share.
	p := New(1, 0.2)
	if end := p.Do(0, 0.4); end != 500*kernel.Millisecond || p.Duration(0.4) != end {
		t.Fatalf("job ends at %v, takes %v; want 0.5 s", end, p.Duration(0.4))
	}
	bg := 0.2
	if got, want := p.Measure(kernel.Second), bg+(1-bg)*0.5; got != want {
		t.Fatalf("occupancy %v, want 0.2 + 0.8·0.5 = %v", got, want)
	}
	p.Set(2, 0)
	if end := p.Do(kernel.Second, 1); end != 1500*kernel.Millisecond {
		t.Fatalf("twice as fast: job ends at %v, want 1.5 s", end)
	}
}

func TestFlushDiscardsQueuedWork(t *testing.T) {
	p := New(1, 0)
	p.Do(0, 10)
	p.Flush(kernel.Second)
	if b := p.Backlog(kernel.Second); b != 0 {
		t.Fatalf("backlog %v after flush", b)
	}
	if got := p.Measure(2 * kernel.Second); got != 0.5 {
		t.Fatalf("occupancy %v, want 0.5 (busy until the crash at 1 s)", got)
	}
}

// A meter reads the occupancy over its own periods, independently of the
// reporting interval that Measure closes.
func TestMeterReadsItsOwnPeriods(t *testing.T) {
	p := New(1, 0.1)
	var m Meter
	p.Do(0, 0.09) // busy 0 … 0.1 s at 0.9 of the CPU
	if got := m.Read(p, 200*kernel.Millisecond); math.Abs(got-0.55) > 1e-6 {
		t.Fatalf("meter over 0–0.2 s: %v, want 0.55", got)
	}
	if got := p.Measure(kernel.Second); math.Abs(got-0.19) > 1e-6 {
		t.Fatalf("interval 0–1 s: %v, want 0.19", got)
	}
	if got := m.Read(p, kernel.Second); math.Abs(got-0.1) > 1e-6 {
		t.Fatalf("meter over 0.2–1 s: %v, want 0.1 (background only)", got)
	}
	p.Do(kernel.Second, 0.9*3) // busy 1 … 4 s
	m.Reset(p, 2*kernel.Second)
	if got := m.Read(p, 2500*kernel.Millisecond); got != 1 {
		t.Fatalf("meter over 2–2.5 s: %v, want 1", got)
	}
}
