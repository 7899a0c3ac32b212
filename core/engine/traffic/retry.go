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
// failure (the reject's arrival, or its guard timer's expiry).
func (r *Retry) Next(s *kernel.Stream, attempt int, rejected bool) (kernel.Time, bool) {
	if r.Prob <= 0 || (r.MaxAttempts > 0 && attempt >= r.MaxAttempts) || !s.Bernoulli(r.Prob) {
		return 0, false
	}
	if rejected {
		return s.Jitter(r.AfterReject, r.Jitter), true
	}
	return s.Jitter(r.AfterTimeout, r.Jitter), true
}
