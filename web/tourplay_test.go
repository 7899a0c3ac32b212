//go:build !js

package web_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"overloadlab/core/catalog"
)

// stepInView says where, in the window, the step on screen, its Next
// button and the first chart it names are.
const stepInView = `((chart) => {
  const r = (e) => { const b = e.getBoundingClientRect(); return { top: b.top, bottom: b.bottom }; };
  const li = document.querySelector(".tour-steps:not([hidden]) li.current");
  const fig = document.querySelector('figure.chart[data-chart="' + chart + '"]');
  const plot = fig && fig.querySelector(".u-over");
  return JSON.stringify({ h: innerHeight, text: li ? r(li) : null, next: r(document.getElementById("tour-next")),
    chart: fig ? r(fig) : null, plot: plot ? r(plot) : null });
})`

type span struct{ Top, Bottom float64 }

// TestToursPlayToTheirEnd plays every preset's tour by pressing Play
// alone (never Next), as fast as the page goes: it pauses at each step,
// shows it, and reaches the last one, also where it is at the run's end.
// At each step the step's text and its Next button are in the window
// together with the chart the step names (its plot at least half in
// view), at 1024×768 and at 390×844 (on a phone), the presets shared
// between the two sizes. One page plays every preset in turn.
func TestToursPlayToTheirEnd(t *testing.T) {
	tb := openPage(t)
	sizes := []viewport{viewports[1], viewports[3]} // 1024×768, 390×844
	for i, p := range catalog.Presets() {
		v := sizes[i%len(sizes)]
		t.Run(p.Name, func(t *testing.T) {
			tb.emulate(t, v)
			if eval[string](t, tb, `document.getElementById("preset").value`) != p.Name {
				choose(t, tb, p.Name)
			}
			eval[string](t, tb, pick("speed", "0"))
			tb.do(t, chromedp.Evaluate[chromedp.Void](`window.scrollTo(0, 0)`))
			click(t, tb, "tour-start")
			for k, st := range p.Tour {
				if k > 0 {
					click(t, tb, "play") // Play, not Next
				}
				tb.wait(t, atStep(k), 60*time.Second)
				if got := eval[string](t, tb, tourText); !strings.HasSuffix(got, st.Text) {
					t.Errorf("step %d of %d: the tour shows %q, want %q", k+1, len(p.Tour), got, st.Text)
				}
				if got := eval[string](t, tb, `document.getElementById("tour-count").textContent`); !strings.HasPrefix(got, fmt.Sprintf("Step %d of %d", k+1, len(p.Tour))) {
					t.Errorf("step %d of %d: the tour says %q", k+1, len(p.Tour), got)
				}
				time.Sleep(50 * time.Millisecond) // the scroll to the chart
				var w struct {
					H                       float64
					Text, Next, Chart, Plot *span
				}
				json.Unmarshal([]byte(eval[string](t, tb, stepInView+`(`+jsString(st.Charts[0])+`)`)), &w)
				where := fmt.Sprintf("%s, step %d of %d (chart %s)", v.name, k+1, len(p.Tour), st.Charts[0])
				if w.Text == nil || w.Chart == nil || w.Plot == nil {
					t.Errorf("%s: no step text or no chart: %+v", where, w)
					continue
				}
				in := func(s *span) bool { return s.Top >= -1 && s.Bottom <= w.H+1 }
				seen := min(w.Plot.Bottom, w.H) - max(w.Plot.Top, w.Next.Bottom, w.Text.Bottom)
				if !in(w.Text) || !in(w.Next) || seen < (w.Plot.Bottom-w.Plot.Top)/2 {
					t.Errorf("%s: in a window %.0f px high the text spans %.0f–%.0f, Next %.0f–%.0f, the chart's plot %.0f–%.0f",
						where, w.H, w.Text.Top, w.Text.Bottom, w.Next.Top, w.Next.Bottom, w.Plot.Top, w.Plot.Bottom)
					viewShot(t, tb, fmt.Sprintf("tour-%s-%d-%s.png", p.Name, k+1, v.name))
				}
			}
			click(t, tb, "tour-free")
			tb.wait(t, `document.body.dataset.tour === "off"`, 5*time.Second)
			if errs := tb.errors(); len(errs) > 0 {
				t.Errorf("console errors: %q", errs)
			}
		})
	}
	if errs := tb.errors(); len(errs) > 0 {
		t.Errorf("console errors: %q", errs)
	}
}
