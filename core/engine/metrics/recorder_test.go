package metrics

import (
	"encoding/binary"
	"encoding/hex"
	"hash/fnv"
	"math"
	"math/rand/v2"
	"testing"
)

// TestDigestIsFNV128a: the recorder's own FNV-1a gives hash/fnv's 128-bit
// sum of the values' little-endian bytes, reserved rows or not.
func TestDigestIsFNV128a(t *testing.T) {
	cols := []Column{{Name: "a"}, {Name: "b", Max: true}}
	for _, n := range []int{0, 1, 7, 3*MaxRows + 1} {
		r, grown := NewRecorder(cols, false), NewRecorder(cols, false)
		r.Reserve(n)
		h := fnv.New128a()
		rng := rand.New(rand.NewPCG(1, uint64(n)))
		var b [8]byte
		for i := range n {
			row := []float64{float64(i + 1), rng.NormFloat64(), math.Float64frombits(rng.Uint64())}
			r.Append(row)
			grown.Append(row)
			for _, x := range row {
				binary.LittleEndian.PutUint64(b[:], math.Float64bits(x))
				h.Write(b[:])
			}
		}
		if want := hex.EncodeToString(h.Sum(nil)); r.Digest() != want || grown.Digest() != want {
			t.Fatalf("%d rows: digest %s (%s without Reserve), hash/fnv %s", n, r.Digest(), grown.Digest(), want)
		}
		if !equalFloats(r.Rows(), grown.Rows()) || r.Stride() != grown.Stride() {
			t.Fatalf("%d rows: reserved rows differ from grown ones", n)
		}
	}
}

func equalFloats(a, b []float64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if math.Float64bits(a[i]) != math.Float64bits(b[i]) {
			return false
		}
	}
	return true
}

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
