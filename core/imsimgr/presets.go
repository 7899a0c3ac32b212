package imsimgr

import (
	"overloadlab/core/param"
	"overloadlab/core/scenario"
)

// stormParams is the operator example of the seed: busy hour about 200
// new connections per second, throttle N = 400/s, W = 5 s, Q = 2500,
// action reject; a neighbour site fails at 120 s, its UEs re-attach in a
// burst, and the busy-hour rate stays 1.75× higher afterwards (350/s).
func stormParams(extra map[string]param.Value) map[string]param.Value {
	p := map[string]param.Value{
		"sgsn-network-overload-protection": param.On(true),
		"sgsn-new-connections-per-second":  param.Num(400),
		"sgsn-queue-size":                  param.Num(2500),
		"sgsn-wait-time":                   param.Num(5),
		"sgsn-action":                      param.Str("reject"),
		"mme-network-overload-protection":  param.On(true),
		"mme-new-connections-per-second":   param.Num(400),
		"mme-queue-size":                   param.Num(2500),
		"mme-wait-time":                    param.Num(5),
		"mme-action":                       param.Str("reject"),
		"storm.shape":                      param.Str("burst"),
		"storm.at":                         param.Num(120),
		"storm.length":                     param.Num(180),
		"storm.factor":                     param.Num(6),
	}
	for k, v := range extra {
		p[k] = v
	}
	return p
}

// neighbourFails raises the busy-hour new-connection rates by 1.75× at t.
func neighbourFails(t float64) []scenario.Change {
	var tl []scenario.Change
	for _, c := range classes {
		if c.newConn && !c.emergency {
			tl = append(tl, scenario.Change{At: t, Param: "rate." + c.Name, Value: param.Num(c.rate * 1.75)})
		}
	}
	return tl
}

var presets = []scenario.Preset{
	{
		Name: "attach-storm", Model: "imsimgr", Seed: 1, Duration: 900,
		Summary: "busy hour, then a neighbour site fails: an attach storm against N = 400/s, W = 5 s, Q = 2500, action reject",
		Teaches: "The guard keeps the IMSI Manager alive (no crash, unlike without it), but it is a switch on the CPU read each second: " +
			"every second read under 70 % lets a second of rejects through, whose messenger work pins the CPU for the next seconds. " +
			"So the CPU is at or above 99 % in about 70 % of the storm's intervals. Compare a guard that reads its CPU every 0.1 s.",
		Params:   stormParams(nil),
		Timeline: neighbourFails(120),
		Compare: []scenario.Variant{
			{Label: "guard reads every 0.1 s", Params: map[string]param.Value{"cpu-guard.sampling-period": param.Num(0.1)}},
			{Label: "guard reads every 2 s", Params: map[string]param.Value{"cpu-guard.sampling-period": param.Num(2)}},
		},
	},
	{
		Name: "attach-storm-fast-guard", Model: "imsimgr", Seed: 1, Duration: 900,
		Summary: "the same storm with the CPU guard reading its CPU every 0.1 s instead of every second",
		Teaches: "A shorter sampling period lets shorter bursts of rejects through: the CPU pins in about a fifth of the storm's intervals " +
			"instead of 70 %. It still stays above 80 %: a tenth of a second of rejects costs more CPU than a tenth of a second.",
		Params:   stormParams(map[string]param.Value{"cpu-guard.sampling-period": param.Num(0.1)}),
		Timeline: neighbourFails(120),
	},
	{
		Name: "attach-storm-uneven", Model: "imsimgr", Seed: 1, Duration: 900,
		Summary: "two IMSI Manager instances, the first hosting 75 % of the subscribers, under a 4× storm",
		Teaches: "Every instance watches its own CPU: the busy instance is guarded for most of the storm and pins, " +
			"while the other stays under 70 % and keeps rejecting. The per-instance charts show what the busiest-instance CPU hides.",
		Params: stormParams(map[string]param.Value{
			"imsimgr-instances": param.Num(2), "imsimgr-busiest-share": param.Num(75), "storm.factor": param.Num(4),
		}),
		Timeline: neighbourFails(120),
	},
	{
		Name: "attach-storm-no-guard", Model: "imsimgr", Seed: 1, Duration: 900,
		Summary:  "the same storm with the 70 % CPU guard switched off (lab only): the reject cost pins the CPU and the IMSI Manager crashes",
		Teaches:  "Without the guard every overflow is rejected through the messenger; the CPU pins at 100 %, the watchdog crashes the process, queued work is lost and retries make it worse.",
		Params:   stormParams(map[string]param.Value{"lab.cpu-guard": param.On(false)}),
		Timeline: neighbourFails(120),
	},
	{
		Name: "attach-storm-unpaced", Model: "imsimgr", Seed: 1, Duration: 900,
		Summary: "the same storm with network overload protection off: every attach is accepted and the CPU collapses",
		Teaches: "Without pacing the IMSI Manager accepts everything; the CPU backlog grows past the UEs' 15 s guard timer, answers come late (wasted work), UEs retry and goodput collapses.",
		Params: stormParams(map[string]param.Value{
			"sgsn-network-overload-protection": param.On(false),
			"mme-network-overload-protection":  param.On(false),
		}),
		Timeline: neighbourFails(120),
	},
	{
		Name: "attach-storm-drop", Model: "imsimgr", Seed: 1, Duration: 900,
		Summary:  "the same storm with overflow action drop: cheap for the CPU, but every dropped UE waits its full 15 s guard timer",
		Teaches:  "Compare with attach-storm: drop costs almost no CPU, so the guard rarely acts; the price is paid by the UEs, which learn nothing until T3410 expires.",
		Params:   stormParams(map[string]param.Value{"sgsn-action": param.Str("drop"), "mme-action": param.Str("drop")}),
		Timeline: neighbourFails(120),
	},
	{
		Name: "busy-hour", Model: "imsimgr", Seed: 1, Duration: 600,
		Summary: "an ordinary busy hour (about 200 new connections/s) under N = 400/s: nothing overflows",
		Teaches: "The baseline: pacing queues stay nearly empty, every request completes in time, the CPU stays well under 70 %.",
		Params:  stormParams(map[string]param.Value{"storm.shape": param.Str("constant")}),
	},
}
