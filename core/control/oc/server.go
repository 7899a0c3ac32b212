package oc

import "math"

// Hysteresis is when a server's rule raises its control and when it lowers
// it, from its occupancy ρ (0–1) over each regulation interval.
type Hysteresis struct {
	Onset     float64 // above it the server controls more (ρ > Onset)
	Abatement float64 // below it the server controls less (ρ < Abatement)
}

// LossServer is a server's rule for the loss algorithm's oc [R: RFC 7339
// leaves it to the server; this is a vendor's, with its defaults]: every
// regulation interval, from the occupancy ρ of that interval,
//
//	ρ > Onset     ⇒ oc = min(100, oc + Up)
//	ρ < Abatement ⇒ oc = max(0, oc − Down)
//	otherwise       oc unchanged
//
// While oc > 0 the server asks its clients to drop oc % of their new
// requests; at 0 the control is off.
type LossServer struct {
	Hysteresis
	Up, Down uint32 // percentage points per interval
	oc       uint32
}

// Update takes the occupancy of the interval that ended and returns the oc
// for the next one.
func (s *LossServer) Update(rho float64) uint32 {
	switch {
	case rho > s.Onset:
		s.oc = min(MaxLoss, s.oc+s.Up)
	case rho < s.Abatement:
		s.oc -= min(s.oc, s.Down)
	}
	return s.oc
}

// Oc returns the oc in force.
func (s *LossServer) Oc() uint32 { return s.oc }

// RateServer is a server's rule for the rate algorithm [R: RFC 7415 leaves
// it to the server]: it estimates the rate of new requests it can serve at
// its target occupancy and divides it evenly among the clients it hears
// from. Every regulation interval, from the occupancy ρ, the new requests
// it processed (λ per second) and the N clients whose requests reached it:
//
//	on   when ρ > Onset
//	R  = Target·λ/ρ (kept when λ = 0)   oc = max(1, round(R/N)) per client
//	off  when ρ < Abatement and no client sent more than Use·oc new requests/s
//
// The estimate λ/ρ is what one unit of occupancy serves with the mix of
// the interval (retransmissions included), so R follows the server's real
// capacity; off, the server waits for its clients to stop using their
// shares rather than ending at one quiet interval.
type RateServer struct {
	Hysteresis
	Target float64 // the occupancy the rate aims at (0–1)
	Use    float64 // the share of oc a client must send for the control to stay on

	on   bool
	rate float64 // R, new requests/s for all the clients
	oc   uint32
}

// Update takes the interval that ended: its occupancy rho, the new requests
// processed per second, the number of clients heard from and the largest
// rate of new requests one of them sent; it returns the oc per client for
// the next interval and whether the control is on.
func (s *RateServer) Update(rho, processed float64, clients int, busiest float64) (uint32, bool) {
	clients = max(clients, 1)
	switch {
	case !s.on && rho > s.Onset:
		s.on = true
		s.rate = float64(clients) // 1/s each until the first estimate
	case s.on && rho < s.Abatement && busiest <= s.Use*float64(s.oc):
		s.on = false
		s.oc = 0
		return 0, false
	}
	if !s.on {
		return 0, false
	}
	if processed > 0 && rho > 0 {
		s.rate = s.Target * processed / rho
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
