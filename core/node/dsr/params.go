package dsr

import (
	"fmt"

	"overloadlab/core/control/doic"
	"overloadlab/core/engine/param"
	"overloadlab/core/engine/prose"
)

// clients are the Diameter connections into the routing agent, with their
// default rate and Reserved Ingress MPS: one fully green, one half green,
// one all yellow (the DSR's default Reserved Ingress MPS is 0).
var clients = []struct {
	name, label    string
	rate, reserved float64
}{
	{"client1", "Connection 1 (MME pool)", 2000, 2000},
	{"client2", "Connection 2 (IWF)", 2000, 1000},
	{"client3", "Connection 3 (roaming partner)", 1000, 0},
}

// defaultMix is the share of each priority P0–P4 in %: P0 is 20 % of the
// traffic, as in the example of Oracle's DSR documentation.
var defaultMix = [doic.Priorities]float64{20, 30, 30, 10, 10}

// partBursts: a change of the bursts replans them from now.
const partBursts = param.FirstModelPart

var rules = []string{"occupancy", "fixed", "injected"}
var burstTargets = []string{"all", "p0", "p1", "p2", "p3", "p4"}

// params is the model's schema, every parameter declared with the handle
// the node reads it by.
var params = param.NewSet()

// clientKeys are the handles of one client's parameters.
type clientKeys struct{ rate, reserved param.NumKey }

