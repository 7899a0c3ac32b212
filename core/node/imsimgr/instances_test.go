package imsimgr

import (
	"math"
	"testing"

	"overloadlab/core/engine/param"
	"overloadlab/core/engine/sim"
	"overloadlab/core/engine/sim/simtest"
)

// TestPerInstanceColumns: with one instance its CPU column is the busiest
// CPU, the other instances' columns stay 0, and with a 1 s sampling period
// the guard is on for the whole interval after a second read at ≥ 70 %
// and for none of it otherwise.
func TestPerInstanceColumns(t *testing.T) {
	s, _ := simtest.Series(t, Def, preset(t, "attach-storm"))
	for i := range s["cpu"] {
		if s["cpu.1"][i] != s["cpu"][i] {
			t.Fatalf("interval %d: cpu.1 %v ≠ cpu %v", i, s["cpu.1"][i], s["cpu"][i])
		}
		for k := 2; k <= maxInstances; k++ {
			if c, g := s[sim.Numbered("cpu", maxInstances)[k-1]][i], s[sim.Numbered("guard", maxInstances)[k-1]][i]; c != 0 || g != 0 {
				t.Fatalf("interval %d: absent instance %d has CPU %v, guard %v", i, k, c, g)
			}
		}
		want := 0.0
		if i > 0 && s["cpu"][i-1] >= 70 {
			want = 100
		}
		if math.Abs(s["guard.1"][i]-want) > 1e-9 {
			t.Fatalf("interval %d: guard on %v %% of it, want %v (CPU before %v)", i, s["guard.1"][i], want, s["cpu"][i-1])
		}
	}
}

// TestSamplingPeriodIsTheGuardsReadingRate: reading every 0.5 s, the guard
// is on for 0, 50 or 100 % of each 1 s interval, and it does switch
// within intervals.
func TestSamplingPeriodIsTheGuardsReadingRate(t *testing.T) {
	sc := preset(t, "attach-storm")
	sc.Params.Put("cpu-guard.sampling-period", param.Num(0.5))
	s, _ := simtest.Series(t, Def, sc)
	half := 0
	for i, g := range s["guard.1"] {
		switch {
		case math.Abs(g-50) < 1e-9:
			half++
		case math.Abs(g) > 1e-9 && math.Abs(g-100) > 1e-9:
			t.Fatalf("interval %d: guard on %v %% of it; readings every 0.5 s allow 0, 50, 100", i, g)
		}
	}
	if half == 0 {
		t.Fatal("the guard never switched between two readings of the same interval")
	}
}

// TestBusiestShareSkewsInstances: with two instances and the first hosting
// 75 % of the subscribers, the first instance does three times the second's
// work (CPU above the 10 % background), in the busy hour.
func TestBusiestShareSkewsInstances(t *testing.T) {
	sc := preset(t, "busy-hour")
	sc.Params.Put("imsimgr-instances", param.Num(2))
	sc.Params.Put("imsimgr-busiest-share", param.Num(75))
	s, _ := simtest.Series(t, Def, sc)
	var w1, w2 float64
	for i := range s["cpu.1"] {
		w1 += s["cpu.1"][i] - 10
		w2 += s["cpu.2"][i] - 10
	}
	if r := w1 / w2; math.Abs(r-3) > 0.1 {
		t.Fatalf("work of instance 1 / instance 2 = %.3f, want 3 ± 0.1", r)
	}
	sc.Params.Put("imsimgr-busiest-share", param.Num(40))
	if _, err := sim.Start(Def, sc, false); err == nil {
		t.Fatal("a busiest share of 40 % with 2 instances was accepted (allowed: 0 or 50–100)")
	} else if pe, ok := err.(*param.Error); !ok || pe.Field != "imsimgr-busiest-share" || pe.Value != "40" {
		t.Fatalf("error %v does not name the field and value", err)
	}
}

// TestEmergencyPacedSwitch: with mme-emergency-paced on, emergency
// attaches go through the throttled MME queue (some overflow, none counted
// unpaced); off, they all bypass it (TestEmergencyAttachesAreNotPaced).
func TestEmergencyPacedSwitch(t *testing.T) {
	sc := small(map[string]float64{"mme-attach": 400, "mme-emergency": 200})
	sc.Params.Put("mme-network-overload-protection", param.On(true))
	sc.Params.Put("mme-new-connections-per-second", param.Num(50))
	sc.Params.Put("mme-queue-size", param.Num(250))
	sc.Params.Put("mme-emergency-paced", param.On(true))
	r, _ := sim.Start(Def, sc, false)
	r.RunToEnd()
	s := r.Summary()
	if c := simtest.Counter(t, s, "imsimgr", cEmergencyUnpaced.Key()); c != 0 {
		t.Fatalf("%v emergency attaches unpaced with the switch on", c)
	}
	if em := classSummary(s, "mme-emergency"); em.Dropped == 0 {
		t.Fatalf("paced emergency attaches never overflowed: %+v", em)
	}
}
