package sip

import (
	"overloadlab/core/engine/param"
	"overloadlab/core/engine/scenario"
)

var presets = []scenario.Preset{
	{
		Name: "sip-collapse-udp", Model: "sip", Seed: 1, Duration: 120,
		Summary: "twice the server's capacity over UDP, no control: retransmissions and abandoned calls take the CPU, goodput collapses",
		Teaches: "Watch the messages chart: the server is sent several copies of each request, and what it completes in time falls far under its capacity.",
		Params:  map[string]param.Value{"load": param.Num(2)},
		Pace:    2, Watch: "outcomes",
	},
}
