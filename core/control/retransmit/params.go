package retransmit

import (
	"overloadlab/core/engine/kernel"
	"overloadlab/core/engine/param"
	"overloadlab/core/engine/prose"
)

// Transports names the transports as in the parameter schema: UDP
// retransmits, TCP does not.
var Transports = []string{"udp", "tcp"}

// Params is the schema of the client transactions' transport and timers,
// named as in RFC 3261 (§17.1.1.1, Table 4).
var Params = []param.Spec{
	{Name: "sip.transport", Label: "Transport", Group: "SIP transactions", Kind: param.Choice, Choices: Transports, Default: param.Str("udp"),
		Doc: prose.Page("udp: an unanswered request is sent again (Timers A and E); tcp: a reliable transport, each request is sent once (RFC 3261 §17.1)")},
	{Name: "sip.t1", Label: "T1", Group: "SIP transactions", Unit: "ms", Kind: param.Number, Min: 50, Max: 5000, Step: 50, Default: param.Num(DefaultT1.Seconds() * 1000),
		Doc: prose.Page("the round-trip estimate: the first retransmission comes T1 after the request, each next one twice as late (Timer A); Timers B and F give up at 64·T1")},
	{Name: "sip.t2", Label: "T2", Group: "SIP transactions", Unit: "s", Kind: param.Number, Min: 0.5, Max: 60, Step: 0.5, Default: param.Num(DefaultT2.Seconds()),
		Doc: prose.Page("the longest interval between two copies of a non-INVITE request (REGISTER, OPTIONS): Timer E doubles up to T2, and is T2 after a provisional answer")},
}

// From reads the timers from the values of Params.
func From(v param.Values) Timers {
	return Timers{
		T1:       kernel.Seconds(v.Num("sip.t1") / 1000),
		T2:       kernel.Seconds(v.Num("sip.t2")),
		Reliable: v.Text("sip.transport") == "tcp",
	}
}
