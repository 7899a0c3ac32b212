package access

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"testing"

	"overloadlab/core/engine/kernel"
	"overloadlab/core/engine/metrics"
	"overloadlab/core/engine/param"
	"overloadlab/core/engine/scenario"
	"overloadlab/core/engine/sim"
	"overloadlab/core/engine/sim/simtest"
)

// census counts every device where it is, from the structures: the wheel's
// entries (by what they wait for), the pools and the pacing queues.
func (n *node) census() (total int64, byKind [numKinds]int64) {
	for _, s := range n.wheel {
		for _, e := range s {
			byKind[keyKind(e.key)] += int64(e.n)
			total += int64(e.n)
		}
	}
	for c := range n.attached {
		for m := range n.attached[c] {
			total += sum(n.attached[c][m][:])
		}
		total += sum(n.outage[c])
	}
	for _, x := range n.asleep {
		total += sum(x[:])
	}
	total += n.held()
	for _, m := range n.mmes {
		for _, x := range m.queued {
			total += x
		}
		if int64(m.queue.Len()) != sum(m.queued[:]) {
			panic("queue length differs from its groups")
		}
	}
	// Every eNodeB's cell group has its told set, and the groups count
	// their eNodeBs.
	cells := make([]int, n.nz)
	for e, z := range n.cellZ {
		cells[z]++
		var mask uint8
		for i, m := range n.mmes {
			if m.told[e] {
				mask |= 1 << i
			}
		}
		if mask != n.zMask[z] {
			panic(fmt.Sprintf("eNodeB %d told by %b, its cell group %d by %b", e, mask, z, n.zMask[z]))
		}
	}
	if !slices.Equal(cells, n.zCells[:n.nz]) {
		panic(fmt.Sprintf("the cell groups have %v eNodeBs, they count %v", cells, n.zCells[:n.nz]))
	}
	return total, byKind
}

func sum(xs []int64) (s int64) {
	for _, x := range xs {
		s += x
	}
	return s
}

// scenarioOf returns preset name with devices set and the changes given.
func scenarioOf(t *testing.T, name string, devices float64, extra map[string]param.Value) *scenario.Scenario {
	t.Helper()
	sc := simtest.Preset(t, Def, name)
	if err := sc.Params.Put("devices", param.Num(devices)); err != nil {
		t.Fatal(err)
	}
	for k, v := range extra {
		if err := sc.Params.Put(k, v); err != nil {
			t.Fatal(err)
		}
	}
	return sc
}

// TestEveryDeviceInOnePlace runs every preset (and each of its variants)
// with 20 000 devices and checks, every 97 s, that the census finds every
// device exactly once, that the gauges the charts show equal what the
// wheel holds, and that every attempt is counted once (simtest.Conserved).
func TestEveryDeviceInOnePlace(t *testing.T) {
	for _, p := range Def.Presets {
		variants := append([]scenario.Variant{{Label: "preset"}}, p.Compare...)
		for _, v := range variants {
			t.Run(p.Name+"/"+v.Label, func(t *testing.T) {
				sc := scenarioOf(t, p.Name, 20000, v.Params)
				r, err := sim.Start(Def, sc, false)
				if err != nil {
					t.Fatal(err)
				}
				n := r.Node().(*node)
				for !r.Done() {
					r.AdvanceTo(r.Now() + 97*kernel.Second)
					total, byKind := n.census()
					if total != n.devices {
						t.Fatalf("at %v: %d devices counted, %d in the area", r.Now(), total, n.devices)
					}
					if byKind != n.waiting {
						t.Fatalf("at %v: the wheel holds %v, the gauges say %v", r.Now(), byKind, n.waiting)
					}
					var bo int64
					for c := range n.backoffA {
						for m := range n.backoffA[c] {
							bo += sum(n.backoffA[c][m][:])
						}
					}
					if bo != byKind[kBackoff] {
						t.Fatalf("at %v: %d attached in back-off, %d in the wheel", r.Now(), bo, byKind[kBackoff])
					}
					if err := simtest.Conserved(r); err != nil {
						t.Fatalf("at %v: %v", r.Now(), err)
					}
				}
				if err := r.Err(); err != nil {
					t.Fatal(err)
				}
			})
		}
	}
}

