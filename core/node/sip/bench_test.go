package sip

import (
	"testing"

	"overloadlab/core/engine/param"
	"overloadlab/core/engine/sim"
	"overloadlab/core/engine/sim/simtest"
)

// BenchmarkCollapse runs 60 s of the collapse at 2× capacity over UDP and
// reports the simulator's cost per message: every request copy a client
// sends, every response, every downstream answer.
func BenchmarkCollapse(b *testing.B) {
	for _, ctl := range []string{"none", "loss"} {
		b.Run(ctl, func(b *testing.B) {
			sc := simtest.Preset(b, Def, "sip-collapse-udp")
			sc.Duration = 60
			sc.Params.Put("control", param.Str(ctl))
			var msgs, events uint64
			for b.Loop() {
				r, err := sim.Start(Def, sc, false)
				if err != nil {
					b.Fatal(err)
				}
				r.RunToEnd()
				n := r.Node().(*node)
				msgs = uint64(n.newSent + n.copiesSent + n.redirected + n.srv[0].answersIn + n.srv[1].answersIn)
				for s := range n.srv {
					msgs += uint64(n.srv[s].trying + n.srv[s].finals + n.srv[s].sent503)
				}
				events = r.Events()
			}
			per := float64(b.Elapsed().Nanoseconds()) / float64(b.N)
			b.ReportMetric(per/float64(msgs), "ns/msg")
			b.ReportMetric(float64(msgs)/(per/1e9)/1e6, "Mmsg/s")
			b.ReportMetric(per/float64(events), "ns/event")
		})
	}
}
