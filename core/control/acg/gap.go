// Package acg is automatic code gapping (ACG), the overload control of an
// SCP (service control point) over its traffic sources, the SSPs: the SCP
// tells each source "send at most one query per g seconds, for d seconds",
// in the responses to its queries.
//
// The package holds the three parts of it, each with explicit time:
//
//   - Gap, the rule a source applies (Crawford): a query at now is admitted
//     when now − LCT ≥ g, and then LCT := now, where LCT is the time of the
//     last admitted query; otherwise it is blocked at the source. [S]
//   - Table, the standard (table-driven) ACG: an integer congestion level
//     from the measured load indexes a table of gap intervals and durations
//     taken from the standard allowed values. [S] (the thresholds [S/R])
//   - Adaptive, the adaptive control: each interval
//     r_{n+1} = clamp(r_n · C_target / X_n, r_min, r_max) and g = 1/r. [R]
//
// and the arithmetic of why the table fails: a Poisson source of rate λ
// under gap g is admitted at λ/(1 + λ·g).
package acg

import "overloadlab/core/engine/kernel"

// Stop is the gap interval "stop all": every query is blocked until the
// control ends.
const Stop = kernel.Never

// Forever is the duration "infinity": the control never ends by itself.
const Forever = kernel.Never

// Gap is the code gap of one traffic source. Its zero value has no control
// in force and admits every query.
//
// Rule [S] (Crawford): while a control (g, until) is in force,
//
//	admit(now) ⇔ now − LCT ≥ g;  on admit LCT := now
//
// where LCT is the time of the last admitted query. Every admitted query
// sets LCT, with or without a control, so a control that arrives in the
// response to a query counts its first gap from that query. g = 0 admits
// everything; g = Stop blocks everything until the control ends.
//
// A Gap is 24 bytes and never allocates: a simulator keeps one per source.
type Gap struct {
	interval kernel.Time // g
	until    kernel.Time // the control is in force while now < until
	last     kernel.Time // LCT
}

// Set puts the control (interval, duration) in force from now on, replacing
// any control in force: a newer response overrides an older one. duration
// Forever never ends.
func (g *Gap) Set(now, interval, duration kernel.Time) {
	g.interval = interval
	if duration >= Forever-now {
		g.until = Forever
	} else {
		g.until = now + duration
	}
}

// Cancel ends the control in force.
func (g *Gap) Cancel() { g.until = 0 }

// Allow decides one query at now: it reports whether the query is admitted
// (and then sets LCT := now) or blocked at the source.
func (g *Gap) Allow(now kernel.Time) bool {
	if now >= g.until || now-g.last >= g.interval {
		g.last = now
		return true
	}
	return false
}

// Active reports whether a control with a non-zero gap is in force at now.
func (g *Gap) Active(now kernel.Time) bool { return now < g.until && g.interval > 0 }

// Interval returns the gap interval g of the control in force at now, or 0
// when none is.
func (g *Gap) Interval(now kernel.Time) kernel.Time {
	if now >= g.until {
		return 0
	}
	return g.interval
}

// Admitted is the rate at which a Poisson source of rate lambda (/s) is
// admitted under gap g (s): λ/(1 + λ·g), at most 1/g. After each admitted
// query the source is blocked for g and then waits on average 1/λ for the
// next query, so one cycle lasts g + 1/λ. [S: Smith 1995]
func Admitted(lambda, g float64) float64 {
	if lambda <= 0 {
		return 0
	}
	return lambda / (1 + lambda*g)
}

// AdmittedSum is the aggregate admitted rate Σ λ_i/(1 + λ_i·g) of sources of
// rates lambdas under the same gap g: the right g depends on every λ_i, not
// only on the load at the SCP.
func AdmittedSum(lambdas []float64, g float64) float64 {
	sum := 0.0
	for _, l := range lambdas {
		sum += Admitted(l, g)
	}
	return sum
}

// BalancedGap is the gap that admits target (/s) in total from n equal
// Poisson sources of rate lambda each: solving n·λ/(1 + λ·g) = target gives
// g = n/target − 1/λ; 0 when the sources offer no more than target.
func BalancedGap(n int, lambda, target float64) float64 {
	if lambda <= 0 || target <= 0 || float64(n)*lambda <= target {
		return 0
	}
	return float64(n)/target - 1/lambda
}