// run runs sc and returns its series and its report.
func run(t *testing.T, sc *scenario.Scenario) (map[string][]float64, sim.Report) {
	t.Helper()
	r, err := sim.Start(Def, sc, false)
	if err != nil {
		t.Fatal(err)
	}
	r.RunToEnd()
	if err := r.Err(); err != nil {
		t.Fatal(err)
	}
	s, _ := simtest.Series(t, Def, sc)
	return s, r.Report()
}

// nonZero lists the whole seconds in which column col is not 0.
func nonZero(s map[string][]float64, col string) []int {
	var out []int
	for i, x := range s[col] {
		if x != 0 {
			out = append(out, i)
		}
	}
	return out
}

// overloaded is a scenario in which the MMEs can answer nothing in time:
// every attach of the herd fails on T3410.
func overloaded(extra map[string]param.Value) map[string]param.Value {
	p := map[string]param.Value{
		"spread": param.Str("at-once"), "cost.attach": param.Num(20000), "mme.max-wait": param.Num(1), "mmes": param.Num(1), "cpu.speed": param.Num(0.1),
		"share.high": param.Num(0), "share.emergency": param.Num(0), "share.m2m": param.Num(0),
		"rate.tau": param.Num(0), "rate.service": param.Num(0), "rate.paging": param.Num(0),
	}
	for k, v := range extra {
		p[k] = v
	}
	return p
}

// TestTimersMakeWaves checks TS 24.301 §5.5.1.2.6 exactly: the herd that
// starts at 120 s and never gets an answer in time sends at 120, 145,
// 170, 195 and 220 s (T3410 15 s + T3411 10 s apart), 5 attempts, then
// waits T3402 = 12 min after the last one failed (235 s): next at 955 s.
func TestTimersMakeWaves(t *testing.T) {
	sc := scenarioOf(t, "outage-no-control", 10000, overloaded(nil))
	sc.Duration = 1200
	s, rep := run(t, sc)
	got := nonZero(s, "radio.sent")
	want := []int{120, 145, 170, 195, 220, 955, 980, 1005, 1030, 1055}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("attempts in the seconds %v, want %v", got, want)
	}
	// Each attempt finds the CPU free: its ingress limit of 1 s lets in
	// the requests that find a backlog of at most 1 s, those behind 0, 1,
	// …, 4 attaches of (20 000 + 20) µs / (0.1 × 95 %) = 0.21 s, all
	// answered in T3410; the rest are dropped. 5 fewer try each time.
	for j, i := range want {
		if w := float64(10000 - 5*j); s["radio.sent"][i] != w {
			t.Fatalf("second %d: %v attempts, want %v", i, s["radio.sent"][i], w)
		}
	}
	if a := counter(rep, "access", "attach_accepted"); a != 50 {
		t.Fatalf("%v accepted, want 50", a)
	}
	// Another T3402 and counter limit.
	sc = scenarioOf(t, "outage-no-control", 10000, overloaded(map[string]param.Value{"T3402": param.Num(5), "attach-attempt-counter.max": param.Num(2), "T3411": param.Num(20)}))
	sc.Duration = 900
	s, _ = run(t, sc)
	if got, want := nonZero(s, "radio.sent"), []int{120, 155, 470, 505, 820, 855}; fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("with T3411 20 s, 2 attempts, T3402 5 min: attempts in the seconds %v, want %v", got, want)
	}
}

func counter(rep sim.Report, group, name string) float64 {
	for _, g := range rep.Controls {
		if g.Name == group {
			for _, c := range g.Counters {
				if c.Name == name {
					return c.Value
				}
			}
		}
	}
	panic(group + "/" + name)
}

