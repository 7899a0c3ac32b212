package sim

import (
	"overloadlab/core/kernel"
	"overloadlab/core/traffic"
)

// Arrivals drives a node's traffic sources through the event queue: one
// source per class, each woken by an event of one kind whose Ref is the
// source and whose Arg is the source's generation, so that a wake-up
// scheduled before a restart (a rate change) is ignored.
type Arrivals struct {
	env     *Env
	kind    uint16
	Sources []*traffic.Source
	gen     []int64
}

// NewArrivals returns n sources drawing from the streams first … first+n−1,
// woken by events of kind.
func NewArrivals(env *Env, kind uint16, n int, first uint64) *Arrivals {
	a := &Arrivals{env: env, kind: kind, gen: make([]int64, n)}
	for i := range n {
		a.Sources = append(a.Sources, traffic.NewSource(traffic.Profile{}, env.Stream(first+uint64(i))))
	}
	return a
}

// Restart gives source i the profile p and redraws its next arrival from now.
func (a *Arrivals) Restart(now kernel.Time, i int, p traffic.Profile) {
	src := a.Sources[i]
	src.Profile = p
	a.gen[i]++
	if next := src.Restart(now); next != kernel.Never {
		a.env.At(next, a.kind, int32(i), a.gen[i])
	}
}

// Wake handles a wake-up event of the source e.Ref and reports whether a
// message arrives at e.At.
func (a *Arrivals) Wake(e kernel.Event) bool {
	if e.Arg != a.gen[e.Ref] {
		return false // the source was restarted after this wake-up was scheduled
	}
	arrival, next := a.Sources[e.Ref].Wake(e.At)
	if next != kernel.Never {
		a.env.At(next, a.kind, e.Ref, e.Arg)
	}
	return arrival
}
