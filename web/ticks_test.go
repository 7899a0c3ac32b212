//go:build !js

package web_test

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestTimeAxisLabelsWhole: at 1280×800, 1024×768 and 390×844 the time
// axis's last label ("0:15:00") ends inside its chart, not cut at the
// edge ("0:01:0"). The page puts where each chart's last time label ends
// (CSS px from the chart's left) on the chart as data-x-tick-right.
func TestTimeAxisLabelsWhole(t *testing.T) {
	srv := newServer(t)
	tb := newTab(t, browser(t))
	tb.do(t, chromedp.Navigate(srv.URL+"/"))
	tb.wait(t, ready, 20*time.Second)
	playToEnd(t, tb, "play", 90*time.Second)
	for _, v := range []viewport{viewports[0], viewports[1], viewports[3]} {
		tb.emulate(t, v)
		time.Sleep(800 * time.Millisecond)
		tb.wait(t, `document.body.dataset.settled === "true"`, 10*time.Second)
		var got []struct {
			ID    string  `json:"id"`
			Right float64 `json:"right"`
			Width float64 `json:"width"`
		}
		js := `JSON.stringify([...document.querySelectorAll("#charts figure.chart")].filter((f) => f.offsetParent !== null).map((f) => ({ id: f.dataset.chart, right: Number(f.dataset.xTickRight ?? "NaN"), width: f.querySelector("canvas").getBoundingClientRect().width })))`
		if err := json.Unmarshal([]byte(eval[string](t, tb, js)), &got); err != nil {
			t.Fatal(err)
		}
		if len(got) == 0 {
			t.Fatalf("%s: no chart", v.name)
		}
		for _, c := range got {
			if !(c.Right <= c.Width) {
				t.Errorf("%s: chart %q: the time axis's last label ends at %.1f px, the chart at %.1f px: cut", v.name, c.ID, c.Right, c.Width)
			}
		}
	}
	if errs := tb.errors(); len(errs) > 0 {
		t.Errorf("console errors: %q", errs)
	}
}
