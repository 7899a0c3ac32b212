package dsr

import (
	"math"

	"overloadlab/core/control/doic"
	"overloadlab/core/engine/kernel"
	"overloadlab/core/engine/param"
)

// rateEndFraction is the rate algorithm's end of overload [R]: the server
// ends it once its load falls below this fraction of the target.
const rateEndFraction = 0.8

// reporter is the server's side of DOIC: once per measurement interval it
// measures its load ρ (arrivals ÷ capacity) and decides the overload report
// it puts in every answer until the next interval.
//
// [R] It assumes the reacting node complies, so the load its clients offer
// is ρ_offered = ρ / (1 − R_sent/100). Loss algorithm:
//
//	occupancy rule: R = round(100·(1 − target/ρ_offered)), overload while R > 0
//	fixed rule:     R = the configured reduction while ρ_offered ≥ target
//	injected:       R = the configured reduction from server.inject-from
//	                until server.inject-to, whatever the load (doic.Injection)
//
// Rate algorithm (RFC 8582): OC-Maximum-Rate = target·capacity, from ρ ≥
// target until ρ < 0.8·target. A report with new content, or one older than
// half its validity, gets a new sequence number; the end of the overload is
// a report with reduction 0 (a newer sequence number), repeated afterwards.
type reporter struct {
	rule     string
	rate     bool // the rate algorithm is in use
	target   float64
	fixed    uint32
	capacity float64
	validity int64
	inject   doic.Injection

	olr      doic.OLR // the report in the answers; Seq 0 = none yet
	inForce  bool     // olr reports an overload (not its end)
	issued   kernel.Time
	load     float64 // ρ of the last interval
	reports  int64   // reports with a new sequence number
	episodes int64   // overload occurrences
}

func (r *reporter) configure(v param.Values) {
	r.rule = pServerRule.Of(v)
	r.rate = pDoicAbatement.Of(v) == "rate"
	r.target = pServerTarget.Of(v) / 100
	r.fixed = uint32(pServerReduction.Of(v))
	r.capacity = pServerCapacity.Of(v)
	r.validity = int64(pServerValidity.Of(v))
	r.inject = doic.Injection{Reduction: r.fixed, Validity: r.validity,
		From: kernel.Seconds(pServerInjectFrom.Of(v)), To: kernel.Seconds(pServerInjectTo.Of(v))}
}

// measure takes the arrivals of an interval of dt seconds ending at now.
func (r *reporter) measure(now kernel.Time, arrivals int64, dt float64) {
	r.load = float64(arrivals) / (r.capacity * dt)
	if r.rate {
		maxRate := r.target * r.capacity
		switch {
		case r.load >= r.target || (r.inForce && r.olr.MaxRate > 0 && r.load >= rateEndFraction*r.target):
			r.issue(now, doic.OLR{MaxRate: maxRate})
		case r.inForce:
			r.end(now)
		}
		return
	}
	sent := 0.0
	if r.inForce {
		sent = float64(r.olr.Reduction)
	}
	offered := r.load / max(0.01, 1-sent/100)
	var red uint32
	switch r.rule {
	case "injected":
		if r.inject.Active(now) {
			red = r.inject.Reduction
		}
	case "fixed":
		if offered >= r.target {
			red = r.fixed
		}
	default:
		if offered > 0 {
			red = uint32(max(0, min(100, math.Round(100*(1-r.target/offered)))))
		}
	}
	switch {
	case red > 0:
		r.issue(now, doic.OLR{Reduction: red})
	case r.inForce:
		r.end(now)
	}
}

// issue puts o (type HOST) in the answers, with a new sequence number if its
// content changed or the last one is half-way through its validity.
func (r *reporter) issue(now kernel.Time, o doic.OLR) {
	if !r.inForce {
		r.episodes++
	}
	fresh := r.inForce && o.Reduction == r.olr.Reduction && o.MaxRate == r.olr.MaxRate &&
		now-r.issued < kernel.Time(r.validity)*kernel.Second/2
	if fresh {
		return
	}
	o.Seq = r.olr.Seq + 1
	o.Type = doic.HostReport
	o.Validity = r.validity
	r.olr, r.inForce, r.issued = o, true, now
	r.reports++
}

// end reports the end of the overload.
func (r *reporter) end(now kernel.Time) {
	r.olr = doic.OLR{Seq: r.olr.Seq + 1, Type: doic.HostReport, Validity: r.validity}
	r.inForce, r.issued = false, now
	r.reports++
}

// requested returns the reduction the server asks for now (%).
func (r *reporter) requested() float64 {
	if !r.inForce {
		return 0
	}
	return float64(r.olr.Reduction)
}
