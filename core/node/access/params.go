package access

import (
	"fmt"

	"overloadlab/core/control/backoff"
	"overloadlab/core/control/barring"
	"overloadlab/core/control/cpuguard"
	"overloadlab/core/control/pacing"
	"overloadlab/core/control/s1overload"
	"overloadlab/core/engine/cpu"
	"overloadlab/core/engine/param"
	"overloadlab/core/engine/prose"
)

// Trigger kinds.
var triggers = []string{"none", "outage", "fleet"}

// Spreads of a re-attach over S seconds.
var spreads = []string{"at-once", "uniform", "beta-3-4"}

const (
	gPop   = "Devices"
	gTrig  = "Trigger"
	gNAS   = "UE NAS timers (TS 24.301)"
	gCells = "Cells"
	gPool  = "MME pool"
)

// maxMMEs bounds the pool (a cohort's key has 3 bits for its MME).
const maxMMEs = 8

func num(name, label, group, unit string, lo, hi, step, def float64, doc string) param.Spec {
	return param.Spec{Name: name, Label: label, Group: group, Unit: unit, Kind: param.Number, Min: lo, Max: hi, Step: step, Default: param.Num(def), Doc: prose.Page(doc)}
}

var specs = func() []param.Spec {
	s := []param.Spec{
		{Name: "devices", Label: "Devices", Group: gPop, Kind: param.Integer, Min: 1000, Max: 2_000_000, Step: 1000, Default: param.Num(100_000), Fixed: true,
			Doc: prose.Page("the devices of the area, simulated by groups (by class, MME, attempt counter and the instant their timer ends), not one by one")},
		num("share.m2m", "Delay-tolerant M2M", gPop, "%", 0, 100, 1, 30, "share of the devices that are delay-tolerant M2M: EAB-configured, RRC cause delayTolerantAccess, access classes 0–9 evenly"),
		num("share.high", "High priority (AC 11–15)", gPop, "%", 0, 20, 0.1, 1, "share of the devices with a special access class 11–15 (evenly), RRC cause highPriorityAccess: never rejected for NAS congestion"),
		num("share.emergency", "Emergency callers", gPop, "%", 0, 5, 0.01, 0.1, "share of the devices that attach for an emergency call (access class 10, RRC cause emergency, emergency attach)"),
		num("rate.tau", "Periodic TAU", gPop, "/device/h", 0, 60, 0.1, 1.1, "periodic tracking area updates of an attached device per hour (T3412 default 54 min: 1.1/h); RRC cause mo-Signalling"),
		num("rate.service", "MO service requests", gPop, "/device/h", 0, 60, 0.1, 2, "mobile-originated service requests of an attached device per hour; RRC cause mo-Data"),
		num("rate.paging", "MT paging", gPop, "/device/h", 0, 60, 0.1, 1, "mobile-terminated pagings answered by an attached device per hour; RRC cause mt-Access, exempt from back-off"),

		{Name: "trigger", Label: "Trigger", Group: gTrig, Kind: param.Choice, Choices: triggers, Default: param.Str("outage"), Fixed: true,
			Doc: prose.Page("none; outage: the core is out from t1 to t2, then every device re-attaches; fleet: the M2M devices sleep and wake every period from t1 to attach")},
		{Name: "trigger.t1", Label: "t1: outage starts / first wake", Group: gTrig, Unit: "s", Kind: param.Number, Min: 0, Max: 86400, Step: 10, Default: param.Num(60), Fixed: true,
			Doc: prose.Page("when the core goes down (outage) or the fleet first wakes (fleet)")},
		{Name: "trigger.t2", Label: "t2: outage ends", Group: gTrig, Unit: "s", Kind: param.Number, Min: 0, Max: 86400, Step: 10, Default: param.Num(120), Fixed: true,
			Doc: prose.Page("when the core is back: every device starts its attach, spread over S; at least t1")},
		{Name: "spread", Label: "Re-attach spread", Group: gTrig, Kind: param.Choice, Choices: spreads, Default: param.Str("uniform"),
			Doc: prose.Page("at-once; uniform over S (TR 37.868 traffic model 1); Beta(3, 4) over S (TR 37.868 traffic model 2)")},
		num("spread.S", "S: spread", gTrig, "s", 0, 3600, 1, 60, "the window over which the devices start their attach (TR 37.868: 60 s for model 1, 10 s for model 2)"),
		num("fleet.period", "Fleet wake period", gTrig, "s", 60, 86400, 60, 3600, "the M2M fleet wakes every period from t1 (on the hour: 3600 s)"),
		num("fleet.session", "Fleet session", gTrig, "s", 1, 3600, 1, 60, "how long a woken M2M device stays attached before it sleeps again"),
		{Name: "mme-fail.at", Label: "MME 1 fails at", Group: gTrig, Unit: "s", Kind: param.Number, Min: 0, Max: 86400, Step: 10, Default: param.Num(0), Fixed: true,
			Doc: prose.Page("MME 1 fails at this time (0: never): its devices re-attach, spread over S, to the other MMEs of the pool")},
		{Name: "mme-fail.for", Label: "MME 1 down for", Group: gTrig, Unit: "s", Kind: param.Number, Min: 1, Max: 86400, Step: 10, Default: param.Num(1800), Fixed: true,
			Doc: prose.Page("how long MME 1 stays down")},

		num("T3410", "T3410 attach guard", gNAS, "s", 1, 60, 1, 15, "TS 24.301 Table 10.2.1: no answer to ATTACH REQUEST within T3410 (15 s) ⇒ the attempt failed, the attach attempt counter rises"),
		num("T3411", "T3411 retry", gNAS, "s", 1, 60, 1, 10, "TS 24.301 §5.5.1.2.6: after a failed attempt with the counter under its maximum, retry when T3411 (10 s) expires"),
		num("T3402", "T3402 after the last attempt", gNAS, "min", 0.5, 60, 0.5, 12, "TS 24.301 §5.5.1.2.6: when the attach attempt counter reaches its maximum, wait T3402 (default 12 min), then reset the counter and retry"),
		{Name: "attach-attempt-counter.max", Label: "Attach attempts before T3402", Group: gNAS, Kind: param.Integer, Min: 1, Max: 7, Step: 1, Default: param.Num(5),
			Doc: prose.Page("TS 24.301 §5.5.1.2.6: the attach attempt counter's limit, 5 in the standard")},
		{Name: "t3346.count-resets", Label: "#22 resets the attempt counter", Group: gNAS, Kind: param.Bool, Default: param.On(true),
			Doc: prose.Page("TS 24.301 §5.5.1.2.5 and §5.5.1.1: on ATTACH REJECT #22 with a T3346 value the UE starts T3346, and the attach attempt counter is reset when T3346 starts; off (not the standard): the counter is kept and rises")},

		{Name: "enodebs", Label: "eNodeBs", Group: gCells, Kind: param.Integer, Min: 1, Max: 500, Step: 1, Default: param.Num(100), Fixed: true,
			Doc: prose.Page("the cells of the area, each connected to every MME of the pool; the devices are spread evenly over them")},
	}
	s = append(s, barring.Params...)
	s = append(s, param.Spec{Name: "mmes", Label: "MMEs in the pool", Group: gPool, Kind: param.Integer, Min: 1, Max: maxMMEs, Step: 1, Default: param.Num(3), Fixed: true,
		Doc: prose.Page("the MMEs of the pool; the devices are registered evenly on them; each has its own CPU, pacing queue, CPU guard and overload state")})
	s = append(s, pacing.Params("mme-", "MME")...)
	s = append(s, backoff.Params...)
	s = append(s, s1overload.Params...)
	s = append(s, cpu.Params("each MME's CPU", 5)...)
	s = append(s,
		cpu.Cost("ingress", "Receive a message", 20, prose.Page("MME CPU to receive and decode any NAS message")),
		cpu.Cost("attach", "Attach accepted", 1000, prose.Page("MME CPU of an accepted attach: authentication, HSS update, session set-up, accept")),
		cpu.Cost("reject", "Reject (#22)", 100, prose.Page("MME CPU to build an ATTACH/TAU/SERVICE REJECT")),
		cpu.Cost("messenger", "Pacing overflow reject", 300, prose.Page("the IMSI Manager's messenger read/write to have a Session Manager build the reject of a pacing overflow")),
		cpu.Cost("queue", "Pacing queue handling", 10, prose.Page("CPU to enqueue and dequeue a request in the pacing queue")),
		cpu.Cost("drop", "Drop", 5, prose.Page("CPU to discard a request")),
		cpu.Cost("tau", "TAU", 300, prose.Page("MME CPU of a periodic tracking area update")),
		cpu.Cost("service", "Service request", 200, prose.Page("MME CPU of a service request (bearers re-established)")),
		cpu.Cost("paging", "Paging and its answer", 200, prose.Page("MME CPU of a paging and the service request that answers it")),
		num("mme.max-wait", "Ingress limit", gPool, "s", 1, 120, 1, 20, "a message that would wait longer than this for the MME's CPU is discarded at the socket (dropped)"),
		param.Spec{Name: "mme-emergency-paced", Label: "Pace emergency attaches", Group: "MME pacing queue", Kind: param.Bool, Default: param.On(false),
			Doc: prose.Page("off (default): emergency attaches bypass the pacing queue (Cisco: \"emergency attaches are not throttled\")")},
	)
	return append(s, cpuguard.Params...)
}()

