package access

import (
	"runtime"
	"testing"

	"overloadlab/core/engine/param"
	"overloadlab/core/engine/sim"
	"overloadlab/core/engine/sim/simtest"
)

// BenchmarkStorm runs an hour of recovery after an outage of the core with
// 1 and 2 million devices (DESIGN.md budget: at most 15 s natively for the
// million, within the 64 MB heap). It reports the heap in use at the end.
func BenchmarkStorm(b *testing.B) {
	for _, c := range []struct {
		name    string
		preset  string
		devices float64
	}{{"1M-no-control", "outage-no-control", 1e6}, {"1M-pacing", "outage-pacing", 1e6}, {"2M-t3346", "outage-t3346-random", 2e6}} {
		b.Run(c.name, func(b *testing.B) {
			sc := simtest.Preset(b, Def, c.preset)
			if err := sc.Params.Put("devices", param.Num(c.devices)); err != nil {
				b.Fatal(err)
			}
			var heap uint64
			for b.Loop() {
				r, err := sim.Start(Def, sc, false)
				if err != nil {
					b.Fatal(err)
				}
				r.RunToEnd()
				if err := r.Err(); err != nil {
					b.Fatal(err)
				}
				var ms runtime.MemStats
				runtime.ReadMemStats(&ms)
				heap = ms.HeapInuse
			}
			b.ReportMetric(float64(heap)/(1<<20), "MB-heap")
		})
	}
}
