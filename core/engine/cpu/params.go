package cpu

import (
	"overloadlab/core/engine/param"
	"overloadlab/core/engine/prose"
)

// Params returns the processor's parameters, shared by every node model
// with the same names and ranges: cpu.speed (× nominal) and cpu.background
// (% of the CPU taken by other work, default background). whose names the
// processor in the docs ("the IMSI Manager's CPU").
//
//go:noinline
func Params(whose string, background float64) []param.Spec {
	return []param.Spec{
		{Name: "cpu.speed", Label: "CPU speed", Group: "CPU", Unit: "×", Kind: param.Number, Min: 0.1, Max: 10, Step: 0.1, Default: param.Num(1),
			Doc: prose.Page("processor speed relative to nominal: every cost is divided by it (2 = a system upgrade)")},
		{Name: "cpu.background", Label: "Background load", Group: "CPU", Unit: "%", Kind: param.Number, Min: 0, Max: 90, Step: 1, Default: param.Num(background),
			Doc: prose.Page("share of " + whose + " taken by other work (audits, timers, housekeeping)")},
	}
}

// Configure sets the speed and background load from the values of Params.
func (p *Processor) Configure(v param.Values) {
	p.Set(v.Num("cpu.speed"), v.Num("cpu.background")/100)
}

// IngressBuffer is the parameter "ingress-buffer": how many messages may
// wait for the CPU; one more is lost at the socket (dropped). def is the
// model's default.
//
//go:noinline
func IngressBuffer(def float64) param.Spec {
	return param.Spec{Name: "ingress-buffer", Label: "Ingress buffer", Group: "CPU", Unit: "msgs", Kind: param.Integer, Min: 10, Max: 200000, Step: 10, Default: param.Num(def),
		Doc: prose.Page("messages that may wait for the CPU; a message that finds it full is lost at the socket (dropped)")}
}

// Cost is the parameter "cost.<name>": the CPU one operation takes, in µs
// at nominal speed (0–20000, default def), for the node models that price
// their operations in microseconds. doc is the caller's, wrapped in
// prose.Page at the call so that the wasm does not carry it.
//
//go:noinline
func Cost(name, label string, def float64, doc string) param.Spec {
	return param.Spec{Name: "cost." + name, Label: label, Group: "CPU", Unit: "µs", Kind: param.Number, Min: 0, Max: 20000, Step: 5, Default: param.Num(def), Doc: doc}
}
