//go:build !js

package imsimgr

import "overloadlab/core/engine/scenario"

// The presets' tours, each attached to its preset in presets.go (Tour).
// They are read by the page's HTML (templ) and the tests, not by the
// simulator: the WebAssembly build declares them empty (tours_js.go),
// where their text would only weigh (about 5 KB compressed for all).

var tourAttachStorm = []scenario.Step{
	{At: 60, Charts: []string{"queues", "cpu"}, Claims: []string{"sgsn-queue-nearly-empty-0", "busy-hour-cpu"}, Text: "Busy hour: about 200 new connections per second against a pacing rate of N = 400/s. The SGSN pacing queue stays nearly empty and the IMSI Manager CPU sits near 25 %."},
	{At: 125, Charts: []string{"queues", "overflow"}, Claims: []string{"queue-full-at-storm", "rejects-at-storm"}, Text: "At 0:02:00 a neighbour site fails: its UEs re-attach in a burst at 6× the busy-hour rate. The SGSN pacing queue fills to Q = 2500 within seconds; the overflow is rejected through the messenger, and each reject costs IMSI Manager CPU."},
	{At: 150, Charts: []string{"cpu", "overflow"}, Claims: []string{"guard-drops-early"}, Text: "The CPU reached 70 %: in most seconds the guard now drops the overflow instead of rejecting it (drops with high CPU). A dropped UE learns nothing until its 15 s guard timer expires, then retries."},
	{At: 305, Charts: []string{"cpu", "retries"}, Claims: []string{"cpu-pinned-in-storm", "retries-in-storm", "up-through-storm"}, Text: "Through the storm the CPU is mostly at 100 %: the guard reads the last 1 s interval, so every interval measured under 70 % lets a second of rejects through. Retries add thousands of requests a second, yet the IMSI Manager never goes down."},
	{At: 480, Charts: []string{"queues", "cpu"}, Claims: []string{"sgsn-queue-nearly-empty-420", "no-retries-after-storm", "cpu-settles-after-storm"}, Text: "The burst ended at 0:05:00. The queue has drained, the retries have died out, and the busy hour stays 1.75× higher (about 350/s), still under N: the CPU settles near a third."},
}

var tourAttachStormFastGuard = []scenario.Step{
	{At: 125, Charts: []string{"cpu", "overflow"}, Text: "The storm starts at 0:02:00, as in attach-storm. The guard now reads the CPU every 0.1 s, ten times per chart interval."},
	{At: 305, Charts: []string{"cpu", "guard-instances"}, Claims: []string{"cpu-pinned-in-storm", "cpu-over-80-in-storm"}, Text: "Each time the guard reads under 70 % and switches off, only a tenth of a second of rejects gets through. The CPU pins in at most a quarter of the storm's intervals instead of most of them, yet it stays at or above 80 %."},
	{At: 480, Charts: []string{"cpu", "retries"}, Claims: []string{"no-retries-after-storm", "cpu-settles-after-storm"}, Text: "After the burst the retries die out and the CPU settles near a third, as in attach-storm."},
}

var tourAttachStormUneven = []scenario.Step{
	{At: 60, Charts: []string{"cpu-instances"}, Claims: []string{"busy-instance-busy-hour", "other-instance-busy-hour"}, Text: "Busy hour: instance 1 hosts 75 % of the subscribers and runs near 21 % CPU; instance 2 hosts the rest and runs near 14 %."},
	{At: 305, Charts: []string{"cpu-instances", "guard-instances"}, Claims: []string{"busy-instance-guarded"}, Text: "During the 4× storm (0:02:00–0:05:00) instance 1 is guarded for at least half of most seconds: its own CPU reached 70 %."},
	{At: 420, Charts: []string{"cpu", "cpu-instances"}, Claims: []string{"other-instance-under-70"}, Text: "The busiest-instance CPU chart showed only instance 1; the per-instance chart shows instance 2 under 70 % in most of the storm's intervals."},
}

