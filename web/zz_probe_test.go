//go:build !js

package web_test

import (
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

func TestZZProbe(t *testing.T) {
	srv := newServer(t)
	ctx := browser(t)
	for _, w := range []int{1, 2} {
		tb := newTab(t, ctx)
		link, _ := sweepLinkOf(t, 60)
		tb.do(t, chromedp.Navigate(srv.URL+"/#"+link))
		tb.wait(t, ready+` && !document.getElementById("sweeps").hidden`, 20*time.Second)
		eval[bool](t, tb, setSweep(8, 5, w, "standard ACG", "adaptive"))
		tb.do(t, chromedp.Click(chromedp.ID("sweep-run")))
		tb.wait(t, `document.body.dataset.sweep === "done"`, 180*time.Second)
		t.Log(w, eval[string](t, tb, `document.body.dataset.sweepMs`), eval[string](t, tb, `JSON.stringify(window.__ans.slice(0, 12))`))
	}
}
