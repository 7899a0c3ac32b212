// Package traffic generates the offered load: message classes, Poisson
// sources whose rate follows a profile over time, and the retries of
// rejected or unanswered requests that make congestion collapse possible.
package traffic

import (
	"fmt"

	"overloadlab/core/engine/kernel"
)

// Shape is the form of a rate profile.
type Shape uint8

const (
	Constant Shape = iota // Base all the time
	Step                  // Base, then Peak from Start on
	Ramp                  // Base, rising linearly to Peak over [Start, Start+Length], then Peak
	Burst                 // Base, Peak during [Start, Start+Length), then Base again
)

// Shapes lists the shape names in order, as used in scenario files.
var Shapes = []string{"constant", "step", "ramp", "burst"}

func (s Shape) String() string { return Shapes[s] }

// ParseShape returns the shape named name.
func ParseShape(name string) (Shape, error) {
	for i, n := range Shapes {
		if n == name {
			return Shape(i), nil
		}
	}
	return 0, fmt.Errorf("unknown profile %q", name)
}

// RampStep is the resolution of a ramp: its rate changes in steps this long.
const RampStep = 100 * kernel.Millisecond

// Profile is a rate over time in messages per second.
type Profile struct {
	Shape  Shape
	Base   float64 // rate before Start (and after a burst)
	Peak   float64 // rate after a step, at the end of a ramp, during a burst
	Start  kernel.Time
	Length kernel.Time // ramp or burst length
}

// Rate returns the rate at t.
func (p Profile) Rate(t kernel.Time) float64 {
	if p.Shape == Constant || t < p.Start {
		return p.Base
	}
	switch p.Shape {
	case Step:
		return p.Peak
	case Burst:
		if t < p.Start+p.Length {
			return p.Peak
		}
		return p.Base
	default: // Ramp, piecewise constant in RampStep steps
		if p.Length <= 0 || t >= p.Start+p.Length {
			return p.Peak
		}
		k := (t - p.Start) / RampStep
		frac := float64(k*RampStep) / float64(p.Length)
		return p.Base + (p.Peak-p.Base)*frac
	}
}

// NextChange returns the first time after t at which Rate changes, or
// kernel.Never.
func (p Profile) NextChange(t kernel.Time) kernel.Time {
	switch {
	case p.Shape == Constant:
		return kernel.Never
	case t < p.Start:
		return p.Start
	case p.Shape == Burst && t < p.Start+p.Length:
		return p.Start + p.Length
	case p.Shape == Ramp && t < p.Start+p.Length:
		k := (t-p.Start)/RampStep + 1
		return min(p.Start+k*RampStep, p.Start+p.Length)
	}
	return kernel.Never
}
