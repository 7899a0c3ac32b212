package main

import (
	"bytes"
	"strings"
	"testing"

	"overloadlab/core/engine/clock"
	"overloadlab/core/engine/sim"
	"overloadlab/core/engine/sim/simtest"
	"overloadlab/core/node/access"
)

// `run`'s text lists the moments the model marked during the run, with
// their times as the run's clock writes them, a span's end after a dash;
// its JSON has them in the summary (encoding/json writes sim.Summary).
func TestRunListsTheMarks(t *testing.T) {
	sc := simtest.Preset(t, access.Def, "outage-t3346-random")
	sc.Duration = 1200
	r, err := sim.Start(access.Def, sc, false)
	if err != nil {
		t.Fatal(err)
	}
	r.RunToEnd()
	s := r.Summary()
	var b bytes.Buffer
	if err := writeText(&b, &s, sc); err != nil {
		t.Fatal(err)
	}
	if len(s.Marks) != 1 || s.Marks[0].Until != 1200 || !strings.HasPrefix(s.Marks[0].Label, "T3346 echo: ") {
		t.Fatalf("marks %+v, want the echo's span capped at 1200 s", s.Marks)
	}
	want := "\nmarked during the run (1):\n  " + clock.Format(s.Marks[0].At, 1200) + "–0:20:00  " + s.Marks[0].Label + "\n"
	if !strings.Contains(b.String(), want) {
		t.Errorf("run's text lacks %q:\n%s", want, b.String())
	}
}
