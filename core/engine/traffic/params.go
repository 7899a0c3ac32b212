package traffic

import (
	"overloadlab/core/engine/kernel"
	"overloadlab/core/engine/param"
	"overloadlab/core/engine/prose"
)

// MaxAttempts bounds retry.max-attempts in every model: attempts per
// request, the first included. Models pack the attempt number into event
// payloads sized from it.
const MaxAttempts = 20

// RetryParams returns the retry.* parameters, shared by every model whose
// peers retry, with the same names and ranges and d's defaults, in group.
// With rejects false the peers only retry what was not answered in time,
// and retry.after-reject is left out.
//
//go:noinline
func RetryParams(group string, d Retry, rejects bool) []param.Spec {
	s := []param.Spec{
		{Name: "retry.probability", Label: "Retry probability", Group: group, Kind: param.Number, Min: 0, Max: 1, Step: 0.05, Default: param.Num(d.Prob),
			Doc: prose.Page("probability that a UE or peer retries a rejected or unanswered request"), Aliases: []string{"hlr.retry.probability"}},
	}
	if rejects {
		s = append(s, param.Spec{Name: "retry.after-reject", Label: "Back-off after reject", Group: group, Unit: "s", Kind: param.Number, Min: 0, Max: 1800, Step: 1, Default: param.Num(d.AfterReject.Seconds()),
			Doc: prose.Page("mean back-off before retrying a rejected request (NAS T3346 when rejected with congestion)")})
	}
	return append(s,
		param.Spec{Name: "retry.after-timeout", Label: "Pause after timeout", Group: group, Unit: "s", Kind: param.Number, Min: 0, Max: 600, Step: 0.5, Default: param.Num(d.AfterTimeout.Seconds()),
			Doc: prose.Page("mean pause before retrying once the guard timer expired without an answer"), Aliases: []string{"hlr.retry.after-timeout"}},
		param.Spec{Name: "retry.jitter", Label: "Timer jitter", Group: group, Kind: param.Number, Min: 0, Max: 1, Step: 0.05, Default: param.Num(d.Jitter),
			Doc: prose.Page("retry timers are randomised uniformly by ± this fraction")},
		param.Spec{Name: "retry.max-attempts", Label: "Max attempts", Group: group, Kind: param.Integer, Min: 1, Max: MaxAttempts, Step: 1, Default: param.Num(float64(d.MaxAttempts)),
			Doc: prose.Page("attempts per request, the first included (NAS attach attempt counter: 5)"), Aliases: []string{"hlr.retry.max-attempts"}},
	)
}

// RetryFrom reads the parameters of RetryParams (without retry.after-reject
// it stays 0).
func RetryFrom(v param.Values) Retry {
	r := Retry{
		Prob:         v.Num("retry.probability"),
		AfterTimeout: kernel.Seconds(v.Num("retry.after-timeout")),
		Jitter:       v.Num("retry.jitter"),
		MaxAttempts:  v.Int("retry.max-attempts"),
	}
	if v.Has("retry.after-reject") {
		r.AfterReject = kernel.Seconds(v.Num("retry.after-reject"))
	}
	return r
}

// GuardTimer is a peer's guard timer parameter (NAS T3410, the HLR's MAP
// timer): an answer later than it is wasted work and the peer may retry.
// Every guard timer has the same range, 0.5 to 120 s.
//
//go:noinline
func GuardTimer(name, label, group string, def float64, doc string) param.Spec {
	return param.Spec{Name: name, Label: label, Group: group, Unit: "s", Kind: param.Number, Min: 0.5, Max: 120, Step: 0.5, Default: param.Num(def), Doc: doc}
}
