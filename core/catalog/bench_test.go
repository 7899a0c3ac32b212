package catalog

import (
	"runtime"
	"testing"

	"overloadlab/core/engine/kernel"
	"overloadlab/core/engine/scenario"
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

// BenchmarkDayLongRunHeap runs 24 simulated hours of the busy hour, the way
// the page does (live recorder drained every simulated minute), and reports
// the largest heap in use seen along the way. Budget (DESIGN.md): a 24-hour
// run keeps the worker heap under 64 MB.
func BenchmarkDayLongRunHeap(b *testing.B) {
	sc, err := Preset("busy-hour")
	if err != nil {
		b.Fatal(err)
	}
	sc.Duration = 24 * 3600
	var peak uint64
	var ms runtime.MemStats
	for b.Loop() {
		r, err := Start(sc, true)
		if err != nil {
			b.Fatal(err)
		}
		for !r.Done() {
			r.AdvanceTo(r.Now() + kernel.Minute)
			r.Recorder().Drain()
			if r.Now()%kernel.Hour == 0 {
				runtime.ReadMemStats(&ms)
				peak = max(peak, ms.HeapInuse)
			}
		}
	}
	b.ReportMetric(float64(peak)/(1<<20), "peak-heap-MB")
}

// BenchmarkPresets runs every preset to its end, the way the page does (live
// recorder drained every simulated minute): the simulator's speed on
// everything the lab ships.
func BenchmarkPresets(b *testing.B) {
	var scs []*scenario.Scenario
	for _, p := range Presets() {
		sc, err := Preset(p.Name)
		if err != nil {
			b.Fatal(err)
		}
		scs = append(scs, sc)
	}
	var msgs int64
	for b.Loop() {
		for _, sc := range scs {
			r, err := Start(sc, true)
			if err != nil {
				b.Fatal(err)
			}
			for !r.Done() {
				r.AdvanceTo(r.Now() + kernel.Minute)
				r.Recorder().Drain()
			}
			msgs += r.Summary().Total.Offered
		}
	}
	b.ReportMetric(float64(msgs)/b.Elapsed().Seconds(), "msgs/s")
}
