package main

import (
	"bytes"
	"strings"
	"testing"

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
	want := "\nmarked during the run (1):\n  0:17:05–0:20:00  T3346 echo: 975,965 rejected #22 return\n"
	if !strings.Contains(b.String(), want) {
		t.Errorf("run's text lacks %q:\n%s", want, b.String())
	}
}
