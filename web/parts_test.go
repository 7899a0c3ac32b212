//go:build !js

package web_test

import (
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"overloadlab/core/catalog"
	"overloadlab/web"
)

// A model's parts that cannot be fetched (the server fails them) give a
// message that says so, and the user's scenario stays: a preset picked
// leaves the run on screen as it was, its change included; a link opened
// goes back to the run before with the link kept in the address; a link
// opened in a new page keeps the link in the address, to reload; the page
// as opened, whose default preset's model's parts fail too, says to
// reload. The server serves the first model's parts (the page as opened
// fetches them, index.html holds none) until the last case.
func TestPartsThatFailKeepTheRun(t *testing.T) {
	h := web.Handler(os.DirFS(dist))
	inline := catalog.Presets()[0]
	var failInline atomic.Bool
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasPrefix(r.URL.Path, "/model/") && (failInline.Load() || r.URL.Path != "/"+web.PartPath(inline.Model)) {
			http.Error(w, "unavailable", http.StatusServiceUnavailable)
			return
		}
		h.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	const param = "sgsn-new-connections-per-second"
	value := `(() => { const i = document.querySelector('section.controls:not([hidden]) input[type=range][data-param="` + param + `"]'); return i ? i.value : "" })()`
	shown := `document.querySelector('section.controls[data-model="` + inline.Model + `"]:not([hidden])') !== null`

	tb := newTab(t, browser(t))
	tb.do(t, chromedp.EmulateViewport(1280, 800), chromedp.Navigate(srv.URL+"/"))
	tb.wait(t, ready, 20*time.Second)
	eval[string](t, tb, setParam(param, "800"))
	tb.wait(t, `(document.body.dataset.link || "") !== "" && document.body.dataset.link === location.hash.slice(1) && `+value+` === "800"`, 10*time.Second)
	time.Sleep(500 * time.Millisecond) // the link of the change, a moment later
	link := eval[string](t, tb, `document.body.dataset.link`)

	// A preset of another model: nothing changes but the message.
	eval[string](t, tb, pick("preset", "scp-standard-acg"))
	tb.wait(t, `document.getElementById("message").textContent.includes("could not be loaded")`, 10*time.Second)
	if msg := eval[string](t, tb, messageJS); !strings.Contains(msg, "scp-standard-acg") || !strings.Contains(msg, "503") || !strings.Contains(msg, "Still showing your run") {
		t.Errorf("message %q", msg)
	}
	time.Sleep(500 * time.Millisecond)
	if got := eval[string](t, tb, `document.getElementById("preset").value`); got != inline.Name {
		t.Errorf("the picker shows %s after the failed pick, want %s", got, inline.Name)
	}
	if v, l, ok := eval[string](t, tb, value), eval[string](t, tb, `document.body.dataset.link`), eval[bool](t, tb, shown); v != "800" || l != link || !ok {
		t.Errorf("after the failed pick: %s = %q, link changed %v, %s's controls shown %v", param, v, l != link, inline.Model, ok)
	}

	// A link to another model: the run before again, the link in the address.
	sc, err := catalog.Preset("scp-standard-acg")
	if err != nil {
		t.Fatal(err)
	}
	other, err := catalog.EncodeLink(sc)
	if err != nil {
		t.Fatal(err)
	}
	tb.do(t, chromedp.Evaluate[chromedp.Void](`document.getElementById("message").hidden = true; location.hash = `+jsString(other)))
	tb.wait(t, `!document.getElementById("message").hidden && document.getElementById("message").textContent.includes("could not be loaded")`, 10*time.Second)
	tb.wait(t, ready+` && document.body.dataset.link === `+jsString(link), 10*time.Second)
	time.Sleep(500 * time.Millisecond)
	if msg := eval[string](t, tb, messageJS); !strings.Contains(msg, "Still showing the run you had") || !strings.Contains(msg, "503") {
		t.Errorf("message %q", msg)
	}
	if v, ok, hash := eval[string](t, tb, value), eval[bool](t, tb, shown), eval[string](t, tb, `location.hash.slice(1)`); v != "800" || !ok || hash != other {
		t.Errorf("after the failed link: %s = %q, %s's controls shown %v, the address holds the link opened %v", param, v, inline.Model, ok, hash == other)
	}

	// The link in a new page: the message, the link kept.
	fresh := newTab(t, browser(t))
	fresh.do(t, chromedp.Navigate(srv.URL+"/#"+other))
	fresh.wait(t, `document.getElementById("message").textContent.includes("could not be loaded")`, 20*time.Second)
	time.Sleep(500 * time.Millisecond)
	if msg, hash := eval[string](t, fresh, messageJS), eval[string](t, fresh, `location.hash.slice(1)`); !strings.Contains(msg, "Reload the page") || hash != other {
		t.Errorf("a link in a new page: message %q, the address holds the link %v", msg, hash == other)
	}

	// The page as opened, its own model's parts failing: the message, no
	// run, no link.
	failInline.Store(true)
	opened := newTab(t, browser(t))
	opened.do(t, chromedp.Navigate(srv.URL+"/"))
	opened.wait(t, `document.getElementById("message").textContent.includes("could not be loaded")`, 20*time.Second)
	time.Sleep(500 * time.Millisecond)
	if msg, hash := eval[string](t, opened, messageJS), eval[string](t, opened, `location.hash`); !strings.Contains(msg, "Reload the page to try again.") || strings.Contains(msg, "link") || !strings.Contains(msg, "503") || hash != "" {
		t.Errorf("the page as opened: message %q, address hash %q", msg, hash)
	}
	if eval[bool](t, opened, `document.body.dataset.firstChart !== undefined || document.querySelector('section.controls') !== null`) {
		t.Errorf("the page as opened shows a run or controls without its model's parts")
	}

	// The browser logs each refused fetch; nothing else may be logged.
	for _, tab := range []*tab{tb, opened} {
		for _, e := range tab.errors() {
			if !strings.Contains(e, "status of 503") || !strings.Contains(e, "/model/") {
				t.Errorf("console: %q", e)
			}
		}
	}
}
