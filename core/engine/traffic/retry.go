package traffic

import "overloadlab/core/engine/kernel"

// Retry is how a peer repeats a request that failed: rejected with a
// congestion cause (it waits a back-off timer such as NAS T3346), or never
// answered before its guard timer (such as T3410, 15 s) ran out, after which
// it tries again shortly. Timers are randomised by ±Jitter so that retries do
// not arrive in lockstep.
type Retry struct {
	Prob         float64     // probability that a failed request is retried
	AfterReject  kernel.Time // mean back-off after a reject
	AfterTimeout kernel.Time // mean pause after the guard timer expired
	Jitter       float64     // relative spread of the timers, 0..1
	MaxAttempts  int         // attempts per request including the first; 0 = no limit
}

// Next decides whether attempt number attempt (1 = first) is retried and, if
// so, after how long, counted from the moment the peer learned of the
// failure (the reject's arrival, or its guard timer's expiry): retried with
// probability Prob (no draw when Prob is 1), after the mean timer scaled by
// a uniform factor in [1−Jitter, 1+Jitter] (no draw when Jitter is 0).
// The draws are Float64's, which inlines (DESIGN.md, branch order).
func (r *Retry) Next(s *kernel.Stream, attempt int, rejected bool) (kernel.Time, bool) {
	if r.Prob <= 0 || (r.MaxAttempts > 0 && attempt >= r.MaxAttempts) || r.Prob < 1 && s.Float64() >= r.Prob {
		return 0, false
	}
	d := r.AfterTimeout
	if rejected {
		d = r.AfterReject
	}
	if r.Jitter > 0 {
		d = kernel.Time(float64(d) * (1 - r.Jitter + 2*r.Jitter*s.Float64()))
	}
	return d, true
}
