package mcswitch

import (
	"overloadlab/core/control/multiclass"
	"overloadlab/core/engine/param"
	"overloadlab/core/engine/prose"
	"overloadlab/core/engine/traffic"
)

// partMix: a change of the mix's wander redraws it and replans it from now.
const partMix = param.FirstModelPart

// classKeys are the handles of one class's parameters.
type classKeys struct{ rate, cost, controlCost param.NumKey }

// classParams declares every class's rate, then its true cost, then its
// cost as configured in the control.
func classParams() []classKeys {
	k := make([]classKeys, len(classes))
	for i, c := range classes {
		k[i].rate = params.Number(param.Spec{Name: "rate." + c.name, Label: c.label, Marker: c.label + " rate", Group: "Traffic", Unit: "calls/s", Kind: param.Number, Min: 0, Max: 5000, Step: 1, Default: param.Num(c.rate), Reconfigures: param.Sources,
			Doc: prose.Page("new calls per second of " + c.label + " at a load of 1× (the default mix fills the processor at 1×)")})
	}
	for i, c := range classes {
		k[i].cost = params.Number(param.Spec{Name: "cost." + c.name, Label: c.label, Marker: c.label + " true cost", Group: "CPU", Unit: "ms/call", Kind: param.Number, Min: 0.1, Max: 100, Step: 0.1, Default: param.Num(c.cost),
			Doc: prose.Page("true CPU per call of " + c.label + ", all its messages, at nominal speed")})
	}
	for i, c := range classes {
		k[i].controlCost = params.Number(param.Spec{Name: "overload.cost." + c.name, Label: "c: " + c.label, Group: "Overload control", Unit: "ms/call", Kind: param.Number, Min: 0.1, Max: 100, Step: 0.1, Default: param.Num(c.cost),
			Doc: prose.Page("CPU per call of " + c.label + " as configured in the control (the operator's measurement); the regression replaces it with an estimate")})
	}
	return k
}

func classChoices() []string {
	names := []string{"all"}
	for _, c := range classes {
		names = append(names, c.name)
	}
	return names
}

// params is the switch's schema, every parameter declared with the handle
// the node reads it by.
var params = param.NewSet()