var (
	pClient = func() []clientKeys {
		k := make([]clientKeys, len(clients))
		for i, c := range clients {
			k[i] = clientKeys{
				rate: params.Number(param.Spec{Name: c.name + ".rate", Label: c.label + " rate", Group: "Clients", Unit: "/s", Kind: param.Number, Min: 0, Max: 20000, Step: 50, Default: param.Num(c.rate), Reconfigures: param.Sources,
					Doc: prose.Page("requests per second sent by " + c.label + " (Poisson)")}),
				reserved: params.Number(param.Spec{Name: c.name + ".reserved-ingress-mps", Label: c.label + " Reserved Ingress MPS", Group: "Clients", Unit: "/s", Kind: param.Number, Min: 0, Max: 20000, Step: 50, Default: param.Num(c.reserved),
					Doc: prose.Page("Reserved Ingress MPS of " + c.label + ": its requests within this rate are green, above it yellow (token bucket, 1 s deep [R])")}),
			}
		}
		return k
	}()
	pMix = func() (k [doic.Priorities]param.NumKey) {
		for p := range k {
			k[p] = params.Number(param.Spec{Name: fmt.Sprintf("mix.p%d", p), Label: fmt.Sprintf("P%d share", p), Group: "Priority mix", Unit: "%", Kind: param.Number, Min: 0, Max: 100, Step: 1, Default: param.Num(defaultMix[p]), Reconfigures: param.Sources,
				Doc: prose.Page(fmt.Sprintf("share of priority P%d in every connection's traffic (the shares are normalised to their sum)", p))})
		}
		return k
	}()
	pTrafficScale = params.Number(param.Spec{Name: "traffic.scale", Label: "Load ×", Group: "Clients", Unit: "×", Kind: param.Number, Min: 0, Max: 4, Step: 0.05, Default: param.Num(1), Reconfigures: param.Sources,
		Doc: prose.Page("multiplies every connection's rate")})
	pBurstPeriod = params.Number(param.Spec{Name: "burst.period", Label: "Burst period", Group: "Bursts", Unit: "s", Kind: param.Number, Min: 0, Max: 3600, Step: 0.5, Default: param.Num(0), Reconfigures: partBursts,
		Doc: prose.Page("a burst starts every this many seconds; 0 = no bursts")})
	pBurstLength = params.Number(param.Spec{Name: "burst.length", Label: "Burst length", Group: "Bursts", Unit: "s", Kind: param.Number, Min: 0.1, Max: 3600, Step: 0.1, Default: param.Num(1), Reconfigures: partBursts,
		Doc: prose.Page("how long each burst lasts")})
	pBurstFactor = params.Number(param.Spec{Name: "burst.factor", Label: "Burst factor", Group: "Bursts", Unit: "×", Kind: param.Number, Min: 0, Max: 20, Step: 0.1, Default: param.Num(3), Reconfigures: partBursts,
		Doc: prose.Page("the bursting traffic is multiplied by this during a burst")})
	pBurstPriority = params.Text(param.Spec{Name: "burst.priority", Label: "Bursting priority", Group: "Bursts", Kind: param.Choice, Choices: burstTargets, Default: param.Str("p0"), Reconfigures: partBursts,
		Doc: prose.Page("which priority bursts (all = every priority)")})
	_                 = params.Add(doic.Params...)
	pDoicEnabled      = params.BoolKey("doic.enabled")
	pDoicAbatement    = params.TextKey("doic.abatement")
	pDoicRecoveryRate = params.NumberKey("doic.recovery-rate")
	pDoicRecoveryTick = params.NumberKey("doic.recovery-tick")
	pTtpMaxEtr        = params.NumberKey("ttp.max-etr")
	pShmConvergence   = params.NumberKey("shm.convergence")
	pRateBurst        = params.NumberKey("rate.burst")
	pRateBurstStep    = params.NumberKey("rate.burst-step")
	pServerCapacity   = params.Number(param.Spec{Name: "server.capacity", Label: "Server capacity", Group: "Server (reporting node)", Unit: "/s", Kind: param.Number, Min: 10, Max: 250000, Step: 50, Default: param.Num(4500),
		Doc: prose.Page("requests per second the server can process")})
	pServerRule = params.Text(param.Spec{Name: "server.rule", Label: "Reduction rule", Group: "Server (reporting node)", Kind: param.Choice, Choices: rules, Default: param.Str("occupancy"),
		Doc: prose.Page("[R] how the server picks the reduction: from its load, occupancy (R = 100·(1 − target/ρ_offered)) or fixed (the configured reduction while ρ_offered ≥ target); or injected: the configured reduction from server.inject-from to server.inject-to, whatever the load (decided at each interval's end)")})
	pServerTarget = params.Number(param.Spec{Name: "server.target", Label: "Target load", Group: "Server (reporting node)", Unit: "%", Kind: param.Number, Min: 10, Max: 100, Step: 1, Default: param.Num(90),
		Doc: prose.Page("the load the server aims at: it reports overload while the load its clients offer exceeds it")})
	pServerReduction = params.Number(param.Spec{Name: "server.reduction", Label: "Fixed reduction", Group: "Server (reporting node)", Unit: "%", Kind: param.Number, Min: 0, Max: 100, Step: 1, Default: param.Num(10),
		Doc: prose.Page("OC-Reduction-Percentage the fixed and injected rules request")})
	pServerInjectFrom = params.Number(param.Spec{Name: "server.inject-from", Label: "Injected report from", Group: "Server (reporting node)", Unit: "s", Kind: param.Number, Min: 0, Max: 172800, Step: 1, Default: param.Num(0),
		Doc: prose.Page("injected rule: the overload report is sent from this time on (t₁)")})
	pServerInjectTo = params.Number(param.Spec{Name: "server.inject-to", Label: "Injected report until", Group: "Server (reporting node)", Unit: "s", Kind: param.Number, Min: 0, Max: 172800, Step: 1, Default: param.Num(172800),
		Doc: prose.Page("injected rule: at this time (t₂) the server ends the overload with a report of reduction 0")})
	pServerValidity = params.Integer(param.Spec{Name: "server.validity", Label: "OC-Validity-Duration", Group: "Server (reporting node)", Unit: "s", Kind: param.Integer, Min: 1, Max: 86400, Step: 1, Default: param.Num(30),
		Doc: prose.Page("validity of the server's overload reports; it sends a newer one before half of it has passed")})
	pServerQueueLimit = params.Number(param.Spec{Name: "server.queue-limit", Label: "Server queue", Group: "Server (reporting node)", Unit: "s", Kind: param.Number, Min: 0.01, Max: 60, Step: 0.01, Default: param.Num(10),
		Doc: prose.Page("work the server queues, in seconds of processing; a request beyond it is discarded by the server (longer than the client timeout: answers come late)")})
	pAlternateEnabled = params.Bool(param.Spec{Name: "alternate.enabled", Label: "Alternate server", Group: "Alternate server", Kind: param.Bool, Default: param.On(false),
		Doc: prose.Page("abated requests are diverted to an alternate server instead of answered DIAMETER_TOO_BUSY")})
	pAlternateCapacity = params.Number(param.Spec{Name: "alternate.capacity", Label: "Alternate capacity", Group: "Alternate server", Unit: "/s", Kind: param.Number, Min: 10, Max: 250000, Step: 50, Default: param.Num(1000),
		Doc: prose.Page("requests per second the alternate server can process")})
	pLinkDelay = params.Number(param.Spec{Name: "link.delay", Label: "Link delay", Group: "Network", Unit: "ms", Kind: param.Number, Min: 0, Max: 1000, Step: 1, Default: param.Num(5),
		Doc: prose.Page("one-way delay between the routing agent and each server")})
	pClientTimeout = params.Number(param.Spec{Name: "client.timeout", Label: "Client timeout (Tx)", Group: "Network", Unit: "s", Kind: param.Number, Min: 0.1, Max: 60, Step: 0.1, Default: param.Num(5),
		Doc: prose.Page("an answer later than this after the request counts as late (the client gave up)")})
)

// check applies the rules that involve several fields.
func check(v param.Values) error {
	sum := 0.0
	for p := range doic.Priorities {
		sum += pMix[p].Of(v)
	}
	if sum <= 0 {
		return &param.Error{Field: pMix[0].Name(), Value: "0 with every other share 0", Allowed: "shares whose sum is above 0"}
	}
	if pServerRule.Of(v) == "injected" && pServerInjectTo.Of(v) <= pServerInjectFrom.Of(v) {
		return &param.Error{Field: pServerInjectTo.Name(), Value: fmt.Sprint(pServerInjectTo.Of(v)), Allowed: fmt.Sprintf("later than server.inject-from (%v s)", pServerInjectFrom.Of(v))}
	}
	if pBurstPeriod.Of(v) > 0 && pBurstLength.Of(v) >= pBurstPeriod.Of(v) {
		return &param.Error{Field: pBurstLength.Name(), Value: fmt.Sprint(pBurstLength.Of(v)), Allowed: fmt.Sprintf("less than burst.period (%v s)", pBurstPeriod.Of(v))}
	}
	return nil
}
