//go:build !js

package web_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"overloadlab/core/catalog"
	"overloadlab/core/engine/param"
	"overloadlab/core/engine/sim"
)

// TestRunMarksDrawn: the moments the model marks during the run (OVERLOAD
// START/STOP, the T3346 echo) are drawn on the page's charts as the run
// reaches them, never ahead of its clock (checked every frame while it
// plays, as fast as it goes), and at the end they are the core's, time
// for time and word for word, as the same preset run natively gives
// them; their labels sit beside their own lines. Screenshots of both
// presets land in testdata/screenshots. While comparing, B's own marks are
// drawn too, as "B: …".
func TestRunMarksDrawn(t *testing.T) {
	needModel(t, "access")
	tb := openPage(t)
	for _, name := range []string{"outage-s1-overload", "outage-t3346-fixed"} {
		sc, err := catalog.Preset(name)
		if err != nil {
			t.Fatal(err)
		}
		r, err := catalog.Start(sc, false)
		if err != nil {
			t.Fatal(err)
		}
		r.RunToEnd()
		want := r.Marks()
		if len(want) == 0 {
			t.Fatalf("%s marks nothing natively", name)
		}
		eval[string](t, tb, `document.body.dataset.state = "switching"`)
		eval[string](t, tb, pick("preset", name))
		tb.wait(t, ready+` && document.getElementById("preset").value === "`+name+`" && document.body.dataset.t === "0"`, 20*time.Second)
		// Every frame: the marked moments the cpu chart holds against the
		// clock, and how many it held before the first mark is due.
		first := want[0].At
		eval[string](t, tb, fmt.Sprintf(`(() => { window.marksAhead = []; window.marksEarly = 0;
		  const watch = () => {
		    const t = Number(document.body.dataset.t), f = document.querySelector('[data-chart="cpu"]');
		    const run = JSON.parse(f.dataset.markers || "[]").filter((m) => m.run);
		    for (const m of run) if (m.at_s > t || (m.until_s ?? 0) > t) marksAhead.push([m.label, m.at_s, m.until_s ?? 0, t]);
		    if (t < %g) marksEarly = Math.max(marksEarly, run.length);
		    if (document.body.dataset.done !== "true") requestAnimationFrame(watch);
		  };
		  watch();
		  return "" })()`, first))
		eval[string](t, tb, pick("speed", "0"))
		click(t, tb, "play")
		tb.waitEnd(t, 120*time.Second)
		time.Sleep(300 * time.Millisecond)
		ahead := evalJSON[[][]any](t, tb, `JSON.stringify(marksAhead)`)
		if len(ahead) > 0 {
			t.Errorf("%s: marks drawn ahead of the clock (label, at, until, clock): %v", name, ahead[:min(5, len(ahead))])
		}
		if n := eval[float64](t, tb, `marksEarly`); n != 0 {
			t.Errorf("%s: %g marks drawn before %g s, the first one's time", name, n, first)
		}
		got := evalJSON[[]struct {
			At    float64 `json:"at_s"`
			Until float64 `json:"until_s"`
			Label string  `json:"label"`
			Run   bool    `json:"run"`
		}](t, tb, markersJS)
		var drawn []sim.Event
		for _, m := range got {
			if m.Run {
				drawn = append(drawn, sim.Event{At: m.At, Until: m.Until, Label: m.Label})
			}
		}
		if fmt.Sprint(drawn) != fmt.Sprint(want) {
			t.Errorf("%s: the page's marks\n%v\nthe core's\n%v", name, drawn, want)
		}
		for _, id := range []string{"cpu", "overload", "congestion"} {
			chart := `document.querySelector('[data-chart="` + id + `"]')`
			labelsBeside(t, tb, chart, name+" "+id+" at 1280×800", 1)
		}
		// Some of the marks are labelled (the crowded ones go without).
		labelled := eval[float64](t, tb, `(() => { const f = document.querySelector('[data-chart="cpu"]'), ms = JSON.parse(f.dataset.markers);
		  return JSON.parse(f.querySelector(".uplot").dataset.labels || "[]").filter((l) => ms[l[3]].run).length })()`)
		if labelled == 0 {
			t.Errorf("%s: none of %d marks labelled on the cpu chart", name, len(want))
		}
		tb.do(t, chromedp.Evaluate[chromedp.Void](`document.querySelector('[data-chart="cpu"]').scrollIntoView()`))
		time.Sleep(300 * time.Millisecond)
		viewShot(t, tb, name+"-marks-1280x800.png")
	}
	// B beside A (the preset's variant, T3346 random 15–30 min): B's own
	// marks join A's as "B: …", those A has too are not repeated.
	compareWith(t, tb, 0)
	sc, _ := catalog.Preset("outage-t3346-fixed")
	sc.Params.Put("t3346.max", param.Num(30))
	r, err := catalog.Start(sc, false)
	if err != nil {
		t.Fatal(err)
	}
	r.RunToEnd()
	var wantB []string
	for _, m := range r.Marks() {
		wantB = append(wantB, fmt.Sprintf("B: %s %g–%g", m.Label, m.At, m.Until))
	}
	tb.wait(t, `JSON.parse(`+markersJS+`).some((m) => m.label.startsWith("B: "))`, 30*time.Second)
	ms := evalJSON[[]struct {
		At    float64 `json:"at_s"`
		Until float64 `json:"until_s"`
		Label string  `json:"label"`
	}](t, tb, markersJS)
	var gotB []string
	for _, m := range ms {
		if strings.HasPrefix(m.Label, "B: ") {
			gotB = append(gotB, fmt.Sprintf("%s %g–%g", m.Label, m.At, m.Until))
		}
	}
	if len(wantB) == 0 || fmt.Sprint(gotB) != fmt.Sprint(wantB) {
		t.Errorf("B's marks on the page %v, the core's %v", gotB, wantB)
	}
	if errs := tb.errors(); len(errs) > 0 {
		t.Errorf("console errors: %q", errs)
	}
}
