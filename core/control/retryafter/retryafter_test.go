package retryafter

import (
	"testing"

	"overloadlab/core/engine/kernel"
)

const s = kernel.Second

func TestServerRefusesAboveThreshold(t *testing.T) {
	srv := Server{Threshold: 0.9, RetryAfter: 5 * s}
	for _, c := range []struct {
		rho  float64
		want bool
	}{{0.5, false}, {0.9, false}, {0.9001, true}, {1, true}, {0.89, false}} {
		if got := srv.Measure(c.rho); got != c.want || srv.Refuses() != c.want {
			t.Errorf("occupancy %v: refuses %v, want %v", c.rho, got, c.want)
		}
	}
}

// RFC 3261 §21.5.4: a client that receives a 503 with Retry-After sends no
// other request to that server for its duration.
func TestClientBlockedForRetryAfter(t *testing.T) {
	var b Block
	if b.Blocked(0) {
		t.Fatal("blocked before any 503")
	}
	b.Receive(10*s, 5*s)
	for _, c := range []struct {
		at   kernel.Time
		want bool
	}{{10 * s, true}, {15*s - 1, true}, {15 * s, false}, {20 * s, false}} {
		if got := b.Blocked(c.at); got != c.want {
			t.Errorf("blocked at %v s: %v, want %v", c.at.Seconds(), got, c.want)
		}
	}
	b.Receive(12*s, 10*s) // a later, longer block extends it
	b.Receive(13*s, 1*s)  // a shorter one does not shorten it
	if !b.Blocked(22*s-1) || b.Blocked(22*s) || b.Until() != 22*s {
		t.Fatalf("block until %v s, want 22", b.Until().Seconds())
	}
}

// A 503 without Retry-After is treated as a 500: no block.
func TestNoRetryAfterNoBlock(t *testing.T) {
	var b Block
	b.Receive(10*s, 0)
	if b.Blocked(10 * s) {
		t.Fatal("a 503 without Retry-After blocked the server")
	}
}
