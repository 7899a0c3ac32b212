package s1overload

import (
	"fmt"
	"slices"

	"overloadlab/core/engine/kernel"
	"overloadlab/core/engine/param"
	"overloadlab/core/engine/prose"
)

const (
	mmeGroup = "S1AP overload (MME)"
	enbGroup = "RRC reject (eNodeB)"
)

// Params is the schema of the S1AP overload procedure: the MME's
// reporting (onset, abatement, the eNodeBs told and what they are told)
// and the eNodeB's reject (waitTime, extendedWaitTime).
var Params = []param.Spec{
	{Name: "s1-overload", Label: "S1AP OVERLOAD START", Marker: "S1AP overload", Group: mmeGroup, Kind: param.Bool, Default: param.On(false),
		Doc: prose.Page("an MME in overload sends OVERLOAD START to a share of its eNodeBs (TS 36.413 §8.7.6, TS 23.401 §4.3.7.4.1), and OVERLOAD STOP when it recovers")},
	{Name: "s1-overload.onset", Label: "Overload onset", Marker: "S1 onset", Group: mmeGroup, Unit: "% CPU", Kind: param.Number, Min: 1, Max: 100, Step: 1, Default: param.Num(85),
		Doc: prose.Page("[R] vendor threshold: overload starts once the CPU has read at or above this for the start hold time")},
	{Name: "s1-overload.abatement", Label: "Overload abatement", Marker: "S1 abatement", Group: mmeGroup, Unit: "% CPU", Kind: param.Number, Min: 0, Max: 100, Step: 1, Default: param.Num(70),
		Doc: prose.Page("[R] vendor threshold: overload stops once the CPU has read below this for the stop hold time; at most the onset")},
	{Name: "s1-overload.hold-start", Label: "Start hold time", Marker: "S1 start hold", Group: mmeGroup, Unit: "s", Kind: param.Number, Min: 0, Max: 600, Step: 1, Default: param.Num(2),
		Doc: prose.Page("[R] how long the CPU must stay at or above the onset before OVERLOAD START (0: at the first reading)")},
	{Name: "s1-overload.hold-stop", Label: "Stop hold time", Marker: "S1 stop hold", Group: mmeGroup, Unit: "s", Kind: param.Number, Min: 0, Max: 600, Step: 1, Default: param.Num(10),
		Doc: prose.Page("[R] how long the CPU must stay below the abatement before OVERLOAD STOP")},
	{Name: "s1-overload.enodeb-percentage", Label: "eNodeBs told", Marker: "S1 eNodeBs told", Group: mmeGroup, Unit: "%", Kind: param.Number, Min: 1, Max: 100, Step: 1, Default: param.Num(50),
		Doc: prose.Page("the share of its eNodeBs an MME sends OVERLOAD START to, chosen at random at each start (Cisco's report-overload … enodeb-percentage)")},
	{Name: "s1-overload.overload-action", Label: "OverloadAction", Marker: "OverloadAction", Group: mmeGroup, Kind: param.Choice, Choices: Actions, Default: param.Str(Actions[RejectRRCCRSignalling]),
		Doc: prose.Page("what the eNodeBs reject (TS 36.413 §9.2.3.20): mo-Data and delay-tolerant; also mo-Signalling; all but emergency and mt-Access; all but highPriorityAccess and mt-Access; delay-tolerant only")},
	{Name: "s1-overload.traffic-load-reduction", Label: "TrafficLoadReductionIndication", Marker: "S1 reduction", Group: mmeGroup, Unit: "%", Kind: param.Integer, Min: 0, Max: 99, Step: 1, Default: param.Num(0),
		Doc: prose.Page("1–99: the eNodeBs reject only this share of the requests the action names; 0 = the IE is absent, they reject all of them")},
	{Name: "rrc.waitTime", Label: "waitTime", Group: enbGroup, Unit: "s", Kind: param.Integer, Min: 1, Max: 16, Step: 1, Default: param.Num(10),
		Doc: prose.Page("RRCConnectionReject waitTime (TS 36.331): a rejected UE starts T302 and sends no RRC connection request for this long")},
	{Name: "rrc.extendedWaitTime", Label: "extendedWaitTime", Group: enbGroup, Unit: "s", Kind: param.Integer, Min: 0, Max: 1800, Step: 10, Default: param.Num(0),
		Doc: prose.Page("sent to delay-tolerant UEs only: NAS starts T3346 with it (TS 24.301); 0 = not sent, they wait the waitTime")},
}

// CheckParams applies the rule the ranges cannot say: abatement ≤ onset.
func CheckParams(v param.Values) error {
	if a, o := v.Num("s1-overload.abatement"), v.Num("s1-overload.onset"); a > o {
		return &param.Error{Field: "s1-overload.abatement", Value: fmt.Sprint(a), Allowed: fmt.Sprintf("at most the onset, %v %% CPU", o)}
	}
	return nil
}

// ReporterFrom reads an MME's reporting configuration from the values of
// Params.
func ReporterFrom(v param.Values) ReporterConfig {
	red := v.Num("s1-overload.traffic-load-reduction") / 100
	if red == 0 {
		red = 1
	}
	return ReporterConfig{
		On: v.Bool("s1-overload"), Onset: v.Num("s1-overload.onset") / 100, Abatement: v.Num("s1-overload.abatement") / 100,
		HoldStart: kernel.Seconds(v.Num("s1-overload.hold-start")), HoldStop: kernel.Seconds(v.Num("s1-overload.hold-stop")),
		Share:   v.Num("s1-overload.enodeb-percentage") / 100,
		Message: Overload{On: true, Action: Action(slices.Index(Actions, v.Text("s1-overload.overload-action"))), Reduction: red},
	}
}
