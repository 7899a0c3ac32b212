package access

import (
	"math"

	"overloadlab/core/engine/kernel"
)

// The draws that stand for one draw per device: a group of n devices that
// each make the same choice independently is split by one binomial (or
// multinomial) draw, which has the distribution of the n separate draws'
// counts. Why the model works on groups: DESIGN.md, "The access storm
// by cohorts".

// exactBelow is the mean under which the binomial and Poisson draws are
// exact (inversion); above it they use the normal approximation with a
// continuity correction, whose error in any count's probability is under
// about 1/√(mean) of its standard deviation.
const exactBelow = 30

// binomial draws the number of successes among n trials of probability p.
func binomial(s *kernel.Stream, n int64, p float64) int64 {
	switch {
	case n <= 0 || p <= 0:
		return 0
	case p >= 1:
		return n
	case p > 0.5:
		return n - binomial(s, n, 1-p)
	}
	mean := float64(n) * p
	if mean < exactBelow {
		// Inversion: walk the distribution's terms from 0.
		q := 1 - p
		f := math.Pow(q, float64(n))
		if f > 0 {
			u := s.Float64()
			r := p / q
			var k int64
			for u > f && k < n {
				u -= f
				f *= r * float64(n-k) / float64(k+1)
				k++
			}
			return k
		}
	}
	sd := math.Sqrt(mean * (1 - p))
	k := int64(math.Floor(mean + sd*normal(s) + 0.5))
	return min(max(k, 0), n)
}

// poisson draws a Poisson count of mean m.
func poisson(s *kernel.Stream, m float64) int64 {
	var e expMemo
	return e.poisson(s, m)
}

// expMemo keeps the last exp(−m) of one draw site: the background's means
// stay the same while the attached counts do (math.Exp, assembly natively,
// is Go code in wasm: DESIGN.md, "Where we stand").
type expMemo struct{ m, e float64 }

// poisson draws a Poisson count of mean m, as poisson does.
func (x *expMemo) poisson(s *kernel.Stream, m float64) int64 {
	if m <= 0 {
		return 0
	}
	if m < exactBelow {
		if m != x.m || x.e == 0 {
			x.m, x.e = m, math.Exp(-m)
		}
		f := x.e
		u := s.Float64()
		var k int64
		for u > f && k < 1000 {
			u -= f
			k++
			f *= m / float64(k)
		}
		return k
	}
	return max(0, int64(math.Floor(m+math.Sqrt(m)*normal(s)+0.5)))
}

// normal draws a standard normal deviate (Box–Muller, one of the pair).
func normal(s *kernel.Stream) float64 {
	u := s.Float64()
	for u == 0 {
		u = s.Float64()
	}
	return math.Sqrt(-2*math.Log(u)) * math.Cos(2*math.Pi*s.Float64())
}

// betaCDF34 is the distribution function of Beta(3, 4) on [0, 1]:
// 60 ∫ x²(1−x)³ = 20x³ − 45x⁴ + 36x⁵ − 10x⁶.
func betaCDF34(x float64) float64 {
	x = min(max(x, 0), 1)
	x2 := x * x
	return x2 * x * (20 + x*(-45+x*(36-10*x)))
}
