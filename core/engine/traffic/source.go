package traffic

import (
	"overloadlab/core/engine/kernel"
)

// Source is a Poisson arrival process whose rate is Profile.Rate(t).
// The rate is piecewise constant, so at each change the pending arrival is
// drawn again from the change time: exact by memorylessness. A new Profile
// takes effect at the next Restart.
type Source struct {
	Profile Profile

	stream *kernel.Stream
	rate   float64     // Rate from the last Restart until change (the rate is constant in between)
	next   kernel.Time // next arrival, or Never
	change kernel.Time // next profile change, or Never
}

// NewSource returns a source drawing from stream.
func NewSource(p Profile, stream *kernel.Stream) *Source {
	return &Source{Profile: p, stream: stream, next: kernel.Never, change: kernel.Never}
}

// Rate returns the current rate at t.
func (s *Source) Rate(t kernel.Time) float64 { return s.Profile.Rate(t) }

// Restart draws the next arrival after now at the rate in force at now, and
// returns the time of the next event the source needs: an arrival or a
// profile change, whichever is first.
func (s *Source) Restart(now kernel.Time) kernel.Time {
	s.change = s.Profile.NextChange(now)
	s.rate = s.Rate(now)
	if s.rate <= 0 {
		s.next = kernel.Never
	} else {
		s.next = s.after(now)
	}
	return min(s.next, s.change)
}

// after draws the time of the next arrival after now (1 ns after at the
// least).
func (s *Source) after(now kernel.Time) kernel.Time {
	return max(now+kernel.Seconds(s.stream.Exp(s.rate)), now+1)
}

// Wake handles the source's event at now. It reports whether a message
// arrives now, and returns when the source next needs to wake. It draws
// as after does, calling Exp itself (DESIGN.md, branch order).
func (s *Source) Wake(now kernel.Time) (arrival bool, next kernel.Time) {
	if now >= s.change {
		// The rate changed before the pending arrival: redraw.
		return false, s.Restart(now)
	}
	if now >= s.next {
		s.next = max(now+kernel.Seconds(s.stream.Exp(s.rate)), now+1) // after(now)
		arrival = true
	}
	return arrival, min(s.next, s.change)
}
