// Package cpuguard is the IMSI Manager's CPU guard: a fixed threshold of
// 70 %, not configurable, at and above which the IMSI Manager stops the
// messenger work of rejecting and drops the overflow of its pacing queues
// instead, whatever overflow action is configured. Every IMSI Manager
// instance watches its own CPU.
//
// Cisco's IMSI Manager overload control documentation says the instance acts "on reaching" 70 % but not over what
// window it reads its CPU. Here the instance reads it over a sampling
// period P (a reconstructed parameter, see SamplingPeriod): the guard is
// on from a reading ρ_P ≥ 70 % until a reading below 70 %.
package cpuguard

import "overloadlab/core/engine/kernel"

// Threshold is the fixed CPU occupancy at which the guard acts: ρ ≥ 0.70.
const Threshold = 0.70

// Guard holds one instance's guard state, updated at every reading of the
// instance's CPU.
type Guard struct {
	high        bool
	acct        kernel.Time // time the on-time is counted up to
	on          kernel.Time // time spent on since the last OnTime
	Activations int64       // times the guard switched on
	HighSamples int64       // readings at or above the threshold
}

// Observe takes the occupancy ρ (0..1) read at now over the last sampling
// period.
func (g *Guard) Observe(now kernel.Time, rho float64) {
	g.count(now)
	high := rho >= Threshold
	if high && !g.high {
		g.Activations++
	}
	if high {
		g.HighSamples++
	}
	g.high = high
}

func (g *Guard) count(now kernel.Time) {
	if g.high && now > g.acct {
		g.on += now - g.acct
	}
	g.acct = max(g.acct, now)
}

// High reports whether the guard is on: the last reading was ≥ 70 %.
func (g *Guard) High() bool { return g.high }

// OnTime returns how long the guard was on since the previous call, up to
// now, and starts counting again from now.
func (g *Guard) OnTime(now kernel.Time) kernel.Time {
	g.count(now)
	on := g.on
	g.on = 0
	return on
}

// Reset clears the state at now (a restart after a crash, or the lab switch
// turned off).
func (g *Guard) Reset(now kernel.Time) {
	g.count(now)
	g.high = false
}
