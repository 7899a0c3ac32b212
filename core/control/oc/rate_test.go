package oc

import (
	"math"
	"testing"

	"overloadlab/core/engine/kernel"
)

// The bound is tight: after a quiet spell a burst of exactly 1 + τ/T
// passes at one instant, then one request per T.
func TestLeakyBucketBurstThenRate(t *testing.T) {
	c := Client{Tau: DefaultTau}
	c.Receive(0, Feedback{Oc: 100, Algo: Rate, Validity: 60 * s, Seq: 1})
	burst := 0
	for c.Admit(s, false, nil) {
		burst++
	}
	if burst != 5 {
		t.Fatalf("burst at one instant: %d, want 1 + τ/T = 5", burst)
	}
	// Then every 10 ms one request, at a 1 ms offer.
	sent := 0
	for i := 1; i <= 1000; i++ {
		if c.Admit(s+kernel.Time(i)*kernel.Millisecond, false, nil) {
			sent++
		}
	}
	if sent != 100 {
		t.Fatalf("over 1 s at 1000/s offered and oc 100/s: %d sent, want 100", sent)
	}
}

func TestLossServerSteps(t *testing.T) {
	srv := LossServer{Hysteresis: Hysteresis{Onset: 0.85, Abatement: 0.75}, Up: 12, Down: 8}
	for i, c := range []struct {
		rho  float64
		want uint32
	}{
		{0.9, 12}, {0.86, 24}, {0.85, 24}, {0.8, 24}, {0.75, 24}, {0.7, 16},
		{1, 28}, {1, 40}, {1, 52}, {1, 64}, {1, 76}, {1, 88}, {1, 100}, {1, 100},
		{0.1, 92}, {0, 84}, {0, 76}, {0, 68}, {0, 60}, {0, 52}, {0, 44}, {0, 36}, {0, 28}, {0, 20}, {0, 12}, {0, 4}, {0, 0}, {0, 0},
	} {
		if got := srv.Update(c.rho); got != c.want {
			t.Fatalf("step %d, occupancy %v: oc %d, want %d", i, c.rho, got, c.want)
		}
	}
}

func TestRateServerDividesItsTarget(t *testing.T) {
	srv := RateServer{Hysteresis: Hysteresis{Onset: 0.85, Abatement: 0.75}, Target: 0.8, Use: 0.8}
	if oc, on := srv.Update(0.8, 900, 4, 300); on || oc != 0 {
		t.Fatalf("under the onset: oc %d on %v", oc, on)
	}
	// Above the onset: 900 new requests/s at 90 % ⇒ R = 0.8·900/0.9 = 800/s,
	// 200/s for each of 4 clients.
	oc, on := srv.Update(0.9, 900, 4, 400)
	if !on || oc != 200 || srv.Rate() != 800 {
		t.Fatalf("at 90 %%: oc %d (R %v) on %v, want 200 each of 800", oc, srv.Rate(), on)
	}
	// Five clients now: R = 0.8·800/0.8 = 800 ⇒ 160 each.
	if oc, _ := srv.Update(0.8, 800, 5, 160); oc != 160 {
		t.Fatalf("five clients: oc %d, want 160", oc)
	}
	// Below the abatement but clients use their share: still on.
	if oc, on := srv.Update(0.7, 700, 5, 150); !on || oc != 160 {
		t.Fatalf("below the abatement, clients at their share: oc %d on %v, want 160 on", oc, on)
	}
	// Below the abatement and no client uses 80 % of its share: off.
	if oc, on := srv.Update(0.5, 500, 5, 100); on || oc != 0 || srv.Rate() != 0 {
		t.Fatalf("demand under the shares: oc %d on %v, want off", oc, on)
	}
	// Nothing processed in an interval: R is kept; never below 1/s.
	srv.Update(0.95, 0, 3, 50)
	if srv.Oc() != 1 {
		t.Fatalf("first interval with nothing processed: oc %d, want 1 (the first estimate)", srv.Oc())
	}
	if oc, _ := srv.Update(1, 0, 3, 1); oc != 1 || math.IsNaN(srv.Rate()) {
		t.Fatalf("nothing processed: oc %d", oc)
	}
}