// TestFixedT3346Echoes checks TS 24.301 §5.5.1.2.5 with a congested MME
// (onset 1 % CPU, never abating): every normal device rejected with #22
// and T3346 = 15 min sends no attach for 900 s, then the whole herd
// comes back in the same second; high-priority and emergency attaches are
// never rejected for congestion.
func TestFixedT3346Echoes(t *testing.T) {
	p := overloaded(map[string]param.Value{
		"cost.attach": param.Num(100), "nas-congestion": param.On(true), "nas-congestion.onset": param.Num(1), "nas-congestion.abatement": param.Num(0),
		"t3346.min": param.Num(15), "t3346.max": param.Num(15), "share.high": param.Num(5), "share.emergency": param.Num(1),
		"cost.reject": param.Num(0), "cost.ingress": param.Num(0), "cpu.speed": param.Num(1),
	})
	sc := scenarioOf(t, "outage-no-control", 10000, p)
	sc.Duration = 1100
	s, rep := run(t, sc)
	if got, want := nonZero(s, "attach.offered"), []int{120, 1020}; fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("normal attaches offered in the seconds %v, want %v", got, want)
	}
	if r := s["attach.rejected"][120] + s["attach.rejected"][1020]; r != 2*9400 {
		t.Fatalf("%v normal attaches rejected #22, want every one of the 9400 twice", r)
	}
	for _, c := range []string{"attach-high", "attach-emergency"} {
		var rej, ok float64
		for i := range s[c+".rejected"] {
			rej += s[c+".rejected"][i]
			ok += s[c+".completed"][i]
		}
		if rej != 0 || ok == 0 {
			t.Fatalf("%s: %v rejected, %v completed; want none rejected for congestion", c, rej, ok)
		}
	}
	if counter(rep, "nas congestion", "exempted") != 600 {
		t.Fatalf("exempted %v, want the 500 high-priority and 100 emergency attaches", counter(rep, "nas congestion", "exempted"))
	}
}

// TestRandomT3346Spreads: with T3346 random in 15–30 min the herd comes
// back between 900 and 1800 s after its reject, evenly: no second holds
// more than 1 % of it, each third of the window about a third.
func TestRandomT3346Spreads(t *testing.T) {
	p := overloaded(map[string]param.Value{
		"cost.attach": param.Num(100), "nas-congestion": param.On(true), "nas-congestion.onset": param.Num(1), "nas-congestion.abatement": param.Num(0),
		"t3346.min": param.Num(15), "t3346.max": param.Num(30), "cpu.speed": param.Num(1), "cost.reject": param.Num(0), "cost.ingress": param.Num(0),
	})
	sc := scenarioOf(t, "outage-no-control", 100000, p)
	sc.Duration = 2000
	s, _ := run(t, sc)
	got := nonZero(s, "attach.offered")
	if got[0] != 120 || got[1] != 1020 {
		t.Fatalf("attaches offered in second %d, then from %d; want 120, then from 1020", got[0], got[1])
	}
	var thirds [3]float64
	for i := 1020; i < 1920; i++ {
		x := s["attach.offered"][i]
		if x > 1000 {
			t.Fatalf("second %d: %v attaches, a spike", i, x)
		}
		thirds[(i-1020)/300] += x
	}
	if all := thirds[0] + thirds[1] + thirds[2]; all < 99500 {
		t.Fatalf("%v of the 100000 came back within 1020–1920 s", all)
	}
	for _, x := range thirds {
		if math.Abs(x-100000.0/3) > 1000 {
			t.Fatalf("thirds of the back-off window hold %v", thirds)
		}
	}
}

