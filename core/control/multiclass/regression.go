package multiclass

import "math"

// MaxDim is the largest number of regressors a Regression takes.
const MaxDim = 12

// Regression estimates the per-class costs from what the switch measures
// [S: named; R: form]. Every interval n gives one observation
//
//	ρ_n = Σ_j c_j x_{j,n} + ε_n
//
// where the regressors x_j are the calls per second of each class whose
// messages the processor finished (a message of an m-message flow counts
// 1/m), the rejects per second, and a constant 1 whose coefficient c_0 is the share
// of the processor taken by other work. The estimate is the least-squares fit
// over the last Window observations, the one k intervals old weighted by γ^k
// (the forgetting factor):
//
//	ĉ = argmin Σ_k γ^k (ρ_{n−k} − Σ_j c_j x_{j,n−k})².
//
// A regressor is identified when it varies over the window by a weighted
// coefficient of variation of at least v beyond the Poisson noise of its
// counts (CountsOver), v the minimum variation [R], and its
// normalised Cholesky pivot — the share of its weighted sum of squares not
// explained by the regressors identified before it, in the order given — is
// at least v²/(1+v²). With the classes first and the constant last, a class
// is re-estimated only when its count varies (a steady mix varies by Poisson
// noise alone, too little to separate the costs from the measurement error
// of the counts), and the constant only when the admitted load as a whole
// varies (an active control pins it). A regressor that is not identified
// keeps its last estimate and the others are fitted with it held. A
// coefficient cannot be negative: when the fit makes one negative, the most
// negative is held too and the rest refitted; when none is left, every
// estimate is held.
type Regression struct {
	dim      int
	one      int // the column of ones, or −1
	window   int
	forget   float64
	minPivot float64
	minCV2   float64
	span     float64 // the regressors are counts over span seconds (0: not counts)

	xs   []float64 // window×dim ring of regressors
	ys   []float64
	head int // next slot
	n    int // observations held

	est   [MaxDim]float64
	ident [MaxDim]bool
	held  [MaxDim]bool // held by the caller (Hold)

	// scratch, kept here so that Fit does not allocate
	a [MaxDim][MaxDim]float64
	l [MaxDim][MaxDim]float64
	b [MaxDim]float64

	Fits  int64 // fits that updated the estimate
	Holds int64 // fits that held every estimate
	held1 [MaxDim]int64
}

// NewRegression returns a regression on dim regressors (dim ≤ MaxDim), one
// of which, column one, is the constant 1 (−1: none) over a window of observations, with forgetting
// factor γ in (0, 1] and minimum variation v ≥ 0; initial holds the estimates
// until the first fit.
func NewRegression(dim, one, window int, forget, minVariation float64, initial []float64) *Regression {
	r := &Regression{dim: dim, one: one, window: window, forget: forget, minCV2: minVariation * minVariation,
		minPivot: minVariation * minVariation / (1 + minVariation*minVariation),
		xs:       make([]float64, window*dim), ys: make([]float64, window)}
	copy(r.est[:dim], initial)
	return r
}

// Len returns the number of observations in the window.
func (r *Regression) Len() int { return r.n }

// Estimate returns the current estimate of coefficient j.
func (r *Regression) Estimate(j int) float64 { return r.est[j] }

// Identified reports whether coefficient j was identified by the last fit.
func (r *Regression) Identified(j int) bool { return r.ident[j] }

// Held returns the number of fits in which coefficient j kept its estimate.
func (r *Regression) Held(j int) int64 { return r.held1[j] }

// Hold keeps coefficient j at its estimate in the fits that follow, while
// on is true, whatever the data.
func (r *Regression) Hold(j int, on bool) { r.held[j] = on }

// Add records one observation: x holds the dim regressors, y the measured
// occupancy.
func (r *Regression) Add(x []float64, y float64) {
	copy(r.xs[r.head*r.dim:(r.head+1)*r.dim], x)
	r.ys[r.head] = y
	r.head++
	if r.head == r.window {
		r.head = 0
	}
	r.n = min(r.n+1, r.window)
}

