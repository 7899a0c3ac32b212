// Package retryafter is SIP's own answer to overload, 503 (Service
// Unavailable) with Retry-After (RFC 3261 §21.5.4, §20.33):
//
//	server: every measurement, refuse ⇔ occupancy ρ > threshold; while it
//	        refuses, a new request is answered 503 with Retry-After R
//	client: on a 503 with Retry-After R at t, send no other request to that
//	        server before t + R (to an alternate server, if it has one);
//	        a 503 without Retry-After is a 500: no block
//
// The server cannot ask for part of the load to go: every client that hears
// a 503 stops, and all of them come back at once, R later.
package retryafter

import "overloadlab/core/engine/kernel"

// Server is the server's side: whether it refuses new requests, from its
// occupancy, and the Retry-After it puts in the 503.
type Server struct {
	Threshold  float64     // occupancy (0–1) above which new requests are refused
	RetryAfter kernel.Time // Retry-After, whole seconds (0: none)
	refusing   bool
}

// Measure takes the occupancy ρ measured over the server's last period and
// decides whether it refuses new requests until the next: ρ > Threshold.
func (s *Server) Measure(rho float64) bool {
	s.refusing = rho > s.Threshold
	return s.refusing
}

// Refuses reports whether a new request is answered 503 now.
func (s *Server) Refuses() bool { return s.refusing }

// Block is one client's block on one server.
type Block struct {
	until kernel.Time
}

// Receive takes a 503 from the server at now with Retry-After retryAfter:
// no other request goes to the server before now + retryAfter. A later
// block never shortens an earlier one; retryAfter 0 (the header is absent)
// blocks nothing (the 503 is read as a 500).
func (b *Block) Receive(now, retryAfter kernel.Time) {
	if retryAfter > 0 {
		b.until = max(b.until, now+retryAfter)
	}
}

// Blocked reports whether a new request may not go to the server at now.
func (b *Block) Blocked(now kernel.Time) bool { return now < b.until }

// Until returns when the block ends (in the past when there is none).
func (b *Block) Until() kernel.Time { return b.until }
