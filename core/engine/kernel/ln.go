package kernel

import "math"

// lnUnit returns ln x for x in (0, 1], the 1−U of an exponential draw. It
// is math/log.go's log (FreeBSD's e_log.c) with Frexp's bit work written
// in, since x there is never 0, subnormal, infinite or NaN: the same
// arithmetic, so the same bits as math.Log (TestStreamLogIsMathLog checks
// it natively, against amd64's assembly, and in WebAssembly, against the Go
// code), with no call to Frexp (WebAssembly pays for every call) and the
// same code on every platform.
//
// It is written in three parts, each small enough for the compiler to
// inline where Exp is inlined (lnUnit whole is not, and WebAssembly pays
// for a call per draw).
func lnUnit(x float64) float64 {
	f, k := reduceUnit(x)
	s, R := lnPoly(f)
	return lnJoin(f, k, s, R)
}

// reduceUnit is lnUnit's reduction: x = 2^k·(1+f), 1+f in [√2/2, √2).
func reduceUnit(x float64) (f, k float64) {
	// x = f1·2^ki with f1 in [1/2, 1) (Frexp), then in [√2/2, √2)
	b := math.Float64bits(x)
	ki := int(b>>52&0x7ff) - 1022
	f1 := math.Float64frombits(b&^(0x7ff<<52) | 1022<<52)
	if f1 < math.Sqrt2/2 {
		f1 *= 2
		ki--
	}
	return f1 - 1, float64(ki)
}

// lnPoly is lnUnit's s = f/(2+f) and polynomial R(s²).
func lnPoly(f float64) (s, R float64) {
	const (
		L1 = 6.666666666666735130e-01 /* 3FE55555 55555593 */
		L2 = 3.999999999940941908e-01 /* 3FD99999 9997FA04 */
		L3 = 2.857142874366239149e-01 /* 3FD24924 94229359 */
		L4 = 2.222219843214978396e-01 /* 3FCC71C5 1D8E78AF */
		L5 = 1.818357216161805012e-01 /* 3FC74664 96CB03DE */
		L6 = 1.531383769920937332e-01 /* 3FC39A09 D078C69F */
		L7 = 1.479819860511658591e-01 /* 3FC2F112 DF3E5244 */
	)
	s = f / (2 + f)
	s2 := s * s
	s4 := s2 * s2
	t1 := s2 * (L1 + s4*(L3+s4*(L5+s4*L7)))
	t2 := s4 * (L2 + s4*(L4+s4*L6))
	return s, t1 + t2
}

// lnJoin is lnUnit's result: ln(2^k·(1+f)) from s and R.
func lnJoin(f, k, s, R float64) float64 {
	const (
		Ln2Hi = 6.93147180369123816490e-01 /* 3fe62e42 fee00000 */
		Ln2Lo = 1.90821492927058770002e-10 /* 3dea39ef 35793c76 */
	)
	hfsq := 0.5 * f * f
	return k*Ln2Hi - ((hfsq - (s*(hfsq+R) + k*Ln2Lo)) - f)
}
