//go:build !js

package web_test

import (
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"overloadlab/core/catalog"
	"overloadlab/core/class"
	"overloadlab/core/engine/param"
	"overloadlab/core/engine/scenario"
)

// TestQRShortForm: a link with forty changes during the run and a long
// note makes a QR code above version 10; the dialog draws its short form
// instead, says so beside the code (and the whole link's version), and a
// QR reader (jsQR) decodes the drawn code to exactly the link it claims
// (data-href, shown under it): the run as it starts, the preset's own
// timeline, no note, the title and the change from the start kept.
func TestQRShortForm(t *testing.T) {
	reader, err := os.ReadFile("../node_modules/jsqr/dist/jsQR.js")
	if err != nil {
		t.Fatalf("jsqr (a devDependency): %v; run make modules", err)
	}
	sc, _ := catalog.Preset("attach-storm")
	sc.Params.Put("cpu-guard.sampling-period", param.Num(0.5))
	for k := range 40 {
		sc.Timeline = append(sc.Timeline, scenario.Change{At: float64(20 + 17*k), Param: "cpu.speed", Value: param.Num(1 + 0.05*float64(k%7))})
	}
	slices.SortStableFunc(sc.Timeline, func(a, b scenario.Change) int { return int(a.At - b.At) })
	var note strings.Builder
	for k := 0; note.Len() < 260; k++ {
		fmt.Fprintf(&note, "step %d: %x; ", k, k*7919)
	}
	link, err := catalog.EncodeWhatIf(&scenario.WhatIf{A: sc, Title: "Ann's run", Note: note.String()})
	if err != nil {
		t.Fatal(err)
	}
	srv := newServer(t)
	tb := newTab(t, browser(t))
	tb.do(t, chromedp.EmulateViewport(1280, 800), chromedp.Navigate(srv.URL+"/#"+link))
	tb.wait(t, ready+` && !!document.body.dataset.link`, 20*time.Second)
	eval[bool](t, tb, injectJSQR(reader))
	click(t, tb, "qr")
	tb.wait(t, `document.getElementById("qr-code").dataset.short === "true"`, 10*time.Second)
	q := readQR(t, tb)
	claimed := eval[string](t, tb, `document.getElementById("qr-code").dataset.href`)
	if q.Text == "" || q.Text != claimed || eval[string](t, tb, `document.getElementById("qr-href").textContent`) != claimed {
		t.Errorf("the code reads %q; it claims %q", q.Text, claimed)
	}
	if claimed == q.Href || !strings.HasPrefix(claimed, srv.URL+"/#") {
		t.Errorf("the short form %q, the address %q", claimed, q.Href)
	}
	if q.Version > 10 || !strings.Contains(q.Words, "short form") || !strings.Contains(q.Words, "The whole link is version ") {
		t.Errorf("version %d, words %q", q.Version, q.Words)
	}
	if q.Top < 0 || q.Bottom > q.H+0.5 || eval[bool](t, tb, `(() => { const d = document.getElementById("qr-dialog"); return d.scrollHeight > d.clientHeight + 1 })()`) {
		t.Errorf("the code (%.0f to %.0f px) and its words do not fit the %.0f px window", q.Top, q.Bottom, q.H)
	}
	t.Logf("short form: version %d, %d characters; the whole link %d: %s", q.Version, len(claimed), len(q.Href), q.Words)
	w, err := catalog.DecodeWhatIf(class.LinkOf(claimed))
	if err != nil {
		t.Fatalf("the short form does not open: %v", err)
	}
	base, _ := catalog.Base("imsimgr", "attach-storm")
	if !slices.Equal(w.A.Timeline, base.Timeline) || w.Note != "" || w.Title != "Ann's run" || w.A.Params.Get("cpu-guard.sampling-period").Num != 0.5 {
		t.Errorf("the short form holds timeline %v (the preset's %v), note %q, title %q, params %v", w.A.Timeline, base.Timeline, w.Note, w.Title, w.A.Params.Diff(base.Params))
	}
	viewShot(t, tb, "qr-short-1280x800.png")
	if errs := tb.errors(); len(errs) > 0 {
		t.Errorf("console errors: %q", errs)
	}
}
