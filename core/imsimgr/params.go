package imsimgr

import (
	"fmt"

	"overloadlab/core/pacing"
	"overloadlab/core/param"
	"overloadlab/core/traffic"
)

// maxAttempts bounds retry.max-attempts; a message's tag has 5 bits for its
// attempt number.
const maxAttempts = 20

func side(prefix, node string) []param.Spec {
	g := node + " pacing queue"
	return []param.Spec{
		{Name: prefix + "network-overload-protection", Label: "Pacing on", Group: g, Kind: param.Bool, Default: param.On(false),
			Doc: "network-overload-protection on the " + node + ": pace new connections through the pacing queue (off by default on the node)"},
		{Name: prefix + "new-connections-per-second", Label: "N: new connections", Group: g, Unit: "/s", Kind: param.Integer, Min: 50, Max: 5000, Step: 10, Default: param.Num(400),
			Doc: "N: the pacing queue releases at most N new-connection requests per second"},
		{Name: prefix + "queue-size", Label: "Q: queue size", Group: g, Unit: "requests", Kind: param.Integer, Min: 0, Max: 25000, Step: 50, Default: param.Num(0),
			Doc: "Q: requests that may wait; 0 means the default N·W; otherwise 250–25000"},
		{Name: prefix + "wait-time", Label: "W: wait time", Group: g, Unit: "s", Kind: param.Integer, Min: 1, Max: 15, Step: 1, Default: param.Num(5),
			Doc: "W: a request that waited longer than W seconds is stale and dropped"},
		{Name: prefix + "action", Label: "Overflow action", Group: g, Kind: param.Choice, Choices: pacing.Actions, Default: param.Str("drop"),
			Doc: "what happens to a request that finds the queue full: drop it, or reject it through a Session Manager (messenger call, costs CPU)"},
	}
}

func rate(class, label string, def float64) param.Spec {
	return param.Spec{Name: "rate." + class, Label: label, Group: "Traffic", Unit: "/s", Kind: param.Number, Min: 0, Max: 20000, Step: 1, Default: param.Num(def),
		Doc: "offered rate of " + label + " (Poisson arrivals), before the storm factor"}
}

func cost(name, label string, def float64, doc string) param.Spec {
	return param.Spec{Name: "cost." + name, Label: label, Group: "CPU", Unit: "µs", Kind: param.Number, Min: 0, Max: 20000, Step: 5, Default: param.Num(def), Doc: doc}
}

