package sim

import (
	"fmt"

	"overloadlab/core/param"
	"overloadlab/core/scenario"
)

// Sweep is a carried-vs-offered study: the scenario is run once for every
// value of Param and every curve (a variant, such as another control), and
// each run gives one point: offered load against load carried in time.
type Sweep struct {
	ID     string             `json:"id"`
	Title  string             `json:"title"`
	Param  string             `json:"param"`  // the parameter swept, e.g. a load factor
	Values []float64          `json:"values"` // its values, in order
	Curves []scenario.Variant `json:"curves"` // one curve per variant
	Doc    string             `json:"doc"`    // what to look for
}

// Point is one run of a sweep.
type Point struct {
	X         float64 `json:"x"`         // the swept parameter's value
	Offered   float64 `json:"offered"`   // attempts per second, retries included
	Goodput   float64 `json:"goodput"`   // completed in time per second
	Throttled float64 `json:"throttled"` // blocked at the sources per second
	CPUMean   float64 `json:"cpu_mean"`  // mean CPU, %
	Digest    string  `json:"digest"`
}

// Curve is the points of one variant.
type Curve struct {
	Label  string  `json:"label"`
	Points []Point `json:"points"`
}

// SweepPoint runs base with the variant and the swept value and returns its
// point.
func SweepPoint(def *Def, base *scenario.Scenario, sw *Sweep, curve int, x float64) (Point, error) {
	sc, err := sw.Curves[curve].Apply(base)
	if err != nil {
		return Point{}, err
	}
	if err := sc.Params.Put(sw.Param, param.Num(x)); err != nil {
		return Point{}, fmt.Errorf("sweep %s: %w", sw.ID, err)
	}
	r, err := Start(def, sc, false)
	if err != nil {
		return Point{}, err
	}
	r.RunToEnd()
	if err := r.Err(); err != nil {
		return Point{}, err
	}
	s := r.Summary()
	d := s.DurationS
	return Point{
		X:         x,
		Offered:   float64(s.Total.Offered) / d,
		Goodput:   s.Total.Goodput,
		Throttled: float64(s.Total.Throttled) / d,
		CPUMean:   s.CPU.Mean,
		Digest:    s.Digest,
	}, nil
}

// RunSweep runs every point of sw over base.
func RunSweep(def *Def, base *scenario.Scenario, sw *Sweep) ([]Curve, error) {
	out := make([]Curve, len(sw.Curves))
	for c := range sw.Curves {
		out[c].Label = sw.Curves[c].Label
		for _, x := range sw.Values {
			p, err := SweepPoint(def, base, sw, c, x)
			if err != nil {
				return nil, err
			}
			out[c].Points = append(out[c].Points, p)
		}
	}
	return out, nil
}
