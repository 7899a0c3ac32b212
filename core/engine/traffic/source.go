package traffic

import (
	"overloadlab/core/engine/kernel"
)

// Source is a Poisson arrival process whose rate is Scale·Profile.Rate(t).
// The rate is piecewise constant, so at each change the pending arrival is
// drawn again from the change time: exact by memorylessness.
type Source struct {
	Profile Profile
	Scale   float64 // multiplies the profile (a live "rate ×" slider); 1 by default

	stream *kernel.Stream
	next   kernel.Time // next arrival, or Never
	change kernel.Time // next profile change, or Never
}

// NewSource returns a source drawing from stream.
func NewSource(p Profile, stream *kernel.Stream) *Source {
	return &Source{Profile: p, Scale: 1, stream: stream, next: kernel.Never, change: kernel.Never}
}

// Rate returns the current rate at t.
func (s *Source) Rate(t kernel.Time) float64 { return s.Scale * s.Profile.Rate(t) }

// Restart draws the next arrival after now at the rate in force at now, and
// returns the time of the next event the source needs: an arrival or a
// profile change, whichever is first.
func (s *Source) Restart(now kernel.Time) kernel.Time {
	s.change = s.Profile.NextChange(now)
	r := s.Rate(now)
	if r <= 0 {
		s.next = kernel.Never
	} else {
		s.next = now + kernel.Seconds(s.stream.Exp(r))
		if s.next <= now {
			s.next = now + 1
		}
	}
	return min(s.next, s.change)
}

// Wake handles the source's event at now. It reports whether a message
// arrives now, and returns when the source next needs to wake.
func (s *Source) Wake(now kernel.Time) (arrival bool, next kernel.Time) {
	if now >= s.change {
		// The rate changed before the pending arrival: redraw.
		return false, s.Restart(now)
	}
	if now < s.next {
		return false, min(s.next, s.change)
	}
	r := s.Rate(now)
	s.next = now + kernel.Seconds(s.stream.Exp(r))
	if s.next <= now {
		s.next = now + 1
	}
	return true, min(s.next, s.change)
}
