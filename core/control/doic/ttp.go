package doic

import (
	"overloadlab/core/control/shm"
	"overloadlab/core/engine/kernel"
)

// Decision is the fate of one request at a Traffic Throttle Point.
type Decision uint8

const (
	Send  Decision = iota // forwarded to the host
	Abate                 // abated: answered DIAMETER_TOO_BUSY, or diverted
)

// TTP is a Traffic Throttle Point: the routing agent's abatement of the
// requests towards one (host, application). It measures the rate of each
// priority and colour arriving at it with the Sliding Historic Metric,
// holds the overload state from the host's OLRs, and decides request by
// request with its policy. The ranked plan is recomputed at every 100 ms
// SHM bucket and whenever the reduction in force changes.
type TTP struct {
	Policy Policy
	State  State
	// MaxETRLimit caps the Max ETR of the ranked policies while an overload
	// is in force (the TTP's configured Maximum ETR [R]); 0 = no cap.
	MaxETRLimit float64

	meters [Priorities][Colours]shm.Meter
	rates  Rates
	plan   Plan
	bucket LeakyBucket

	planAt  int64   // SHM bucket index of the plan
	planR   float64 // reduction the plan was computed for
	planned bool
	rateIn  float64 // maximum rate the leaky bucket holds
}

// NewTTP returns a TTP with the given policy, SHM Rate Convergence Time and
// leaky-bucket tolerances, started at t.
func NewTTP(pol Policy, convergence kernel.Time, burst, burstStep float64, t kernel.Time) (*TTP, error) {
	tp := &TTP{Policy: pol, State: NewState()}
	for p := range tp.meters {
		for c := range tp.meters[p] {
			if err := tp.meters[p][c].SetConvergence(convergence); err != nil {
				return nil, err
			}
			tp.meters[p][c].Reset(t)
		}
	}
	tp.bucket.Burst, tp.bucket.BurstStep = burst, burstStep
	tp.plan.Reset()
	return tp, nil
}

// SetConvergence changes the SHM Rate Convergence Time of every meter.
func (tp *TTP) SetConvergence(d kernel.Time) error {
	for p := range tp.meters {
		for c := range tp.meters[p] {
			if err := tp.meters[p][c].SetConvergence(d); err != nil {
				return err
			}
		}
	}
	tp.planned = false
	return nil
}

// SetBurst changes the leaky bucket's tolerances.
func (tp *TTP) SetBurst(burst, step float64) {
	tp.bucket.Burst, tp.bucket.BurstStep = burst, step
	if tp.rateIn > 0 {
		tp.bucket.SetRate(tp.rateIn)
	}
}

// SetPolicy changes the policy.
func (tp *TTP) SetPolicy(p Policy) {
	tp.Policy = p
	tp.planned = false
}

// Receive takes an OLR from the host at now.
func (tp *TTP) Receive(now kernel.Time, o OLR) Verdict {
	v := tp.State.Receive(now, o)
	if v == Accepted || v == Ended {
		tp.planned = false
	}
	return v
}

// Decide counts a request of priority p and colour c arriving at now and
// decides its fate. u is a uniform number in [0, 1) from the caller's
// stream, used by plain loss only.
func (tp *TTP) Decide(now kernel.Time, p int, c Colour, u float64) Decision {
	m := &tp.meters[p][c]
	m.Add(now, 1)
	switch tp.Policy {
	case PlainLoss:
		if LossAbates(tp.State.Reduction(now), u) {
			return Abate
		}
		return Send
	case RateBased:
		rate, ok := tp.State.MaxRate(now)
		if !ok {
			return Send
		}
		if rate != tp.rateIn {
			tp.rateIn = rate
			tp.bucket.SetRate(rate)
		}
		if tp.bucket.Allow(now, p) {
			return Send
		}
		return Abate
	}
	r := tp.State.Reduction(now)
	if r <= 0 {
		return Send
	}
	if k := int64(now / shm.Bucket); !tp.planned || k != tp.planAt || r != tp.planR {
		tp.replan(now, r)
	}
	if tp.plan.Admit(p, c) {
		return Send
	}
	return Abate
}

func (tp *TTP) replan(now kernel.Time, r float64) {
	tp.measure(now)
	tp.plan.Compute(tp.Policy, &tp.rates, r, tp.MaxETRLimit)
	tp.planAt, tp.planR, tp.planned = int64(now/shm.Bucket), r, true
}

func (tp *TTP) measure(now kernel.Time) {
	for p := range tp.meters {
		for c := range tp.meters[p] {
			tp.rates[p][c] = tp.meters[p][c].Rate(now)
		}
	}
}

// Rates returns the SHM rates of every priority and colour at now.
func (tp *TTP) Rates(now kernel.Time) Rates {
	tp.measure(now)
	return tp.rates
}

// MaxETR returns the maximum egress rate the TTP aims at now: offered ×
// (1 − R/100) for the loss policies, OC-Maximum-Rate for the rate policy,
// and 0 while no overload is in force.
func (tp *TTP) MaxETR(now kernel.Time) float64 {
	if tp.Policy == RateBased {
		rate, _ := tp.State.MaxRate(now)
		return rate
	}
	r := tp.State.Reduction(now)
	if r <= 0 {
		return 0
	}
	tp.measure(now)
	m := tp.rates.Total() * (1 - r/100)
	if tp.MaxETRLimit > 0 && tp.Policy.Ranked() {
		m = min(m, tp.MaxETRLimit)
	}
	return m
}

// Fraction returns the fraction of class (p, c) the ranked plan sends now
// (1 when no ranked plan is in force).
func (tp *TTP) Fraction(now kernel.Time, p int, c Colour) float64 {
	if !tp.Policy.Ranked() || tp.State.Reduction(now) <= 0 {
		return 1
	}
	return tp.plan.Fraction(p, c)
}
