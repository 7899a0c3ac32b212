package scp

// maxMin writes into want the max-min fair shares of total among sources
// with demands demand, visited in order (indices sorted by rising demand):
// water-filling, each source gets min(demand, L) with Σ = total when the
// demands exceed it, or its demand otherwise.
func maxMin(want, demand []float64, order []int32, total float64) {
	left := total
	for k, i := range order {
		share := left / float64(len(order)-k)
		if demand[i] <= share {
			want[i] = demand[i]
			left -= demand[i]
			continue
		}
		for _, j := range order[k:] {
			want[j] = share
		}
		return
	}
}

// proportional writes into want the shares of total proportional to the
// demands.
func proportional(want, demand []float64, total float64) {
	sum := 0.0
	for _, d := range demand {
		sum += d
	}
	for i, d := range demand {
		want[i] = 0
		if sum > 0 {
			want[i] = total * d / sum
		}
	}
}

// jain is Jain's fairness index of the ratios got/want over the sources
// that want something: (Σx)²/(n·Σx²), 1 when all are equal, 1/n when one
// source gets everything. With nothing to share it is 1.
func jain(got, want []float64) (index, worst, best float64) {
	var sum, sq float64
	n := 0
	worst, best = 1, 1
	for i, w := range want {
		if w <= 0 {
			continue
		}
		x := got[i] / w
		if n == 0 {
			worst, best = x, x
		}
		worst, best = min(worst, x), max(best, x)
		sum += x
		sq += x * x
		n++
	}
	if n == 0 || sq == 0 {
		return 1, worst, best
	}
	return sum * sum / (float64(n) * sq), worst, best
}
