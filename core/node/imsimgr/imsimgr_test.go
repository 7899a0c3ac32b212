package imsimgr

import (
	"errors"
	"strings"
	"testing"

	"overloadlab/core/engine/sim/simtest"

	"overloadlab/core/engine/param"
	"overloadlab/core/engine/scenario"
	"overloadlab/core/engine/sim"
)

// TestGuardDropsOverflowAtSeventyPercent checks the rule of Cisco's documentation interval by
// interval on the attach storm: while the CPU measured over the previous
// interval was ≥ 70 %, not one overflow is rejected (all are dropped and
// counted as dropped with high CPU); below 70 % the configured action,
// reject, applies and no overflow is dropped for high CPU.
func TestGuardDropsOverflowAtSeventyPercent(t *testing.T) {
	s, sum := simtest.Series(t, Def, preset(t, "attach-storm"))
	cpu, rej, dropCPU := s["cpu"], s["pacing.overflow-rejected"], s["pacing.overflow-dropped-high-cpu"]
	var guarded, rejecting int
	for i := 1; i < len(cpu); i++ {
		if cpu[i-1] >= 70 {
			guarded++
			if rej[i] != 0 {
				t.Fatalf("interval %d: CPU was %.1f %% yet %.0f overflow rejects/s", i, cpu[i-1], rej[i])
			}
		} else {
			if dropCPU[i] != 0 {
				t.Fatalf("interval %d: CPU was %.1f %% yet %.0f high-CPU drops/s", i, cpu[i-1], dropCPU[i])
			}
			if rej[i] > 0 {
				rejecting++
			}
		}
	}
	if guarded == 0 || rejecting == 0 {
		t.Fatalf("the storm never exercised both sides of the guard: %d guarded, %d rejecting intervals", guarded, rejecting)
	}
	// The guard keeps the process alive and the CPU comes back under 70 %
	// while the storm lasts.
	if c := simtest.Counter(t, sum, "imsimgr", cCrashes.Key()); c != 0 {
		t.Fatalf("%v crashes with the guard", c)
	}
	under := 0
	for i := 130; i < 300; i++ {
		if cpu[i] < 70 {
			under++
		}
	}
	if under == 0 {
		t.Fatal("the CPU never fell back under 70 % during the storm")
	}
}

// TestWithoutGuardRejectsPinTheCPU: the same storm without the guard keeps
// rejecting, the CPU pins and the IMSI Manager crashes.
func TestWithoutGuardRejectsPinTheCPU(t *testing.T) {
	s, sum := simtest.Series(t, Def, preset(t, "attach-storm-no-guard"))
	if c := simtest.Counter(t, sum, "pacing (SGSN)", cOverflowDropsHighCpu.Key()) + simtest.Counter(t, sum, "pacing (MME)", cOverflowDropsHighCpu.Key()); c != 0 {
		t.Fatalf("%v high-CPU drops without the guard", c)
	}
	if c := simtest.Counter(t, sum, "imsimgr", cCrashes.Key()); c == 0 {
		t.Fatal("no crash without the guard")
	}
	pinned := 0
	for _, c := range s["cpu"] {
		if c >= 99 {
			pinned++
		}
	}
	if pinned < 20 {
		t.Fatalf("CPU pinned for %d intervals only", pinned)
	}
	withGuard := func() sim.Summary { _, s := simtest.Series(t, Def, preset(t, "attach-storm")); return s }()
	if sum.Total.Completed >= withGuard.Total.Completed {
		t.Fatalf("goodput without guard %d ≥ with guard %d", sum.Total.Completed, withGuard.Total.Completed)
	}
}

// small returns a scenario with only the named classes offering traffic.
func small(rates map[string]float64) *scenario.Scenario {
	sc := scenario.New(Def.Name, Def.Params)
	sc.Duration = 60
	for _, c := range classes {
		sc.Params.Put("rate."+c.Name, param.Num(rates[c.Name]))
	}
	sc.Params.Put("retry.probability", param.Num(0))
	sc.Params.Put("crash.watchdog", param.Num(0))
	return sc
}

func classSummary(s sim.Summary, name string) sim.ClassSummary {
	for _, c := range s.Classes {
		if c.Name == name {
			return c
		}
	}
	panic(name)
}

