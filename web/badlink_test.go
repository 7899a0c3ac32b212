//go:build !js

package web_test

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"overloadlab/core/catalog"
)

// deepLink holds a parameter value nested 8000 levels deep (84 characters
// of link): the browser's WebAssembly call stack held fewer levels of a
// recursive scan, and the page died on it, again at every reload.
const deepLink = "3.7cGxCcAgFAXAXV5tl-6vIlbWQiAQAuLuWeTudlYqz7zTMlNXy5va-VIdAAAAAAAAAOgDAAAAAAAAABjn_A"

// A link that cannot be opened leaves the page usable: it opens the first
// preset with the message naming what was wrong, the address loses the
// link, and the preset plays.
func TestDeepLinkLeavesThePageUsable(t *testing.T) {
	srv := newServer(t)
	tb := newTab(t, browser(t))
	tb.do(t, chromedp.Navigate(srv.URL+"/#"+deepLink))
	tb.wait(t, ready, 30*time.Second)
	msg := eval[string](t, tb, messageJS)
	if !strings.Contains(msg, "This link could not be opened") || !strings.Contains(msg, "x: no such parameter") {
		t.Errorf("deep link: message %q, want it to say the link could not be opened and why (x: no such parameter)", msg)
	}
	first := catalog.Presets()[0].Name
	if got := eval[string](t, tb, `document.getElementById("preset").value`); got != first {
		t.Errorf("deep link opened preset %q, want the first, %q", got, first)
	}
	if h := eval[string](t, tb, `location.hash`); h != "" && strings.Contains(h, deepLink) {
		t.Errorf("the address still holds the link that could not be opened: %s", h)
	}
	// A message of one long word wraps in its box: the page keeps its width.
	wide := eval[[]int](t, tb, `(() => { const m = document.getElementById("message"); const old = m.textContent;
	  m.textContent = "x".repeat(300000); const w = [document.documentElement.scrollWidth, window.innerWidth];
	  m.textContent = old; return w })()`)
	if wide[0] > wide[1] {
		t.Errorf("a message of 300000 characters without a space makes the page %d px wide in a window of %d", wide[0], wide[1])
	}
	playToEnd(t, tb, "play", 90*time.Second)
	if n := eval[int](t, tb, `document.querySelectorAll('[data-chart="cpu"] canvas').length`); n == 0 {
		t.Error("the first preset played, but no CPU chart is drawn")
	}
	if msg := eval[string](t, tb, messageJS); strings.Contains(msg, "failed") {
		t.Errorf("after playing: message %q", msg)
	}
}
