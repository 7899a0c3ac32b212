//go:build !js

package web_test

import (
	"regexp"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// The chunks loaded when first used (static/ts/lazy.ts) that cannot be
// fetched (the server fails them) say so in the page's message line and
// leave the run as it was, its change and link included; the next use,
// the server back, loads them: the QR code opens, the sweep's form shows.
func TestLazyChunksThatFailKeepTheRun(t *testing.T) {
	var failing atomic.Bool
	failing.Store(true)
	lazy := regexp.MustCompile(`^/chunk/(qr|sweep|classview)-`)
	srv := failingServer(t, func(path string) bool { return failing.Load() && lazy.MatchString(path) })
	const param = "sgsn-new-connections-per-second"
	value := `(() => { const i = document.querySelector('section.controls:not([hidden]) input[type=range][data-param="` + param + `"]'); return i ? i.value : "" })()`

	tb := openTab(t, browser(t), srv.URL+"/")
	eval[string](t, tb, setParam(param, "800"))
	tb.wait(t, `(document.body.dataset.link || "") !== "" && document.body.dataset.link === location.hash.slice(1) && `+value+` === "800"`, 10*time.Second)
	time.Sleep(500 * time.Millisecond) // the link of the change, a moment later
	link := eval[string](t, tb, `document.body.dataset.link`)
	kept := func(when string) {
		t.Helper()
		if v, l, s := eval[string](t, tb, value), eval[string](t, tb, `document.body.dataset.link`), eval[string](t, tb, `document.body.dataset.state`); v != "800" || l != link || s != "ready" {
			t.Errorf("%s: %s = %q, link changed %v, state %q", when, param, v, l != link, s)
		}
	}

	eval[bool](t, tb, `document.getElementById("qr").click(), true`)
	tb.wait(t, `document.body.dataset.chunkQr === "failed"`, 10*time.Second)
	if msg := eval[string](t, tb, messageJS); !strings.Contains(msg, "The QR code could not be loaded") || !strings.Contains(msg, "Your run goes on") {
		t.Errorf("message %q", msg)
	}
	if eval[bool](t, tb, `document.getElementById("qr-dialog").open`) {
		t.Error("the QR dialog opened without its code")
	}
	kept("after the QR code failed")

	tb.do(t, chromedp.Evaluate[chromedp.Void](`document.getElementById("sweeps").scrollIntoView()`))
	tb.wait(t, `document.body.dataset.chunkSweep === "failed" && document.getElementById("sweep-load") !== null`, 10*time.Second)
	if msg := eval[string](t, tb, messageJS); !strings.Contains(msg, "The sweep could not be loaded") {
		t.Errorf("message %q", msg)
	}
	kept("after the sweep failed")

	eval[bool](t, tb, `document.getElementById("class-links").value = location.href, document.getElementById("class-run").click(), true`)
	tb.wait(t, `document.body.dataset.chunkClass === "failed"`, 10*time.Second)
	if msg := eval[string](t, tb, messageJS); !strings.Contains(msg, "The class view could not be loaded") {
		t.Errorf("message %q", msg)
	}
	kept("after the class view failed")

	// The server back: the next use loads them.
	failing.Store(false)
	eval[bool](t, tb, `document.getElementById("qr").click(), true`)
	tb.wait(t, `document.body.dataset.chunkQr === "loaded" && document.getElementById("qr-dialog").open && document.getElementById("qr-code").dataset.href !== undefined`, 10*time.Second)
	eval[bool](t, tb, `document.getElementById("qr-close").click(), true`)
	eval[bool](t, tb, `document.getElementById("sweep-load").click(), true`)
	tb.wait(t, `document.body.dataset.chunkSweep === "loaded" && document.getElementById("sweep-param") !== null && document.getElementById("sweep-param").options.length > 0`, 10*time.Second)
	eval[bool](t, tb, `document.getElementById("class-run").click(), true`)
	tb.wait(t, `document.body.dataset.chunkClass === "loaded" && document.body.dataset.classView === "done"`, 60*time.Second)
	kept("after the chunks loaded")
	if errs := tb.errors(); len(errs) > 0 {
		t.Logf("console: %v", errs)
	}
}
