package metrics

import (
	"testing"
)

func TestRecorderBoundsMemoryAndKeepsFullDigest(t *testing.T) {
	cols := []Column{{Name: "rate", Unit: "/s"}, {Name: "peak", Unit: "%", Max: true}}
	r := NewRecorder(cols, true)
	full := NewRecorder(cols, false)
	n := 5*MaxRows + 3
	for i := 1; i <= n; i++ {
		row := []float64{float64(i), float64(i % 4), float64(i % 10)}
		r.Append(row)
		full.Append(row)
		if len(r.Drain()) != 3 {
			t.Fatal("Drain did not return the one new row")
		}
	}
	if r.Intervals() != n {
		t.Fatalf("intervals %d", r.Intervals())
	}
	rows := r.Rows()
	if len(rows)/3 > MaxRows {
		t.Fatalf("%d rows kept, bound %d", len(rows)/3, MaxRows)
	}
	if r.Stride() != 8 {
		t.Fatalf("stride %d, want 8", r.Stride())
	}
	// A merged row holds the mean of "rate" (i%4 over 8 intervals: 1.5)
	// and the max of "peak" over its 8 intervals, and ends at the time of
	// its last interval.
	if rows[0] != 8 || rows[1] != 1.5 || rows[2] != 8 {
		t.Fatalf("first merged row %v, want [8 1.5 8]", rows[:3])
	}
	if r.Digest() != full.Digest() {
		t.Fatal("the digest depends on live draining")
	}
	other := NewRecorder(cols, false)
	other.Append([]float64{1, 1, 1})
	if other.Digest() == full.Digest() {
		t.Fatal("different series, same digest")
	}
}

func TestCounts(t *testing.T) {
	var c Counts
	for i := 0; i < 5; i++ {
		c.Offer()
	}
	c.End(InTime)
	c.End(Rejected)
	c.End(Throttled)
	if c.InFlight() != 2 || c.Get(Rejected) != 1 || InTime.String() != "completed" {
		t.Fatalf("%+v", c)
	}
}
