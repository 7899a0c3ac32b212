package s1overload

import (
	"errors"
	"testing"

	"overloadlab/core/engine/kernel"
	"overloadlab/core/engine/param"
)

// TS 36.413 §8.7.6.2 / TS 23.401 §4.3.7.4.1: each OverloadAction rejects
// exactly the establishment causes it names.
func TestActionsRejectTheCausesTheStandardNames(t *testing.T) {
	want := map[Action][]Cause{
		RejectNonEmergencyMODT:      {MOData, DelayTolerantAccess},
		RejectRRCCRSignalling:       {MOData, MOSignalling, DelayTolerantAccess},
		PermitEmergencyAndMTOnly:    {HighPriorityAccess, MOSignalling, MOData, DelayTolerantAccess},
		PermitHighPriorityAndMTOnly: {Emergency, MOSignalling, MOData, DelayTolerantAccess},
		RejectDelayTolerantAccess:   {DelayTolerantAccess},
	}
	for a, causes := range want {
		for c := range numCauses {
			in := false
			for _, w := range causes {
				in = in || w == c
			}
			if got := a.Rejects(c); got != in {
				t.Errorf("%s rejects %s: %v, want %v", a, c, got, in)
			}
		}
	}
	// Mobile-terminated access is never rejected, and emergency only by
	// the action that permits high priority alone.
	for a := range Action(len(Actions)) {
		if a.Rejects(MTAccess) {
			t.Errorf("%s rejects mt-Access", a)
		}
		if a.Rejects(Emergency) != (a == PermitHighPriorityAndMTOnly) {
			t.Errorf("%s: emergency rejected %v", a, a.Rejects(Emergency))
		}
	}
}

// With a TrafficLoadReductionIndication of r the eNodeB rejects the share
// r of the named requests (a draw below r), without it all of them; the
// others always pass, and nothing is rejected after OVERLOAD STOP.
func TestReduction(t *testing.T) {
	o := Overload{On: true, Action: RejectRRCCRSignalling, Reduction: 0.5}
	for _, c := range []struct {
		cause  Cause
		rand   float64
		reject bool
	}{{MOSignalling, 0.4999, true}, {MOSignalling, 0.5, false}, {MOData, 0, true}, {Emergency, 0, false}, {MTAccess, 0, false}, {HighPriorityAccess, 0, false}} {
		if got := o.Reject(c.cause, c.rand); got != c.reject {
			t.Errorf("reduction 50 %%, %s, rand %v: reject %v, want %v", c.cause, c.rand, got, c.reject)
		}
	}
	o.Reduction = 1
	if !o.Reject(MOSignalling, 0.9999) {
		t.Error("without the indication every named request is rejected")
	}
	o.On = false
	if o.Reject(MOSignalling, 0) || o.Applies(MOData) {
		t.Error("after OVERLOAD STOP a request is rejected")
	}
	s := kernel.NewStream(7, 8)
	o = Overload{On: true, Action: RejectRRCCRSignalling, Reduction: 0.3}
	n := 0
	for range 100000 {
		if o.Reject(MOSignalling, s.Float64()) {
			n++
		}
	}
	if n < 29300 || n > 30700 { // 5σ of a binomial(1e5, 0.3)
		t.Errorf("%d of 100000 rejected at 30 %%", n)
	}
}

