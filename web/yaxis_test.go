//go:build !js

package web_test

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestYAxisLabelsWhole: a chart's widest y label is drawn whole inside its
// canvas ("1,000,000", not "00,000" cut at the left edge), at 1280×800,
// 1024×768 and 390×844 and in present mode's large type, on a preset whose
// device counts reach seven digits. It reads the canvas as drawn: nothing
// is drawn in its first column of pixels (a cut label's ink reaches it).
// The page also puts where each chart's widest y label begins (CSS px from
// the chart's left) on the chart as data-y-tick-left, and the label as
// data-y-tick-widest.
func TestYAxisLabelsWhole(t *testing.T) {
	const preset = "outage-t3346-fixed" // a million devices out of service
	if !hasPreset(preset) {
		t.Skip("access is not yet in catalog.Models")
	}
	srv := newServer(t)
	tb := newTab(t, browser(t))
	tb.do(t, chromedp.Navigate(srv.URL+"/"))
	tb.wait(t, ready, 20*time.Second)
	choose(t, tb, preset)
	playToEnd(t, tb, "play", 120*time.Second)
	type chart struct {
		ID     string  `json:"id"`
		Left   float64 `json:"left"`
		Widest string  `json:"widest"`
		Ink    int     `json:"ink"` // the most opaque pixel of the canvas's first column (0–255)
	}
	check := func(where string, seven bool) {
		t.Helper()
		tb.wait(t, `document.body.dataset.settled === "true"`, 10*time.Second)
		var got []chart
		js := `JSON.stringify([...document.querySelectorAll("#charts figure.chart")].filter((f) => f.offsetParent !== null).map((f) => ({ id: f.dataset.chart, left: Number(f.dataset.yTickLeft ?? "NaN"), widest: f.dataset.yTickWidest ?? "", ink: (() => {
		  const c = f.querySelector("canvas"); const col = document.createElement("canvas"); col.width = 1; col.height = c.height;
		  const x = col.getContext("2d", { willReadFrequently: true }); x.drawImage(c, 0, 0); const d = x.getImageData(0, 0, 1, c.height).data;
		  let ink = 0; for (let i = 3; i < d.length; i += 4) ink = Math.max(ink, d[i]); return ink; })() })))`
		if err := json.Unmarshal([]byte(eval[string](t, tb, js)), &got); err != nil {
			t.Fatal(err)
		}
		found := false
		for _, c := range got {
			if c.Ink > 64 {
				t.Errorf("%s: chart %q: ink of opacity %d in the canvas's first column of pixels: a y label is cut", where, c.ID, c.Ink)
			}
			if !(c.Left >= 0) {
				t.Errorf("%s: chart %q: the y label %q begins at %.1f px from the chart's left: cut", where, c.ID, c.Widest, c.Left)
			}
			found = found || len(c.Widest) >= len("1,000,000")
		}
		if seven && !found {
			t.Errorf("%s: no chart has a seven-digit y label (%v): the test proves nothing", where, got)
		}
	}
	for _, v := range []viewport{viewports[0], viewports[1], viewports[3]} {
		tb.emulate(t, v)
		time.Sleep(800 * time.Millisecond)
		check(v.name, true)
	}
	tb.emulate(t, viewports[1])
	tb.do(t, chromedp.Evaluate[chromedp.Void](`document.getElementById("present").click()`))
	time.Sleep(800 * time.Millisecond)
	check("1024x768 present mode", false) // the lesson's chart alone, in large type
	tb.do(t, chromedp.Evaluate[chromedp.Void](`document.getElementById("present").click()`))
	if errs := tb.errors(); len(errs) > 0 {
		t.Errorf("console errors: %q", errs)
	}
}