var (
	_ = params.Add(func() []param.Spec {
		s := append([]param.Spec(nil), multiclass.Params...)
		for i := range s {
			if s[i].Name == "regression.window" {
				s[i].Min = float64(5 * (len(classes) + 1)) // multiclass.Check's least window for the switch's classes, in the range
			}
		}
		return s
	}()...)
	pTargetOccupancy   = params.NumberKey("overload.target-occupancy")
	pAlgorithm         = params.TextKey("overload.algorithm")
	pOverloadBaseClass = params.Text(param.Spec{Name: "overload.base-class", Label: "Base class b", Group: "Overload control", Kind: param.Choice, Choices: classChoices()[1:], Default: param.Str("lu-sms"),
		Doc: prose.Page("the class whose call is one equivalent unit: w_i = c_i / c_b")})
	pClass    = classParams()
	pLoadBase = params.Number(param.Spec{Name: "load.base", Label: "Load", Group: "Traffic", Unit: "×", Kind: param.Number, Min: 0, Max: 20, Step: 0.1, Default: param.Num(0.8), Reconfigures: param.Sources,
		Doc: prose.Page("offered load as a multiple of the processor's nominal capacity (the class rates are scaled by it)")})
	pLoadShape = params.Text(param.Spec{Name: "load.shape", Label: "Overload shape", Group: "Traffic", Kind: param.Choice, Choices: traffic.Shapes, Default: param.Str("constant"), Reconfigures: param.Sources,
		Doc: prose.Page("how the load changes: constant, step (to load.peak from load.at on), ramp (over load.length), burst (load.peak for load.length: a hot spot)")})
	pLoadPeak = params.Number(param.Spec{Name: "load.peak", Label: "Overload", Group: "Traffic", Unit: "×", Kind: param.Number, Min: 0, Max: 20, Step: 0.1, Default: param.Num(5), Reconfigures: param.Sources,
		Doc: prose.Page("load during a burst, after a step or at the end of a ramp, as a multiple of nominal capacity")})
	pLoadAt = params.Number(param.Spec{Name: "load.at", Label: "Overload at", Group: "Traffic", Unit: "s", Kind: param.Number, Min: 0, Max: 172800, Step: 1, Default: param.Num(60), Reconfigures: param.Sources,
		Doc: prose.Page("when the step, ramp or burst starts")})
	pLoadLength = params.Number(param.Spec{Name: "load.length", Label: "Burst length", Group: "Traffic", Unit: "s", Kind: param.Number, Min: 0, Max: 172800, Step: 0.5, Default: param.Num(5), Reconfigures: param.Sources,
		Doc: prose.Page("length of a burst (hot spots last 1–5 s) or duration of a ramp")})
	pLoadClasses = params.Text(param.Spec{Name: "load.classes", Label: "Overloaded classes", Group: "Traffic", Kind: param.Choice, Choices: classChoices(), Default: param.Str("all"), Reconfigures: param.Sources,
		Doc: prose.Page("which classes the step, ramp or burst multiplies: all, or one (a hot spot of handovers, of SMS, …)")})
	pTrafficMixWander = params.Number(param.Spec{Name: "traffic.mix-wander", Label: "Mix wander", Group: "Traffic", Kind: param.Number, Min: 0, Max: 0.9, Step: 0.05, Default: param.Num(0), Reconfigures: partMix,
		Doc: prose.Page("every mix period each class's rate is multiplied by a new uniform factor in [1−a, 1+a]: the mix the cost regression needs to vary")})
	pTrafficMixPeriod = params.Number(param.Spec{Name: "traffic.mix-period", Label: "Mix period", Group: "Traffic", Unit: "s", Kind: param.Number, Min: 1, Max: 3600, Step: 1, Default: param.Num(10), Reconfigures: partMix,
		Doc: prose.Page("how often the mix wanders")})
	pFlowGap = params.Number(param.Spec{Name: "flow.gap", Label: "Peer response time", Group: "Traffic", Unit: "s", Kind: param.Number, Min: 0, Max: 10, Step: 0.01, Default: param.Num(0.2),
		Doc: prose.Page("time between the switch's answer to one message of a call flow and the next message of that call (radio and network round trip)")})
	pCallDeadline = params.Number(param.Spec{Name: "call.deadline", Label: "Setup deadline", Group: "Traffic", Unit: "s", Kind: param.Number, Min: 0.1, Max: 60, Step: 0.1, Default: param.Num(4),
		Doc: prose.Page("a call whose flow completes later than this after its first message is late (the user or the peer gave up): wasted work")})
	pCpuSpeed = params.Number(param.Spec{Name: "cpu.speed", Label: "CPU speed", Group: "CPU", Unit: "×", Kind: param.Number, Min: 0.1, Max: 10, Step: 0.1, Default: param.Num(1),
		Doc: prose.Page("processor speed relative to nominal: every cost is divided by it (2 = a system upgrade)")})
	pCpuBackground = params.Number(param.Spec{Name: "cpu.background", Label: "Background load", Group: "CPU", Unit: "%", Kind: param.Number, Min: 0, Max: 50, Step: 1, Default: param.Num(5),
		Doc: prose.Page("share of the processor taken by other work (audits, timers)")})
	pCostReject = params.Number(param.Spec{Name: "cost.reject", Label: "Reject a call", Group: "CPU", Unit: "ms", Kind: param.Number, Min: 0, Max: 10, Step: 0.01, Default: param.Num(0.05),
		Doc: prose.Page("CPU to reject the first message of a call that is not admitted")})
	pBuffer = params.Integer(param.Spec{Name: "buffer", Label: "Message buffer", Group: "CPU", Unit: "msgs", Kind: param.Integer, Min: 10, Max: 100000, Step: 10, Default: param.Num(2000),
		Doc: prose.Page("messages that may wait for the processor; a message that finds it full is lost, and its call fails (dropped)")})
)

func check(v param.Values) error { return multiclass.Check(v, len(classes)) }
