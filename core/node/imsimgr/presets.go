//go:build !js

package imsimgr

import (
	"math"
	"strconv"
	"strings"

	"overloadlab/core/engine/claim"
	"overloadlab/core/engine/param"
	"overloadlab/core/engine/scenario"
)

// stormParams is the operator example of Cisco's documentation: busy hour about 200
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
		Tour:    tourAttachStorm,
		Summary: "busy hour, then a neighbour site fails: an attach storm against N = 400/s, W = 5 s, Q = 2500, action reject",
		Teaches: "The guard keeps the IMSI Manager alive (no crash, unlike without it), but it is a switch on the CPU read each second: " +
			"every second read under 70 % lets a second of rejects through, whose messenger work pins the CPU for the next seconds. " +
			"So the CPU is at or above 99 % in about three quarters of the storm's intervals (67 to 78 % in most runs). Compare a guard that reads its CPU every 0.1 s.",
		Params:   stormParams(nil),
		Timeline: neighbourFails(120),
		Pace:     20, Watch: "cpu",
		Compare: []scenario.Variant{
			{Label: "guard reads every 0.1 s", Params: map[string]param.Value{"cpu-guard.sampling-period": param.Num(0.1)}},
			{Label: "guard reads every 2 s", Params: map[string]param.Value{"cpu-guard.sampling-period": param.Num(2)}},
		},
		Claims: []claim.Claim{
			crashes(0, 0),
			mostly(inStorm("cpu-pinned-in-storm", "cpu", claim.AtLeast, 99, 55, 85), 67, 78),
			{Name: "guard-drops", Kind: claim.Counter, Counter: cOverflowDropsHighCpu.In("pacing (SGSN)"), What: "SGSN overflow dropped by the 70 % CPU guard", Min: 1, Max: inf},
			busyHourCPU, queueEmpty("sgsn", 0, 59),
			// Full: a request leaves as one arrives, so a full queue reads 2499 or 2500.
			window("queue-full-at-storm", "sgsn.queue", claim.AtLeast, 2450, "SGSN pacing queue full (at least 2450 of Q = 2500)", 122, 124, 100, 100),
			window("rejects-at-storm", "pacing.overflow-rejected", claim.Above, 0, "overflow rejected through the messenger", 120, 124, 20, 100),
			window("guard-drops-early", "pacing.overflow-dropped-high-cpu", claim.Above, 0, "overflow dropped by the 70 % CPU guard", 120, 149, 50, 80),
			window("up-through-storm", "up", claim.AtLeast, 1, "IMSI Manager up", 0, 300, 100, 100),
			{Name: "retries-in-storm", Step: true, Kind: claim.Mean, Column: "retries", From: 120, To: 300, Min: 2000, Max: inf},
			cpuSettles, noRetriesAfter, queueEmpty("sgsn", 420, 479),
			// The exercises' claims this run fails (exercises.go).
			crashes(1, inf).Failing().Named("crashes-at-least-once"),
			inStorm("cpu-rarely-pinned", "cpu", claim.AtLeast, 99, 0, 10).Failing(),
			{Name: "cpu-stays-low-in-storm", Fails: true, Kind: claim.Mean, Column: "cpu", What: "mean IMSI Manager CPU in the storm", From: 120, To: 300, Min: 0, Max: 40},
			inStorm("cpu-pinned-under-25", "cpu", claim.AtLeast, 99, 0, 25).Failing(),
		},
		Predictions: predictAttachStorm,
		Challenges:  challengeAttachStorm,
	},
	{
		Name: "attach-storm-fast-guard", Model: "imsimgr", Seed: 1, Duration: 900,
		Tour:    tourAttachStormFastGuard,
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
			cpuSettles, noRetriesAfter,
		},
	},
	{
		Name: "attach-storm-uneven", Model: "imsimgr", Seed: 1, Duration: 900,
		Tour:    tourAttachStormUneven,
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
			{Name: "busy-instance-busy-hour", Step: true, Kind: claim.Mean, Column: "cpu.1", From: 10, To: 59, Min: 19, Max: 24},
			{Name: "other-instance-busy-hour", Step: true, Kind: claim.Mean, Column: "cpu.2", From: 10, To: 59, Min: 12, Max: 16},
		},
	},
	{
		Name: "attach-storm-no-guard", Model: "imsimgr", Seed: 1, Duration: 900,
		Tour:    tourAttachStormNoGuard,
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
			pinnedAtStorm, crashedEarly,
		},
	},
	{
		Name: "attach-storm-unpaced", Model: "imsimgr", Seed: 1, Duration: 900,
		Tour:    tourAttachStormUnpaced,
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
			{Name: "backlog-under-guard-timer", Kind: claim.Share, Column: "backlog", Op: claim.Below, Param: "guard-timer.new", What: "CPU backlog below the UE guard timer", Min: 100, Max: 100},
			pinnedAtStorm, crashedEarly,
			inStorm("goodput-collapses", "completed", claim.Below, 100, 50, 65),
		},
	},
	{
		Name: "attach-storm-drop", Model: "imsimgr", Seed: 1, Duration: 900,
		Tour:     tourAttachStormDrop,
		Summary:  "the same storm with overflow action drop: cheap for the CPU, but every dropped UE waits its full 15 s guard timer",
		Teaches:  "Compare with attach-storm: drop costs almost no CPU, so the guard rarely acts; the price is paid by the UEs, which learn nothing until T3410 expires.",
		Params:   stormParams(map[string]param.Value{"sgsn-action": param.Str("drop"), "mme-action": param.Str("drop")}),
		Timeline: neighbourFails(120),
		Pace:     20, Watch: "overflow",
		Claims: []claim.Claim{
			inStorm("cpu-under-70-in-storm", "cpu", claim.Below, 70, 80, 100),
			{Name: "no-rejects", Kind: claim.Counter, Counter: "total/rejected", What: "requests rejected", Min: 0, Max: 0},
			window("cheap-drops-at-storm", "cpu", claim.Below, 70, "", 120, 129, 100, 100),
			{Name: "cpu-near-70-with-retries", Step: true, Kind: claim.Mean, Column: "cpu", From: 200, To: 249, Min: 65, Max: 72},
			window("none-rejected-by-7-min", "rejected", claim.AtMost, 0, "requests rejected at 0 /s", 0, 420, 100, 100),
			noRetriesAfter, queueEmpty("sgsn", 420, 479),
			// The exercises' claims this run fails (exercises.go).
			crashes(1, inf).Failing().Named("crashes-at-least-once"),
			inStorm("cpu-pinned-often", "cpu", claim.AtLeast, 99, 30, 100).Failing(),
			{Name: "rejects-sent", Fails: true, Kind: claim.Counter, Counter: "total/rejected", What: "requests rejected", Min: 1, Max: inf},
		},
		Predictions: predictAttachStormDrop,
	},
	{
		Name: "busy-hour", Model: "imsimgr", Seed: 1, Duration: 600,
		Tour:    tourBusyHour,
		Summary: "an ordinary busy hour (about 200 new connections/s) under N = 400/s: nothing overflows",
		Teaches: "The baseline: pacing queues stay nearly empty, every request completes in time, the CPU stays well under 70 %.",
		Params:  stormParams(map[string]param.Value{"storm.shape": param.Str("constant")}),
		Pace:    20, Watch: "queues",
		Claims: []claim.Claim{
			{Name: "none-dropped", Kind: claim.Counter, Counter: "total/dropped", What: "requests dropped", Min: 0, Max: 0},
			{Name: "none-rejected", Kind: claim.Counter, Counter: "total/rejected", What: "requests rejected", Min: 0, Max: 0},
			{Name: "none-late", Kind: claim.Counter, Counter: "total/late", What: "requests completed late", Min: 0, Max: 0},
			{Name: "cpu-under-70", Kind: claim.Share, Column: "cpu", Op: claim.Below, Value: 70, Min: 100, Max: 100},
			queueEmpty("sgsn", 0, 299), queueEmpty("mme", 0, 299),
			{Name: "cpu-near-25", Step: true, Kind: claim.Mean, Column: "cpu", Min: 23, Max: 27},
		},
	},
}

