package kernel

import "math/bits"

// Stream is a seeded random stream. Each traffic source and each random
// decision point owns its own stream, derived from the scenario seed and a
// stable stream id, so changing one class does not reshuffle another.
//
// Only operations that give the same bits on every platform are used:
// math.Log matches between amd64 and wasm (and lnUnit, Exp's copy of it),
// math.Exp does not.
//
// The generator is math/rand/v2's PCG (128-bit LCG, DXSM output), written
// out here so that a draw is a few inlined multiplications rather than
// calls: WebAssembly pays for every call, and has no instruction for
// bits.Mul64 (the carry is a comparison rather than bits.Add64, so that
// Uint64 stays under the inliner's budget in WebAssembly too).
// TestStreamIsPCG checks the output equals rand.PCG's.
type Stream struct {
	hi, lo uint64 // the PCG state
}

// NewStream returns the stream numbered id of the run seeded with seed.
func NewStream(seed, id uint64) *Stream {
	return &Stream{hi: mix(seed ^ 0x6f766c64), lo: mix(id + 0x9e3779b97f4a7c15)}
}

// mix is the splitmix64 finaliser: nearby seeds give unrelated streams.
func mix(x uint64) uint64 {
	x += 0x9e3779b97f4a7c15
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9
	x = (x ^ (x >> 27)) * 0x94d049bb133111eb
	return x ^ (x >> 31)
}

// Uint64 returns 64 random bits: rand.PCG's state = state·mul + inc
// (mod 2^128), then its DXSM output of the new state.
func (s *Stream) Uint64() uint64 {
	const (
		mulHi, mulLo = 2549297995355413924, 4865540595714422341
		incHi, incLo = 6364136223846793005, 1442695040888963407
		cheapMul     = 0xda942042e4dd58b5
	)
	hi, lo := bits.Mul64(s.lo, mulLo)
	hi += s.hi*mulLo + s.lo*mulHi + incHi
	lo += incLo
	if lo < incLo { // the carry of the low half
		hi++
	}
	s.hi, s.lo = hi, lo
	hi ^= hi >> 32
	hi *= cheapMul
	hi ^= hi >> 48
	return hi * (lo | 1)
}

// Float64 returns a uniform number in [0, 1).
func (s *Stream) Float64() float64 {
	return float64(s.Uint64()>>11) / (1 << 53)
}

// Exp returns an exponential variate with the given rate (mean 1/rate):
// −ln(1−U)/rate.
//
// (lnUnit's parts are called here, not lnUnit: where Exp inlines, so do
// they.)
func (s *Stream) Exp(rate float64) float64 {
	f, k := reduceUnit(1 - s.Float64())
	ls, R := lnPoly(f)
	return -lnJoin(f, k, ls, R) / rate
}

// Intn returns a uniform integer in [0, n). n must be positive.
func (s *Stream) Intn(n int) int {
	return int((s.Uint64() >> 11) % uint64(n))
}

// Bernoulli reports true with probability p.
func (s *Stream) Bernoulli(p float64) bool {
	if p <= 0 {
		return false
	}
	if p >= 1 {
		return true
	}
	return s.Float64() < p
}
