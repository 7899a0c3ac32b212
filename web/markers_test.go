//go:build !js

package web_test

import (
	"encoding/json"
	"fmt"
	"math"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// labelsBeside fails where a marker label of a chart is not next to its own
// line (issue 23 #14: live changes' labels piled up at the right end, far
// from their lines). markers.ts records each label as [left, right, row,
// the marker's index] (CSS px); the line is placed here from the marker's
// time, the chart's x range (data-x) and the plot (u-over), not read from
// the layout. A label starts 3 px right of its line or ends 3 px left of it
// (k: the labels' scale, 4/3 in present mode); 2 px more for rounding.
// The scenario's events (not the live changes, nor the moments the model
// marked during the run) in view are all labelled.
func labelsBeside(t *testing.T, tb *tab, chart, view string, k float64) int {
	t.Helper()
	var got struct {
		Labels  [][4]float64
		Markers []struct {
			At    float64 `json:"at_s"`
			Label string  `json:"label"`
			Live  bool    `json:"live"`
			Run   bool    `json:"run"`
		}
		X, Plot [2]float64
	}
	json.Unmarshal([]byte(eval[string](t, tb, `(() => { const f = `+chart+`, o = f.querySelector(".u-over"), l = parseFloat(o.style.left);
	  return JSON.stringify({ labels: JSON.parse(f.querySelector(".uplot").dataset.labels || "[]"), markers: JSON.parse(f.dataset.markers || "[]"),
	    x: (f.dataset.x || "0 1").split(" ").map(Number), plot: [l, l + parseFloat(o.style.width)] }) })()`)), &got)
	written := map[string]bool{}
	for _, m := range got.Markers {
		if !m.Live && !m.Run && m.At >= got.X[0] && m.At <= got.X[1] {
			written[m.Label] = false
		}
	}
	for _, a := range got.Labels {
		i := int(a[3])
		if i < 0 || i >= len(got.Markers) {
			t.Errorf("%s: a label of marker %d of %d", view, i, len(got.Markers))
			continue
		}
		m := got.Markers[i]
		x := got.Plot[0] + (m.At-got.X[0])/(got.X[1]-got.X[0])*(got.Plot[1]-got.Plot[0])
		if right, left := a[0]-x, x-a[1]; math.Abs(right-3*k) > 2 && math.Abs(left-3*k) > 2 {
			t.Errorf("%s: label of %q (at %.1f s) spans %.0f–%.0f px, its line at %.0f px: not beside it", view, m.Label, m.At, a[0], a[1], x)
		}
		written[m.Label] = true
	}
	for l, ok := range written {
		if !ok {
			t.Errorf("%s: the scenario's marker %q has no label", view, l)
		}
	}
	return len(got.Labels)
}

// TestLiveChangeLabels: attach-storm at 1280×800 with four changes made
// during the run, a few intervals apart and before the storm (they are
// listed after the scenario's events, earlier in time): every label sits
// beside its own line, at 1280×800 and in present mode at 1024×768.
func TestLiveChangeLabels(t *testing.T) {
	tb := openPage(t)
	eval[string](t, tb, pick("speed", "30"))
	playTo := func(at float64) {
		click(t, tb, "play")
		tb.wait(t, fmt.Sprintf(`Number(document.body.dataset.t) >= %g`, at), 30*time.Second)
		click(t, tb, "play")
		tb.wait(t, `document.body.dataset.playing === "false"`, 5*time.Second)
	}
	// Two changes at one time, one a little before the storm, one after it.
	for k, step := range []struct {
		at    float64
		value string
	}{{60, "800"}, {0, "600"}, {100, "700"}, {130, "500"}} {
		if step.at > 0 {
			playTo(step.at)
		}
		eval[string](t, tb, setParam("sgsn-new-connections-per-second", step.value))
		tb.wait(t, fmt.Sprintf(`JSON.parse(%s).filter((m) => m.live).length === %d`, markersJS, k+1), 10*time.Second)
	}
	eval[string](t, tb, pick("speed", "0"))
	click(t, tb, "play")
	tb.waitEnd(t, 90*time.Second)
	time.Sleep(300 * time.Millisecond)
	for _, id := range []string{"cpu", "queues"} {
		chart := `document.querySelector('[data-chart="` + id + `"]')`
		if !eval[bool](t, tb, chart+` !== null`) {
			continue
		}
		if n := labelsBeside(t, tb, chart, id+" at 1280×800", 1); n < 4 {
			t.Errorf("%s at 1280×800: %d marker labels, want at least 4", id, n)
		}
	}
	tb.do(t, chromedp.Evaluate[chromedp.Void](`document.querySelector('[data-chart="cpu"]').scrollIntoView()`))
	time.Sleep(200 * time.Millisecond)
	viewShot(t, tb, "live-labels-1280x800.png")
	tb.do(t, chromedp.EmulateViewport(1024, 768))
	click(t, tb, "present")
	tb.wait(t, present, 5*time.Second)
	time.Sleep(400 * time.Millisecond)
	chart := `[...document.querySelectorAll("#charts figure.chart")].find((f) => f.offsetParent !== null)`
	labelsBeside(t, tb, chart, "present mode at 1024×768", 4.0/3)
	viewShot(t, tb, "live-labels-present-1024x768.png")
	// The tour's last step shows the queues and the CPU side by side: the
	// queues' two thresholds (both at 2,500) keep their labels inside the
	// plot, not over the y axis's "2,500" (charts.ts records them).
	click(t, tb, "tour-start")
	tb.wait(t, atStep(0), 20*time.Second)
	eval[string](t, tb, pick("speed", "0"))
	for k := 1; k < 5; k++ {
		click(t, tb, "play")
		tb.wait(t, atStep(k), 60*time.Second)
	}
	time.Sleep(400 * time.Millisecond)
	var spans struct {
		Labels [][2]float64
		Plot   float64
		Shown  bool
	}
	json.Unmarshal([]byte(eval[string](t, tb, `(() => { const f = document.querySelector('[data-chart="queues"]');
	  return JSON.stringify({ labels: JSON.parse(f.dataset.lineLabels || "[]"), plot: parseFloat(f.querySelector(".u-over").style.left), shown: f.offsetParent !== null }) })()`)), &spans)
	if !spans.Shown || len(spans.Labels) != 2 {
		t.Errorf("the tour's last step in present mode: queues chart shown %v, its lines' labels %v", spans.Shown, spans.Labels)
	}
	for _, l := range spans.Labels {
		if l[0] < spans.Plot-1 {
			t.Errorf("present mode, queues: a threshold's label spans %.0f–%.0f px, left of the plot (%.0f px): over the y axis", l[0], l[1], spans.Plot)
		}
	}
	viewShot(t, tb, "thresholds-present-1024x768.png")
	if errs := tb.errors(); len(errs) > 0 {
		t.Errorf("console errors: %q", errs)
	}
}