// OVERLOAD START once the CPU has been at or above the onset for the
// start hold time; OVERLOAD STOP once it has been below the abatement for
// the stop hold time; a reading that breaks the run starts it again.
func TestOnsetAbatementWithHoldTimes(t *testing.T) {
	r := NewReporter(ReporterConfig{On: true, Onset: 0.85, Abatement: 0.70, HoldStart: 2 * kernel.Second, HoldStop: 3 * kernel.Second})
	type step struct {
		rho         float64
		start, stop bool
		overloaded  bool
	}
	steps := []step{
		{0.90, false, false, false}, // t=1: run starts
		{0.84, false, false, false}, // t=2: broken
		{0.85, false, false, false}, // t=3: run starts
		{0.95, false, false, false}, // t=4: held 1 s
		{0.90, true, false, true},   // t=5: held 2 s: START
		{0.60, false, false, true},  // t=6: below abatement, run starts
		{0.72, false, false, true},  // t=7: at or above abatement: broken
		{0.69, false, false, true},  // t=8
		{0.10, false, false, true},  // t=9
		{0.50, false, false, true},  // t=10
		{0.50, false, true, false},  // t=11: held 3 s: STOP
		{0.99, false, false, false}, // t=12
	}
	for i, s := range steps {
		start, stop := r.Observe(kernel.Time(i+1)*kernel.Second, s.rho)
		if start != s.start || stop != s.stop || r.Overloaded() != s.overloaded {
			t.Fatalf("t=%d s, CPU %v: start %v stop %v overloaded %v; want %v %v %v", i+1, s.rho, start, stop, r.Overloaded(), s.start, s.stop, s.overloaded)
		}
	}
	if r.Starts != 1 || r.Stops != 1 {
		t.Errorf("starts %d, stops %d; want 1 and 1", r.Starts, r.Stops)
	}
	// No hold: the first reading at the onset starts; switched off, the
	// next reading stops.
	r = NewReporter(ReporterConfig{On: true, Onset: 0.85, Abatement: 0.70})
	if start, _ := r.Observe(kernel.Second, 0.85); !start {
		t.Error("no hold time: the first reading at the onset does not start")
	}
	r.Configure(ReporterConfig{})
	if _, stop := r.Observe(2*kernel.Second, 1); !stop || r.Overloaded() {
		t.Error("switched off: the next reading does not stop the overload")
	}
}

// The MME tells the share of its eNodeBs it is configured for, chosen at
// random: two MMEs (two streams) pick different sets, and over many starts
// every eNodeB is told about equally often.
func TestChooseShareAtRandom(t *testing.T) {
	const n = 40
	told, scratch := make([]bool, n), make([]int32, n)
	count := func() int {
		k := 0
		for _, b := range told {
			if b {
				k++
			}
		}
		return k
	}
	for _, c := range []struct {
		share float64
		k     int
	}{{0.5, 20}, {0.01, 1}, {1, 40}, {0.26, 10}, {0, 0}} {
		if got := Choose(kernel.NewStream(1, 1), c.share, told, scratch); got != c.k || count() != c.k {
			t.Errorf("share %v of %d: told %d (marked %d), want %d", c.share, n, got, count(), c.k)
		}
	}
	a, b := make([]bool, n), make([]bool, n)
	Choose(kernel.NewStream(1, 1), 0.5, a, scratch)
	Choose(kernel.NewStream(1, 2), 0.5, b, scratch)
	same := 0
	for i := range a {
		if a[i] && b[i] {
			same++
		}
	}
	if same == 20 {
		t.Error("two MMEs told the same eNodeBs")
	}
	s := kernel.NewStream(3, 3)
	hits := make([]int, n)
	for range 4000 {
		Choose(s, 0.5, told, scratch)
		for i, b := range told {
			if b {
				hits[i]++
			}
		}
	}
	for i, h := range hits { // binomial(4000, 0.5): σ ≈ 32
		if h < 2000-160 || h > 2000+160 {
			t.Errorf("eNodeB %d told %d times of 4000, want about 2000", i, h)
		}
	}
}

func TestParams(t *testing.T) {
	set := param.NewSet(Params...)
	v := set.Defaults()
	if err := CheckParams(v); err != nil {
		t.Fatal(err)
	}
	c := ReporterFrom(v)
	if c.Message.Action != RejectRRCCRSignalling || c.Message.Reduction != 1 || c.Share != 0.5 || c.Onset != 0.85 {
		t.Errorf("defaults read as %+v", c)
	}
	if err := v.Put("s1-overload.traffic-load-reduction", param.Num(50)); err != nil {
		t.Fatal(err)
	}
	if ReporterFrom(v).Message.Reduction != 0.5 {
		t.Error("a reduction of 50 % is not read as 0.5")
	}
	if err := v.Put("s1-overload.abatement", param.Num(90)); err != nil {
		t.Fatal(err)
	}
	var pe *param.Error
	if err := CheckParams(v); !errors.As(err, &pe) || pe.Field != "s1-overload.abatement" {
		t.Errorf("abatement above onset: %v", err)
	}
}
