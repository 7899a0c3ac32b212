package sim_test

import (
	"fmt"
	"runtime"
	"testing"
	"time"

	"overloadlab/core/engine/sim"
	"overloadlab/core/node/scp"
)

// BenchmarkSweepSpeedup measures the native speed-up of a sweep run on W
// workers against one worker, both timed in the same iteration, for W = 2 …
// the cores (DESIGN.md: ≥ 0.8·W). The metric is time(1 worker)/time(W).
func BenchmarkSweepSpeedup(b *testing.B) {
	base := short(b, 30)
	p := testPlan() // 2 variants × 3 points × 3 seeds: 18 runs
	p.Points = 4    // 24 runs
	if err := p.Check(scp.Def, base); err != nil {
		b.Fatal(err)
	}
	cells := all(p)
	run := func(w int) time.Duration {
		t0 := time.Now()
		if _, err := sim.RunCells(scp.Def, base, p, cells, w, nil); err != nil {
			b.Fatal(err)
		}
		return time.Since(t0)
	}
	for w := 2; w <= runtime.NumCPU(); w *= 2 {
		b.Run(fmt.Sprintf("workers=%d", w), func(b *testing.B) {
			var one, many time.Duration
			for b.Loop() {
				one += run(1)
				many += run(w)
			}
			b.ReportMetric(float64(one)/float64(many), "x-speedup")
			b.ReportMetric(0.8*float64(w), "x-budget")
		})
	}
}