var specs = func() []param.Spec {
	var s []param.Spec
	s = append(s, side("sgsn-", "SGSN")...)
	s = append(s, side("mme-", "MME")...)
	s = append(s, param.Spec{Name: "mme-emergency-paced", Label: "Pace emergency attaches", Group: "MME pacing queue", Kind: param.Bool, Default: param.On(false),
		Doc: "off (default): emergency attaches bypass the MME pacing queue, as Cisco's command reference for network-overload-protection says (\"emergency attaches are not throttled\"); " +
			"on: they are paced like every attach, as a reader of seed 000 alone would expect (it lists emergency among the attach types and names no bypass)"})
	for _, c := range classes {
		s = append(s, rate(c.Name, c.Label, c.rate))
	}
	s = append(s,
		param.Spec{Name: "storm.shape", Label: "Storm shape", Group: "Traffic", Kind: param.Choice, Choices: traffic.Shapes, Default: param.Str("constant"),
			Doc: "how the new-connection rates change over time: constant, step (from storm.at on), ramp (over storm.length), burst (for storm.length)"},
		param.Spec{Name: "storm.at", Label: "Storm at", Group: "Traffic", Unit: "s", Kind: param.Number, Min: 0, Max: 172800, Step: 10, Default: param.Num(60),
			Doc: "when the storm starts (a neighbour site fails, a node restarts)"},
		param.Spec{Name: "storm.length", Label: "Storm length", Group: "Traffic", Unit: "s", Kind: param.Number, Min: 0, Max: 172800, Step: 10, Default: param.Num(120),
			Doc: "length of a burst, or duration of a ramp"},
		param.Spec{Name: "storm.factor", Label: "Storm factor", Group: "Traffic", Unit: "×", Kind: param.Number, Min: 0, Max: 50, Step: 0.1, Default: param.Num(1),
			Doc: "the new-connection rates (attach, RAU, TAU, relocation, emergency) are multiplied by this during the storm"},
		param.Spec{Name: "retry.probability", Label: "Retry probability", Group: "Retries", Kind: param.Number, Min: 0, Max: 1, Step: 0.05, Default: param.Num(0.9),
			Doc: "probability that a UE or peer retries a rejected or unanswered request"},
		param.Spec{Name: "retry.after-reject", Label: "Back-off after reject", Group: "Retries", Unit: "s", Kind: param.Number, Min: 0, Max: 1800, Step: 1, Default: param.Num(10),
			Doc: "mean back-off before retrying a rejected request (NAS T3346 when rejected with congestion)"},
		param.Spec{Name: "retry.after-timeout", Label: "Pause after timeout", Group: "Retries", Unit: "s", Kind: param.Number, Min: 0, Max: 600, Step: 0.5, Default: param.Num(1),
			Doc: "mean pause before retrying once the guard timer expired without an answer"},
		param.Spec{Name: "retry.jitter", Label: "Timer jitter", Group: "Retries", Kind: param.Number, Min: 0, Max: 1, Step: 0.05, Default: param.Num(0.5),
			Doc: "timers are randomised uniformly by ± this fraction"},
		param.Spec{Name: "retry.max-attempts", Label: "Max attempts", Group: "Retries", Kind: param.Integer, Min: 1, Max: maxAttempts, Step: 1, Default: param.Num(5),
			Doc: "attempts per request, the first included (NAS attach attempt counter: 5)"},
		param.Spec{Name: "guard-timer.new", Label: "UE guard timer", Group: "Retries", Unit: "s", Kind: param.Number, Min: 0.5, Max: 120, Step: 0.5, Default: param.Num(15),
			Doc: "deadline of a new-connection request (NAS T3410, 15 s): a later answer is wasted work"},
		param.Spec{Name: "guard-timer.other", Label: "Other guard timer", Group: "Retries", Unit: "s", Kind: param.Number, Min: 0.5, Max: 120, Step: 0.5, Default: param.Num(5),
			Doc: "deadline of the other, unpaced messages"},
		param.Spec{Name: "cpu.speed", Label: "CPU speed", Group: "CPU", Unit: "×", Kind: param.Number, Min: 0.1, Max: 10, Step: 0.1, Default: param.Num(1),
			Doc: "processor speed relative to nominal: every cost is divided by it"},
		param.Spec{Name: "cpu.background", Label: "Background load", Group: "CPU", Unit: "%", Kind: param.Number, Min: 0, Max: 90, Step: 1, Default: param.Num(10),
			Doc: "share of the IMSI Manager's CPU taken by other work (audits, timers, housekeeping)"},
		cost("ingress", "Receive a message", 20, "CPU to receive and decode any message (every arrival while up)"),
		cost("queue", "Pacing queue handling", 10, "CPU to enqueue and dequeue a request in a pacing queue"),
		cost("accept", "Accept: hand to SessMgr", 400, "CPU to select a Session Manager, update the IMSI→SessMgr mapping and forward the request"),
		cost("reject", "Reject via messenger", 600, "CPU of the messenger read/write that forwards an overflow request to a Session Manager to build the reject"),
		cost("drop", "Drop", 5, "CPU to discard a request"),
		cost("other", "Other message", 150, "CPU of an unpaced message for a known subscriber"),
		param.Spec{Name: "imsimgr-instances", Label: "IMSI Managers", Group: "CPU", Kind: param.Integer, Min: 1, Max: maxInstances, Step: 1, Default: param.Num(1), Fixed: true,
			Doc: "IMSI Manager instances k: each has its own CPU, CPU guard and its share N/k, Q/k of each pacing queue"},
		param.Spec{Name: "imsimgr-busiest-share", Label: "Busiest instance's share", Group: "CPU", Unit: "%", Kind: param.Number, Min: 0, Max: 100, Step: 1, Default: param.Num(0),
			Doc: "share of subscribers (and so of their requests) that instance 1 hosts; the others share the rest evenly; 0 = all instances alike (100/k each). With k > 1: 0 or 100/k–100"},
		param.Spec{Name: "ingress-buffer", Label: "Ingress buffer", Group: "CPU", Unit: "msgs", Kind: param.Integer, Min: 100, Max: 200000, Step: 100, Default: param.Num(20000),
			Doc: "messages that may wait for the CPU; more are lost at the socket (dropped: ingress full)"},
		param.Spec{Name: "crash.watchdog", Label: "Crash after pinned", Group: "CPU", Unit: "s", Kind: param.Number, Min: 0, Max: 600, Step: 1, Default: param.Num(20),
			Doc: "an instance whose CPU stays ≥ 99 % this long crashes, losing its queued work; 0 = never crash"},
		param.Spec{Name: "crash.restart", Label: "Restart time", Group: "CPU", Unit: "s", Kind: param.Number, Min: 1, Max: 600, Step: 1, Default: param.Num(30),
			Doc: "time a crashed instance takes to restart; arrivals meanwhile are dropped"},
		param.Spec{Name: "lab.cpu-guard", Label: "CPU guard (70 %)", Group: "CPU guard", Kind: param.Bool, Default: param.On(true),
			Doc: "lab switch: the real IMSI Manager always has the fixed 70 % guard; switch it off to see what it prevents"},
		param.Spec{Name: "cpu-guard.sampling-period", Label: "Guard's CPU sampling period", Group: "CPU guard", Unit: "s", Kind: param.Number, Min: 0.1, Max: 5, Step: 0.1, Default: param.Num(guardSamplingDefault),
			Doc: "reconstructed (the seed says \"on reaching 70 %\", not over what window): each instance reads its CPU over this period and its guard follows the last reading; " +
				"apart from the 1 s reporting interval of the charts"},
	)
	return s
}()

// guardSamplingDefault is the guard's default sampling period in seconds.
// The seed says the guard acts "on reaching" 70 % and gives no window, so
// the period is reconstructed. 1 s, the reporting interval: the CPU chart
// then shows exactly the readings the guard acts on, and the runs (and so
// the links) made before the period was a parameter stay the same. Shorter
// periods react sooner and pin the CPU less (attach-storm-fast-guard).
const guardSamplingDefault = 1

// check applies the rules that involve several fields.
func check(v param.Values) error {
	if k, s := v.Int("imsimgr-instances"), v.Num("imsimgr-busiest-share"); k > 1 && s != 0 && s < 100/float64(k) {
		return &param.Error{Field: "imsimgr-busiest-share", Value: fmt.Sprint(s), Allowed: fmt.Sprintf("0 (all instances alike) or from 100/k = %.4g to 100 with k = %d instances", 100/float64(k), k)}
	}
	for _, p := range []string{"sgsn-", "mme-"} {
		if q := v.Int(p + "queue-size"); q != 0 && q < 250 {
			return &param.Error{Field: p + "queue-size", Value: fmt.Sprint(q), Allowed: "0 (the default N·W) or a whole number from 250 to 25000"}
		}
	}
	return nil
}
