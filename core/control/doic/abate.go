package doic

import (
	"fmt"

	"overloadlab/core/control/leaky"
	"overloadlab/core/engine/kernel"
)

// Priorities is the number of message priorities P0–P4; P4 (NGN priority
// service) is never abated by DOIC's ranked and rate policies [S].
const (
	Priorities = 5
	P4         = Priorities - 1
)

// Colour is a request's colour at the routing agent's ingress [S]: green
// while its connection is within its Reserved Ingress MPS, yellow above it.
// (Red requests were discarded by per-connection ingress control and never
// reach DOIC.)
type Colour uint8

const (
	Green Colour = iota
	Yellow
	Colours
)

var colourNames = [...]string{"green", "yellow"}

func (c Colour) String() string { return colourNames[c] }

// Policy is how requests are abated.
type Policy uint8

const (
	PlainLoss            Policy = iota // RFC 7683: abate R % at random, whatever the priority
	PriorityOnly                       // DSR: P0 first, then P1, … (colour ignored)
	PriorityWithinColour               // DSR: yellow P0…P3 first, then green P0…P3
	ColourWithinPriority               // DSR: P0 yellow, P0 green, P1 yellow, P1 green, …
	RateBased                          // RFC 8582: leaky bucket at OC-Maximum-Rate
)

// Policies names the policies as in the parameter schema.
var Policies = []string{"plain-loss", "priority-only", "priority-within-colour", "colour-within-priority", "rate"}

func (p Policy) String() string { return Policies[p] }

// ParsePolicy returns the policy named name.
func ParsePolicy(name string) (Policy, error) {
	for i, n := range Policies {
		if n == name {
			return Policy(i), nil
		}
	}
	return 0, fmt.Errorf("unknown abatement policy %q (allowed: %v)", name, Policies)
}

// Ranked reports whether p discards from the lowest rank upward.
func (p Policy) Ranked() bool { return p >= PriorityOnly && p <= ColourWithinPriority }

// Rates are the measured rates of each priority and colour, requests/s.
type Rates [Priorities][Colours]float64

// Total returns the sum of all rates.
func (r *Rates) Total() float64 {
	t := 0.0
	for p := range r {
		for c := range r[p] {
			t += r[p][c]
		}
	}
	return t
}

// LossAbates is RFC 7683's loss algorithm: a request is abated with
// probability R/100, given u uniform in [0, 1): abate ⇔ 100·u < R.
func LossAbates(reduction, u float64) bool { return 100*u < reduction }

// class is one (priority, colour) in a discard order; all = both colours.
type class struct {
	p   uint8
	c   Colour
	all bool
}

// discardOrder lists the classes of a ranked policy, lowest rank (first to
// be discarded) first. P4 is never in it.
func discardOrder(p Policy) []class {
	var out []class
	switch p {
	case PriorityOnly:
		for q := range uint8(P4) {
			out = append(out, class{p: q, all: true})
		}
	case PriorityWithinColour:
		for _, c := range []Colour{Yellow, Green} {
			for q := range uint8(P4) {
				out = append(out, class{p: q, c: c})
			}
		}
	case ColourWithinPriority:
		for q := range uint8(P4) {
			out = append(out, class{p: q, c: Yellow}, class{p: q, c: Green})
		}
	}
	return out
}

var orders = [...][]class{
	PriorityOnly:         discardOrder(PriorityOnly),
	PriorityWithinColour: discardOrder(PriorityWithinColour),
	ColourWithinPriority: discardOrder(ColourWithinPriority),
}

// Plan is the DSR's rate-based abatement for one reduction and one set of
// measured rates [S/R]:
//
//	MaxETR = offered × (1 − R/100)
//	budget = MaxETR − rate(P4)
//	for each class from the highest rank down:
//	    allowed(class) = clamp(budget, 0, rate(class)); budget −= rate(class)
//
// which is allowed = clamp(MaxETR − Σ rate(higher-ranked), 0, rate). Each
// class then sends the fraction allowed/rate of its requests, spread evenly
// by a credit counter (no randomness), so the lowest classes are discarded
// first and whole, the boundary class partly.
type Plan struct {
	MaxETR  float64
	Allowed Rates // requests/s each class may send
	admit   Rates // fraction of each class sent
	credit  Rates
}

