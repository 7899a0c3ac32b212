package hlrmap

import (
	"overloadlab/core/broadcast"
	"overloadlab/core/param"
	"strings"
)

// Parameter names used by the node and the presets.
const (
	pSubscribers  = "subscribers"
	pSessMgrs     = "sessmgr-count"
	pAttachRate   = "attach.rate"
	pReboot       = "reboot"
	pKept         = "reboot.sessions-kept"
	pUnknown      = "hlr.unknown-share"
	pStormFactor  = "hlr.storm-factor"
	pStormLength  = "hlr.storm-length"
	pMapTimer     = "map-timer"
	pAvoid        = "avoid-sessmgr-broadcast"
	pThreshold    = "avoid-sessmgr-broadcast.cpu_threshold"
	pAvoidAll     = "avoid-sessmgr-broadcast.all"
	pLabWindow    = "lab.reboot-window"
	pLabDrop      = "lab.congestion-drop"
	pIngressLimit = "ingress-buffer"
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

func flag(name, label, group string, def bool, doc string) param.Spec {
	return param.Spec{Name: name, Label: label, Group: group, Kind: param.Bool, Default: param.On(def), Doc: doc}
}

var specs = func() []param.Spec {
	var s []param.Spec
	for _, c := range classes[:numMAP] {
		s = append(s, num("rate."+c.Name, strings.ToUpper(c.Name)+": "+c.Label, gHLR, "/s", 0, 20000, 1, c.rate,
			"offered rate of "+c.Label+" from the HLR (Poisson), before the storm factor"))
	}
	return append(s,
		num(pUnknown, "Unknown share", gHLR, "%", 0, 100, 1, 30,
			"share of the HLR's MAP requests for subscribers not registered at this SGSN at all (sent by mistake)"),
		num(pStormFactor, "Storm factor after reboot", gHLR, "×", 1, 50, 0.5, 1,
			"after each reboot the HLR sends Cancel Location and Insert Subscriber Data this many times faster, for the storm length"),
		num(pStormLength, "Storm length", gHLR, "s", 0, 172800, 60, 1800,
			"how long the HLR's storm of CLR and ISD lasts after a reboot"),
		num(pMapTimer, "MAP timer", gHLR, "s", 1, 60, 1, 15,
			"the HLR's MAP operation timer: an answer later than this is wasted work and the HLR may repeat the request"),
		num("hlr.retry.probability", "Retry probability", gHLR, "", 0, 1, 0.05, 0.5,
			"probability that the HLR repeats a request that got no answer within the MAP timer"),
		num("hlr.retry.after-timeout", "Pause before retry", gHLR, "s", 0, 600, 0.5, 1,
			"mean pause between the MAP timer's expiry and the repeated request (±50 %)"),
		whole("hlr.retry.max-attempts", "Max attempts", gHLR, "", 1, 5, 1, 2,
			"attempts per MAP request, the first included"),

		fixed(whole(pSubscribers, "Registered subscribers", gSubs, "", 1000, 50_000_000, 1000, 400_000,
			"S: subscribers the HLR has registered at this SGSN; before any reboot all are hosted and mapped (counted, not stored one by one)")),
		fixed(whole(pSessMgrs, "Session Managers", gSubs, "", 1, 384, 1, 64,
			"N: active Session Managers; a broadcast asks every one of them")),
		num(pAttachRate, "Attaches", gSubs, "/s", 0, 20000, 10, 200,
			"attaches and inter-SGSN RAUs reaching the IMSI Manager, each by a random registered subscriber: it re-learns a lost mapping, or hosts a subscriber whose session was lost on the least loaded Session Manager"),
		flag(pReboot, "Reboot", gSubs, false,
			"switch on to reboot the system at that moment (on at the start: rebooted at 0 s): the mapping table is emptied and the 60-minute window starts; switch off to re-arm"),
		num(pKept, "Sessions kept over reboot", gSubs, "%", 0, 100, 5, 50,
			"[R] share of hosted subscribers whose session survives the reboot on its Session Manager while the IMSI Manager's table is lost; their MAP requests can be misrouted"),

		flag(pAvoid, "avoid-sessmgr-broadcast", gCtl, true,
			"task facility imsimgr avoid-sessmgr-broadcast: stop broadcasting while the CPU is at or above the threshold (on by default)"),
		num(pThreshold, "cpu_threshold P", gCtl, "%", 100*broadcast.MinThreshold, 100*broadcast.MaxThreshold, 1, 100*broadcast.DefaultThreshold,
			"P: while the IMSI Manager's CPU is ≥ P, unknown MAP requests go to a random Session Manager instead of a broadcast"),
		flag(pAvoidAll, "Avoid all broadcasts", gCtl, false,
			"avoid-sessmgr-broadcast configured without cpu_threshold: never broadcast, always a random Session Manager"),
		flag(pLabWindow, "Reboot window (60 min)", gCtl, true,
			"lab switch: the real SGSN never broadcasts during the first 60 minutes after a reboot (fixed); switch off to see why"),
		flag(pLabDrop, "Congestion drop (70 %)", gCtl, true,
			"lab switch: the real IMSI Manager drops every unknown subscriber request while its CPU is above 70 % (fixed); switch off to see why"),

		num("cpu.speed", "CPU speed", gCPU, "×", 0.1, 10, 0.1, 1,
			"processor speed relative to nominal: every cost is divided by it"),
		num("cpu.background", "Background load", gCPU, "%", 0, 90, 1, 10,
			"share of the IMSI Manager's CPU taken by other work"),
		cost("ingress", "Receive a message", 20, "CPU to receive and decode any message"),
		cost("route", "Route by mapping", 30, "CPU to look the IMSI up and forward the request to its Session Manager"),
		cost("forward", "Send to a random SessMgr", 40, "CPU to send an unknown request to a random Session Manager (avoided broadcast, or after all answered negatively)"),
		cost("broadcast", "Broadcast, per SessMgr", 25, "CPU per Session Manager of a broadcast: the messenger request and its answer (a broadcast costs N times this)"),
		cost("drop", "Drop", 5, "CPU to discard an unknown request above the congestion threshold"),
		cost("attach", "Attach", 150, "CPU to select a Session Manager for an attach and write the IMSI→SessMgr mapping"),
		whole(pIngressLimit, "Ingress buffer", gCPU, "msgs", 100, 200000, 100, 20000,
			"messages that may wait for the CPU; more are lost at the socket (dropped)"),
	)
}()

func cost(name, label string, def float64, doc string) param.Spec {
	return num("cost."+name, label, gCPU, "µs", 0, 20000, 5, def, doc)
}

// controlConfig reads the broadcast control's configuration.
func controlConfig(v param.Values) broadcast.Config {
	return broadcast.Config{
		Avoid:          v.Bool(pAvoid),
		AvoidAll:       v.Bool(pAvoidAll),
		Threshold:      v.Num(pThreshold) / 100,
		RebootWindow:   v.Bool(pLabWindow),
		CongestionDrop: v.Bool(pLabDrop),
	}
}
