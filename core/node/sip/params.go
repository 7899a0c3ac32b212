package sip

import (
	"fmt"

	"overloadlab/core/control/oc"
	"overloadlab/core/control/retransmit"
	"overloadlab/core/control/retryafter"
	"overloadlab/core/engine/cpu"
	"overloadlab/core/engine/param"
	"overloadlab/core/engine/prose"
	"overloadlab/core/engine/traffic"
)

// MaxClients is the most upstream clients a scenario may have.
const MaxClients = 50

// Controls names the server's overload controls as in the schema.
var Controls = []string{"none", "503", "loss", "rate"}

const (
	ctlNone = iota
	ctl503
	ctlLoss
	ctlRate
)

// Default costs at nominal speed, µs: an INVITE that is answered costs
// parse + transaction + trying + parse + response = 4 ms (250 calls/s), a
// copy of a request the server already has costs parse (0.6 ms).
const (
	defParse       = 600
	defTransaction = 1600
	defTrying      = 200
	defResponse    = 1000
	def503         = 400
)

// params is the model's schema, every parameter declared with the handle
// the node reads it by.
var params = param.NewSet()

var (
	pClients = params.Integer(param.Spec{Name: "clients", Label: "Clients", Group: "Clients", Kind: param.Integer, Min: 1, Max: MaxClients, Step: 1, Default: param.Num(10), Reconfigures: param.Sources,
		Doc: prose.Page("upstream SIP proxies or user agents sending to the server; each offers the same share of the load (client 1 the factor below)")})
	pLoad = params.Number(param.Spec{Name: "load", Label: "Load ×", Group: "Clients", Unit: "×", Kind: param.Number, Min: 0, Max: 10, Step: 0.05, Default: param.Num(1), Reconfigures: param.Sources,
		Doc: prose.Page("new transactions offered by all clients together, as a multiple of the server's capacity (transactions/s at 100 % CPU with no copies); Poisson")})
	pLoadShape = params.Text(param.Spec{Name: "load.shape", Label: "Load shape", Group: "Clients", Kind: param.Choice, Choices: traffic.Shapes, Default: param.Str("constant"), Reconfigures: param.Sources,
		Doc: prose.Page("how the load changes: constant, step (to load.peak from load.at on), ramp (over load.length), burst (load.peak for load.length: a TV vote)")})
	pLoadPeak = params.Number(param.Spec{Name: "load.peak", Label: "Peak load ×", Group: "Clients", Unit: "×", Kind: param.Number, Min: 0, Max: 10, Step: 0.05, Default: param.Num(3), Reconfigures: param.Sources,
		Doc: prose.Page("load after a step, at the end of a ramp or during a burst, as a multiple of the server's capacity")})
	pLoadAt = params.Number(param.Spec{Name: "load.at", Label: "Change at", Group: "Clients", Unit: "s", Kind: param.Number, Min: 0, Max: 86400, Step: 1, Default: param.Num(30), Reconfigures: param.Sources,
		Doc: prose.Page("when the step, ramp or burst starts")})
	pLoadLength = params.Number(param.Spec{Name: "load.length", Label: "Burst length", Group: "Clients", Unit: "s", Kind: param.Number, Min: 0, Max: 86400, Step: 1, Default: param.Num(10), Reconfigures: param.Sources,
		Doc: prose.Page("length of a burst or duration of a ramp")})
	pClient1Factor = params.Number(param.Spec{Name: "client1.factor", Label: "Client 1 ×", Group: "Clients", Unit: "×", Kind: param.Number, Min: 0, Max: 20, Step: 0.5, Default: param.Num(1), Reconfigures: param.Sources,
		Doc: prose.Page("client 1 offers this many times what each other client offers (a large upstream proxy); the total stays the load")})
	pNonInviteShare = params.Number(param.Spec{Name: "non-invite.share", Label: "Non-INVITE share", Group: "Clients", Unit: "%", Kind: param.Number, Min: 0, Max: 100, Step: 1, Default: param.Num(10), Reconfigures: param.Sources,
		Doc: prose.Page("share of the new transactions that are REGISTER or OPTIONS (answered by the server itself, retransmitted by Timer E) rather than INVITE")})
	pPatience = params.Number(param.Spec{Name: "patience", Label: "Caller patience", Group: "Clients", Unit: "s", Kind: param.Number, Min: 1, Max: 300, Step: 1, Default: param.Num(10),
		Doc: prose.Page("[R] a caller hangs up if the INVITE's final answer has not come this long after the call began (Timer B also ends an INVITE that had no answer at all at 64·T1)")})
	_          = params.Add(retransmit.Params...)
	pLinkDelay = params.Number(param.Spec{Name: "link.delay", Label: "Link delay", Group: "Network", Unit: "ms", Kind: param.Number, Min: 0, Max: 1000, Step: 1, Default: param.Num(10),
		Doc: prose.Page("one-way delay between a client and the server; the network loses nothing")})
	pDownstreamDelay = params.Number(param.Spec{Name: "downstream.delay", Label: "Downstream answer", Group: "Network", Unit: "s", Kind: param.Number, Min: 0, Max: 60, Step: 0.1, Default: param.Num(1),
		Doc: prose.Page("time from the server forwarding an INVITE until the final answer comes back from downstream (the callee), to be relayed by the server")})
	_                = params.Add(cpu.Params("the server's CPU", 0)...)
	pCpuSpeed        = params.NumberKey("cpu.speed")
	pCpuBackground   = params.NumberKey("cpu.background")
	pCostParse       = params.Number(cpu.Cost("parse", "Parse a message", defParse, prose.Page("CPU to parse any message and match it to its transaction: a retransmission costs this and nothing else")))
	pCostTransaction = params.Number(cpu.Cost("transaction", "New transaction", defTransaction, prose.Page("CPU to process a new request: create its transaction, route or register it")))
	pCostTrying      = params.Number(cpu.Cost("trying", "100 Trying", defTrying, prose.Page("CPU to send the 100 Trying of a new INVITE")))
	pCostResponse    = params.Number(cpu.Cost("response", "Final response", defResponse, prose.Page("CPU to send or relay a final answer (the downstream 200 OK of an INVITE, the server's own answer to a non-INVITE)")))
	pCost503         = params.Number(cpu.Cost("503", "503 answer", def503, prose.Page("CPU to refuse a new request with 503 Service Unavailable")))
	pIngressBuffer   = params.Integer(cpu.IngressBuffer(5000))
	pControl         = params.Text(param.Spec{Name: "control", Label: "Overload control", Group: "Overload control", Kind: param.Choice, Choices: Controls, Default: param.Str("none"),
		Doc: prose.Page("none; 503: refuse new requests with 503 and Retry-After above a threshold; loss: RFC 7339's oc, a share to drop; rate: RFC 7415's oc, a rate per client")})
	pControlPeriod = params.Number(param.Spec{Name: "control.period", Label: "Regulation interval", Group: "Overload control", Unit: "s", Kind: param.Number, Min: 0.1, Max: 10, Step: 0.1, Default: param.Num(1),
		Doc: prose.Page("[R] how often the server measures its occupancy and decides its 503 state or its oc")})
	_                 = params.Add(retryafter.Params...)
	_                 = params.Add(oc.Params...)
	pOcAbatement      = params.NumberKey("oc.abatement")
	pOcOnset          = params.NumberKey("oc.onset")
	pOcTau            = params.NumberKey("oc.tau")
	pAlternateEnabled = params.Bool(param.Spec{Name: "alternate.enabled", Label: "Alternate server", Group: "Alternate server", Kind: param.Bool, Default: param.On(false),
		Doc: prose.Page("a client blocked by a 503's Retry-After sends its new requests, and the one refused, to an alternate server instead of failing them")})
	pAlternateCapacity = params.Number(param.Spec{Name: "alternate.capacity", Label: "Alternate capacity", Group: "Alternate server", Unit: "×", Kind: param.Number, Min: 0.1, Max: 10, Step: 0.1, Default: param.Num(0.5),
		Doc: prose.Page("the alternate server's speed as a multiple of the main server's (same costs, same 503 rule)")})
)

