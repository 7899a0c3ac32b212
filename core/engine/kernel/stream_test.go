package kernel

import (
	"math"
	"math/rand/v2"
	"testing"
)

func TestStreamsAreReproducibleAndIndependent(t *testing.T) {
	a, b, c := NewStream(7, 1), NewStream(7, 1), NewStream(7, 2)
	same := 0
	for i := 0; i < 1000; i++ {
		x, y, z := a.Uint64(), b.Uint64(), c.Uint64()
		if x != y {
			t.Fatal("same seed and id gave different numbers")
		}
		if x == z {
			same++
		}
	}
	if same > 0 {
		t.Fatal("streams 1 and 2 coincide")
	}
	if NewStream(8, 1).Uint64() == NewStream(7, 1).Uint64() {
		t.Fatal("seeds 7 and 8 coincide")
	}
}

func TestExpMean(t *testing.T) {
	s := NewStream(1, 3)
	const n = 200000
	sum := 0.0
	for i := 0; i < n; i++ {
		sum += s.Exp(4)
	}
	// mean 1/4, standard error (1/4)/√n
	if math.Abs(sum/n-0.25) > 4*0.25/math.Sqrt(n) {
		t.Fatalf("mean %v, want 0.25", sum/n)
	}
}

func TestSeconds(t *testing.T) {
	if Seconds(1.5) != 1500*Millisecond || (2*Second).Seconds() != 2 || Seconds(1e300) != Never {
		t.Fatal("conversion")
	}
}

// TestStreamIsPCG checks that a stream draws what math/rand/v2's PCG seeded
// alike draws: the kernel's copy of the generator changes no run.
func TestStreamIsPCG(t *testing.T) {
	for _, seed := range [][2]uint64{{0, 0}, {1, 2}, {7, 1}, {^uint64(0), 12345}, {0x6f766c64, 0x9e3779b97f4a7c15}} {
		s := NewStream(seed[0], seed[1])
		p := rand.NewPCG(mix(seed[0]^0x6f766c64), mix(seed[1]+0x9e3779b97f4a7c15))
		for i := range 10000 {
			if got, want := s.Uint64(), p.Uint64(); got != want {
				t.Fatalf("seed %v, draw %d: %#x, rand.PCG gives %#x", seed, i, got, want)
			}
		}
	}
}

// TestStreamLogIsMathLog checks that lnUnit, which Exp uses, gives the bits
// of math.Log on (0, 1]: at its ends, around √2/2 where the reduction
// switches, and at a million values 1−U as Exp draws them.
func TestStreamLogIsMathLog(t *testing.T) {
	xs := []float64{1, 0.5, 0x1p-53, 1 - 0x1p-53, math.Sqrt2 / 2, math.Nextafter(math.Sqrt2/2, 0), math.Nextafter(math.Sqrt2/2, 1), 0.25, 1e-10}
	s := NewStream(3, 14)
	for range 1_000_000 {
		xs = append(xs, 1-s.Float64())
	}
	for _, x := range xs {
		if got, want := lnUnit(x), math.Log(x); math.Float64bits(got) != math.Float64bits(want) {
			t.Fatalf("lnUnit(%v) = %v, math.Log gives %v", x, got, want)
		}
	}
}
