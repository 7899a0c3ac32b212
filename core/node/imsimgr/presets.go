package imsimgr

import (
	"math"

	"overloadlab/core/engine/claim"
	"overloadlab/core/engine/param"
	"overloadlab/core/engine/scenario"
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
			"So the CPU is at or above 99 % in 70 to 76 % of the storm's intervals. Compare a guard that reads its CPU every 0.1 s.",
		Params:   stormParams(nil),
		Timeline: neighbourFails(120),
		Pace:     20, Watch: "cpu",
		Compare: []scenario.Variant{
			{Label: "guard reads every 0.1 s", Params: map[string]param.Value{"cpu-guard.sampling-period": param.Num(0.1)}},
			{Label: "guard reads every 2 s", Params: map[string]param.Value{"cpu-guard.sampling-period": param.Num(2)}},
		},
		Claims: []claim.Claim{
			crashes(0, 0),
			inStorm("cpu-pinned-in-storm", "cpu", claim.AtLeast, 99, 60, 80),
			{Name: "guard-drops", Kind: claim.Counter, Counter: "pacing (SGSN)/overflow_drops_high_cpu", Min: 1, Max: inf},
		},
	},
	{
		Name: "attach-storm-fast-guard", Model: "imsimgr", Seed: 1, Duration: 900,
		Summary: "the same storm with the CPU guard reading its CPU every 0.1 s instead of every second",
		Teaches: "A shorter sampling period lets shorter bursts of rejects through: the CPU pins in about a fifth of the storm's intervals " +
			"instead of 70 %. It still stays above 80 %: a tenth of a second of rejects costs more CPU than a tenth of a second.",
		Params:   stormParams(map[string]param.Value{"cpu-guard.sampling-period": param.Num(0.1)}),
		Timeline: neighbourFails(120),
		Pace:     20, Watch: "cpu",
		Claims: []claim.Claim{
			crashes(0, 0),
			inStorm("cpu-pinned-in-storm", "cpu", claim.AtLeast, 99, 0, 25),
			inStorm("cpu-over-80-in-storm", "cpu", claim.AtLeast, 80, 90, 100),
		},
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
		Pace:     20, Watch: "cpu-instances",
		Claims: []claim.Claim{
			inStorm("busy-instance-guarded", "guard.1", claim.AtLeast, 50, 50, 100),
			inStorm("other-instance-under-70", "cpu.2", claim.Below, 70, 70, 100),
		},
	},
	{
		Name: "attach-storm-no-guard", Model: "imsimgr", Seed: 1, Duration: 900,
		Summary: "the same storm with the 70 % CPU guard switched off (lab only): the reject cost pins the CPU and the IMSI Manager crashes",
		Teaches: "Without the guard every overflow is rejected through the messenger: the CPU pins, the watchdog crashes the process " +
			"(about 5 times in the storm) and everything it held is lost. It is pinned in about 45 % of the storm's intervals and down, " +
			"dropping every arrival, in about half; retries make each restart worse.",
		Params:   stormParams(map[string]param.Value{"lab.cpu-guard": param.On(false)}),
		Timeline: neighbourFails(120),
		Pace:     20, Watch: "cpu",
		Claims: []claim.Claim{
			crashes(4, 6),
			inStorm("cpu-pinned-in-storm", "cpu", claim.AtLeast, 99, 40, 50),
			inStorm("down-in-storm", "up", claim.Below, 1, 40, 60),
		},
	},
	{
		Name: "attach-storm-unpaced", Model: "imsimgr", Seed: 1, Duration: 900,
		Summary: "the same storm with network overload protection off: every attach is accepted and the CPU collapses",
		Teaches: "Without pacing the IMSI Manager accepts everything: the CPU pins and the watchdog crashes it (about 5 times in the storm); " +
			"it is down, dropping every arrival, in about half of the storm's intervals. The ingress buffer keeps the CPU backlog under " +
			"the UEs' 15 s guard timer, so the work is lost in crashes rather than answered late.",
		Params: stormParams(map[string]param.Value{
			"sgsn-network-overload-protection": param.On(false),
			"mme-network-overload-protection":  param.On(false),
		}),
		Timeline: neighbourFails(120),
		Pace:     20, Watch: "backlog",
		Claims: []claim.Claim{
			crashes(4, 6),
			inStorm("down-in-storm", "up", claim.Below, 1, 40, 60),
			{Name: "backlog-under-guard-timer", Kind: claim.Share, Column: "backlog", Op: claim.Below, Param: "guard-timer.new", Min: 100, Max: 100},
		},
	},
	{
		Name: "attach-storm-drop", Model: "imsimgr", Seed: 1, Duration: 900,
		Summary:  "the same storm with overflow action drop: cheap for the CPU, but every dropped UE waits its full 15 s guard timer",
		Teaches:  "Compare with attach-storm: drop costs almost no CPU, so the guard rarely acts; the price is paid by the UEs, which learn nothing until T3410 expires.",
		Params:   stormParams(map[string]param.Value{"sgsn-action": param.Str("drop"), "mme-action": param.Str("drop")}),
		Timeline: neighbourFails(120),
		Pace:     20, Watch: "overflow",
		Claims: []claim.Claim{
			inStorm("cpu-under-70-in-storm", "cpu", claim.Below, 70, 80, 100),
			{Name: "no-rejects", Kind: claim.Counter, Counter: "total/rejected", Min: 0, Max: 0},
		},
	},
	{
		Name: "busy-hour", Model: "imsimgr", Seed: 1, Duration: 600,
		Summary: "an ordinary busy hour (about 200 new connections/s) under N = 400/s: nothing overflows",
		Teaches: "The baseline: pacing queues stay nearly empty, every request completes in time, the CPU stays well under 70 %.",
		Params:  stormParams(map[string]param.Value{"storm.shape": param.Str("constant")}),
		Pace:    20, Watch: "queues",
		Claims: []claim.Claim{
			{Name: "none-dropped", Kind: claim.Counter, Counter: "total/dropped", Min: 0, Max: 0},
			{Name: "none-rejected", Kind: claim.Counter, Counter: "total/rejected", Min: 0, Max: 0},
			{Name: "none-late", Kind: claim.Counter, Counter: "total/late", Min: 0, Max: 0},
			{Name: "cpu-under-70", Kind: claim.Share, Column: "cpu", Op: claim.Below, Value: 70, Min: 100, Max: 100},
		},
	},
}

var inf = math.Inf(1)

// crashes claims the IMSI Manager crashed between lo and hi times.
func crashes(lo, hi float64) claim.Claim {
	return claim.Claim{Name: "crashes", Kind: claim.Counter, Counter: "imsimgr/crashes", Min: lo, Max: hi}
}

// inStorm claims that column op value holds in lo–hi % of the storm's
// intervals (120–300 s).
func inStorm(name, column string, op claim.Op, value, lo, hi float64) claim.Claim {
	return claim.Claim{Name: name, Kind: claim.Share, Column: column, Op: op, Value: value, From: 120, To: 300, Min: lo, Max: hi}
}
