//go:build !js

package access

import (
	"overloadlab/core/engine/param"
	"overloadlab/core/engine/scenario"
)

// outage is the base of the recovery presets: a million devices, three
// MMEs and 100 eNodeBs; the core is out from 60 s to 120 s and every
// device re-attaches, spread uniformly over 60 s (TR 37.868 model 1).
func outage(extra map[string]param.Value) map[string]param.Value {
	p := map[string]param.Value{
		"devices":    param.Num(1_000_000),
		"trigger":    param.Str("outage"),
		"trigger.t1": param.Num(60),
		"trigger.t2": param.Num(120),
		"spread":     param.Str("uniform"),
		"spread.S":   param.Num(60),
	}
	for k, v := range extra {
		p[k] = v
	}
	return p
}

var (
	pacingOn = map[string]param.Value{
		"mme-network-overload-protection": param.On(true),
		"mme-new-connections-per-second":  param.Num(800),
		"mme-action":                      param.Str("reject"),
	}
	nasFixed = map[string]param.Value{
		"nas-congestion": param.On(true), "t3346.min": param.Num(15), "t3346.max": param.Num(15),
	}
	nasRandom = map[string]param.Value{
		"nas-congestion": param.On(true), "t3346.min": param.Num(15), "t3346.max": param.Num(30),
	}
	acbOn = map[string]param.Value{
		"ac-BarringForMO-Signalling": param.On(true), "ac-BarringForMO-Signalling.ac-BarringFactor": param.Str("p30"), "ac-BarringForMO-Signalling.ac-BarringTime": param.Str("s64"),
	}
	s1On = map[string]param.Value{
		"s1-overload": param.On(true), "s1-overload.enodeb-percentage": param.Num(100),
		"s1-overload.overload-action": param.Str("permit-emergency-sessions-and-mobile-terminated-services-only"), "s1-overload.traffic-load-reduction": param.Num(0),
	}
	s1Half = map[string]param.Value{
		"s1-overload": param.On(true), "s1-overload.enodeb-percentage": param.Num(50),
		"s1-overload.overload-action": param.Str("reject-rrc-cr-signalling"), "s1-overload.traffic-load-reduction": param.Num(50),
	}
	eabOn = map[string]param.Value{"eab": param.On(true)}
)

func merge(ms ...map[string]param.Value) map[string]param.Value {
	out := map[string]param.Value{}
	for _, m := range ms {
		for k, v := range m {
			out[k] = v
		}
	}
	return out
}

