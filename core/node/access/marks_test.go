package access

import (
	"strconv"
	"strings"
	"testing"

	"overloadlab/core/engine/kernel"
	"overloadlab/core/engine/sim"
	"overloadlab/core/engine/sim/simtest"
)

// firstT3346 returns the earliest slot at which the wheel holds devices
// in T3346, and how many end there (-1: none).
func (n *node) firstT3346() (kernel.Time, int64) {
	at, cnt := kernel.Time(-1), int64(0)
	for s := int64(1); s < int64(len(n.wheel)); s++ {
		for _, e := range n.wheel[(n.tick+s)%int64(len(n.wheel))] {
			if keyKind(e.key) == kT3346 {
				at, cnt = kernel.Time(n.tick+s)*step, cnt+int64(e.n)
			}
		}
		if at >= 0 {
			return at, cnt
		}
	}
	return -1, 0
}

// echoes returns the run's T3346 echo marks.
func echoes(r *sim.Run) (out []sim.Event) {
	for _, m := range r.Marks() {
		if strings.HasPrefix(m.Label, "T3346 echo: ") {
			out = append(out, m)
		}
	}
	return out
}

// outage-t3346-fixed: the echo is marked at the slot where the wheel ends
// the T3346 of the first device rejected #22 (its reject's arrival + 15
// min, rounded up to 100 ms), read from the wheel just after that first
// reject; it names every attach rejected #22 until then, all of them in
// T3346 up to that instant; it is not in the run's marks before the run
// reaches it, and the devices come back there. Then each later
// congestion has its echo, and T3346 random in 15–30 min spans 15 min.
func TestT3346EchoFixed(t *testing.T) {
	sc := simtest.Preset(t, Def, "outage-t3346-fixed")
	r, err := sim.Start(Def, sc, false)
	if err != nil {
		t.Fatal(err)
	}
	n := r.Node().(*node)
	for n.stats.rej22 == 0 && !r.Done() {
		r.AdvanceTo(r.Now() + step)
	}
	rejectedBy := r.Now()
	first, cnt := n.firstT3346()
	if first < 0 || cnt == 0 {
		t.Fatalf("by %v %d rejected #22 and no device in T3346", rejectedBy, n.stats.rej22)
	}
	// The first reject reached its device after it was sent (before
	// rejectedBy), at most the ingress limit later.
	if lo, hi := rejectedBy-step+15*60*kernel.Second, rejectedBy+n.maxWait+15*60*kernel.Second+step; first < lo || first > hi {
		t.Errorf("the first T3346 ends at %v, not within [%v, %v]", first, lo, hi)
	}
	r.AdvanceTo(first)
	if e := echoes(r); len(e) != 0 {
		t.Errorf("at %v, before the echo is due: %+v", first, e)
	}
	in := n.waiting[kT3346]
	if in != n.stats.rej22 {
		t.Errorf("at %v: %d devices in T3346, %d rejected #22", first, in, n.stats.rej22)
	}
	r.AdvanceTo(first + kernel.Millisecond)
	e := echoes(r)
	if len(e) != 1 || e[0].At != first.Seconds() || e[0].Until != 0 {
		t.Fatalf("at %v: echoes %+v, want one at %v s, no span", r.Now(), e, first.Seconds())
	}
	if want := "T3346 echo: " + commas(in) + " rejected #22 return"; e[0].Label != want {
		t.Errorf("echo %q, want %q", e[0].Label, want)
	}
	if back := in - n.waiting[kT3346]; back <= 0 {
		t.Errorf("at the echo %d devices left T3346", back)
	}
	r.RunToEnd()
	// The herd is rejected again at each return: one echo a congestion,
	// about 15 min apart.
	all := echoes(r)
	if len(all) != 3 {
		t.Fatalf("%d echoes in the hour: %+v", len(all), all)
	}
	for i := 1; i < len(all); i++ {
		if d := all[i].At - all[i-1].At; d < 900 || d > 960 {
			t.Errorf("echo %d %g s after the one before", i, d)
		}
	}

	sc = simtest.Preset(t, Def, "outage-t3346-random")
	r, err = sim.Start(Def, sc, false)
	if err != nil {
		t.Fatal(err)
	}
	n = r.Node().(*node)
	for n.stats.rej22 == 0 && !r.Done() {
		r.AdvanceTo(r.Now() + step)
	}
	first, _ = n.firstT3346()
	r.RunToEnd()
	e = echoes(r)
	if len(e) != 1 || e[0].Until-e[0].At != 900 || kernel.Seconds(e[0].At) > first || kernel.Seconds(e[0].At) < first-kernel.Minute {
		t.Errorf("T3346 random 15–30 min: echoes %+v, the first device back at %v", e, first)
	}
}

func commas(x int64) string {
	s := strconv.FormatInt(x, 10)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// outage-s1-overload: every MME's marks alternate OVERLOAD START, STOP,
// from a START; they count what the counters do; and replayed interval by
// interval they give the overload-state column s1.k of every row (on: a
// share of the eNodeBs told), the marks made at a row's time after it.
func TestOverloadMarksFollowTheState(t *testing.T) {
	sc := simtest.Preset(t, Def, "outage-s1-overload")
	r, err := sim.Start(Def, sc, true)
	if err != nil {
		t.Fatal(err)
	}
	r.RunToEnd()
	marks := r.Marks()
	rows := r.Recorder().Drain()
	cols := r.Recorder().Columns()
	w := len(cols)
	var s1 [3]int
	for i, c := range cols {
		for k := range s1 {
			if c.Name == "s1."+strconv.Itoa(k+1) {
				s1[k] = i
			}
		}
	}
	var on [3]bool
	var starts, stops int
	j := 0
	changes := 0
	for i := 0; i+w <= len(rows); i += w {
		row := rows[i : i+w]
		for ; j < len(marks) && marks[j].At < row[0]; j++ {
			what, mmes, ok := strings.Cut(marks[j].Label, " MME ")
			if !ok {
				continue
			}
			start := what == "OVERLOAD START"
			if !start && what != "OVERLOAD STOP" {
				t.Fatalf("mark %q", marks[j].Label)
			}
			for _, k := range strings.Split(mmes, ", ") {
				m, _ := strconv.Atoi(k)
				if m < 1 || m > 3 || on[m-1] == start {
					t.Fatalf("%q at %g s: MME %d's overload was already %v", marks[j].Label, marks[j].At, m, on[m-1])
				}
				on[m-1] = start
				changes++
				if start {
					starts++
				} else {
					stops++
				}
			}
		}
		for k := range on {
			if got := row[s1[k]] > 0; got != on[k] {
				t.Fatalf("row at %g s: MME %d's eNodeBs told %g %%, its marks say overload %v", row[0], k+1, row[s1[k]], on[k])
			}
		}
	}
	sum := r.Summary()
	rep, _ := sum.Counter("s1ap overload/overload_start")
	stop, _ := sum.Counter("s1ap overload/overload_stop")
	if starts == 0 || float64(starts) != rep || float64(stops) != stop {
		t.Errorf("marks: %d START and %d STOP; counters %g and %g", starts, stops, rep, stop)
	}
	if changes < 20 || len(marks) >= sim.MaxMarks {
		t.Errorf("%d changes in %d marks (cap %d)", changes, len(marks), sim.MaxMarks)
	}
}