// check applies the rules that involve several fields.
func check(v param.Values) error {
	if pOcAbatement.Of(v) > pOcOnset.Of(v) {
		return &param.Error{Field: pOcAbatement.Name(), Value: fmt.Sprint(pOcAbatement.Of(v)), Allowed: fmt.Sprintf("at most oc.onset (%v %%)", pOcOnset.Of(v))}
	}
	return nil
}

// Capacity is the server's capacity in new transactions per second with
// the mix of v: 100 % of its CPU, no copies, nothing refused.
func Capacity(v param.Values) float64 {
	c := costs(v)
	n := pNonInviteShare.Of(v) / 100
	per := (1-n)*c.invite() + n*c.nonInvite()
	if per <= 0 {
		return 0
	}
	return pCpuSpeed.Of(v) * (1 - pCpuBackground.Of(v)/100) / per
}

// cost is the server's CPU per operation, seconds at nominal speed.
type cost struct {
	parse, transaction, trying, response, refuse float64
}

func costs(v param.Values) cost {
	us := func(k param.NumKey) float64 { return k.Of(v) / 1e6 }
	return cost{parse: us(pCostParse), transaction: us(pCostTransaction), trying: us(pCostTrying), response: us(pCostResponse), refuse: us(pCost503)}
}

// invite is the CPU of an INVITE answered with no copy: its parse, its
// transaction and 100 Trying, the downstream answer's parse and relay.
func (c cost) invite() float64 { return 2*c.parse + c.transaction + c.trying + c.response }

// nonInvite is the CPU of a non-INVITE answered by the server.
func (c cost) nonInvite() float64 { return c.parse + c.transaction + c.response }
