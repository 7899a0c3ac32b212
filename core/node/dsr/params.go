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

func specs() []param.Spec {
	var s []param.Spec
	for _, c := range clients {
		s = append(s,
			param.Spec{Name: c.name + ".rate", Label: c.label + " rate", Group: "Clients", Unit: "/s", Kind: param.Number, Min: 0, Max: 20000, Step: 50, Default: param.Num(c.rate), Reconfigures: param.Sources,
				Doc: prose.Page("requests per second sent by " + c.label + " (Poisson)")},
			param.Spec{Name: c.name + ".reserved-ingress-mps", Label: c.label + " Reserved Ingress MPS", Group: "Clients", Unit: "/s", Kind: param.Number, Min: 0, Max: 20000, Step: 50, Default: param.Num(c.reserved),
				Doc: prose.Page("Reserved Ingress MPS of " + c.label + ": its requests within this rate are green, above it yellow (token bucket, 1 s deep [R])")},
		)
	}
	for p := range doic.Priorities {
		s = append(s, param.Spec{Name: fmt.Sprintf("mix.p%d", p), Label: fmt.Sprintf("P%d share", p), Group: "Priority mix", Unit: "%", Kind: param.Number, Min: 0, Max: 100, Step: 1, Default: param.Num(defaultMix[p]), Reconfigures: param.Sources,
			Doc: prose.Page(fmt.Sprintf("share of priority P%d in every connection's traffic (the shares are normalised to their sum)", p))})
	}
	s = append(s,
		param.Spec{Name: "traffic.scale", Label: "Load ×", Group: "Clients", Unit: "×", Kind: param.Number, Min: 0, Max: 4, Step: 0.05, Default: param.Num(1), Reconfigures: param.Sources,
			Doc: prose.Page("multiplies every connection's rate")},
		param.Spec{Name: "burst.period", Label: "Burst period", Group: "Bursts", Unit: "s", Kind: param.Number, Min: 0, Max: 3600, Step: 0.5, Default: param.Num(0), Reconfigures: partBursts,
			Doc: prose.Page("a burst starts every this many seconds; 0 = no bursts")},
		param.Spec{Name: "burst.length", Label: "Burst length", Group: "Bursts", Unit: "s", Kind: param.Number, Min: 0.1, Max: 3600, Step: 0.1, Default: param.Num(1), Reconfigures: partBursts,
			Doc: prose.Page("how long each burst lasts")},
		param.Spec{Name: "burst.factor", Label: "Burst factor", Group: "Bursts", Unit: "×", Kind: param.Number, Min: 0, Max: 20, Step: 0.1, Default: param.Num(3), Reconfigures: partBursts,
			Doc: prose.Page("the bursting traffic is multiplied by this during a burst")},
		param.Spec{Name: "burst.priority", Label: "Bursting priority", Group: "Bursts", Kind: param.Choice, Choices: burstTargets, Default: param.Str("p0"), Reconfigures: partBursts,
			Doc: prose.Page("which priority bursts (all = every priority)")},
	)
	s = append(s, doic.Params...)
	s = append(s,
		param.Spec{Name: "server.capacity", Label: "Server capacity", Group: "Server (reporting node)", Unit: "/s", Kind: param.Number, Min: 10, Max: 250000, Step: 50, Default: param.Num(4500),
			Doc: prose.Page("requests per second the server can process")},
		param.Spec{Name: "server.rule", Label: "Reduction rule", Group: "Server (reporting node)", Kind: param.Choice, Choices: rules, Default: param.Str("occupancy"),
			Doc: prose.Page("[R] how the server picks the reduction: from its load, occupancy (R = 100·(1 − target/ρ_offered)) or fixed (the configured reduction while ρ_offered ≥ target); or injected: the configured reduction from server.inject-from to server.inject-to, whatever the load (decided at each interval's end)")},
		param.Spec{Name: "server.target", Label: "Target load", Group: "Server (reporting node)", Unit: "%", Kind: param.Number, Min: 10, Max: 100, Step: 1, Default: param.Num(90),
			Doc: prose.Page("the load the server aims at: it reports overload while the load its clients offer exceeds it")},
		param.Spec{Name: "server.reduction", Label: "Fixed reduction", Group: "Server (reporting node)", Unit: "%", Kind: param.Number, Min: 0, Max: 100, Step: 1, Default: param.Num(10),
			Doc: prose.Page("OC-Reduction-Percentage the fixed and injected rules request")},
		param.Spec{Name: "server.inject-from", Label: "Injected report from", Group: "Server (reporting node)", Unit: "s", Kind: param.Number, Min: 0, Max: 172800, Step: 1, Default: param.Num(0),
			Doc: prose.Page("injected rule: the overload report is sent from this time on (t₁)")},
		param.Spec{Name: "server.inject-to", Label: "Injected report until", Group: "Server (reporting node)", Unit: "s", Kind: param.Number, Min: 0, Max: 172800, Step: 1, Default: param.Num(172800),
			Doc: prose.Page("injected rule: at this time (t₂) the server ends the overload with a report of reduction 0")},
		param.Spec{Name: "server.validity", Label: "OC-Validity-Duration", Group: "Server (reporting node)", Unit: "s", Kind: param.Integer, Min: 1, Max: 86400, Step: 1, Default: param.Num(30),
			Doc: prose.Page("validity of the server's overload reports; it sends a newer one before half of it has passed")},
		param.Spec{Name: "server.queue-limit", Label: "Server queue", Group: "Server (reporting node)", Unit: "s", Kind: param.Number, Min: 0.01, Max: 60, Step: 0.01, Default: param.Num(10),
			Doc: prose.Page("work the server queues, in seconds of processing; a request beyond it is discarded by the server (longer than the client timeout: answers come late)")},
		param.Spec{Name: "alternate.enabled", Label: "Alternate server", Group: "Alternate server", Kind: param.Bool, Default: param.On(false),
			Doc: prose.Page("abated requests are diverted to an alternate server instead of answered DIAMETER_TOO_BUSY")},
		param.Spec{Name: "alternate.capacity", Label: "Alternate capacity", Group: "Alternate server", Unit: "/s", Kind: param.Number, Min: 10, Max: 250000, Step: 50, Default: param.Num(1000),
			Doc: prose.Page("requests per second the alternate server can process")},
		param.Spec{Name: "link.delay", Label: "Link delay", Group: "Network", Unit: "ms", Kind: param.Number, Min: 0, Max: 1000, Step: 1, Default: param.Num(5),
			Doc: prose.Page("one-way delay between the routing agent and each server")},
		param.Spec{Name: "client.timeout", Label: "Client timeout (Tx)", Group: "Network", Unit: "s", Kind: param.Number, Min: 0.1, Max: 60, Step: 0.1, Default: param.Num(5),
			Doc: prose.Page("an answer later than this after the request counts as late (the client gave up)")},
	)
	return s
}

// check applies the rules that involve several fields.
func check(v param.Values) error {
	sum := 0.0
	for p := range doic.Priorities {
		sum += v.Num(fmt.Sprintf("mix.p%d", p))
	}
	if sum <= 0 {
		return &param.Error{Field: "mix.p0", Value: "0 with every other share 0", Allowed: "shares whose sum is above 0"}
	}
	if v.Text("server.rule") == "injected" && v.Num("server.inject-to") <= v.Num("server.inject-from") {
		return &param.Error{Field: "server.inject-to", Value: fmt.Sprint(v.Num("server.inject-to")), Allowed: fmt.Sprintf("later than server.inject-from (%v s)", v.Num("server.inject-from"))}
	}
	if v.Num("burst.period") > 0 && v.Num("burst.length") >= v.Num("burst.period") {
		return &param.Error{Field: "burst.length", Value: fmt.Sprint(v.Num("burst.length")), Allowed: fmt.Sprintf("less than burst.period (%v s)", v.Num("burst.period"))}
	}
	return nil
}
