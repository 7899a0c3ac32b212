package sim

import (
	"fmt"
	"testing"

	"overloadlab/core/engine/kernel"
	"overloadlab/core/engine/param"
)

// marker is the toy that reports a moment at some of its events: every
// k-th from mark, a span of 0.5 s from the event after, and one moment
// 0.25 s in the past every 7th event.
type marker struct {
	toy
	k, i int
}

func (n *marker) Handle(e kernel.Event) {
	n.toy.Handle(e)
	n.i++
	if n.k > 0 && n.i%n.k == 0 {
		n.env.Mark(e.At, e.At+500*kernel.Millisecond, fmt.Sprintf("moment %d", n.i))
	}
	if n.k > 0 && n.i%7 == 0 {
		n.env.Mark(e.At-250*kernel.Millisecond, 0, fmt.Sprintf("late %d", n.i))
	}
}

func markerDef(k int) *Def {
	d := toyDef(false)
	d.New = func(env *Env, v param.Values) (Node, error) {
		n := &marker{toy: toy{env: env}, k: k}
		env.At(0, FirstKind, 0, 0)
		return n, nil
	}
	return d
}

// A node's moments come out of the run in time order (one reported late
// put in its place), a span's end capped at the time reached, the first
// MaxMarks of them kept and the rest counted; they leave the digest alone.
func TestMarks(t *testing.T) {
	sc := toyScenario()
	sc.Duration = 10
	plain, err := Start(markerDef(0), sc, false)
	if err != nil {
		t.Fatal(err)
	}
	plain.RunToEnd()
	if s := plain.Summary(); s.Marks != nil || s.MarksLeftOut != 0 || len(plain.Marks()) != 0 || plain.Marks() == nil {
		t.Errorf("a node that marks nothing: summary %v (%d left out), Marks %v", s.Marks, s.MarksLeftOut, plain.Marks())
	}
	r, err := Start(markerDef(3), sc, false)
	if err != nil {
		t.Fatal(err)
	}
	// Events every 0.1 s from 0: the 3rd at 0.2 s, the 6th at 0.5 s, the
	// 7th at 0.6 s marks 0.35 s.
	r.AdvanceTo(kernel.Seconds(0.55))
	ms := r.Marks()
	if len(ms) != 2 || ms[0] != (Event{At: 0.2, Until: 0.55, Label: "moment 3"}) || ms[1] != (Event{At: 0.5, Until: 0.55, Label: "moment 6"}) {
		t.Errorf("at 0.55 s: %+v, want moments 3 (0.2–0.55 s) and 6 (0.5–0.55 s)", ms)
	}
	r.AdvanceTo(kernel.Seconds(1.2))
	ms = r.Marks()
	want := []Event{{0.2, 0.7, "moment 3", ""}, {0.35, 0, "late 7", ""}, {0.5, 1, "moment 6", ""}, {0.8, 1.2, "moment 9", ""}, {1.1, 1.2, "moment 12", ""}}
	if fmt.Sprint(ms) != fmt.Sprint(want) {
		t.Errorf("at 1.2 s: %v, want %v", ms, want)
	}
	r.RunToEnd()
	s := r.Summary()
	if s.Digest != plain.Summary().Digest {
		t.Errorf("digest %s with marks, %s without", s.Digest, plain.Summary().Digest)
	}
	// 100 events: 33 moments and 14 late ones.
	if len(s.Marks) != 47 || s.MarksLeftOut != 0 {
		t.Errorf("%d marks, %d left out, want 47 and 0", len(s.Marks), s.MarksLeftOut)
	}
	for i := 1; i < len(s.Marks); i++ {
		if s.Marks[i].At < s.Marks[i-1].At {
			t.Errorf("mark %d at %g s after one at %g s", i, s.Marks[i].At, s.Marks[i-1].At)
		}
	}
	// A node that marks at every event, 10 a second for 100 s: MaxMarks
	// kept, the first ones, the rest counted.
	sc.Duration = 100
	r, err = Start(markerDef(1), sc, false)
	if err != nil {
		t.Fatal(err)
	}
	r.RunToEnd()
	s = r.Summary()
	if len(s.Marks) != MaxMarks || s.MarksLeftOut != 1000+1000/7-MaxMarks || s.Marks[0].Label != "moment 1" {
		t.Errorf("%d marks kept (want %d), %d left out (want %d), first %q", len(s.Marks), MaxMarks, s.MarksLeftOut, 1000+1000/7-MaxMarks, s.Marks[0].Label)
	}
	if c := cap(r.env.marks); c > 2*MaxMarks {
		t.Errorf("the run holds room for %d marks", c)
	}
}
