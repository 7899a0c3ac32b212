//go:build !js

package web_test

import (
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"overloadlab/core/catalog"
	"overloadlab/core/engine/param"
	"overloadlab/core/engine/scenario"
	"overloadlab/core/engine/sim"
	"overloadlab/core/engine/sim/simtest"
)

// TestSweepSurvivesAWorker: a pool worker that dies in the middle of a
// sweep (an uncaught error: the page opened with ?test lets the test kill
// the worker that takes a given cell, so the death comes at a known cell,
// whatever the machine's speed) is replaced and its cells run again: the sweep ends with every point,
// each equal to the same point run natively. A cell whose worker dies twice
// ends the sweep with a message naming the point. The sweep's chart follows
// its box when the window narrows and widens.
func TestSweepSurvivesAWorker(t *testing.T) {
	srv := newServer(t)
	tb := newTab(t, browser(t))
	link, sc := sweepLink(t)
	tb.do(t, chromedp.Navigate(srv.URL+"/?test#"+link))
	tb.wait(t, ready+` && `+sweepOpen, 20*time.Second)
	eval[bool](t, tb, setSweep(6, 2, 2, "standard ACG"))
	tb.do(t, chromedp.Evaluate[chromedp.Void](`document.getElementById("sweeps").scrollIntoView()`))
	tb.wait(t, `document.body.dataset.sweepWorkers === "2"`, 30*time.Second)
	// The worker that takes point 3's second seed dies with it in hand.
	eval[bool](t, tb, `overloadlabPool.testKillOn(0, 3, 1, 1), true`)
	tb.do(t, chromedp.Click(chromedp.ID("sweep-run")))
	tb.wait(t, `document.body.dataset.sweep !== "running"`, 120*time.Second)
	if s := eval[string](t, tb, `document.body.dataset.sweep + ": " + document.getElementById("sweep-status").textContent`); !strings.HasPrefix(s, "done: ") {
		t.Fatalf("after a worker died: %s", s)
	}
	// The replacement counts as loaded after its warm-up run, which may end
	// after the sweep.
	tb.wait(t, `document.body.dataset.sweepWorkers === "2"`, 30*time.Second)
	plan := &sim.Plan{Param: "ssp.load", From: 0.5, To: 3, Points: 6, Seeds: 2, Variants: []scenario.Variant{
		{Label: "standard ACG", Params: map[string]param.Value{"scp.control": param.Str("standard-acg")}},
	}}
	def, _ := catalog.Model("scp")
	native := simtest.Sweep(t, def, sc, plan)
	b := readBand(t, tb)
	if len(b.Curves) != 1 || len(b.Curves[0].Digest) != 6 {
		t.Fatalf("band: %+v", b)
	}
	for i, d := range b.Curves[0].Digest {
		if d == nil || *d != native[i].Digest {
			t.Errorf("point %d: digest %v, native %s", i, d, native[i].Digest)
		}
	}

	// One worker, killed on its cells and then its replacement on the same
	// ones: the sweep fails, naming the point.
	eval[bool](t, tb, setSweep(6, 2, 1, "standard ACG"))
	eval[bool](t, tb, `overloadlabPool.testKillOn(0, 2, 0, 2), true`)
	tb.do(t, chromedp.Click(chromedp.ID("sweep-run")))
	tb.wait(t, `document.body.dataset.sweep !== "running"`, 60*time.Second)
	want := regexp.MustCompile(`^failed: The sweep failed at ssp\.load = 1\.50 \(standard ACG, seed 1\): its worker died twice \(killed by a test\)\.$`)
	if s := eval[string](t, tb, `document.body.dataset.sweep + ": " + document.getElementById("sweep-status").textContent`); !want.MatchString(s) {
		t.Errorf("a cell whose worker died twice: %q, want %s", s, want)
	}

	// The chart follows its box: narrower, then wider again.
	width := `(() => { const b = document.getElementById("sweep-chart"); return Math.round(b.querySelector("canvas").getBoundingClientRect().width - (b.clientWidth - 4)); })()`
	for _, v := range []viewport{viewports[1], viewports[0]} {
		tb.emulate(t, v)
		tb.wait(t, width+` === 0`, 5*time.Second)
	}
	if errs := tb.errors(); len(errs) > 0 {
		t.Errorf("console errors: %q", errs)
	}
}
