package acg

import "overloadlab/core/engine/kernel"

// Adaptive is the adaptive gap control of an SCP [R]: once per measurement
// interval it takes the load X_n that reached the SCP (queries per second
// admitted by the sources' gaps) and sets the per-source rate
//
//	r_{n+1} = clamp(r_n · C_target / X_n, r_min, r_max),  g = 1/r_{n+1}
//
// a continuous, unquantised gap. X_n = 0 gives r_max. With Step s > 0 the
// factor C_target/X_n is first held within [1/s, s]: the rate changes by
// at most s× per interval. [R] The sources learn a new gap only in the
// responses to their next admitted queries, so X_n still shows the old gap
// for a while; without a step limit the rule keeps cutting r while the
// news travels, overshoots to r_min and then swings back (on/off). At r_max the control
// is lifted: the SCP sends g = 0 (no gapping), so that an SCP below its
// target does not throttle heavy sources at 1/r_max. [R]
type Adaptive struct {
	Target float64 // C_target, queries per second the SCP aims to receive
	Min    float64 // r_min, per-source rate at the most severe gap (/s)
	Max    float64 // r_max, per-source rate at which gapping is lifted (/s)
	Step   float64 // s, largest change factor per interval; 0 = unlimited (the rule as stated)

	rate float64 // r_n; 0 before the first update means r_max
}

// Rate returns the per-source rate r_n in force (r_max before any update).
func (a *Adaptive) Rate() float64 {
	if a.rate == 0 {
		return a.Max
	}
	return a.rate
}

// Update takes the measured load x (/s) of the interval that ended and
// returns the new per-source rate r_{n+1}.
func (a *Adaptive) Update(x float64) float64 {
	r := a.Max
	if x > 0 {
		f := a.Target / x
		if a.Step > 0 {
			f = min(max(f, 1/a.Step), a.Step)
		}
		r = a.Rate() * f
	}
	a.rate = min(max(r, a.Min), a.Max)
	return a.rate
}

// Gap returns the gap interval to send: 1/r, or 0 (no gapping) at r_max.
func (a *Adaptive) Gap() kernel.Time {
	r := a.Rate()
	if r >= a.Max {
		return 0
	}
	return kernel.Seconds(1 / r)
}

// Reset forgets r_n (a change of the control).
func (a *Adaptive) Reset() { a.rate = 0 }
