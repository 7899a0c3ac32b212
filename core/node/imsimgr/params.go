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

// params is the model's schema: every parameter in the order the page
// shows them, each declared with the handle the node reads it by.
var params = param.NewSet()

// pacingKeys are the handles of one side's pacing queue (pacing.Params).
type pacingKeys struct {
	on               param.BoolKey
	rate, size, wait param.IntKey
	action           param.TextKey
}

func pacingQueue(prefix, node string) pacingKeys {
	params.Add(pacing.Params(prefix, node)...)
	return pacingKeys{
		on:     params.BoolKey(prefix + "network-overload-protection"),
		rate:   params.IntegerKey(prefix + "new-connections-per-second"),
		size:   params.IntegerKey(prefix + "queue-size"),
		wait:   params.IntegerKey(prefix + "wait-time"),
		action: params.TextKey(prefix + "action"),
	}
}

var (
	pPacing    = [2]pacingKeys{pacingQueue("sgsn-", "SGSN"), pacingQueue("mme-", "MME")}
	pEmerPaced = params.Bool(param.Spec{Name: "mme-emergency-paced", Label: "Pace emergency attaches", Group: "MME pacing queue", Kind: param.Bool, Default: param.On(false),
		Doc: prose.Page("off (default): emergency attaches bypass the MME pacing queue, as Cisco's command reference for network-overload-protection says (\"emergency attaches are not throttled\"); " +
			"on: they are paced like every attach, as a reader of Cisco's IMSI Manager overload control documentation alone would expect (it lists emergency among the attach types and names no bypass)")})
	pRate = func() []param.NumKey {
		k := make([]param.NumKey, len(classes))
		for i, c := range classes {
			k[i] = params.Number(rate(c.Name, c.Label, c.rate))
		}
		return k
	}()
	pStormShape = params.Text(param.Spec{Name: "storm.shape", Label: "Storm shape", Group: "Traffic", Kind: param.Choice, Choices: traffic.Shapes, Default: param.Str("constant"), Reconfigures: param.Sources,
		Doc: prose.Page("how the new-connection rates change over time: constant, step (from storm.at on), ramp (over storm.length), burst (for storm.length)")})
	pStormAt = params.Number(param.Spec{Name: "storm.at", Label: "Storm at", Group: "Traffic", Unit: "s", Kind: param.Number, Min: 0, Max: 172800, Step: 10, Default: param.Num(60), Reconfigures: param.Sources,
		Doc: prose.Page("when the storm starts (a neighbour site fails, a node restarts)")})
	pStormLength = params.Number(param.Spec{Name: "storm.length", Label: "Storm length", Group: "Traffic", Unit: "s", Kind: param.Number, Min: 0, Max: 172800, Step: 10, Default: param.Num(120), Reconfigures: param.Sources,
		Doc: prose.Page("length of a burst, or duration of a ramp")})
	pStormFactor = params.Number(param.Spec{Name: "storm.factor", Label: "Storm factor", Group: "Traffic", Unit: "×", Kind: param.Number, Min: 0, Max: 50, Step: 0.1, Default: param.Num(1), Reconfigures: param.Sources,
		Doc: prose.Page("the new-connection rates (attach, RAU, TAU, relocation, emergency) are multiplied by this during the storm")})
	_            = params.Add(traffic.RetryParams("Retries", traffic.Retry{Prob: 0.9, AfterReject: 10 * kernel.Second, AfterTimeout: kernel.Second, Jitter: 0.5, MaxAttempts: 5}, true)...)
	pGuardNew    = params.Number(traffic.GuardTimer("guard-timer.new", "UE guard timer", "Retries", 15, prose.Page("deadline of a new-connection request (NAS T3410, 15 s): a later answer is wasted work")))
	pGuardOther  = params.Number(traffic.GuardTimer("guard-timer.other", "Other guard timer", "Retries", 5, prose.Page("deadline of the other, unpaced messages")))
	_            = params.Add(cpu.Params("the IMSI Manager's CPU", 10)...)
	pCostIngress = params.Number(cpu.Cost("ingress", "Receive a message", 20, prose.Page("CPU to receive and decode any message (every arrival while up)")))
	pCostQueue   = params.Number(cpu.Cost("queue", "Pacing queue handling", 10, prose.Page("CPU to enqueue and dequeue a request in a pacing queue")))
	pCostAccept  = params.Number(cpu.Cost("accept", "Accept: hand to SessMgr", 400, prose.Page("CPU to select a Session Manager, update the IMSI→SessMgr mapping and forward the request")))
	pCostReject  = params.Number(cpu.Cost("reject", "Reject via messenger", 600, prose.Page("CPU of the messenger read/write that forwards an overflow request to a Session Manager to build the reject")))
	pCostDrop    = params.Number(cpu.Cost("drop", "Drop", 5, prose.Page("CPU to discard a request")))
	pCostOther   = params.Number(cpu.Cost("other", "Other message", 150, prose.Page("CPU of an unpaced message for a known subscriber")))
	pInstances   = params.Integer(param.Spec{Name: "imsimgr-instances", Label: "IMSI Managers", Group: "CPU", Kind: param.Integer, Min: 1, Max: maxInstances, Step: 1, Default: param.Num(1), Fixed: true,
		Doc: prose.Page("IMSI Manager instances k: each has its own CPU, CPU guard and its share N/k, Q/k of each pacing queue")})
	pBusiest = params.Number(param.Spec{Name: "imsimgr-busiest-share", Label: "Busiest instance's share", Group: "CPU", Unit: "%", Kind: param.Number, Min: 0, Max: 100, Step: 1, Default: param.Num(0),
		Doc: prose.Page("share of subscribers (and so of their requests) that instance 1 hosts; the others share the rest evenly; 0 = all instances alike (100/k each). With k > 1: 0 or 100/k–100")})
	pIngress  = params.Integer(cpu.IngressBuffer(20000))
	pWatchdog = params.Number(param.Spec{Name: "crash.watchdog", Label: "Crash after pinned", Group: "CPU", Unit: "s", Kind: param.Number, Min: 0, Max: 600, Step: 1, Default: param.Num(20),
		Doc: prose.Page("an instance whose CPU stays ≥ 99 % this long crashes, losing its queued work; 0 = never crash")})
	pRestart = params.Number(param.Spec{Name: "crash.restart", Label: "Restart time", Group: "CPU", Unit: "s", Kind: param.Number, Min: 1, Max: 600, Step: 1, Default: param.Num(30),
		Doc: prose.Page("time a crashed instance takes to restart; arrivals meanwhile are dropped")})
	_            = params.Add(cpuguard.Params...)
	pGuardOn     = params.BoolKey("lab.cpu-guard")
	pGuardPeriod = params.NumberKey("cpu-guard.sampling-period")
)

// check applies the rules that involve several fields.
func check(v param.Values) error {
	if k, s := pInstances.Of(v), pBusiest.Of(v); k > 1 && s != 0 && s < 100/float64(k) {
		return &param.Error{Field: pBusiest.Name(), Value: fmt.Sprint(s), Allowed: fmt.Sprintf("0 (all instances alike) or from 100/k = %.4g to 100 with k = %d instances", 100/float64(k), k)}
	}
	for _, p := range []string{"sgsn-", "mme-"} {
		if err := pacing.CheckParams(v, p); err != nil {
			return err
		}
	}
	return nil
}
