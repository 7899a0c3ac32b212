// Package kernel is the discrete-event heart of the simulator: a virtual
// clock counted in integer nanoseconds, a typed event queue that does not
// allocate per event, and seeded random streams.
//
// Nothing here reads the wall clock or a global random source, so a run is a
// pure function of its scenario and seed, natively and in WebAssembly.
package kernel

import "math"

// Time is virtual time in nanoseconds since the start of a run. Integer time
// keeps the order of events exact on every platform.
type Time int64

// Units of virtual time.
const (
	Nanosecond  Time = 1
	Microsecond      = 1000 * Nanosecond
	Millisecond      = 1000 * Microsecond
	Second           = 1000 * Millisecond
	Minute           = 60 * Second
	Hour             = 60 * Minute

	// Never is later than any event of a run.
	Never Time = math.MaxInt64
)

// Seconds converts a duration in seconds to Time, rounding to the nanosecond.
func Seconds(s float64) Time {
	if s >= float64(Never)/1e9 {
		return Never
	}
	return Time(math.Round(s * 1e9))
}

// Seconds returns t in seconds.
func (t Time) Seconds() float64 { return float64(t) / 1e9 }