// Compute fills the plan for policy pol (a ranked one), the measured rates
// and the reduction R in percent. A positive limit caps MaxETR (the TTP's
// configured Maximum ETR [R]).
func (pl *Plan) Compute(pol Policy, rates *Rates, reduction, limit float64) {
	pl.MaxETR = rates.Total() * (1 - reduction/100)
	if limit > 0 {
		pl.MaxETR = min(pl.MaxETR, limit)
	}
	budget := pl.MaxETR
	for c := range Colours {
		budget -= rates[P4][c]
		pl.Allowed[P4][c] = rates[P4][c]
		pl.admit[P4][c] = 1
	}
	order := orders[pol]
	for i := len(order) - 1; i >= 0; i-- {
		k := order[i]
		if k.all {
			rate := rates[k.p][Green] + rates[k.p][Yellow]
			f := fraction(budget, rate)
			for c := range Colours {
				pl.admit[k.p][c] = f
				pl.Allowed[k.p][c] = f * rates[k.p][c]
			}
			budget -= rate
			continue
		}
		rate := rates[k.p][k.c]
		f := fraction(budget, rate)
		pl.admit[k.p][k.c] = f
		pl.Allowed[k.p][k.c] = f * rate
		budget -= rate
	}
}

// fraction is clamp(budget, 0, rate)/rate, 1 for an idle class.
func fraction(budget, rate float64) float64 {
	switch {
	case rate <= 0 || budget >= rate:
		return 1
	case budget <= 0:
		return 0
	}
	return budget / rate
}

// Admit reports whether the next request of priority p and colour c is
// sent: its class's credit grows by its fraction and a request is sent for
// each whole unit.
func (pl *Plan) Admit(p int, c Colour) bool {
	f := pl.admit[p][c]
	if f >= 1 {
		return true
	}
	x := pl.credit[p][c] + f
	if x >= 1 {
		pl.credit[p][c] = x - 1
		return true
	}
	pl.credit[p][c] = x
	return false
}

// Fraction returns the fraction of class (p, c) the plan sends.
func (pl *Plan) Fraction(p int, c Colour) float64 { return pl.admit[p][c] }

// Reset clears the plan: everything is sent.
func (pl *Plan) Reset() {
	*pl = Plan{}
	for p := range pl.admit {
		for c := range pl.admit[p] {
			pl.admit[p][c] = 1
		}
	}
}

// LeakyBucket is RFC 8582's rate algorithm [R], the leaky bucket of RFC
// 7415 (leaky.Bucket) with a per-priority tolerance:
//
//	T = 1/rate; on a request at t of priority p:
//	x' = x − (t − LCT)
//	x' > τ_p ⇒ abate;  otherwise x = max(0, x') + T, LCT = t
//
// τ_p = (Burst + p·BurstStep)·T, so higher priorities burst further. P4 is
// always sent, and still fills the bucket.
type LeakyBucket struct {
	Burst     float64 // tolerance of P0, in requests
	BurstStep float64 // added tolerance per priority step, in requests

	b   leaky.Bucket
	tau [Priorities]kernel.Time
}

// SetRate sets the maximum rate (requests/s, > 0).
func (b *LeakyBucket) SetRate(rate float64) {
	b.b.T = max(1, kernel.Seconds(1/rate))
	for p := range b.tau {
		b.tau[p] = kernel.Time(float64(b.b.T) * (b.Burst + float64(p)*b.BurstStep))
	}
	b.tau[P4] = kernel.Never
}

// Rate returns the maximum rate in force.
func (b *LeakyBucket) Rate() float64 {
	if b.b.T == 0 {
		return 0
	}
	return 1 / b.b.T.Seconds()
}

// Allow reports whether a request of priority p at now conforms (and then
// counts it).
func (b *LeakyBucket) Allow(now kernel.Time, p int) bool { return b.b.Conform(now, b.tau[p]) }