var inf = math.Inf(1)

// The claims several storm presets share.
var (
	// busyHourCPU: the CPU near a quarter before the storm.
	busyHourCPU = claim.Claim{Name: "busy-hour-cpu", Step: true, Kind: claim.Mean, Column: "cpu", From: 10, To: 59, Min: 23, Max: 27}
	// cpuSettles: the CPU near a third in the busy hour after the storm (1.75× the one before).
	cpuSettles = claim.Claim{Name: "cpu-settles-after-storm", Step: true, Kind: claim.Mean, Column: "cpu", From: 420, To: 479, Min: 30, Max: 36}
	// noRetriesAfter: the retries have died out two minutes after the burst.
	noRetriesAfter = window("no-retries-after-storm", "retries", claim.AtMost, 0, "retries at 0 /s", 420, 479, 100, 100)
	// pinnedAtStorm: the CPU pinned in most of the storm's first 10 s.
	pinnedAtStorm = window("pinned-at-storm", "cpu", claim.AtLeast, 99, "", 120, 129, 60, 100)
	// crashedEarly: down (a crash) within the storm's first 30 s.
	crashedEarly = window("crashed-early", "up", claim.Below, 1, "IMSI Manager down (crashed)", 120, 149, 10, 100)
)

// queueEmpty claims the pacing queue of side ("sgsn", "mme") held under 25
// requests (1 % of Q) in every interval of (from, to]: at 350 requests/s
// against N = 400/s it reaches 10 now and then.
func queueEmpty(side string, from, to float64) claim.Claim {
	return window(side+"-queue-nearly-empty-"+strconv.Itoa(int(from)), side+".queue", claim.Below, 25, strings.ToUpper(side)+" pacing queue under 25 requests", from, to, 100, 100)
}

// mostly gives a claim its range of most runs, lo to hi.
func mostly(c claim.Claim, lo, hi float64) claim.Claim {
	c.Most = &claim.Range{Min: lo, Max: hi}
	return c
}

// window claims, for a tour step, that column op value (in words: what,
// or from the column) holds in lo–hi % of the intervals of (from, to].
func window(name, column string, op claim.Op, value float64, what string, from, to, lo, hi float64) claim.Claim {
	return claim.Claim{Name: name, Step: true, Kind: claim.Share, Column: column, Op: op, Value: value, What: what, From: from, To: to, Min: lo, Max: hi}
}

// crashes claims the IMSI Manager crashed between lo and hi times.
func crashes(lo, hi float64) claim.Claim {
	return claim.Claim{Name: "crashes", Kind: claim.Counter, Counter: cCrashes.In("imsimgr"), What: "IMSI Manager crashes", Min: lo, Max: hi}
}

// inStorm claims that column op value holds in lo–hi % of the storm's
// intervals (120–300 s).
func inStorm(name, column string, op claim.Op, value, lo, hi float64) claim.Claim {
	c := window(name, column, op, value, "", 120, 300, lo, hi)
	c.Step = false
	return c
}
