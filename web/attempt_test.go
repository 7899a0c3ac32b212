//go:build !js

package web_test

import (
	"html"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"overloadlab/core/catalog"
	"overloadlab/core/engine/scenario"
)

// TestAttemptReportInThePage: the link of an attempt at attach-storm's
// challenge (its solution) opened, played to the end: the page's report
// says the challenge, the change made, each goal ✓ with its figure, and
// that it is solved.
func TestAttemptReportInThePage(t *testing.T) {
	p := preset(t, "attach-storm")
	c := p.Challenges[0]
	sc, _ := catalog.Preset("attach-storm")
	for name, v := range c.Solution {
		sc.Params.Put(name, v)
	}
	link, err := catalog.EncodeWhatIf(&scenario.WhatIf{A: sc, Attempt: c.Name})
	if err != nil {
		t.Fatal(err)
	}
	srv := newServer(t)
	tb := newTab(t, browser(t))
	tb.do(t, chromedp.EmulateViewport(1280, 800), chromedp.Navigate(srv.URL+"/#"+link))
	tb.wait(t, ready+` && document.body.dataset.challenge === `+jsString(c.Name), 20*time.Second)
	eval[bool](t, tb, maxSpeed)
	click(t, tb, "play")
	tb.waitEnd(t, 90*time.Second)
	tb.wait(t, `document.body.dataset.challengeState === "solved"`, 10*time.Second)
	tb.do(t, chromedp.Evaluate[chromedp.Void](`window.__blobs = [];
	  const made = URL.createObjectURL;
	  URL.createObjectURL = (b) => { window.__blobs.push(b); return made(b); };
	  HTMLAnchorElement.prototype.click = function () {};`))
	click(t, tb, "report")
	tb.wait(t, `window.__blobs.length === 1`, 30*time.Second)
	report, err := chromedp.Run(tb.ctx, chromedp.Evaluate[string](`window.__blobs[0].text()`, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatal(err)
	}
	i := strings.Index(report, "<h2>Challenge</h2>")
	if i < 0 {
		t.Fatal("the attempt's report has no challenge section")
	}
	sec := report[i : i+4+strings.Index(report[i+4:], "<h2>")] // up to the next section
	for _, want := range []string{html.EscapeString(c.Title), "cpu-guard.sampling-period: 1 → 0.1 from the start", "✓ Solved"} {
		if !strings.Contains(sec, want) {
			t.Errorf("the report's challenge lacks %q:\n%s", want, sec)
		}
	}
	if n := strings.Count(sec, "<td>✓ "); n != len(c.Goals) {
		t.Errorf("%d goals ✓ with their figures, want %d:\n%s", n, len(c.Goals), sec)
	}
	if errs := tb.errors(); len(errs) > 0 {
		t.Errorf("console errors: %q", errs)
	}
}
