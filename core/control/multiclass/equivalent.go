package multiclass

// Weights writes the equivalent weight of every class into w:
//
//	w_i = c_i / c_b
//
// where c_i is the CPU cost of one call of class i (all its messages) and b
// the base class [S]. A base cost ≤ 0 leaves every weight at 1.
func Weights(w, costs []float64, base int) {
	cb := costs[base]
	for i, c := range costs {
		if cb > 0 {
			w[i] = c / cb
		} else {
			w[i] = 1
		}
	}
}

// EquivalentRate returns Λ_eq = Σ w_i λ_i, the rates λ_i converted into
// calls of the base class per second [S].
func EquivalentRate(w, rates []float64) float64 {
	var s float64
	for i, r := range rates {
		s += w[i] * r
	}
	return s
}

// Partition shares the allowable equivalent rate E across the classes by
// strict priority [S: named; R: form]; the classes are given highest
// priority first:
//
//	R_0 = E;  a_k = min(w_k λ_k, R_{k−1});  R_k = R_{k−1} − a_k;  f_k = a_k/(w_k λ_k).
//
// It writes the admitted fraction f_k of every class into f (1 for a class
// that offered nothing while some of E is left, 0 when nothing is left) and
// returns the unused rest R_K. Lower classes lose first.
func Partition(f []float64, e float64, w, rates []float64) float64 {
	left := max(e, 0)
	for k, r := range rates {
		load := w[k] * r
		switch {
		case load <= 0:
			f[k] = 0
			if left > 0 {
				f[k] = 1
			}
		case load <= left:
			f[k] = 1
			left -= load
		default:
			f[k] = left / load
			left = 0
		}
	}
	return left
}

// Proportional gives every class the same fraction E/Λ_eq (no priority),
// for comparison with Partition.
func Proportional(f []float64, e, offered float64) {
	x := 1.0
	if offered > 0 {
		x = min(max(e/offered, 0), 1)
	}
	for k := range f {
		f[k] = x
	}
}
