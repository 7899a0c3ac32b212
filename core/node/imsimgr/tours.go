//go:build !js

package imsimgr

import "overloadlab/core/engine/scenario"

// The presets' tours. They are read by the page's HTML (templ) and the
// tests, not by the simulator: kept out of the WebAssembly build, where
// their text would only weigh (about 7 KB compressed for every model).
func init() { scenario.AttachTours(presets, tours) }

var tours = map[string][]scenario.Step{
	"attach-storm": {
		{At: 60, Charts: []string{"queues", "cpu"}, Text: "Busy hour: about 200 new connections per second against a pacing rate of N = 400/s. The pacing queues stay empty and the IMSI Manager CPU sits near 25 %."},
		{At: 125, Charts: []string{"queues", "overflow"}, Text: "At 120 s a neighbour site fails: its UEs re-attach in a burst at 6× the busy-hour rate. The SGSN pacing queue fills to Q = 2500 in a few seconds; the overflow is rejected through the messenger, and each reject costs IMSI Manager CPU."},
		{At: 150, Charts: []string{"cpu", "overflow"}, Claims: []string{"guard-drops"}, Text: "The CPU reached 70 %: the guard now drops the overflow instead of rejecting it (drops with high CPU). A dropped UE learns nothing until its 15 s guard timer expires, then retries."},
		{At: 300, Charts: []string{"cpu", "retries"}, Claims: []string{"cpu-pinned-in-storm", "crashes"}, Text: "Through the storm the CPU is mostly at 100 %: the guard reads the last 1 s interval, so every interval measured under 70 % lets a second of rejects through. Retries keep the offered load far above the storm itself, yet the IMSI Manager does not crash."},
		{At: 420, Charts: []string{"queues", "cpu"}, Text: "The burst ended at 300 s. The queue drains, the retries die out, and the busy hour stays 1.75× higher (about 350/s), still under N: the CPU settles near 35 %."},
	},
	"attach-storm-fast-guard": {
		{At: 125, Charts: []string{"cpu", "overflow"}, Text: "The storm starts at 120 s and the queues overflow, as in attach-storm. The guard now reads the CPU every 0.1 s, ten times per chart interval."},
		{At: 200, Charts: []string{"cpu", "guard-instances"}, Text: "The guard is on most of each second and off in short gaps: each gap lets only a tenth of a second of rejects through. The CPU pins less often than with 1 s readings, yet it stays high."},
		{At: 420, Charts: []string{"cpu", "retries"}, Text: "After the burst the retries die out and the CPU settles, as in attach-storm: the sampling period changed how the storm felt to the CPU, not how many UEs got through."},
	},
	"attach-storm-uneven": {
		{At: 60, Charts: []string{"cpu-instances"}, Text: "Busy hour: instance 1 hosts 75 % of the subscribers, so it does three times the work of instance 2."},
		{At: 200, Charts: []string{"cpu-instances", "guard-instances"}, Text: "During the 4× storm instance 1 is guarded most of the time and its CPU pins; instance 2 stays under 70 %, its guard mostly off, and keeps rejecting its overflow."},
		{At: 420, Charts: []string{"cpu", "cpu-instances"}, Text: "The busiest-instance CPU chart showed only instance 1; the per-instance chart shows the other one was never in trouble."},
	},
	"attach-storm-no-guard": {
		{At: 60, Charts: []string{"cpu"}, Text: "The same busy hour as attach-storm, but the 70 % CPU guard is switched off (a lab switch: the node has no such option)."},
		{At: 130, Charts: []string{"cpu", "overflow"}, Text: "The storm starts at 120 s. Every overflowing request is rejected through the messenger, whatever the CPU: the reject cost alone pins the CPU at 100 %."},
		{At: 150, Charts: []string{"cpu", "retries"}, Text: "Pinned for the watchdog time, the IMSI Manager crashed: its queued work is lost, arrivals are dropped while it restarts, and every lost UE retries."},
		{At: 400, Charts: []string{"outcomes", "cpu"}, Claims: []string{"crashes", "down-in-storm", "cpu-pinned-in-storm"}, Text: "The storm plus its retries crash the process again and again until the burst is over (five crashes here); only after 380 s does it serve the busy hour again."},
	},
	"attach-storm-unpaced": {
		{At: 60, Charts: []string{"cpu", "backlog"}, Text: "The same busy hour with network overload protection off on the SGSN and the MME: nothing is paced, every request goes straight to the CPU."},
		{At: 130, Charts: []string{"backlog", "cpu"}, Text: "The storm starts at 120 s: every attach is accepted, the CPU pins at 100 % and its backlog grows by seconds each second, until the ingress buffer is full (about 9 s of work)."},
		{At: 150, Charts: []string{"cpu", "outcomes"}, Text: "Pinned for the watchdog time, the IMSI Manager crashed: the work queued for the CPU is lost, and the UEs retry."},
		{At: 400, Charts: []string{"outcomes", "retries"}, Claims: []string{"crashes", "down-in-storm"}, Text: "Without pacing it crashes again and again until the burst is over: goodput collapses to nothing for most of the storm, where the paced presets kept serving about N per second."},
	},
	"attach-storm-drop": {
		{At: 60, Charts: []string{"queues", "cpu"}, Text: "The same busy hour and storm as attach-storm, with the overflow action drop instead of reject."},
		{At: 130, Charts: []string{"overflow", "cpu"}, Text: "The storm starts at 120 s and the pacing queue overflows: a drop costs almost no CPU, so the CPU stays well under 70 % and the guard does not act."},
		{At: 250, Charts: []string{"retries", "cpu"}, Text: "The price is paid by the UEs: a dropped UE waits its full 15 s guard timer (T3410) before it retries, so the retries pile up and the CPU climbs to about 70 %."},
		{At: 420, Charts: []string{"queues", "outcomes"}, Claims: []string{"cpu-under-70-in-storm", "no-rejects"}, Text: "The burst ended at 300 s; the queue drains and the retries stop. Compare the rejected and dropped counts with attach-storm under Details."},
	},
	"busy-hour": {
		{At: 60, Charts: []string{"outcomes"}, Text: "An ordinary busy hour: about 200 new connections per second, plus the other signalling, under a pacing rate of N = 400/s."},
		{At: 300, Charts: []string{"queues", "waits"}, Claims: []string{"none-dropped", "none-rejected"}, Text: "The pacing queues stay nearly empty and nobody waits: N is twice the offered rate."},
		{At: 540, Charts: []string{"cpu"}, Claims: []string{"cpu-under-70", "none-late"}, Text: "The CPU stays near 25 %, far under the 70 % guard; every request completes in time. This is the baseline the storm presets start from."},
	},
}