// TestBarringTime checks TS 36.331 §5.3.3.11: with ac-BarringFactor p00
// every attempt of an ordinary device is barred, and each barred device
// tries again after (0.7 + 0.6·rand) × ac-BarringTime: for 64 s, between
// 44.8 and 83.2 s later; high-priority devices whose class bit is 0 are
// not barred; barred attempts cost the core nothing.
func TestBarringTime(t *testing.T) {
	p := overloaded(map[string]param.Value{
		"ac-BarringForMO-Signalling": param.On(true), "ac-BarringForMO-Signalling.ac-BarringFactor": param.Str("p00"),
		"ac-BarringForMO-Signalling.ac-BarringTime": param.Str("s64"), "share.high": param.Num(10), "cost.attach": param.Num(100), "cpu.speed": param.Num(1),
	})
	sc := scenarioOf(t, "outage-no-control", 10000, p)
	sc.Duration = 250
	s, rep := run(t, sc)
	got := nonZero(s, "radio.barred")
	if got[0] != 120 || s["radio.barred"][120] != 9000 {
		t.Fatalf("barred first in second %d, %v of them; want 120, the 9000 ordinary devices", got[0], s["radio.barred"][120])
	}
	var second float64
	for _, i := range got[1:] {
		if i >= 209 { // the third tries: 0.7 + 0.7 times 64 s at the earliest
			break
		}
		if i < 164 || i > 203 {
			t.Fatalf("a barred device tried again in second %d, want 164.8–203.2", i)
		}
		second += s["radio.barred"][i]
	}
	if second != 9000 {
		t.Fatalf("%v second tries, want 9000", second)
	}
	if a := counter(rep, "access", "attach_accepted"); a != 1000 {
		t.Fatalf("%v accepted, want the 1000 high-priority devices", a)
	}
	if c := s["cpu"][150]; c > 10 {
		t.Fatalf("CPU %v %% while only barred attempts are made", c)
	}
}

// TestEABBarsByClass: EAB with classes 0–6 barred and no rotation lets in
// only the M2M devices of access classes 7–9 until the bitmap changes.
func TestEABBarsByClass(t *testing.T) {
	p := overloaded(map[string]param.Value{"share.m2m": param.Num(100), "eab": param.On(true), "eab.rotation": param.Num(0), "cost.attach": param.Num(100), "cpu.speed": param.Num(1)})
	sc := scenarioOf(t, "outage-no-control", 30000, p)
	sc.Duration = 300
	_, rep := run(t, sc)
	if a, b := counter(rep, "access", "attach_accepted"), counter(rep, "access", "attach_barred"); a != 9000 || b != 21000 {
		t.Fatalf("%v accepted, %v barred; want the 9000 of classes 7–9 in, the 21000 others barred once", a, b)
	}
	// With the bitmap rotating every 30 s, every class gets in.
	p["eab.rotation"] = param.Num(30)
	sc = scenarioOf(t, "outage-no-control", 30000, p)
	sc.Duration = 300
	_, rep = run(t, sc)
	if a := counter(rep, "access", "attach_accepted"); a != 30000 {
		t.Fatalf("%v accepted with rotation, want all", a)
	}
}

// TestOverloadStartSparesEmergencyAndPaging: under S1AP OVERLOAD START with
// "reject RRC connection requests for signalling" no emergency attach and
// no answer to paging is rejected at the radio, while signalling is.
func TestOverloadStartSparesEmergencyAndPaging(t *testing.T) {
	sc := scenarioOf(t, "outage-s1-overload", 1000000, map[string]param.Value{"share.emergency": param.Num(1)})
	sc.Duration = 900
	s, rep := run(t, sc)
	if counter(rep, "s1ap overload", "overload_start") == 0 {
		t.Fatal("no OVERLOAD START")
	}
	var radio, emRej, pagingRej, emOK float64
	for i := range s["radio.rejected"] {
		radio += s["radio.rejected"][i]
		emRej += s["attach-emergency.rejected"][i]
		pagingRej += s["paging.rejected"][i]
		emOK += s["attach-emergency.completed"][i]
	}
	if radio == 0 || emRej != 0 || pagingRej != 0 || emOK == 0 {
		t.Fatalf("rejected at the radio %v; emergency rejected %v, completed %v; paging rejected %v", radio, emRej, emOK, pagingRej)
	}
}