var tourAttachStormNoGuard = []scenario.Step{
	{At: 60, Charts: []string{"cpu"}, Text: "The same busy hour as attach-storm, but the 70 % CPU guard is switched off (a lab switch: the node has no such option)."},
	{At: 130, Charts: []string{"cpu", "overflow"}, Claims: []string{"pinned-at-storm"}, Text: "The storm starts at 0:02:00. Every overflowing request is rejected through the messenger, whatever the CPU: the reject cost alone pins the CPU at 100 %."},
	{At: 150, Charts: []string{"cpu", "retries"}, Claims: []string{"crashed-early"}, Text: "Pinned for the watchdog time, the IMSI Manager crashed: its queued work is lost, arrivals are dropped while it restarts, and every lost UE retries."},
	{At: 400, Charts: []string{"outcomes", "cpu"}, Claims: []string{"down-in-storm", "cpu-pinned-in-storm"}, Text: "The storm plus its retries crash the process again and again until the burst is over: it is down in about half of the storm's intervals, and pinned at 100 % in 40–50 % of them."},
	{At: 900, Charts: []string{"outcomes", "cpu"}, Claims: []string{"crashes"}, Text: "Over the run it crashed about five times; with the guard on (attach-storm) it never does."},
}

var tourAttachStormUnpaced = []scenario.Step{
	{At: 60, Charts: []string{"cpu", "backlog"}, Text: "The same busy hour with network overload protection off on the SGSN and the MME: nothing is paced, every request goes straight to the CPU."},
	{At: 130, Charts: []string{"backlog", "cpu"}, Claims: []string{"pinned-at-storm"}, Text: "The storm starts at 0:02:00: every attach is accepted and the CPU pins at 100 %; watch its backlog grow."},
	{At: 150, Charts: []string{"cpu", "outcomes"}, Claims: []string{"crashed-early"}, Text: "Pinned for the watchdog time, the IMSI Manager crashed: the work queued for the CPU is lost, and the UEs retry."},
	{At: 400, Charts: []string{"outcomes", "retries"}, Claims: []string{"down-in-storm", "goodput-collapses"}, Text: "Without pacing it crashes again and again until the burst is over: it is down in about half of the storm's intervals, and fewer than 100 requests a second complete in more than half of them."},
	{At: 900, Charts: []string{"backlog", "outcomes"}, Claims: []string{"crashes", "backlog-under-guard-timer"}, Text: "Over the run it crashed about five times. The CPU backlog never reached the UEs' 15 s guard timer: the work was lost in crashes rather than answered late."},
}

var tourAttachStormDrop = []scenario.Step{
	{At: 60, Charts: []string{"queues", "cpu"}, Text: "The same busy hour and storm as attach-storm, with the overflow action drop instead of reject."},
	{At: 130, Charts: []string{"overflow", "cpu"}, Claims: []string{"cheap-drops-at-storm"}, Text: "The storm starts at 0:02:00. When the pacing queue overflows, a drop costs almost no CPU: the CPU stays under 70 % and the guard does not act."},
	{At: 250, Charts: []string{"retries", "cpu"}, Claims: []string{"cpu-near-70-with-retries"}, Text: "The price is paid by the UEs: a dropped UE waits its full 15 s guard timer (T3410) before it retries, so the retries pile up and the CPU climbs to about 70 %."},
	{At: 480, Charts: []string{"queues", "outcomes"}, Claims: []string{"cpu-under-70-in-storm", "none-rejected-by-7-min", "no-retries-after-storm", "sgsn-queue-nearly-empty-420"}, Text: "The CPU stayed under 70 % in most of the storm's intervals and nothing was rejected. The burst ended at 0:05:00; the queue has drained and the retries have stopped. Compare the rejected and dropped counts with attach-storm under Details."},
}

var tourBusyHour = []scenario.Step{
	{At: 60, Charts: []string{"outcomes"}, Text: "An ordinary busy hour: about 200 new connections per second, plus the other signalling, under a pacing rate of N = 400/s."},
	{At: 300, Charts: []string{"queues", "waits"}, Claims: []string{"sgsn-queue-nearly-empty-0", "mme-queue-nearly-empty-0"}, Text: "The pacing queues stay nearly empty: N is twice the offered rate."},
	{At: 600, Charts: []string{"cpu"}, Claims: []string{"cpu-near-25", "cpu-under-70", "none-dropped", "none-rejected", "none-late"}, Text: "The CPU stays near 25 %, far under the 70 % guard; nothing is dropped or rejected and every request completes in time. This is the baseline the storm presets start from."},
}
