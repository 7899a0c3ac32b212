package s1overload

import (
	"testing"

	"overloadlab/core/control/controltest"
	"overloadlab/core/engine/kernel"
)

// BenchmarkENodeBDecision is the eNodeB's decision on one RRC connection
// request towards an MME in overload, with a reduction.
func BenchmarkENodeBDecision(b *testing.B) {
	o := Overload{On: true, Action: RejectRRCCRSignalling, Reduction: 0.5}
	s := kernel.NewStream(1, 1)
	n := 0
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		if o.Reject(Cause(i%int(numCauses)), s.Float64()) {
			n++
		}
	}
	_ = n
}

// BenchmarkMMEReading is the MME's onset/abatement decision on one CPU
// reading.
func BenchmarkMMEReading(b *testing.B) {
	r := NewReporter(ReporterConfig{On: true, Onset: 0.85, Abatement: 0.70, HoldStart: 2 * kernel.Second, HoldStop: 3 * kernel.Second})
	now := kernel.Time(0)
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		r.Observe(now, float64(i&15)/15)
		now += 100 * kernel.Millisecond
	}
}

func BenchmarkRateLimiterAllow(b *testing.B) { controltest.RateLimiterAllow(b) }
