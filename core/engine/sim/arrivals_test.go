package sim

import (
	"testing"

	"overloadlab/core/engine/kernel"
	"overloadlab/core/engine/traffic"
)

// A wake-up scheduled before a restart is ignored; the restarted source
// draws its arrivals at the new rate.
func TestArrivalsIgnoreStaleWakeups(t *testing.T) {
	env := &Env{Queue: &kernel.Queue{}, Seed: 1}
	a := NewArrivals(env, FirstKind, []string{"a"})
	a.Sources[0].Profile = traffic.Profile{Base: 10}
	a.Restart(0, 0)
	a.Sources[0].Profile = traffic.Profile{Base: 1000}
	a.Restart(0, 0)
	if env.Queue.Len() != 2 {
		t.Fatalf("%d events, want 2", env.Queue.Len())
	}
	n, stale := 0, 0
	for env.Queue.Len() > 0 {
		e := env.Queue.Pop()
		if e.At > kernel.Second {
			break
		}
		if e.Arg == 1 {
			stale++
		}
		if a.Wake(e) {
			n++
		}
	}
	if stale != 1 || n < 900 || n > 1100 {
		t.Errorf("%d arrivals in 1 s at 1000/s, %d stale wake-ups (want 1)", n, stale)
	}
}
