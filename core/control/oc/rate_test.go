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

// The vendor's rule: 12 points up above the onset, 8 down under the
// abatement, nothing in between, from 0 to 100 and back.
func TestLossServerSteps(t *testing.T) {
	srv := LossServer{Hysteresis: Hysteresis{Onset: 0.85, Abatement: 0.75}, Rule: StepRule, Up: 12, Down: 8}
	for i, c := range []struct {
		rho  float64
		want uint32
	}{
		{0.9, 12}, {0.86, 24}, {0.85, 24}, {0.8, 24}, {0.75, 24}, {0.7, 16},
		{1, 28}, {1, 40}, {1, 52}, {1, 64}, {1, 76}, {1, 88}, {1, 100}, {1, 100},
		{0.1, 92}, {0, 84}, {0, 76}, {0, 68}, {0, 60}, {0, 52}, {0, 44}, {0, 36}, {0, 28}, {0, 20}, {0, 12}, {0, 4}, {0, 0}, {0, 0},
	} {
		if got := srv.Update(c.rho, 0, 0); got != c.want {
			t.Fatalf("step %d, occupancy %v: oc %d, want %d", i, c.rho, got, c.want)
		}
	}
}

// The target rule: oc is the share of the offered load above R =
// target·λ/ρ, the offered load read through the oc in force.
func TestLossServerTarget(t *testing.T) {
	srv := LossServer{Hysteresis: Hysteresis{Onset: 0.85, Abatement: 0.75}, Estimator: Estimator{Target: 0.8}}
	if oc := srv.Update(0.8, 200, 210); oc != 0 {
		t.Fatalf("under the onset: oc %d", oc)
	}
	// 3×: 750 new requests/s arrive, 250 processed at 100 % ⇒ R = 200, oc =
	// 100·(1 − 200/750) = 73.
	if oc := srv.Update(1, 250, 750); oc != 73 {
		t.Fatalf("3×: oc %d, want 73", oc)
	}
	// In the band nothing moves.
	if oc := srv.Update(0.8, 200, 202); oc != 73 {
		t.Fatalf("at the target: oc %d, want 73", oc)
	}
	// The load grows to 5×: 1250·0.27 = 337.5 arrive at 100 %: offered 1250,
	// oc = 100·(1 − 200/1250) = 84.
	if oc := srv.Update(1, 250, 337.5); oc != 84 {
		t.Fatalf("5×: oc %d, want 84", oc)
	}
	// Past 100× it holds at 99: some answers keep bringing the next oc.
	if oc := srv.Update(1, 250, 1e6); oc != 99 {
		t.Fatalf("far over: oc %d, want 99", oc)
	}
	// The load falls under R: oc 0, the control is off.
	if oc := srv.Update(0.3, 75, 1.5); oc != 0 {
		t.Fatalf("under R: oc %d, want 0", oc)
	}
}

func TestRateServerDividesItsTarget(t *testing.T) {
	srv := RateServer{Hysteresis: Hysteresis{Onset: 0.85, Abatement: 0.75}, Estimator: Estimator{Target: 0.8}, Use: 0.8}
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
	// Nothing processed in an interval: R is kept.
	if oc, on := srv.Update(0.95, 0, 4, 50); !on || oc != 200 || srv.Rate() != 800 {
		t.Fatalf("nothing processed: oc %d (R %v) on %v, want R = 0.8·500/0.5 of the interval before kept: 200 each of 4", oc, srv.Rate(), on)
	}
	// A first estimate of 0 gives each client 1/s, not 0.
	fresh := RateServer{Hysteresis: Hysteresis{Onset: 0.85, Abatement: 0.75}, Estimator: Estimator{Target: 0.8}, Use: 0.8}
	if oc, on := fresh.Update(1, 0, 3, 10); !on || oc != 1 || math.IsNaN(fresh.Rate()) {
		t.Fatalf("on with no estimate: oc %d on %v", oc, on)
	}
}