// Fit refits the estimate over the window and reports whether any
// coefficient was re-estimated. It needs at least 2·dim observations.
func (r *Regression) Fit() bool {
	d := r.dim
	if r.n < 2*d {
		return false
	}
	r.normal()
	var out [MaxDim]bool // left out because the fit made them negative
	for range d {
		var beta [MaxDim]float64
		var sel [MaxDim]int
		m := r.solve(&out, &sel, &beta)
		worst := -1
		for k := 0; k < m; k++ {
			if !(beta[k] >= 0) && (worst < 0 || !(beta[k] >= beta[worst])) {
				worst = k
			}
		}
		if worst >= 0 {
			out[sel[worst]] = true
			continue
		}
		if m == 0 {
			break
		}
		for k := 0; k < m; k++ {
			r.est[sel[k]] = beta[k]
		}
		r.Fits++
		for j := range d {
			if !r.ident[j] {
				r.held1[j]++
			}
		}
		return true
	}
	for j := range d {
		r.ident[j] = false
		r.held1[j]++
	}
	r.Holds++
	return false
}

// solve picks the identified regressors (not left out, pivot large enough),
// solves their normal equations with the others held at their estimates, and
// returns how many it picked: sel[k] is the k-th, beta[k] its coefficient.
func (r *Regression) solve(out *[MaxDim]bool, sel *[MaxDim]int, beta *[MaxDim]float64) int {
	d := r.dim
	m := 0
	for j := 0; j < d; j++ {
		r.ident[j] = false
		if out[j] || r.held[j] || r.a[j][j] <= 0 || !r.varies(j) {
			continue
		}
		for k := 0; k < m; k++ {
			s := r.a[j][sel[k]]
			for i := 0; i < k; i++ {
				s -= r.l[m][i] * r.l[k][i]
			}
			r.l[m][k] = s / r.l[k][k]
		}
		p := r.a[j][j]
		for k := 0; k < m; k++ {
			p -= r.l[m][k] * r.l[m][k]
		}
		if p < r.minPivot*r.a[j][j] || p <= 0 {
			continue
		}
		r.l[m][m] = math.Sqrt(p)
		sel[m] = j
		r.ident[j] = true
		m++
	}
	var z [MaxDim]float64
	for k := 0; k < m; k++ {
		s := r.b[sel[k]]
		for j := 0; j < d; j++ {
			if !r.ident[j] {
				s -= r.a[sel[k]][j] * r.est[j]
			}
		}
		for i := 0; i < k; i++ {
			s -= r.l[k][i] * z[i]
		}
		z[k] = s / r.l[k][k]
	}
	for k := m - 1; k >= 0; k-- {
		s := z[k]
		for i := k + 1; i < m; i++ {
			s -= r.l[i][k] * beta[i]
		}
		beta[k] = s / r.l[k][k]
	}
	return m
}

// CountsOver says that the regressors are counts over span seconds divided
// by span, so that the Poisson noise of a count (CV² = 1/count) is not taken
// for variation of the mix.
func (r *Regression) CountsOver(span float64) { r.span = span }

// varies reports whether regressor j varies over the window by a weighted
// coefficient of variation of at least v beyond the Poisson noise of its
// counts: CV² ≥ v² + 1/(x̄·span), with CV² = A_jj·A_11/A_j1² − 1 and
// x̄ = A_j1/A_11, 1 the column of ones. The column of ones itself qualifies.
func (r *Regression) varies(j int) bool {
	if r.one < 0 || j == r.one {
		return true
	}
	s, g := r.a[j][r.one], r.a[r.one][r.one]
	if s <= 0 {
		return false
	}
	need := 1 + r.minCV2
	if r.span > 0 {
		need += g / (s * r.span)
	}
	return r.a[j][j]*g >= need*s*s
}

// normal builds the weighted normal equations A = Σ γ^k x xᵀ, b = Σ γ^k x y,
// newest observation first.
func (r *Regression) normal() {
	d := r.dim
	for i := 0; i < d; i++ {
		r.b[i] = 0
		for j := 0; j < d; j++ {
			r.a[i][j] = 0
		}
	}
	g := 1.0
	slot := r.head
	for range r.n {
		slot--
		if slot < 0 {
			slot = r.window - 1
		}
		x := r.xs[slot*d : (slot+1)*d]
		y := r.ys[slot]
		for i := 0; i < d; i++ {
			gx := g * x[i]
			r.b[i] += gx * y
			for j := 0; j <= i; j++ {
				r.a[i][j] += gx * x[j]
			}
		}
		g *= r.forget
	}
	for i := 0; i < d; i++ {
		for j := i + 1; j < d; j++ {
			r.a[i][j] = r.a[j][i]
		}
	}
}
