package access

import (
	"overloadlab/core/engine/prose"
	"overloadlab/core/engine/scenario"
	"overloadlab/core/engine/sim"
)

// Def is the access storm node model.
var Def = &sim.Def{
	Name:  "access",
	Title: "Mobile access storm: access barring, NAS back-off (T3346), S1AP overload and an MME pool",
	Doc: "Up to two million devices re-attach after a core outage, or an M2M fleet wakes on the hour. The cell bars " +
		"devices before they send anything (ACB, EAB: TS 36.331), the MME rejects with cause #22 and a back-off " +
		"timer T3346 (TS 24.301, TS 23.401 §4.3.7.4.2), an overloaded MME asks its eNodeBs to shed by cause " +
		"(S1AP OVERLOAD START: TS 36.413), and every MME of the pool has the IMSI Manager's pacing queue and 70 % CPU " +
		"guard; the devices' own timers T3410, T3411 and T3402 shape the herd.",
	Params:   params,
	Check:    check,
	Classes:  classNames,
	Columns:  &cols,
	Counters: &counters,
	CPU:      "cpu",
	Charts: []sim.Chart{
		{ID: "attached", Title: "Devices attached", Unit: "%", Series: []string{"attached"}, Lines: []sim.Line{{Label: "95 %", Value: 95}}},
		{ID: "radio", Title: "Attach attempts at the radio", Unit: "/s", Series: []string{"radio.sent", "radio.barred", "radio.rejected"}},
		{ID: "mme", Title: "Attach attempts at the MMEs", Unit: "/s", Series: []string{"mme.accepted", "mme.rejected-22", "mme.rejected-pacing", "mme.timed-out"}},
		{ID: "timers", Title: "Devices waiting on each timer", Unit: "devices",
			Series: []string{"wait.start", "wait.T3410", "wait.T3411", "wait.T3402", "wait.T3346", "wait.T302", "wait.barred", "wait.EAB", "wait.backoff", "wait.outage", "asleep"}},
		{ID: "cpu", Title: "CPU of each MME", Unit: "%", Series: mmeSeries("cpu"), Upto: "mmes",
			Lines: []sim.Line{{Label: "CPU guard 70 %", Value: 70, If: "lab.cpu-guard"}, {Label: "NAS onset", Param: "nas-congestion.onset", If: "nas-congestion"}, {Label: "S1 onset", Param: "s1-overload.onset", If: "s1-overload"}}},
		{ID: "overload", Title: "Overload state of each MME: eNodeBs told OVERLOAD START", Unit: "%", Series: mmeSeries("s1"), Upto: "mmes"},
		{ID: "congestion", Title: "NAS congestion (#22 + T3346) of each MME", Unit: "on", Series: mmeSeries("nas"), Upto: "mmes"},
		sim.OutcomesChart(),
	},
	Panels: []sim.Panel{
		{Title: "Access class barring and EAB (TS 36.331 §5.3.3.11, §5.3.3.12)",
			Formula: prose.Page("AC 0–9: try iff rand < ac-BarringFactor; barred ⇒ wait (0.7 + 0.6·rand) × ac-BarringTime (T303); EAB: barred while eab-BarringBitmap has the device's AC"),
			Text: prose.Page("Before an RRC connection request the device checks what its cell broadcasts in SIB2: a device of access class 0–9 draws a " +
				"number in [0, 1) and may try only if it is below ac-BarringFactor (p00 … p95); a barred device waits (0.7 + 0.6·rand) × " +
				"ac-BarringTime (s4 … s512) and draws again. Classes 11–15 are checked only when their bit in ac-BarringForSpecialAC is set; " +
				"an emergency call only by ac-BarringForEmergency. EAB (SIB14, Rel-11) bars the EAB-configured M2M devices whose access " +
				"class is set in eab-BarringBitmap, without a draw. A barred attempt costs the core nothing: it is counted at the radio.")},
		{Title: "The device's attach (TS 24.301 §5.5.1.2.5, §5.5.1.2.6, Table 10.2.1)",
			Formula: prose.Page("no answer in T3410 (15 s) ⇒ counter + 1; counter < 5 ⇒ retry after T3411 (10 s); counter = 5 ⇒ wait T3402 (12 min), reset, retry"),
			Text: prose.Page("A device sends ATTACH REQUEST and starts T3410. If no answer comes (the MME dropped it, or answered too late) or it " +
				"is rejected for an abnormal reason (here: a pacing overflow reject, which carries no T3346), its attach attempt counter rises: " +
				"under 5 it retries when T3411 expires, at 5 it waits T3402 and starts again from 0. Without other controls this makes a herd " +
				"that returns every T3410 + T3411 = 25 s and falls silent for 12 minutes. An ATTACH REJECT with cause #22 and a T3346 value " +
				"resets the counter and starts T3346: no mobility management procedure until it expires, except emergency, high " +
				"priority access and answers to paging. An RRC connection reject makes the device wait its waitTime (T302), or, for " +
				"delay-tolerant access, start T3346 with the extendedWaitTime.")},
		{Title: "NAS congestion control (TS 23.401 §4.3.7.4.2)",
			Formula: prose.Page("CPU ≥ onset ⇒ congested until CPU < abatement; congested ⇒ reject attach/TAU/service request with #22 and T3346 = min + rand·(max − min)"),
			Text: prose.Page("A congested MME rejects the NAS requests of normal devices with EMM cause #22 and a mobility management back-off timer. " +
				"The standard says the MME should choose T3346 so that the deferred requests are not synchronised: a fixed value moves the " +
				"whole rejected herd to one later instant (a second spike exactly T3346 later), a random value in [min, max] spreads it " +
				"(vendor default 15–30 min). A reject is cheaper than an accept but not free. Emergency and high-priority access are never " +
				"rejected for congestion. The onset and abatement thresholds are vendor settings.")},
		{Title: "S1AP OVERLOAD START / STOP (TS 36.413 §8.7.6, §8.7.7; TS 23.401 §4.3.7.4.1)",
			Formula: prose.Page("CPU ≥ onset for the start hold ⇒ OVERLOAD START to a random share of the eNodeBs (OverloadAction, optional reduction %); CPU < abatement for the stop hold ⇒ OVERLOAD STOP"),
			Text: prose.Page("An overloaded MME asks a share of its eNodeBs, chosen at random, to reject new RRC connections by establishment " +
				"cause: non-emergency mo-data; all signalling (mo-data and mo-signalling); all but emergency and mobile-terminated; all but " +
				"high priority and mobile-terminated; delay-tolerant access. With a TrafficLoadReductionIndication it rejects only that share. " +
				"An eNodeB sends a new device to another MME of the pool that is not in overload for its cause (NAS node selection); only " +
				"when every MME it reaches is in overload does it reject, with RRC Connection Reject and a waitTime (or extendedWaitTime " +
				"for delay-tolerant devices). Devices are spread evenly over the eNodeBs; the model draws an attempt's eNodeB afresh each time.")},
		{Title: "The MME pool and the IMSI Manager",
			Formula: prose.Page("each MME: pacing queue (≤ N/s, wait ≤ W, Q) and the 70 % CPU guard of the IMSI Manager; a message waiting longer than the ingress limit for the CPU is dropped"),
			Text: prose.Page("Every MME of the pool runs the IMSI Manager's pacing queue for new connections and its fixed 70 % CPU guard (see the " +
				"IMSI Manager model): attaches wait to be released at N per second; overflow is rejected through a Session Manager (which " +
				"costs CPU) or dropped, always dropped while the CPU read ≥ 70 %. Emergency attaches bypass the queue. An answer after the " +
				"device's T3410 is wasted work. When an MME fails, its devices re-attach to the others, which can overload in turn.")},
		{Title: "Two million devices by groups",
			Formula: prose.Page("devices = groups (class, access class, MME, attempt counter, what they wait for) filed by the 100 ms slot their timer ends in"),
			Text: prose.Page("The devices are counts, not objects. A group that makes the same independent choice (barred or not, its T3346, " +
				"its re-attach instant) is split by one binomial or multinomial draw, which has the distribution of the separate draws' " +
				"counts; timers end on 100 ms boundaries. Every device is in exactly one group, and every attempt ends in one outcome.")},
	},
	Tiles: []sim.Tile{
		{Label: "Attached", Column: "attached", Doc: "% of the devices"},
		{Label: "Time to 95 %", Column: "t95", Doc: "s from the trigger until 95 % attached (0: not yet)"},
		{Label: "Peak MME CPU", Column: "cpu", Agg: sim.TileMax, Doc: "% of the busiest MME, so far"},
		{Label: "Attempts per attach", Column: "signalling-per-attach", Doc: "attach attempts sent per attach accepted"},
	},
	Events: func(sc *scenario.Scenario) []sim.Event {
		v := sc.Params
		var ev []sim.Event
		switch pTrigger.Of(v) {
		case "outage":
			ev = append(ev, sim.Event{At: pTriggerT1.Of(v), Until: pTriggerT2.Of(v), Label: "core outage"}, sim.Event{At: pTriggerT2.Of(v), Label: "outage ends: re-attach"})
		case "fleet":
			for t := pTriggerT1.Of(v); t < sc.Duration; t += pFleetPeriod.Of(v) {
				ev = append(ev, sim.Event{At: t, Label: "fleet wakes"})
			}
		}
		if t := pMmeFailAt.Of(v); t > 0 {
			ev = append(ev, sim.Event{At: t, Until: t + pMmeFailFor.Of(v), Label: "MME 1 down"})
		}
		return ev
	},
	Presets: presets,
	New:     newNode,
}
