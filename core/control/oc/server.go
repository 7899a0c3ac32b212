package oc

import "math"

// Hysteresis is when a server's rule acts, from its occupancy ρ (0–1) over
// each regulation interval: it starts controlling above Onset, and changes
// its control only outside [Abatement, Onset].
type Hysteresis struct {
	Onset     float64 // above it the server controls more (ρ > Onset)
	Abatement float64 // below it the server controls less (ρ < Abatement)
}

// Estimator is the rate of new requests a server serves at its target
// occupancy [R]:
//
//	R = Target·λ/ρ
//
// from the rate λ of new requests it processed in an interval and its
// occupancy ρ over it: λ/ρ is what one unit of occupancy serves with the
// interval's mix (retransmissions and refusals included), so R follows
// the server's real capacity. It is kept through an interval with nothing
// processed.
type Estimator struct {
	Target float64 // the occupancy aimed at (0–1)
	rate   float64
}

// Update takes an interval's occupancy and processed rate, and returns R.
func (e *Estimator) Update(rho, processed float64) float64 {
	if processed > 0 && rho > 0 {
		e.rate = e.Target * processed / rho
	}
	return e.rate
}

// LossRule is how a LossServer moves its oc.
type LossRule uint8

const (
	// TargetRule [R]: oc = 100·(1 − R/offered), the share of the offered
	// new requests above R; offered = arrivals/(1 − oc_sent/100), the
	// server's view of what its clients would send without the control.
	// At most 99 %, so that some requests, and their answers with the
	// next oc, keep flowing (OCC's f_min of 0.01).
	TargetRule LossRule = iota
	// StepRule [R: a vendor's]: ρ > Onset ⇒ oc += Up, ρ < Abatement ⇒
	// oc −= Down, at most 100: the steps are the same however far the
	// load is from the target.
	StepRule
)

// LossRules names the rules as in the parameter schema.
var LossRules = []string{"target", "steps"}

// maxTargetLoss is the TargetRule's highest oc.
const maxTargetLoss = 99

// LossServer is a server's rule for the loss algorithm's oc (RFC 7339
// leaves it to the server). Every regulation interval it is on from ρ >
// Onset, moves its oc by its rule while ρ is outside [Abatement, Onset],
// and is off once its oc is back to 0.
type LossServer struct {
	Hysteresis
	Rule     LossRule
	Up, Down uint32 // StepRule: percentage points per interval
	Estimator
	oc uint32
}

// Update takes the interval that ended: its occupancy, the rate of new
// requests processed, and the rate of new requests that reached the
// server; it returns the oc for the next interval (0: off).
func (s *LossServer) Update(rho, processed, arrivals float64) uint32 {
	r := s.Estimator.Update(rho, processed)
	if s.oc == 0 && rho <= s.Onset || rho >= s.Abatement && rho <= s.Onset {
		return s.oc
	}
	if s.Rule == StepRule {
		if rho > s.Onset {
			s.oc = min(MaxLoss, s.oc+s.Up)
		} else {
			s.oc -= min(s.oc, s.Down)
		}
		return s.oc
	}
	offered := arrivals / (1 - float64(s.oc)/100)
	f := 1.0
	if offered > 0 {
		f = min(1, r/offered)
	}
	s.oc = uint32(min(maxTargetLoss, math.Round(100*(1-f))))
	return s.oc
}

// Oc returns the oc in force (0: off).
func (s *LossServer) Oc() uint32 { return s.oc }

// RateServer is a server's rule for the rate algorithm [R: RFC 7415 leaves
// it to the server]: it divides R (Estimator) evenly among the N clients
// it hears from. Every regulation interval:
//
//	on   when ρ > Onset
//	oc = max(1, round(R/N)) per client
//	off  when ρ < Abatement and no client sent more than Use·oc new requests/s
//
// Off, it waits for its clients to stop using their shares rather than
// ending at one quiet interval.
type RateServer struct {
	Hysteresis
	Estimator
	Use float64 // the share of oc a client must send for the control to stay on

	on bool
	oc uint32
}

// Update takes the interval that ended: its occupancy rho, the new requests
// processed per second, the number of clients heard from and the largest
// rate of new requests one of them sent; it returns the oc per client for
// the next interval and whether the control is on.
func (s *RateServer) Update(rho, processed float64, clients int, busiest float64) (uint32, bool) {
	clients = max(clients, 1)
	r := s.Estimator.Update(rho, processed)
	switch {
	case !s.on && rho > s.Onset:
		s.on = true
		if r == 0 {
			s.rate = float64(clients) // 1/s each until the first estimate
		}
	case s.on && rho < s.Abatement && busiest <= s.Use*float64(s.oc):
		s.on = false
		s.oc = 0
		return 0, false
	}
	if !s.on {
		return 0, false
	}
	s.oc = uint32(max(1, math.Round(s.rate/float64(clients))))
	return s.oc, true
}

// Rate returns R, the rate the server allows all its clients together (0
// when off).
func (s *RateServer) Rate() float64 {
	if !s.on {
		return 0
	}
	return s.rate
}

// Oc returns the oc per client in force (0 when off).
func (s *RateServer) Oc() uint32 { return s.oc }
