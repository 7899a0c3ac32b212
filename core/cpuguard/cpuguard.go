// Package cpuguard is the IMSI Manager's CPU guard: a fixed threshold of
// 70 %, not configurable, at and above which the IMSI Manager stops the
// messenger work of rejecting and drops the overflow of its pacing queues
// instead, whatever overflow action is configured. Every IMSI Manager
// instance watches its own CPU.
package cpuguard

// Threshold is the fixed CPU occupancy at which the guard acts: ρ ≥ 0.70.
const Threshold = 0.70

// Guard holds one instance's guard state, updated once per measurement
// interval from the CPU occupancy the instance measured.
type Guard struct {
	high          bool
	Activations   int64 // times the guard switched on
	HighIntervals int64 // intervals spent at or above the threshold
}

// Observe takes the occupancy ρ (0..1) measured over the last interval.
func (g *Guard) Observe(rho float64) {
	high := rho >= Threshold
	if high && !g.high {
		g.Activations++
	}
	if high {
		g.HighIntervals++
	}
	g.high = high
}

// High reports whether the guard is on: the last measured CPU was ≥ 70 %.
func (g *Guard) High() bool { return g.high }

// Reset clears the state (a restart after a crash).
func (g *Guard) Reset() { g.high = false }
