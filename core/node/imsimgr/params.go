package imsimgr

import (
	"fmt"

	"overloadlab/core/control/cpuguard"
	"overloadlab/core/control/pacing"
	"overloadlab/core/engine/cpu"
	"overloadlab/core/engine/kernel"
	"overloadlab/core/engine/param"
	"overloadlab/core/engine/prose"
	"overloadlab/core/engine/traffic"
)

func rate(class, label string, def float64) param.Spec {
	return param.Spec{Name: "rate." + class, Label: label, Group: "Traffic", Unit: "/s", Kind: param.Number, Min: 0, Max: 20000, Step: 1, Default: param.Num(def), Reconfigures: param.Sources,
		Doc: prose.Page("offered rate of " + label + " (Poisson arrivals), before the storm factor")}
}

var specs = func() []param.Spec {
	var s []param.Spec
	s = append(s, pacing.Params("sgsn-", "SGSN")...)
	s = append(s, pacing.Params("mme-", "MME")...)
	s = append(s, param.Spec{Name: "mme-emergency-paced", Label: "Pace emergency attaches", Group: "MME pacing queue", Kind: param.Bool, Default: param.On(false),
		Doc: prose.Page("off (default): emergency attaches bypass the MME pacing queue, as Cisco's command reference for network-overload-protection says (\"emergency attaches are not throttled\"); " +
			"on: they are paced like every attach, as a reader of Cisco's IMSI Manager overload control documentation alone would expect (it lists emergency among the attach types and names no bypass)")})
	for _, c := range classes {
		s = append(s, rate(c.Name, c.Label, c.rate))
	}
	s = append(s,
		param.Spec{Name: "storm.shape", Label: "Storm shape", Group: "Traffic", Kind: param.Choice, Choices: traffic.Shapes, Default: param.Str("constant"), Reconfigures: param.Sources,
			Doc: prose.Page("how the new-connection rates change over time: constant, step (from storm.at on), ramp (over storm.length), burst (for storm.length)")},
		param.Spec{Name: "storm.at", Label: "Storm at", Group: "Traffic", Unit: "s", Kind: param.Number, Min: 0, Max: 172800, Step: 10, Default: param.Num(60), Reconfigures: param.Sources,
			Doc: prose.Page("when the storm starts (a neighbour site fails, a node restarts)")},
		param.Spec{Name: "storm.length", Label: "Storm length", Group: "Traffic", Unit: "s", Kind: param.Number, Min: 0, Max: 172800, Step: 10, Default: param.Num(120), Reconfigures: param.Sources,
			Doc: prose.Page("length of a burst, or duration of a ramp")},
		param.Spec{Name: "storm.factor", Label: "Storm factor", Group: "Traffic", Unit: "×", Kind: param.Number, Min: 0, Max: 50, Step: 0.1, Default: param.Num(1), Reconfigures: param.Sources,
			Doc: prose.Page("the new-connection rates (attach, RAU, TAU, relocation, emergency) are multiplied by this during the storm")},
	)
	s = append(s, traffic.RetryParams("Retries", traffic.Retry{Prob: 0.9, AfterReject: 10 * kernel.Second, AfterTimeout: kernel.Second, Jitter: 0.5, MaxAttempts: 5}, true)...)
	s = append(s,
		traffic.GuardTimer("guard-timer.new", "UE guard timer", "Retries", 15, prose.Page("deadline of a new-connection request (NAS T3410, 15 s): a later answer is wasted work")),
		traffic.GuardTimer("guard-timer.other", "Other guard timer", "Retries", 5, prose.Page("deadline of the other, unpaced messages")),
	)
	s = append(s, cpu.Params("the IMSI Manager's CPU", 10)...)
	s = append(s,
		cpu.Cost("ingress", "Receive a message", 20, prose.Page("CPU to receive and decode any message (every arrival while up)")),
		cpu.Cost("queue", "Pacing queue handling", 10, prose.Page("CPU to enqueue and dequeue a request in a pacing queue")),
		cpu.Cost("accept", "Accept: hand to SessMgr", 400, prose.Page("CPU to select a Session Manager, update the IMSI→SessMgr mapping and forward the request")),
		cpu.Cost("reject", "Reject via messenger", 600, prose.Page("CPU of the messenger read/write that forwards an overflow request to a Session Manager to build the reject")),
		cpu.Cost("drop", "Drop", 5, prose.Page("CPU to discard a request")),
		cpu.Cost("other", "Other message", 150, prose.Page("CPU of an unpaced message for a known subscriber")),
		param.Spec{Name: "imsimgr-instances", Label: "IMSI Managers", Group: "CPU", Kind: param.Integer, Min: 1, Max: maxInstances, Step: 1, Default: param.Num(1), Fixed: true,
			Doc: prose.Page("IMSI Manager instances k: each has its own CPU, CPU guard and its share N/k, Q/k of each pacing queue")},
		param.Spec{Name: "imsimgr-busiest-share", Label: "Busiest instance's share", Group: "CPU", Unit: "%", Kind: param.Number, Min: 0, Max: 100, Step: 1, Default: param.Num(0),
			Doc: prose.Page("share of subscribers (and so of their requests) that instance 1 hosts; the others share the rest evenly; 0 = all instances alike (100/k each). With k > 1: 0 or 100/k–100")},
		cpu.IngressBuffer(20000),
		param.Spec{Name: "crash.watchdog", Label: "Crash after pinned", Group: "CPU", Unit: "s", Kind: param.Number, Min: 0, Max: 600, Step: 1, Default: param.Num(20),
			Doc: prose.Page("an instance whose CPU stays ≥ 99 % this long crashes, losing its queued work; 0 = never crash")},
		param.Spec{Name: "crash.restart", Label: "Restart time", Group: "CPU", Unit: "s", Kind: param.Number, Min: 1, Max: 600, Step: 1, Default: param.Num(30),
			Doc: prose.Page("time a crashed instance takes to restart; arrivals meanwhile are dropped")},
	)
	return append(s, cpuguard.Params...)
}()

// check applies the rules that involve several fields.
func check(v param.Values) error {
	if k, s := v.Int("imsimgr-instances"), v.Num("imsimgr-busiest-share"); k > 1 && s != 0 && s < 100/float64(k) {
		return &param.Error{Field: "imsimgr-busiest-share", Value: fmt.Sprint(s), Allowed: fmt.Sprintf("0 (all instances alike) or from 100/k = %.4g to 100 with k = %d instances", 100/float64(k), k)}
	}
	for _, p := range []string{"sgsn-", "mme-"} {
		if err := pacing.CheckParams(v, p); err != nil {
			return err
		}
	}
	return nil
}