// params is the model's schema; the node reads each parameter by its
// handle below.
var params = param.NewSet(specs...)

// The handles of the parameters the node reads.
var (
	pDevices                      = params.IntegerKey("devices")
	pShareM2m                     = params.NumberKey("share.m2m")
	pShareHigh                    = params.NumberKey("share.high")
	pShareEmergency               = params.NumberKey("share.emergency")
	pRateTau                      = params.NumberKey("rate.tau")
	pRateService                  = params.NumberKey("rate.service")
	pRatePaging                   = params.NumberKey("rate.paging")
	pTrigger                      = params.TextKey("trigger")
	pTriggerT1                    = params.NumberKey("trigger.t1")
	pTriggerT2                    = params.NumberKey("trigger.t2")
	pSpread                       = params.TextKey("spread")
	pSpreadS                      = params.NumberKey("spread.S")
	pFleetPeriod                  = params.NumberKey("fleet.period")
	pFleetSession                 = params.NumberKey("fleet.session")
	pMmeFailAt                    = params.NumberKey("mme-fail.at")
	pMmeFailFor                   = params.NumberKey("mme-fail.for")
	pT3410                        = params.NumberKey("T3410")
	pT3411                        = params.NumberKey("T3411")
	pT3402                        = params.NumberKey("T3402")
	pAttachAttemptCounterMax      = params.IntegerKey("attach-attempt-counter.max")
	pT3346CountResets             = params.BoolKey("t3346.count-resets")
	pEnodebs                      = params.IntegerKey("enodebs")
	pMmes                         = params.IntegerKey("mmes")
	pMmeNetworkOverloadProtection = params.BoolKey("mme-network-overload-protection")
	pMmeNewConnectionsPerSecond   = params.IntegerKey("mme-new-connections-per-second")
	pMmeQueueSize                 = params.IntegerKey("mme-queue-size")
	pMmeWaitTime                  = params.IntegerKey("mme-wait-time")
	pMmeAction                    = params.TextKey("mme-action")
	pRrcWaitTime                  = params.IntegerKey("rrc.waitTime")
	pRrcExtendedWaitTime          = params.IntegerKey("rrc.extendedWaitTime")
	pCostIngress                  = params.NumberKey("cost.ingress")
	pCostAttach                   = params.NumberKey("cost.attach")
	pCostReject                   = params.NumberKey("cost.reject")
	pCostMessenger                = params.NumberKey("cost.messenger")
	pCostQueue                    = params.NumberKey("cost.queue")
	pCostDrop                     = params.NumberKey("cost.drop")
	pCostTau                      = params.NumberKey("cost.tau")
	pCostService                  = params.NumberKey("cost.service")
	pCostPaging                   = params.NumberKey("cost.paging")
	pMmeMaxWait                   = params.NumberKey("mme.max-wait")
	pMmeEmergencyPaced            = params.BoolKey("mme-emergency-paced")
	pLabCpuGuard                  = params.BoolKey("lab.cpu-guard")
	pCpuGuardSamplingPeriod       = params.NumberKey("cpu-guard.sampling-period")
)

// check applies the rules that involve several fields.
func check(v param.Values) error {
	if a, b := pTriggerT1.Of(v), pTriggerT2.Of(v); b < a {
		return &param.Error{Field: "trigger.t2", Value: fmt.Sprint(b), Allowed: fmt.Sprintf("at least trigger.t1, %v s", a)}
	}
	if sum := pShareM2m.Of(v) + pShareHigh.Of(v) + pShareEmergency.Of(v); sum > 100 {
		return &param.Error{Field: "share.m2m", Value: fmt.Sprint(pShareM2m.Of(v)), Allowed: fmt.Sprintf("at most %v %% with the other shares (the shares add up to %v %%)", 100-sum+pShareM2m.Of(v), sum)}
	}
	for _, f := range []func(param.Values) error{barring.CheckParams, backoff.CheckParams, s1overload.CheckParams} {
		if err := f(v); err != nil {
			return err
		}
	}
	return pacing.CheckParams(v, "mme-")
}
