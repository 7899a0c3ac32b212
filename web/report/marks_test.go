package report

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"overloadlab/core/engine/clock"
	"overloadlab/core/engine/kernel"
	"overloadlab/core/engine/sim"
	"overloadlab/core/engine/sim/simtest"
	"overloadlab/core/node/access"
)

// The moments a model marks during the run (sim.Env.Mark) are in the
// report as the page shows them: a marker on every time chart, its words
// in the line's title, and listed with their times above the charts; those
// after the time reached are not.
func TestRunMarksInTheReport(t *testing.T) {
	sc := simtest.Preset(t, access.Def, "outage-s1-overload")
	sc.Duration = 400
	r, err := sim.Start(access.Def, sc, false)
	if err != nil {
		t.Fatal(err)
	}
	r.AdvanceTo(kernel.Seconds(300))
	ms := r.Marks()
	if len(ms) < 4 {
		t.Fatalf("%d marks by 300 s", len(ms))
	}
	page := write(t, &Input{A: r})
	list := page[strings.Index(page, `<p class="marks">`):]
	list = list[:strings.Index(list, "</p>")]
	if n := strings.Count(list, "<span "); n != len(ms) {
		t.Errorf("%d marks listed, the run has %d", n, len(ms))
	}
	for _, m := range ms {
		if m.At >= 300 {
			t.Errorf("mark at %g s, past the time reached", m.At)
		}
		if !strings.Contains(list, `data-at="`+strconv.FormatFloat(m.At, 'g', -1, 64)+`">`+clock.Format(m.At, sc.Duration)+" "+m.Label+"<") {
			t.Errorf("%g s %q not listed", m.At, m.Label)
		}
		title := "<title>" + escape(clock.Format(m.At, sc.Duration)+": "+m.Label) + "</title>"
		if n := strings.Count(page, title); n != len(access.Def.Charts) {
			t.Errorf("%q drawn on %d charts of %d", m.Label, n, len(access.Def.Charts))
		}
	}
	// A span (the random T3346's echo) is shaded up to the time reached.
	sc = simtest.Preset(t, access.Def, "outage-t3346-random")
	sc.Duration = 1200
	r, err = sim.Start(access.Def, sc, false)
	if err != nil {
		t.Fatal(err)
	}
	r.AdvanceTo(kernel.Seconds(1100))
	page = write(t, &Input{A: r})
	// From the echo's start (about 1025 s) to 1100 s of 1100 s over the
	// plot's 684 px.
	e := r.Marks()
	if len(e) != 1 || e[0].Until != 1100 {
		t.Fatalf("marks by 1100 s: %+v, want the echo's span capped at 1100 s", e)
	}
	x := func(t float64) float64 { return padL + t/1100*(chartW-padL-padR) }
	w := x(1100) - x(e[0].At)
	if n := strings.Count(page, fmt.Sprintf(`width="%.1f" height="%d" class="span"/>`, w, chartH-padB-padT)); n != len(access.Def.Charts) {
		t.Errorf("the echo's span (%.1f px wide) shaded on %d charts of %d", w, n, len(access.Def.Charts))
	}
}