var presets = []scenario.Preset{
	{
		Name: "outage-no-control", Model: "access", Label: "no control", Tour: tourOutageNoControl, Seed: 1, Duration: 3600,
		Summary: "a core outage of a minute ends and a million devices re-attach over 60 s, with no control but the devices' own timers",
		Teaches: "The devices' own timers make waves: five attempts 25 s apart (T3410 + T3411) keep the MMEs pinned by work answered too late, " +
			"then the 12 minutes of T3402 fall silent, and the next wave comes. An hour on, only about a quarter of the devices are attached, " +
			"95 % is never reached, and each attach took over 40 attempts.",
		Params: outage(nil), Pace: 60, Watch: "attached",
		Compare: []scenario.Variant{
			{Label: "IMSI Manager pacing", Params: pacingOn},
			{Label: "#22 with random T3346", Params: nasRandom},
		},
	},
	{
		Name: "outage-pacing", Model: "access", Label: "IMSI Manager pacing", Tour: tourOutagePacing, Seed: 1, Duration: 3600,
		Summary: "the same outage with the IMSI Manager's pacing queue on every MME (N = 400/s, action reject)",
		Teaches: "Pacing keeps the MMEs working on attaches they finish in time, about 1 800 a second for the pool, but the herd still waves: " +
			"the overflow retries on the devices' timers, and the T3402 silences stay. After an hour all are attached, at under 20 attempts each.",
		Params: outage(pacingOn), Pace: 60, Watch: "mme",
		Compare: []scenario.Variant{{Label: "no control", Params: map[string]param.Value{"mme-network-overload-protection": param.On(false)}}},
	},
	{
		Name: "outage-t3346-fixed", Model: "access", Label: "T3346 fixed 15 min", Tour: tourOutageT3346Fixed, Seed: 1, Duration: 3600,
		Summary: "the outage with NAS congestion control: reject #22 with a fixed T3346 of 15 min",
		Teaches: "The congested MMEs reject the herd with #22 and a fixed T3346 of 15 minutes: nothing is sent for a quarter of an hour, " +
			"then the whole herd comes back at once, a second spike as high as the first, exactly T3346 later. After an hour under a third is attached.",
		Params: outage(nasFixed), Pace: 60, Watch: "mme",
		Compare:    []scenario.Variant{{Label: "T3346 random 15–30 min", Params: map[string]param.Value{"t3346.max": param.Num(30)}}},
		Challenges: challengeT3346Fixed,
	},
	{
		Name: "outage-t3346-random", Model: "access", Label: "T3346 random 15–30 min", Tour: tourOutageT3346Random, Seed: 1, Duration: 3600,
		Summary: "the outage with reject #22 and T3346 random in 15–30 min (Cisco's default)",
		Teaches: "The same rejects with T3346 drawn from 15–30 minutes spread the herd's return over a quarter of an hour: no second spike " +
			"(never over 2 000 attempts a second), the MMEs under 70 % nearly throughout, and 95 % attached some 30 minutes after the outage.",
		Params: outage(nasRandom), Pace: 60, Watch: "mme",
		Compare: []scenario.Variant{{Label: "T3346 fixed 15 min", Params: map[string]param.Value{"t3346.max": param.Num(15)}}},
	},
	{
		Name: "outage-acb", Model: "access", Label: "ACB p30, 64 s", Tour: tourOutageAcb, Seed: 1, Duration: 3600,
		Summary: "the outage with access class barring for signalling: factor p30, barring time 64 s",
		Teaches: "Barring holds back about 70 % of the attach attempts in the cell, where they cost the core nothing; the 30 % let through " +
			"still pin the MMEs for the first quarter-hour, and everyone is delayed: 95 % attached only about 30 minutes after the outage.",
		Params: outage(acbOn), Pace: 60, Watch: "radio",
		Compare: []scenario.Variant{{Label: "no barring", Params: map[string]param.Value{"ac-BarringForMO-Signalling": param.On(false)}}},
	},
	{
		Name: "outage-s1-overload", Model: "access", Label: "OVERLOAD START, emergency and MT only", Tour: tourOutageS1Overload, Seed: 1, Duration: 3600,
		Summary: "the outage with S1AP OVERLOAD START to every eNodeB: permit emergency sessions and mobile-terminated services only",
		Teaches: "While the MMEs are overloaded the eNodeBs reject the new attaches at the radio, tens of thousands a second, and the MMEs " +
			"start and stop overload dozens of times; emergency attaches keep succeeding (most of them), and after an hour at least 95 % of the devices are attached.",
		Params: outage(s1On), Pace: 60, Watch: "radio",
		Compare: []scenario.Variant{{Label: "50 % of the eNodeBs, signalling, 50 %", Params: s1Half}, {Label: "no S1AP overload", Params: map[string]param.Value{"s1-overload": param.On(false)}}},
	},
	{
		Name: "mme-failure", Model: "access", Label: "no control", Tour: tourMmeFailure, Seed: 1, Duration: 3600,
		Summary: "an MME of three fails at 300 s: its devices re-attach over 60 s to the other two",
		Teaches: "The third of the devices that MME 1 held re-attach to the other two, which are pinned at once; " +
			"the movers wave on their timers and fall silent on T3402, and ten minutes on the area is still about 70 % attached.",
		Params: map[string]param.Value{"devices": param.Num(1_000_000), "trigger": param.Str("none"),
			"mme-fail.at": param.Num(300), "mme-fail.for": param.Num(1800), "spread": param.Str("uniform"), "spread.S": param.Num(60)},
		Pace: 60, Watch: "cpu",
		Compare: []scenario.Variant{{Label: "with S1AP overload and #22", Params: merge(s1On, nasRandom)}},
	},
	{
		Name: "m2m-fleet-hourly", Model: "access", Label: "no EAB", Tour: tourM2mFleetHourly, Seed: 1, Duration: 900,
		Summary: "an M2M fleet of 600 000 meters wakes on the hour, Beta(3, 4) over 10 s (TR 37.868 model 2), without EAB",
		Teaches: "A fleet that wakes together is a storm of its own: the pool is pinned within seconds, only about a third of the fleet " +
			"reports, and the rest fall silent on T3402. Compare EAB, which admits its access classes by turns.",
		Params: map[string]param.Value{"devices": param.Num(1_000_000), "share.m2m": param.Num(60), "trigger": param.Str("fleet"), "trigger.t1": param.Num(60),
			"fleet.period": param.Num(3600), "spread": param.Str("beta-3-4"), "spread.S": param.Num(10)},
		Pace: 20, Watch: "attached",
		Compare: []scenario.Variant{{Label: "EAB", Params: eabOn}},
	},
}