// TestMMEFailureMovesDevices: when MME 1 fails its devices re-attach to
// the other two; none is left on MME 1.
func TestMMEFailureMovesDevices(t *testing.T) {
	sc := scenarioOf(t, "mme-failure", 30000, map[string]param.Value{"mme-fail.for": param.Num(3000)})
	sc.Duration = 1500
	r, err := sim.Start(Def, sc, false)
	if err != nil {
		t.Fatal(err)
	}
	r.RunToEnd()
	n := r.Node().(*node)
	var on1, others int64
	for c := range n.attached {
		on1 += sum(n.attached[c][0][:])
		others += sum(n.attached[c][1][:]) + sum(n.attached[c][2][:])
	}
	if on1 != 0 || others < 29000 {
		t.Fatalf("%d attached to the failed MME, %d to the others", on1, others)
	}
}

// TestBadInput: the cross-field rules name the field.
func TestBadInput(t *testing.T) {
	for _, c := range []struct {
		set   map[string]param.Value
		field string
	}{
		{map[string]param.Value{"trigger.t1": param.Num(200), "trigger.t2": param.Num(100)}, "trigger.t2"},
		{map[string]param.Value{"share.m2m": param.Num(90), "share.high": param.Num(15)}, "share.m2m"},
		{map[string]param.Value{"ac-BarringForMO-Signalling.ac-BarringFactor": param.Str("p05"), "ac-BarringForMO-Signalling.ac-BarringForSpecialAC": param.Str("00100")}, "ac-BarringForMO-Signalling.ac-BarringFactor"},
		{map[string]param.Value{"t3346.min": param.Num(40)}, "t3346.min"},
		{map[string]param.Value{"s1-overload.abatement": param.Num(90)}, "s1-overload.abatement"},
		{map[string]param.Value{"mme-queue-size": param.Num(100)}, "mme-queue-size"},
	} {
		v := Def.Params.Defaults()
		for k, x := range c.set {
			if err := v.Put(k, x); err != nil {
				t.Fatal(err)
			}
		}
		var pe *param.Error
		if err := check(v); !errors.As(err, &pe) || pe.Field != c.field {
			t.Errorf("%v: %v, want an error naming %s", c.set, err, c.field)
		}
	}
}

// TestOutcomesAreCounted: a whole preset's attempts end in one outcome
// each, none in flight at the end but those in the pacing queues.
func TestOutcomesAreCounted(t *testing.T) {
	sc := scenarioOf(t, "outage-pacing", 50000, nil)
	r, err := sim.Start(Def, sc, false)
	if err != nil {
		t.Fatal(err)
	}
	r.RunToEnd()
	rep := r.Report()
	for i, c := range rep.Classes {
		if c.InFlight() != rep.Held[i] {
			t.Fatalf("%s: %d in flight, %d held", c.Name, c.InFlight(), rep.Held[i])
		}
	}
	var barred int64
	for _, c := range rep.Classes[:numDevClasses] {
		barred += c.Ended[metrics.Throttled]
	}
	if barred != int64(counter(rep, "access", "attach_barred")) {
		t.Fatalf("throttled %d, barred %v", barred, counter(rep, "access", "attach_barred"))
	}
}

// TestEveryPresetHasItsTourAndClaims: the tours and claims reach their
// presets (3 to 6 steps, claims named by the steps exist).
func TestEveryPresetHasItsTourAndClaims(t *testing.T) {
	for _, p := range Def.Presets {
		if n := len(p.Tour); n < 3 || n > 6 || len(p.Claims) == 0 {
			t.Errorf("%s: %d tour steps, %d claims", p.Name, n, len(p.Claims))
		}
		for _, st := range p.Tour {
			for _, c := range st.Claims {
				found := false
				for _, cl := range p.Claims {
					found = found || cl.Name == c
				}
				if !found {
					t.Errorf("%s: step at %g names no claim %s", p.Name, st.At, c)
				}
			}
		}
	}
}
