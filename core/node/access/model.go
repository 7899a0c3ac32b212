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
		// Two charts, not one of eleven lines: no palette keeps eleven
		// lines apart under every simulated colour blindness.
		{ID: "timers", Title: "Devices waiting on their NAS timers", Unit: "devices",
			Series: []string{"wait.start", "wait.T3410", "wait.T3411", "wait.T3402", "wait.T3346", "wait.backoff"}},
		{ID: "held", Title: "Devices held at the radio, out of service or asleep", Unit: "devices",
			Series: []string{"wait.T302", "wait.barred", "wait.EAB", "wait.outage", "asleep"}},
		{ID: "cpu", Title: "CPU of each MME", Unit: "%", Series: sim.Numbered("cpu", maxMMEs), Upto: "mmes",
			Lines: []sim.Line{{Label: "CPU guard 70 %", Value: 70, If: "lab.cpu-guard"}, {Label: "NAS onset", Param: "nas-congestion.onset", If: "nas-congestion"}, {Label: "S1 onset", Param: "s1-overload.onset", If: "s1-overload"}}},
		{ID: "overload", Title: "Overload state of each MME: eNodeBs told OVERLOAD START", Unit: "%", Series: sim.Numbered("s1", maxMMEs), Upto: "mmes"},
		{ID: "congestion", Title: "NAS congestion (#22 + T3346) of each MME", Unit: "on", Series: sim.Numbered("nas", maxMMEs), Upto: "mmes"},
		sim.OutcomesChart(),
	},
	Sources: []sim.Source{
		{Name: prose.Page("3GPP TS 24.301, NAS protocol for EPS"), Uses: prose.Page("the attach procedure, T3410, T3411, T3402 and the attempt counter, EMM cause #22 with T3346 (§5.5.1).")},
		{Name: prose.Page("3GPP TS 23.401, GPRS enhancements for E-UTRAN access, §4.3.7.4"), Uses: prose.Page("MME overload control: rejecting with a back-off timer and asking the eNodeBs to shed.")},
		{Name: prose.Page("3GPP TS 36.413, S1AP"), Uses: prose.Page("OVERLOAD START and STOP, the OverloadAction values and the traffic load reduction.")},
		{Name: prose.Page("3GPP TS 36.331, RRC"), Uses: prose.Page("access class barring (barring factor, barring time, the (0.7 + 0.6·rand) rule, special access classes), EAB, waitTime and extendedWaitTime.")},
		{Name: prose.Page("3GPP TR 37.868, RAN improvements for machine-type communications"), Uses: prose.Page("the Beta(3, 4) spread of a fleet's or a storm's attempts.")},
		{Name: prose.Page("Cisco StarOS, MME overload control (product documentation)"), Uses: prose.Page("the vendor defaults: T3346 random in 15–30 min, onset and abatement of S1AP overload.")},
	},
	Panels: []sim.Panel{
		{Title: "Access class barring and EAB (TS 36.331 §5.3.3.11, §5.3.3.12)",
			Formula: prose.Page("AC 0–9: try iff rand < ac-BarringFactor; barred ⇒ wait (0.7 + 0.6·rand) × ac-BarringTime; EAB: barred while eab-BarringBitmap holds the AC"),
			Text:    prose.Page("AC 11–15 are checked only when their bit in ac-BarringForSpecialAC is set, emergency calls only by ac-BarringForEmergency. A barred attempt costs the core nothing.")},
		{Title: "The device's attach (TS 24.301 §5.5.1.1, §5.5.1.2.5, §5.5.1.2.6, Table 10.2.1)",
			Formula: prose.Page("no answer in T3410 (15 s) ⇒ counter + 1; < 5 ⇒ retry after T3411 (10 s); = 5 ⇒ T3402 (12 min), reset; #22 + T3346 ⇒ reset, wait T3346"),
			Text: prose.Page("The attach attempt counter is reset when T3346 starts and when T3402 expires (§5.5.1.1). T3346 bars every mobility management " +
				"procedure but emergency, high priority access and answers to paging. An RRC reject: wait waitTime (T302), or T3346 = " +
				"extendedWaitTime for delay-tolerant access. The network may leave the T3346 value out of a #22 reject (§5.5.1.2.5); this " +
				"model's MMEs always send one, so what a device does without it is not modelled.")},
		{Title: "NAS congestion control (TS 23.401 §4.3.7.4.2)",
			Formula: prose.Page("CPU ≥ onset ⇒ congested until CPU < abatement; congested ⇒ #22 with T3346 = min + rand·(max − min)"),
			Text: prose.Page("A fixed T3346 moves the rejected herd to one later instant; a random one spreads it (vendor default 15–30 min). Emergency and high priority access are never rejected for congestion. " +
				"The charts mark the T3346 echo of each congestion (from its first #22 until no MME is congested): the end of the T3346 of its first reject, rounded up to the 100 ms timer slot, shaded over min to max when T3346 is random, with the count of attaches rejected #22 in it.")},
		{Title: "S1AP OVERLOAD START / STOP (TS 36.413 §8.7.6, §8.7.7; TS 23.401 §4.3.7.4.1)",
			Formula: prose.Page("CPU ≥ onset for the start hold ⇒ OVERLOAD START to a random share of the eNodeBs; CPU < abatement for the stop hold ⇒ OVERLOAD STOP"),
			Text:    prose.Page("The eNodeBs reject new RRC connections by the OverloadAction's causes (a TrafficLoadReductionIndication share of them), sending new devices to an MME of the pool not in overload when there is one. The charts mark each OVERLOAD START and STOP, naming the MMEs that sent it at that CPU reading.")},
		{Title: "The MME pool and the IMSI Manager",
			Formula: prose.Page("each MME: pacing queue (≤ N/s, wait ≤ W, Q) and the 70 % CPU guard; a message that would wait longer than the ingress limit is dropped"),
			Text:    prose.Page("An answer after the device's T3410 is wasted work. The devices are counts in 100 ms timer slots, split by binomial draws (DESIGN.md).")},
	},
	Tiles: []sim.Tile{
		{Label: "Attached", Column: "attached", Doc: "% of the devices"},
		{Label: "Time to 95 %", Column: "t95", Unset: true, Doc: "s from the trigger until 95 % attached"},
		{Label: "Peak MME CPU", Column: "cpu", Agg: sim.TileMax, Doc: "% of the busiest MME, so far"},
		{Label: "Mean MME CPU", Column: "cpu.mean", Doc: "% over the MMEs up, from the start so far"},
		{Label: "Attempts per attach", Column: "signalling-per-attach", Doc: "attach attempts sent per attach accepted"},
		{Label: "Emergency success", Column: "emergency.success", Doc: "% of emergency attach attempts ended that were accepted (100 before any)"},
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
	Sweeps:  sweeps,
	New:     newNode,
}
