//go:build !js

package access

import "overloadlab/core/engine/scenario"

// The presets' tours, each attached to its preset in presets.go (Tour),
// read by the page's HTML and the tests: the WebAssembly build declares
// them empty (tours_js.go).

var tourOutageNoControl = []scenario.Step{
	{At: 245, Charts: []string{"mme", "cpu"}, Claims: []string{"pinned-after-outage", "timed-out-work"}, Text: "The core came back at 0:02:00 and a million devices attach within a minute, ten times what the pool can take. The MMEs are pinned, and what they answer comes after the devices' 15 s T3410: wasted work. Each device tries five times, 25 s apart."},
	{At: 905, Charts: []string{"radio", "timers"}, Claims: []string{"t3402-silence"}, Text: "After their fifth failure the devices wait T3402, 12 minutes: the radio falls silent while almost every device waits on it."},
	{At: 1085, Charts: []string{"radio", "attached"}, Claims: []string{"next-wave"}, Text: "T3402 ends and the next wave comes, as hard as the first: a few percent more attach each time."},
	{At: 3600, Charts: []string{"attached"}, Claims: []string{"attached-after-hour", "never-95", "attempts-per-attach"}, Text: "An hour on, about a quarter of the devices are attached, and each attach cost over 40 attempts."},
}

var tourOutagePacing = []scenario.Step{
	{At: 245, Charts: []string{"mme", "cpu"}, Claims: []string{"accepted-at-pace"}, Text: "The pacing queues of the three MMEs release 800 attaches a second each; the pool accepts about 1 800 a second in time, and the overflow is rejected or dropped."},
	{At: 905, Charts: []string{"radio", "timers"}, Claims: []string{"herd-still-waves"}, Text: "The herd still waves: the devices that failed five times wait T3402 and the radio falls silent."},
	{At: 3600, Charts: []string{"attached"}, Claims: []string{"attached-after-hour", "attempts-per-attach"}, Text: "Wave by wave the paced pool takes them all in within the hour, at under 20 attempts per attach."},
}

var tourOutageT3346Fixed = []scenario.Step{
	{At: 185, Charts: []string{"mme", "radio"}, Claims: []string{"rejected-22", "first-spike"}, Text: "The congested MMEs reject the herd with #22 and T3346 = 15 minutes; rejecting costs a tenth of accepting."},
	{At: 1020, Charts: []string{"radio", "timers"}, Claims: []string{"silent-until-echo"}, Text: "For a quarter of an hour nothing is sent: the herd waits on T3346."},
	{At: 1085, Charts: []string{"radio", "mme"}, Claims: []string{"second-spike"}, Text: "T3346 ends for all of them at once: a second spike as high as the first, exactly 15 minutes after it, and rejected again."},
	{At: 3600, Charts: []string{"attached"}, Claims: []string{"attached-after-hour"}, Text: "Every 15 minutes the echo returns; after an hour under a third of the devices are attached."},
}

var tourOutageT3346Random = []scenario.Step{
	{At: 185, Charts: []string{"mme", "radio"}, Claims: []string{"rejected-22"}, Text: "The same rejects as with a fixed T3346, but each device draws its back-off from 15 to 30 minutes."},
	{At: 1925, Charts: []string{"radio", "cpu"}, Claims: []string{"no-second-spike", "cpu-under-70"}, Text: "The herd returns spread over a quarter of an hour, never over 2 000 attempts a second, and the MMEs take it under 70 %."},
	{At: 3600, Charts: []string{"attached"}, Claims: []string{"t95"}, Text: "95 % are attached some 30 minutes after the outage."},
}

var tourOutageAcb = []scenario.Step{
	{At: 305, Charts: []string{"radio"}, Text: "The cells bar signalling with p30 and 64 s: seven attempts in ten are held back in the cell and cost the core nothing; a barred device waits 45 to 83 s and draws again."},
	{At: 905, Charts: []string{"cpu", "mme"}, Claims: []string{"pinned-early"}, Text: "The three in ten let through are still more than the pool can take: the MMEs stay pinned for the first quarter-hour."},
	{At: 3600, Charts: []string{"attached"}, Claims: []string{"barred-share", "t95"}, Text: "Everyone is delayed: 95 % attached only some 30 minutes after the outage."},
}

var tourOutageS1Overload = []scenario.Step{
	{At: 265, Charts: []string{"radio", "overload"}, Claims: []string{"radio-sheds"}, Text: "Overloaded, the MMEs send OVERLOAD START to every eNodeB: the cells reject the new attaches, tens of thousands a second, and the rejected devices wait their waitTime."},
	{At: 605, Charts: []string{"overload", "cpu"}, Text: "When the CPU falls the MMEs send OVERLOAD STOP, the herd returns, and they start again: overload starts and stops dozens of times."},
	{At: 3600, Charts: []string{"attached"}, Claims: []string{"overload-starts", "emergency-success", "attached-after-hour"}, Text: "Emergency attaches were permitted throughout and most succeeded; after an hour at least 95 % of the devices are attached in most runs, and over 85 % in any."},
}

var tourMmeFailure = []scenario.Step{
	{At: 475, Charts: []string{"cpu"}, Claims: []string{"others-pinned"}, Text: "MME 1 failed at 0:05:00: the third of the devices it held re-attach to MMEs 2 and 3, which are pinned at once."},
	{At: 1005, Charts: []string{"radio", "timers"}, Claims: []string{"movers-silent", "stranded"}, Text: "The movers wave on their timers and fall silent on T3402: the area is still only about 70 % attached."},
	{At: 1805, Charts: []string{"attached", "cpu"}, Text: "Compare the pool with S1AP overload and #22: the MMEs shed instead of drowning."},
}

var tourM2mFleetHourly = []scenario.Step{
	{At: 185, Charts: []string{"cpu", "radio"}, Claims: []string{"fleet-pins-pool"}, Text: "On the hour 600 000 meters wake within 10 seconds: the pool is pinned at once."},
	{At: 850, Charts: []string{"radio", "timers"}, Claims: []string{"t3402-silence"}, Text: "Most of the fleet fails five times and falls silent on T3402."},
	{At: 900, Charts: []string{"attached"}, Claims: []string{"fleet-attached"}, Text: "Only about a third of the fleet reported. Compare EAB, which lets the fleet's access classes in by turns."},
}
