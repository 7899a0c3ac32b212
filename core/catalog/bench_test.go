package catalog

import (
	"testing"
)

// BenchmarkSimulatorAttachStorm reports the simulator's speed on the
// attach-storm preset in messages (attempts) per second of wall time, on
// one core. Budget (DESIGN.md): at least 5 million per second.
func BenchmarkSimulatorAttachStorm(b *testing.B) {
	sc, err := Preset("attach-storm")
	if err != nil {
		b.Fatal(err)
	}
	var msgs int64
	b.ReportAllocs()
	for b.Loop() {
		r, err := Start(sc, false)
		if err != nil {
			b.Fatal(err)
		}
		r.RunToEnd()
		msgs += r.Summary().Total.Offered
	}
	b.ReportMetric(float64(msgs)/b.Elapsed().Seconds(), "msgs/s")
	b.ReportMetric(float64(msgs)/float64(b.N), "msgs/run")
}