// TestEmergencyAttachesAreNotPaced: with the MME pacing queue throttled to
// its minimum, emergency attaches all complete while ordinary attaches
// overflow.
func TestEmergencyAttachesAreNotPaced(t *testing.T) {
	sc := small(map[string]float64{"mme-attach": 400, "mme-emergency": 200})
	sc.Params.Put("mme-network-overload-protection", param.On(true))
	sc.Params.Put("mme-new-connections-per-second", param.Num(50))
	sc.Params.Put("mme-queue-size", param.Num(250))
	r, _ := sim.Start(Def, sc, false)
	r.RunToEnd()
	s := r.Summary()
	em, at := classSummary(s, "mme-emergency"), classSummary(s, "mme-attach")
	if em.Offered == 0 || em.Completed+em.InFlight != em.Offered {
		t.Fatalf("emergency attaches: %+v", em)
	}
	if simtest.Counter(t, s, "imsimgr", cEmergencyUnpaced.Key()) != float64(em.Offered) {
		t.Fatal("emergency attaches not all counted as unpaced")
	}
	if at.Dropped == 0 {
		t.Fatalf("ordinary attaches did not overflow: %+v", at)
	}
}

// TestSeparateSGSNAndMMEQueues: a storm on the SGSN overflows the SGSN
// queue only; MME requests keep their own queue and configuration.
func TestSeparateSGSNAndMMEQueues(t *testing.T) {
	sc := small(map[string]float64{"sgsn-attach": 1000, "mme-attach": 100})
	for _, p := range []string{"sgsn-", "mme-"} {
		sc.Params.Put(p+"network-overload-protection", param.On(true))
		sc.Params.Put(p+"new-connections-per-second", param.Num(200))
		sc.Params.Put(p+"queue-size", param.Num(250))
	}
	sc.Params.Put("mme-action", param.Str("reject"))
	r, _ := sim.Start(Def, sc, false)
	r.RunToEnd()
	s := r.Summary()
	if simtest.Counter(t, s, "pacing (SGSN)", cOverflowDrops.Key()) == 0 {
		t.Fatal("the SGSN queue did not overflow")
	}
	mme := classSummary(s, "mme-attach")
	if mme.Completed+mme.InFlight != mme.Offered || simtest.Counter(t, s, "pacing (MME)", cOverflowRejects.Key()) != 0 {
		t.Fatalf("MME attaches suffered from the SGSN storm: %+v", mme)
	}
	// Released from the SGSN queue: at most N per second (plus the first).
	if rel := simtest.Counter(t, s, "pacing (SGSN)", cReleased.Key()); rel > 200*60+1 {
		t.Fatalf("SGSN released %v in 60 s at N = 200/s", rel)
	}
}

// TestEverythingEndsWhenTrafficStops: with retries off and the traffic
// stopped half way, every attempt has ended by the end of the run.
func TestEverythingEndsWhenTrafficStops(t *testing.T) {
	sc := preset(t, "attach-storm")
	sc.Params.Put("retry.probability", param.Num(0))
	sc.Duration = 600
	sc.Timeline = nil
	for _, c := range classes {
		sc.Timeline = append(sc.Timeline, scenario.Change{At: 300, Param: "rate." + c.Name, Value: param.Num(0)})
	}
	r, _ := sim.Start(Def, sc, false)
	r.RunToEnd()
	s := r.Summary()
	if s.Total.InFlight != 0 {
		t.Fatalf("%d still in flight", s.Total.InFlight)
	}
	if got := s.Total.Completed + s.Total.Late + s.Total.Rejected + s.Total.Dropped + s.Total.Throttled; got != s.Total.Offered {
		t.Fatalf("outcomes %d ≠ offered %d", got, s.Total.Offered)
	}
}

// The rule the ranges cannot say: a queue size is 0 (N·W) or 250 and more.
func TestQueueSizeRule(t *testing.T) {
	sc := scenario.New(Def.Name, Def.Params)
	sc.Params.Put("sgsn-queue-size", param.Num(100))
	var pe *param.Error
	if _, err := sim.Start(Def, sc, false); !errors.As(err, &pe) || pe.Field != "sgsn-queue-size" || !strings.Contains(pe.Allowed, "250 to 25000") {
		t.Errorf("queue size 100: %v", err)
	}
}

func preset(t *testing.T, name string) *scenario.Scenario { return simtest.Preset(t, Def, name) }
