//go:build !js

package web_test

import (
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestIdlePageRests: once a run is paused and drawn, the frame loop rests:
// for half a second no animation frame is asked for and nothing in the
// page changes; Play wakes it, and the run goes on.
func TestIdlePageRests(t *testing.T) {
	srv := newServer(t)
	tb := newTab(t, browser(t))
	tb.do(t, chromedp.Navigate(srv.URL+"/"))
	tb.wait(t, ready, 20*time.Second)
	click(t, tb, "play")
	tb.wait(t, `Number(document.body.dataset.t) > 5`, 20*time.Second)
	click(t, tb, "play") // pause
	tb.wait(t, `document.body.dataset.playing === "false" && document.body.dataset.settled === "true"`, 10*time.Second)
	time.Sleep(300 * time.Millisecond) // the last advance's rows, drawn
	t0 := eval[string](t, tb, `document.body.dataset.t`)
	got, err := chromedp.Run(tb.ctx, chromedp.Evaluate[string](`new Promise((done) => {
	  let writes = 0, frames = 0;
	  const mo = new MutationObserver((ms) => { writes += ms.length; });
	  mo.observe(document.body, { attributes: true, subtree: true, childList: true, characterData: true });
	  const raf = window.requestAnimationFrame;
	  window.requestAnimationFrame = (f) => { frames++; return raf.call(window, f); };
	  setTimeout(() => { mo.disconnect(); window.requestAnimationFrame = raf; done(JSON.stringify([frames, writes])); }, 500);
	})`, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatal(err)
	}
	if got != "[0,0]" {
		t.Errorf("paused and drawn, in 500 ms: [frames asked for, changes to the page] = %s, want [0,0]", got)
	}
	click(t, tb, "play")
	tb.wait(t, `Number(document.body.dataset.t) > `+t0, 20*time.Second)
	if errs := tb.errors(); len(errs) > 0 {
		t.Errorf("console errors: %q", errs)
	}
}
