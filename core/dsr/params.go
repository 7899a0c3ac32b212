package dsr

import (
	"fmt"

	"overloadlab/core/doic"
	"overloadlab/core/param"
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
// traffic, as in the seed's example.
var defaultMix = [doic.Priorities]float64{20, 30, 30, 10, 10}

// partBursts: a change of the bursts replans them from now.
const partBursts = param.FirstModelPart

var rules = []string{"occupancy", "fixed"}
var burstTargets = []string{"all", "p0", "p1", "p2", "p3", "p4"}

func specs() []param.Spec {
	var s []param.Spec
	for _, c := range clients {
		s = append(s,
			param.Spec{Name: c.name + ".rate", Label: c.label + " rate", Group: "Clients", Unit: "/s", Kind: param.Number, Min: 0, Max: 20000, Step: 50, Default: param.Num(c.rate), Reconfigures: param.Sources,
				Doc: "requests per second sent by " + c.label + " (Poisson)"},
			param.Spec{Name: c.name + ".reserved-ingress-mps", Label: c.label + " Reserved Ingress MPS", Group: "Clients", Unit: "/s", Kind: param.Number, Min: 0, Max: 20000, Step: 50, Default: param.Num(c.reserved),
				Doc: "Reserved Ingress MPS of " + c.label + ": its requests within this rate are green, above it yellow (token bucket, 1 s deep [R])"},
		)
	}
	for p := range doic.Priorities {
		s = append(s, param.Spec{Name: fmt.Sprintf("mix.p%d", p), Label: fmt.Sprintf("P%d share", p), Group: "Priority mix", Unit: "%", Kind: param.Number, Min: 0, Max: 100, Step: 1, Default: param.Num(defaultMix[p]), Reconfigures: param.Sources,
			Doc: fmt.Sprintf("share of priority P%d in every connection's traffic (the shares are normalised to their sum)", p)})
	}
	s = append(s,
		param.Spec{Name: "traffic.scale", Label: "Load ×", Group: "Clients", Unit: "×", Kind: param.Number, Min: 0, Max: 4, Step: 0.05, Default: param.Num(1), Reconfigures: param.Sources,
			Doc: "multiplies every connection's rate"},
		param.Spec{Name: "burst.period", Label: "Burst period", Group: "Bursts", Unit: "s", Kind: param.Number, Min: 0, Max: 3600, Step: 0.5, Default: param.Num(0), Reconfigures: partBursts,
			Doc: "a burst starts every this many seconds; 0 = no bursts"},
		param.Spec{Name: "burst.length", Label: "Burst length", Group: "Bursts", Unit: "s", Kind: param.Number, Min: 0.1, Max: 3600, Step: 0.1, Default: param.Num(1), Reconfigures: partBursts,
			Doc: "how long each burst lasts"},
		param.Spec{Name: "burst.factor", Label: "Burst factor", Group: "Bursts", Unit: "×", Kind: param.Number, Min: 0, Max: 20, Step: 0.1, Default: param.Num(3), Reconfigures: partBursts,
			Doc: "the bursting traffic is multiplied by this during a burst"},
		param.Spec{Name: "burst.priority", Label: "Bursting priority", Group: "Bursts", Kind: param.Choice, Choices: burstTargets, Default: param.Str("p0"), Reconfigures: partBursts,
			Doc: "which priority bursts (all = every priority)"},

		param.Spec{Name: "doic.enabled", Label: "DOIC", Group: "DOIC abatement", Kind: param.Bool, Default: param.On(true),
			Doc: "the routing agent acts on the server's overload reports; off = the server protects itself only by discarding"},
		param.Spec{Name: "doic.abatement", Label: "Abatement", Group: "DOIC abatement", Kind: param.Choice, Choices: doic.Policies, Default: param.Str("priority-only"),
			Doc: "plain-loss (RFC 7683, R % at random), the DSR's priority-only, priority-within-colour (yellow first), colour-within-priority, or rate (RFC 8582 leaky bucket)"},
		param.Spec{Name: "doic.recovery-rate", Label: "Abatement Recovery Rate", Group: "DOIC abatement", Unit: "%", Kind: param.Number, Min: 0, Max: 100, Step: 1, Default: param.Num(doic.DefaultRecovery),
			Doc: "after the validity expires the reduction steps down by this many points per recovery tick; 0 = stop at expiry (RFC 7683)"},
		param.Spec{Name: "doic.recovery-tick", Label: "Recovery tick", Group: "DOIC abatement", Unit: "s", Kind: param.Number, Min: 0.1, Max: 60, Step: 0.1, Default: param.Num(doic.DefaultRecoveryTck.Seconds()),
			Doc: "[R] interval between two recovery steps"},
		param.Spec{Name: "ttp.max-etr", Label: "TTP Maximum ETR", Group: "DOIC abatement", Unit: "/s", Kind: param.Number, Min: 100, Max: 250000, Step: 100, Default: param.Num(6000),
			Doc: "[R] the TTP's configured Maximum ETR: caps the Max ETR of the ranked policies while an overload is in force"},
		param.Spec{Name: "shm.convergence", Label: "Rate Convergence Time", Group: "DOIC abatement", Unit: "s", Kind: param.Number, Min: 0.1, Max: 10, Step: 0.1, Default: param.Num(1),
			Doc: "SHM window over which the rate of each priority and colour is measured: short follows bursts, long smooths them"},
		param.Spec{Name: "rate.burst", Label: "Rate: P0 tolerance", Group: "DOIC abatement", Unit: "requests", Kind: param.Number, Min: 0, Max: 10000, Step: 1, Default: param.Num(5),
			Doc: "[R] rate algorithm: the leaky bucket's tolerance τ for P0, in requests (τ = burst·T)"},
		param.Spec{Name: "rate.burst-step", Label: "Rate: tolerance step", Group: "DOIC abatement", Unit: "requests", Kind: param.Number, Min: 0, Max: 10000, Step: 1, Default: param.Num(5),
			Doc: "[R] rate algorithm: τ grows by this many requests per priority step, so higher priorities burst further"},

		param.Spec{Name: "server.capacity", Label: "Server capacity", Group: "Server (reporting node)", Unit: "/s", Kind: param.Number, Min: 10, Max: 250000, Step: 50, Default: param.Num(4500),
			Doc: "requests per second the server can process"},
		param.Spec{Name: "server.rule", Label: "Reduction rule", Group: "Server (reporting node)", Kind: param.Choice, Choices: rules, Default: param.Str("occupancy"),
			Doc: "[R] how the server picks the reduction from its load: occupancy (R = 100·(1 − target/ρ_offered)) or fixed (the configured reduction while ρ_offered ≥ target)"},
		param.Spec{Name: "server.target", Label: "Target load", Group: "Server (reporting node)", Unit: "%", Kind: param.Number, Min: 10, Max: 100, Step: 1, Default: param.Num(90),
			Doc: "the load the server aims at: it reports overload while the load its clients offer exceeds it"},
		param.Spec{Name: "server.reduction", Label: "Fixed reduction", Group: "Server (reporting node)", Unit: "%", Kind: param.Number, Min: 0, Max: 100, Step: 1, Default: param.Num(10),
			Doc: "OC-Reduction-Percentage the fixed rule requests"},
		param.Spec{Name: "server.validity", Label: "OC-Validity-Duration", Group: "Server (reporting node)", Unit: "s", Kind: param.Integer, Min: 1, Max: 86400, Step: 1, Default: param.Num(30),
			Doc: "validity of the server's overload reports; it sends a newer one before half of it has passed"},
		param.Spec{Name: "server.queue-limit", Label: "Server queue", Group: "Server (reporting node)", Unit: "s", Kind: param.Number, Min: 0.01, Max: 60, Step: 0.01, Default: param.Num(10),
			Doc: "work the server queues, in seconds of processing; a request beyond it is discarded by the server (longer than the client timeout: answers come late)"},
		param.Spec{Name: "alternate.enabled", Label: "Alternate server", Group: "Alternate server", Kind: param.Bool, Default: param.On(false),
			Doc: "abated requests are diverted to an alternate server instead of answered DIAMETER_TOO_BUSY"},
		param.Spec{Name: "alternate.capacity", Label: "Alternate capacity", Group: "Alternate server", Unit: "/s", Kind: param.Number, Min: 10, Max: 250000, Step: 50, Default: param.Num(1000),
			Doc: "requests per second the alternate server can process"},
		param.Spec{Name: "link.delay", Label: "Link delay", Group: "Network", Unit: "ms", Kind: param.Number, Min: 0, Max: 1000, Step: 1, Default: param.Num(5),
			Doc: "one-way delay between the routing agent and each server"},
		param.Spec{Name: "client.timeout", Label: "Client timeout (Tx)", Group: "Network", Unit: "s", Kind: param.Number, Min: 0.1, Max: 60, Step: 0.1, Default: param.Num(5),
			Doc: "an answer later than this after the request counts as late (the client gave up)"},
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
	if v.Num("burst.period") > 0 && v.Num("burst.length") >= v.Num("burst.period") {
		return &param.Error{Field: "burst.length", Value: fmt.Sprint(v.Num("burst.length")), Allowed: fmt.Sprintf("less than burst.period (%v s)", v.Num("burst.period"))}
	}
	return nil
}
