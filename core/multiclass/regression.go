package multiclass

import "math"

// MaxDim is the largest number of regressors a Regression takes.
const MaxDim = 12

// Regression estimates the per-class costs from what the switch measures
// [S: named; R: form]. Every interval n gives one observation
//
//	ρ_n = Σ_j c_j x_{j,n} + ε_n
//
// where the regressors x_j are the calls admitted per second of each class,
// the rejects per second, and a constant 1 whose coefficient c_0 is the share
// of the processor taken by other work. The estimate is the least-squares fit
// over the last Window observations, the one k intervals old weighted by γ^k
// (the forgetting factor):
//
//	ĉ = argmin Σ_k γ^k (ρ_{n−k} − Σ_j c_j x_{j,n−k})².
//
// The regressors are taken in the order given. One is identified when its
// normalised Cholesky pivot — the share of its weighted sum of squares not
// explained by the regressors before it — is at least v²/(1+v²), v the
// minimum variation [R]. With the classes first and the constant last, the
// constant is identified only when the admitted load varies by a coefficient
// of variation of about v or more, and a class only when its count varies
// independently of the classes before it. A regressor that is not identified
// keeps its last estimate and the others are fitted with it held. A
// coefficient cannot be negative: when the fit makes one negative, the most
// negative is held too and the rest refitted; when none is left, every
// estimate is held.
type Regression struct {
	dim      int
	window   int
	forget   float64
	minPivot float64

	xs   []float64 // window×dim ring of regressors
	ys   []float64
	head int // next slot
	n    int // observations held

	est   [MaxDim]float64
	ident [MaxDim]bool

	// scratch, kept here so that Fit does not allocate
	a [MaxDim][MaxDim]float64
	l [MaxDim][MaxDim]float64
	b [MaxDim]float64

	Fits  int64 // fits that updated the estimate
	Holds int64 // fits that held every estimate
}

// NewRegression returns a regression on dim regressors (dim ≤ MaxDim) over a window of observations, with forgetting
// factor γ in (0, 1] and minimum variation v ≥ 0; initial holds the estimates
// until the first fit.
func NewRegression(dim, window int, forget, minVariation float64, initial []float64) *Regression {
	r := &Regression{dim: dim, window: window, forget: forget,
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
		return true
	}
	for j := range d {
		r.ident[j] = false
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
		if out[j] || r.a[j][j] <= 0 {
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
