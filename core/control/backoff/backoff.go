// Package backoff is the MME's NAS level mobility management congestion
// control (TS 23.401 §4.3.7.4.2): while the MME is congested it rejects
// attach, tracking area update and service requests with EMM cause #22
// "congestion" and a mobility management back-off timer T3346 (TS 24.301
// §5.5.1.2.5), during which the UE starts no mobility management procedure
// except for emergency, high-priority access and answering paging.
//
// The rule:
//
//	congested: from a CPU reading ρ ≥ onset until a reading ρ < abatement
//	reject ⇔ congested ∧ the request is neither emergency nor high priority
//	T3346 = min + rand·(max − min),  rand uniform in [0, 1)
//
// Emergency and high-priority access are never rejected for congestion.
// The network "should" choose T3346 so that the deferred requests are not
// synchronised: a fixed value (min = max) moves the whole rejected herd to
// one later instant, a random one spreads it (vendor default 15–30 min,
// as Cisco's `gmm t3346 min 15 max 30`). The onset and abatement
// thresholds are vendor settings [R] (Cisco's congestion-control
// threshold and tolerance).
//
// The control keeps no clock: every reading takes the virtual time.
package backoff

import "overloadlab/core/engine/kernel"

// Access is what a request is, for the exemptions.
type Access uint8

const (
	Normal       Access = iota // any other request
	HighPriority               // a UE of access class 11–15 (RRC cause highPriorityAccess)
	Emergency                  // an emergency attach or emergency bearer services
)

// Config is the MME's congestion control configuration.
type Config struct {
	On        bool
	Onset     float64     // CPU occupancy (0..1) at which congestion starts
	Abatement float64     // CPU occupancy under which it ends; ≤ Onset
	Min, Max  kernel.Time // T3346 range: fixed when equal
}

// Stats counts what the control did.
type Stats struct {
	Onsets   int64 // times the MME became congested
	Rejects  int64 // requests rejected with #22 and T3346
	Exempted int64 // emergency and high-priority requests let through while congested
}

// Control is one MME's congestion state.
type Control struct {
	cfg       Config
	congested bool
	since     kernel.Time // when the state last changed
	Stats     Stats
}

// New returns an MME that is not congested.
func New(cfg Config) *Control { return &Control{cfg: cfg} }

// Configure changes the configuration; switched off, the MME is no longer
// congested.
func (c *Control) Configure(now kernel.Time, cfg Config) {
	c.cfg = cfg
	if !cfg.On && c.congested {
		c.congested, c.since = false, now
	}
}

// Config returns the configuration.
func (c *Control) Config() Config { return c.cfg }

// Observe takes the MME's CPU occupancy ρ read at now.
func (c *Control) Observe(now kernel.Time, rho float64) {
	switch {
	case !c.cfg.On:
		return
	case !c.congested && rho >= c.cfg.Onset:
		c.congested, c.since = true, now
		c.Stats.Onsets++
	case c.congested && rho < c.cfg.Abatement:
		c.congested, c.since = false, now
	}
}

// Congested reports whether the MME is congested, and since when it is or
// is not.
func (c *Control) Congested() (bool, kernel.Time) { return c.congested, c.since }

// Decide is the MME's answer to one request of kind a, with the draw rand
// in [0, 1) for T3346: reject with #22 and T3346, or not.
func (c *Control) Decide(a Access, rand float64) (reject bool, t3346 kernel.Time) {
	if !c.congested {
		return false, 0
	}
	if a != Normal {
		c.Stats.Exempted++
		return false, 0
	}
	c.Stats.Rejects++
	return true, c.T3346(rand)
}

// T3346 returns the back-off timer for the draw rand in [0, 1):
// min + rand·(max − min).
func (c *Control) T3346(rand float64) kernel.Time {
	return c.cfg.Min + kernel.Time(rand*float64(c.cfg.Max-c.cfg.Min))
}
