package oc

import (
	"overloadlab/core/engine/kernel"
	"overloadlab/core/engine/param"
	"overloadlab/core/engine/prose"
)

// Params is the schema of the Via feedback: the servers' oc-validity, the
// rules that compute oc and the clients' leaky-bucket tolerance.
var Params = []param.Spec{
	{Name: "oc.validity", Label: "oc-validity", Group: "Overload control (RFC 7339, 7415)", Unit: "ms", Kind: param.Integer, Min: 100, Max: 60000, Step: 100, Default: param.Num(2000),
		Doc: prose.Page("how long an oc a client hears holds (oc-validity); the server sends a newer one (a larger oc-seq) every regulation interval while it controls, and oc-validity 0 when it stops (RFC 7339 §4.3: a response with oc but no oc-validity holds 500 ms)")},
	{Name: "oc.onset", Label: "Onset", Group: "Overload control (RFC 7339, 7415)", Unit: "%", Kind: param.Number, Min: 10, Max: 100, Step: 1, Default: param.Num(85),
		Doc: prose.Page("[R] above this occupancy the server raises the loss oc by its step up, and starts the rate control")},
	{Name: "oc.abatement", Label: "Abatement", Group: "Overload control (RFC 7339, 7415)", Unit: "%", Kind: param.Number, Min: 0, Max: 100, Step: 1, Default: param.Num(75),
		Doc: prose.Page("[R] below this occupancy the server lowers the loss oc by its step down, and may end the rate control")},
	{Name: "oc.loss-rule", Label: "Loss: server's rule", Group: "Overload control (RFC 7339, 7415)", Kind: param.Choice, Choices: LossRules, Default: param.Str("target"),
		Doc: prose.Page("[R] how the server moves the loss oc outside [abatement, onset]: target, oc = 100·(1 − R/offered), the share above what it serves at its target occupancy; steps, a vendor's fixed steps up and down (an IMS server's documented defaults: 12 up above 85 %, 8 down below 75 %, every 1000 ms)")},
	{Name: "oc.step-up", Label: "Loss: step up", Group: "Overload control (RFC 7339, 7415)", Unit: "%", Kind: param.Integer, Min: 1, Max: 100, Step: 1, Default: param.Num(12),
		Doc: prose.Page("[R] percentage points the loss oc rises by in an interval above the onset")},
	{Name: "oc.step-down", Label: "Loss: step down", Group: "Overload control (RFC 7339, 7415)", Unit: "%", Kind: param.Integer, Min: 1, Max: 100, Step: 1, Default: param.Num(8),
		Doc: prose.Page("[R] percentage points the loss oc falls by in an interval below the abatement")},
	{Name: "oc.target", Label: "Target occupancy", Group: "Overload control (RFC 7339, 7415)", Unit: "%", Kind: param.Number, Min: 10, Max: 100, Step: 1, Default: param.Num(80),
		Doc: prose.Page("[R] the occupancy the server aims at: R, the new requests it serves at this occupancy, is what the loss oc leaves of the offered load and what the rate oc divides evenly among the clients it hears from")},
	{Name: "oc.tau", Label: "Rate: tolerance τ", Group: "Overload control (RFC 7339, 7415)", Unit: "T", Kind: param.Number, Min: 0, Max: 100, Step: 1, Default: param.Num(DefaultTau),
		Doc: prose.Page("the client's leaky bucket lets a burst of 1 + τ new requests through after a quiet spell, then one per T = 1/oc (RFC 7415 §3.5.1 calls τ = 4T a reasonable compromise; its two-priority example uses τ1 = 5T, τ2 = 10T, §3.5.2)")},
}

// Configure sets the loss rule from the values of Params.
func (s *LossServer) Configure(v param.Values) {
	s.Hysteresis = hysteresis(v)
	s.Rule = LossRule(indexOf(LossRules, v.Text("oc.loss-rule")))
	s.Up, s.Down = uint32(v.Int("oc.step-up")), uint32(v.Int("oc.step-down"))
	s.Target = v.Num("oc.target") / 100
}

// Configure sets the rate rule from the values of Params.
func (s *RateServer) Configure(v param.Values) {
	s.Hysteresis = hysteresis(v)
	s.Target = v.Num("oc.target") / 100
	s.Use = rateUse
}

// rateUse is the share of its oc a client must send for the rate control
// to stay on below the abatement [R].
const rateUse = 0.8

func indexOf(list []string, s string) int {
	for i, x := range list {
		if x == s {
			return i
		}
	}
	return 0
}

func hysteresis(v param.Values) Hysteresis {
	return Hysteresis{Onset: v.Num("oc.onset") / 100, Abatement: v.Num("oc.abatement") / 100}
}

// Validity reads oc-validity from the values of Params.
func Validity(v param.Values) kernel.Time {
	return kernel.Time(v.Int("oc.validity")) * kernel.Millisecond
}
