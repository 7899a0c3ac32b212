//go:build !js

package web_test

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestPhoneFirstChart: a student opens the page on a phone (390×844,
// attach-storm, whose prediction and challenge are shown). The first chart
// came 1511 px down the page (1.8 screens; its bottom 2.2 screens down),
// under the lesson, its claims, the tour, the prediction, the challenge,
// the run's box and the tiles. Now the claims, the challenge and the
// exports (with the link's title and note) start folded to one line each,
// the prediction folds once it is skipped or answered, and the link's box
// shows once there is a link. Bounds: while the prediction is asked (the
// student is to answer it first), the whole first chart lies within the
// first two screens, so one flick shows it whole; once it is skipped the
// chart's top is within 1.2 screens (1013 px): all that is above it then
// is the header, the lesson (kept whole: it is what the page teaches) and
// one line per box. Folded boxes open again and say what they hold.
func TestPhoneFirstChart(t *testing.T) {
	srv := newServer(t)
	ph := newTab(t, browser(t))
	ph.emulate(t, viewports[3])
	ph.do(t, chromedp.Navigate(srv.URL+"/"))
	ph.wait(t, ready+` && !document.getElementById("predict").hidden`, 20*time.Second)
	time.Sleep(300 * time.Millisecond)
	type place struct {
		Top, Bottom float64
		Folds       map[string]struct {
			Open bool
			Line string
		}
	}
	look := func() (p place) {
		json.Unmarshal([]byte(eval[string](t, ph, `(() => {
		  const r = document.querySelector("#charts figure.chart").getBoundingClientRect();
		  const folds = Object.fromEntries(["claims-fold", "predict-fold", "challenge-fold", "exports-fold"].map((id) => {
		    const d = document.getElementById(id);
		    return [id, { open: d.open, line: d.querySelector("summary").textContent }];
		  }));
		  return JSON.stringify({ top: r.top + scrollY, bottom: r.bottom + scrollY, folds });
		})()`)), &p)
		return p
	}
	asked := look()
	t.Logf("asked: the first chart from %.0f to %.0f px (was 1511 to ~1850)", asked.Top, asked.Bottom)
	if asked.Bottom > 2*844 {
		t.Errorf("while the prediction is asked the first chart ends at %.0f px, want within two screens (%d px)", asked.Bottom, 2*844)
	}
	for id, want := range map[string]string{"claims-fold": "What this run shows: 3 not decided yet", "challenge-fold": "Challenges: 1 to try", "exports-fold": "Export; the link's title and note"} {
		if f := asked.Folds[id]; f.Open || f.Line != want {
			t.Errorf("#%s on a phone: open %v, reads %q, want folded, reading %q", id, f.Open, f.Line, want)
		}
	}
	if f := asked.Folds["predict-fold"]; !f.Open {
		t.Errorf("the prediction is folded before it is answered (%q)", f.Line)
	}
	viewShot(t, ph, "phone-first-screen-390x844.png")

	click(t, ph, "predict-skip")
	time.Sleep(300 * time.Millisecond)
	skipped := look()
	t.Logf("skipped: the first chart from %.0f px", skipped.Top)
	if f := skipped.Folds["predict-fold"]; f.Open || f.Line != "Predict first: skipped" {
		t.Errorf("a skipped prediction: open %v, reads %q, want folded to “Predict first: skipped”", f.Open, f.Line)
	}
	if skipped.Top > 1.2*844 {
		t.Errorf("with the prediction skipped the first chart's top is at %.0f px, want within %.0f px", skipped.Top, 1.2*844)
	}
	// Folded is still reachable: opened, the prediction can be answered,
	// and folds to the choice made.
	ph.do(t, chromedp.Evaluate[chromedp.Void](`document.querySelector("#predict-fold summary").click()`))
	ph.wait(t, `document.getElementById("predict-fold").open && document.querySelector("#predict label.choice").offsetParent !== null`, 5*time.Second)
	ph.do(t, chromedp.Evaluate[chromedp.Void](`document.querySelector("#predict input[type=radio]").click()`))
	time.Sleep(200 * time.Millisecond)
	if f := look().Folds["predict-fold"]; f.Open || !strings.HasPrefix(f.Line, "Predict first: your choice: ") {
		t.Errorf("an answered prediction: open %v, reads %q, want folded to the choice", f.Open, f.Line)
	}
	ph.do(t, chromedp.Evaluate[chromedp.Void](`document.querySelector("#claims-fold summary").click()`))
	ph.wait(t, `document.querySelector("#claims li").offsetParent !== null`, 5*time.Second)
	if errs := ph.errors(); len(errs) > 0 {
		t.Errorf("console errors: %q", errs)
	}
}
