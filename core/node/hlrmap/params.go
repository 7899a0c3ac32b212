package hlrmap

import (
	"strings"

	"overloadlab/core/control/broadcast"
	"overloadlab/core/engine/cpu"
	"overloadlab/core/engine/kernel"
	"overloadlab/core/engine/param"
	"overloadlab/core/engine/prose"
	"overloadlab/core/engine/traffic"
)

const (
	gHLR  = "HLR"
	gSubs = "Subscribers"
	gCtl  = "Broadcast control"
	gCPU  = "CPU"
)

func num(name, label, group, unit string, lo, hi, step, def float64, doc string) param.Spec {
	return param.Spec{Name: name, Label: label, Group: group, Unit: unit, Kind: param.Number, Min: lo, Max: hi, Step: step, Default: param.Num(def), Doc: doc}
}

func whole(name, label, group, unit string, lo, hi, step, def float64, doc string) param.Spec {
	s := num(name, label, group, unit, lo, hi, step, def, doc)
	s.Kind = param.Integer
	return s
}

// fixed marks s as fixed during a run (the population is built at the start).
func fixed(s param.Spec) param.Spec {
	s.Fixed = true
	return s
}

// reconfigures marks what a change of s during the run redoes.
func reconfigures(part param.Part, s param.Spec) param.Spec {
	s.Reconfigures = part
	return s
}

// partReboot: switching the reboot on reboots the system now.
const partReboot = param.FirstModelPart

func flag(name, label, group string, def bool, doc string) param.Spec {
	return param.Spec{Name: name, Label: label, Group: group, Kind: param.Bool, Default: param.On(def), Doc: doc}
}

// params is the model's schema, every parameter declared with the handle
// the node, the presets and the tests name it by.
var params = param.NewSet()

var (
	pRate = func() (k [numMAP]param.NumKey) {
		for i, c := range classes[:numMAP] {
			k[i] = params.Number(reconfigures(param.Sources, num("rate."+c.Name, strings.ToUpper(c.Name)+": "+c.Label, gHLR, "/s", 0, 20000, 1, c.rate,
				prose.Page("offered rate of "+c.Label+" from the HLR (Poisson), before the storm factor"))))
		}
		return k
	}()
	pUnknown = params.Number(num("hlr.unknown-share", "Unknown share", gHLR, "%", 0, 100, 1, 30,
		prose.Page("share of the HLR's MAP requests for subscribers not registered at this SGSN at all (sent by mistake)")))
	pStormFactor = params.Number(reconfigures(param.Sources, num("hlr.storm-factor", "Storm factor after reboot", gHLR, "×", 1, 50, 0.5, 1,
		prose.Page("after each reboot the HLR sends Cancel Location and Insert Subscriber Data this many times faster, for the storm length"))))
	pStormLength = params.Number(reconfigures(param.Sources, num("hlr.storm-length", "Storm length", gHLR, "s", 0, 172800, 60, 1800,
		prose.Page("how long the HLR's storm of CLR and ISD lasts after a reboot"))))
	pMapTimer = params.Number(traffic.GuardTimer("map-timer", "MAP timer", gHLR, 15,
		prose.Page("the HLR's MAP operation timer: an answer later than this is wasted work and the HLR may repeat the request")))
	// "Unidentified Subscriber" is a final answer: the HLR repeats only
	// what got no answer in time.
	_            = params.Add(traffic.RetryParams(gHLR, traffic.Retry{Prob: 0.5, AfterTimeout: kernel.Second, Jitter: 0.5, MaxAttempts: 2}, false)...)
	pSubscribers = params.Integer(fixed(whole("subscribers", "Registered subscribers", gSubs, "", 1000, 50_000_000, 1000, 400_000,
		prose.Page("S: subscribers the HLR has registered at this SGSN; before any reboot all are hosted and mapped (counted, not stored one by one)"))))
	pSessMgrs = params.Integer(fixed(whole("sessmgr-count", "Session Managers", gSubs, "", 1, 384, 1, 64,
		prose.Page("N: active Session Managers; a broadcast asks every one of them"))))
	pAttachRate = params.Number(reconfigures(param.Sources, num("attach.rate", "Attaches", gSubs, "/s", 0, 20000, 10, 200,
		prose.Page("attaches and inter-SGSN RAUs reaching the IMSI Manager, each by a random registered subscriber: it re-learns a lost mapping, or hosts a subscriber whose session was lost on the least loaded Session Manager"))))
	pReboot = params.Bool(reconfigures(partReboot, flag("reboot", "Reboot", gSubs, false,
		prose.Page("switch on to reboot the system at that moment (on at the start: rebooted at 0 s): the mapping table is emptied and the 60-minute window starts; switch off to re-arm"))))
	pKept = params.Number(num("reboot.sessions-kept", "Sessions kept over reboot", gSubs, "%", 0, 100, 5, 50,
		prose.Page("[R] share of hosted subscribers whose session survives the reboot on its Session Manager while the IMSI Manager's table is lost; their MAP requests can be misrouted")))
	_              = params.Add(broadcast.Params...)
	pAvoid         = params.BoolKey(broadcast.ParamAvoid)
	pThreshold     = params.NumberKey(broadcast.ParamThreshold)
	pAvoidAll      = params.BoolKey(broadcast.ParamAvoidAll)
	pLabWindow     = params.BoolKey(broadcast.ParamWindow)
	pLabDrop       = params.BoolKey(broadcast.ParamDrop)
	_              = params.Add(cpu.Params("the IMSI Manager's CPU", 10)...)
	pCostIngress   = params.Number(cpu.Cost("ingress", "Receive a message", 20, prose.Page("CPU to receive and decode any message")))
	pCostRoute     = params.Number(cpu.Cost("route", "Route by mapping", 30, prose.Page("CPU to look the IMSI up and forward the request to its Session Manager")))
	pCostForward   = params.Number(cpu.Cost("forward", "Send to a random SessMgr", 40, prose.Page("CPU to send an unknown request to a random Session Manager (avoided broadcast, or after all answered negatively)")))
	pCostBroadcast = params.Number(cpu.Cost("broadcast", "Broadcast, per SessMgr", 25, prose.Page("CPU per Session Manager of a broadcast: the messenger request and its answer (a broadcast costs N times this)")))
	pCostDrop      = params.Number(cpu.Cost("drop", "Drop", 5, prose.Page("CPU to discard an unknown request above the congestion threshold")))
	pCostAttach    = params.Number(cpu.Cost("attach", "Attach", 150, prose.Page("CPU to select a Session Manager for an attach and write the IMSI→SessMgr mapping")))
	pIngressLimit  = params.Integer(cpu.IngressBuffer(20000))
)
