package sim

import (
	"fmt"
	"hash/fnv"
	"math"
)

// Stat is the mean of a metric over a point's seeds with its 95 %
// confidence interval: mean ± t(0.975, n−1) · s/√n (Student t, s the sample
// standard deviation). With one seed Lo = Hi = Mean: no interval.
type Stat struct {
	Mean float64 `json:"mean"`
	Lo   float64 `json:"lo"`
	Hi   float64 `json:"hi"`
}

// PointStat is one point of one curve of a sweep, over its seeds.
type PointStat struct {
	Variant int     `json:"variant"`
	Label   string  `json:"label"`
	Point   int     `json:"point"`
	X       float64 `json:"x"`
	Seeds   int     `json:"seeds"`
	Stats   []Stat  `json:"stats"` // one per metric of the plan (Plan.MetricList)
	// Digest is an FNV-64a over the runs' digests in seed order: equal
	// digests, equal runs, natively and in wasm.
	Digest string `json:"digest"`
	// Lines are the model's capacity and pass lines at this point (LinesAt
	// of the point's scenario), for the page's chart; the CSV leaves them out.
	Lines []float64 `json:"lines,omitempty"`
}

// tTable holds t(0.975, df) for df = 1 … 30 (two-sided 95 %).
var tTable = [...]float64{
	12.706204736174698, 4.302652729749464, 3.1824463052837078, 2.7764451051977934, 2.5705818356363146,
	2.4469118511449692, 2.3646242515927844, 2.306004135204166, 2.2621571628540993, 2.2281388519862744,
	2.200985160082949, 2.1788128296634177, 2.1603686564627926, 2.1447866879178044, 2.131449545559323,
	2.1199052992210112, 2.1098155778331806, 2.10092204024096, 2.093024054408263, 2.0859634472658364,
	2.079613844727662, 2.0738730679040147, 2.0686576104190406, 2.0638985616280205, 2.059538552753294,
	2.055529438642871, 2.0518305164802833, 2.048407141795244, 2.045229642132703, 2.0422724563012373,
}

// TQuantile975 returns t(0.975, df), the factor of a two-sided 95 %
// Student t interval: the table up to 30 degrees of freedom, then the
// Cornish–Fisher expansion in 1/df around z = 1.959963984540054 (Hill
// 1970), within 1e-6 there. Only +, ×, ÷: the same bits in wasm.
func TQuantile975(df int) float64 {
	if df < 1 {
		return math.NaN()
	}
	if df <= len(tTable) {
		return tTable[df-1]
	}
	z := 1.959963984540054
	z2 := z * z
	n := float64(df)
	g1 := (z2 + 1) * z / 4
	g2 := ((5*z2+16)*z2 + 3) * z / 96
	g3 := (((3*z2+19)*z2+17)*z2 - 15) * z / 384
	g4 := ((((79*z2+776)*z2+1482)*z2-1920)*z2 - 945) * z / 92160
	return z + g1/n + g2/(n*n) + g3/(n*n*n) + g4/(n*n*n*n)
}

// StatOf returns the mean and 95 % interval of xs, summed in order.
func StatOf(xs []float64) Stat {
	n := float64(len(xs))
	var sum float64
	for _, x := range xs {
		sum += x
	}
	mean := sum / n
	if len(xs) < 2 {
		return Stat{Mean: mean, Lo: mean, Hi: mean}
	}
	var ss float64
	for _, x := range xs {
		ss += (x - mean) * (x - mean)
	}
	h := TQuantile975(len(xs)-1) * math.Sqrt(ss/(n-1)) / math.Sqrt(n)
	return Stat{Mean: mean, Lo: mean - h, Hi: mean + h}
}

// Summarize turns the samples of a whole plan (in any order) into one
// PointStat per (variant, point), curve by curve. Every cell must be there
// exactly once.
func Summarize(p *Plan, samples []Sample) ([]PointStat, error) {
	byCell := make([]*Sample, p.Cells())
	for i := range samples {
		s := &samples[i]
		k := p.Index(s.Cell)
		if !p.Contains(s.Cell) {
			return nil, fmt.Errorf("sweep: a result for variant %d, point %d, seed %d is outside the grid (%d variants, %d points, %d seeds)", s.Variant, s.Point, s.Seed, len(p.Curves()), p.PointCount(), p.Seeds)
		}
		if byCell[k] != nil {
			return nil, fmt.Errorf("sweep: two results for variant %d, point %d, seed %d (overlapping shards?)", s.Variant, s.Point, s.Seed)
		}
		byCell[k] = s
	}
	for k, s := range byCell {
		if s == nil {
			c := p.CellAt(k)
			return nil, fmt.Errorf("sweep: no result for variant %d, point %d, seed %d (a shard missing?)", c.Variant, c.Point, c.Seed)
		}
	}
	var out []PointStat
	for k := 0; k < len(byCell); k += p.Seeds {
		out = append(out, PointOf(p, derefAll(byCell[k:k+p.Seeds])))
	}
	return out, nil
}

func derefAll(ps []*Sample) []Sample {
	out := make([]Sample, len(ps))
	for i, p := range ps {
		out[i] = *p
	}
	return out
}

// PointOf summarises the samples of one point, all its seeds in seed order.
func PointOf(p *Plan, seeds []Sample) PointStat {
	c := seeds[0].Cell
	ps := PointStat{Variant: c.Variant, Label: p.Curves()[c.Variant].Label, Point: c.Point, X: seeds[0].X, Seeds: len(seeds)}
	xs := make([]float64, len(seeds))
	for m := range seeds[0].Values {
		for i, s := range seeds {
			xs[i] = s.Values[m]
		}
		ps.Stats = append(ps.Stats, StatOf(xs))
	}
	h := fnv.New64a()
	for _, s := range seeds {
		h.Write([]byte(s.Digest))
	}
	ps.Digest = fmt.Sprintf("%016x", h.Sum64())
	return ps
}
