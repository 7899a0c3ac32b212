package sim

import (
	"overloadlab/core/engine/kernel"
	"overloadlab/core/engine/traffic"
)

// Arrivals drives a node's traffic sources through the event queue with one
// event kind for all of them: Ref is the source's index and Arg its
// generation, so a wake-up scheduled before the source was restarted (a
// rate changed) is ignored.
type Arrivals struct {
	Sources []*traffic.Source
	env     *Env
	kind    uint16
	gen     []int64
}

// NewArrivals returns one source per name, woken by events of kind, each
// drawing from the random stream "source.<name>". Their profiles are
// empty and nothing is scheduled until Restart.
func NewArrivals(env *Env, kind uint16, names []string) *Arrivals {
	sources := make([]*traffic.Source, len(names))
	for i, name := range names {
		sources[i] = traffic.NewSource(traffic.Profile{}, env.Stream(SourceStream(name)))
	}
	return &Arrivals{Sources: sources, env: env, kind: kind, gen: make([]int64, len(sources))}
}

// Restart redraws source i from now, after its profile or scale changed.
func (a *Arrivals) Restart(now kernel.Time, i int) {
	a.gen[i]++
	if next := a.Sources[i].Restart(now); next != kernel.Never {
		a.env.At(next, a.kind, int32(i), a.gen[i])
	}
}

// Wake handles an event of the arrivals' kind and reports whether a message
// of source e.Ref arrives at e.At.
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

// SourceStream is the name of the random stream of the source name.
func SourceStream(name string) string { return "source." + name }
