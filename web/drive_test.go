//go:build !js

package web_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"overloadlab/core/catalog"
	"path/filepath"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
)

// The steps the browser tests take again and again, one helper each:
// open the page, start a tour, compare with a preset's variant, catch a
// download, open a file with the network off, serve dist with some paths
// failing. (openPage, choose, click, pick and setParam are beside the
// tests that came first.)

// openTab opens url in a new tab of the browser at 1280×800 and waits for
// the page to be ready.
func openTab(t *testing.T, browser context.Context, url string) *tab {
	t.Helper()
	tb := newTab(t, browser)
	tb.do(t, chromedp.EmulateViewport(1280, 800), chromedp.Navigate(url))
	tb.wait(t, ready, 20*time.Second)
	return tb
}

// atStep: the tour shows its step k (from 0), the run paused there.
func atStep(k int) string {
	return fmt.Sprintf(`document.body.dataset.tour === "%d" && document.body.dataset.playing === "false"`, k)
}

// startTour starts the preset's tour and waits at its first step; with
// presenting, then goes into presentation mode by its key (f).
func startTour(t *testing.T, tb *tab, presenting bool) {
	t.Helper()
	click(t, tb, "tour-start")
	tb.wait(t, atStep(0), 60*time.Second)
	if presenting {
		tb.do(t, chromedp.KeyEvent("f"))
		tb.wait(t, present, 5*time.Second)
	}
}

// compareWith opens the preset's variant k (from 0) beside it as B and
// waits for the difference table.
func compareWith(t *testing.T, tb *tab, k int) {
	t.Helper()
	buttons := `document.querySelectorAll("#compare-variants button")`
	tb.wait(t, fmt.Sprintf(`%s.length > %d`, buttons, k), 10*time.Second)
	tb.do(t, chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`%s[%d].click()`, buttons, k)))
	tb.wait(t, comparedJS+` && document.querySelector("#diff-table") !== null`, 20*time.Second)
}

// catchDownloads keeps what the page downloads from now on: each file's
// type, size and name in window.__downloads, the last one in window.__blob.
func catchDownloads(t *testing.T, tb *tab) {
	t.Helper()
	tb.do(t, chromedp.Evaluate[chromedp.Void](`window.__downloads = [];
	  if (!window.__caught) {
	    window.__caught = true;
	    const made = URL.createObjectURL;
	    URL.createObjectURL = (b) => { window.__downloads.push({ type: b.type, size: b.size }); window.__blob = b; return made(b); };
	    HTMLAnchorElement.prototype.click = function () { window.__downloads[window.__downloads.length - 1].name = this.download; };
	  }`))
}

// downloaded waits for the one file downloaded since catchDownloads and
// returns its text.
func downloaded(t *testing.T, tb *tab, d time.Duration) string {
	t.Helper()
	tb.wait(t, `window.__downloads.length === 1 && window.__downloads[0].name !== undefined`, d)
	text, err := chromedp.Run(tb.ctx, chromedp.Evaluate[string](`window.__blob.text()`, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatal(err)
	}
	return text
}

// openOffline writes html to a file and opens it in a new tab of the
// browser at 1280×800 with the network off.
func openOffline(t *testing.T, browser context.Context, html string) *tab {
	t.Helper()
	file := filepath.Join(t.TempDir(), "report.html")
	if err := os.WriteFile(file, []byte(html), 0o644); err != nil {
		t.Fatal(err)
	}
	tb := newTab(t, browser)
	tb.do(t, chromedp.EmulateViewport(1280, 800), chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		if _, err := cdp.Call(ctx, tg, network.Enable, network.EnableParams{}); err != nil {
			return err
		}
		_, err := cdp.Call(ctx, tg, network.EmulateNetworkConditionsByRule, network.EmulateNetworkConditionsByRuleParams{
			MatchedNetworkConditions: []*network.Conditions{{Offline: true, DownloadThroughput: -1, UploadThroughput: -1}}})
		return err
	}))
	tb.do(t, chromedp.Navigate("file://"+file))
	tb.wait(t, `document.readyState === "complete"`, 10*time.Second)
	return tb
}

// failingServer serves dist as newServer does, but answers 503 to the
// paths fails names while it does.
func failingServer(t *testing.T, fails func(path string) bool) *server {
	return serverOf(t, func(h http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if fails(r.URL.Path) {
				http.Error(w, "unavailable", http.StatusServiceUnavailable)
				return
			}
			h.ServeHTTP(w, r)
		})
	})
}

// needModel skips the test while the catalog lacks the model.
func needModel(t *testing.T, name string) {
	t.Helper()
	if _, ok := catalog.Model(name); !ok {
		t.Skipf("the %s model is not in the catalog yet", name)
	}
}

// evalJSON evaluates js, which gives JSON text, into a T.
func evalJSON[T any](t *testing.T, tb *tab, js string) T {
	t.Helper()
	var v T
	if err := json.Unmarshal([]byte(eval[string](t, tb, js)), &v); err != nil {
		t.Fatalf("%s: %v", js, err)
	}
	return v
}

// playToEnd plays the run to its end at the page's top speed: button
// (Play, or the banner's) pressed by its own click, not by the mouse at
// coordinates read before the page moved (a table or a message that
// reflows the page once made such a click land beside Play, f98c379),
// then waitEnd.
func playToEnd(t *testing.T, tb *tab, button string, d time.Duration) {
	t.Helper()
	eval[bool](t, tb, maxSpeed)
	click(t, tb, button)
	tb.waitEnd(t, d)
}

// runJS is what the page shows of its run: ended is the page's own signal
// of a run played to its end and drawn (doneJS: data-done, set when the
// last interval's rows are in; data-settled, false from the moment rows
// arrive until the frame loop has drawn them).
const runJS = `JSON.stringify({ ended: ` + doneJS + `, t: Number(document.body.dataset.t ?? "0"),
  clock: document.getElementById("clock").textContent, playing: document.body.dataset.playing ?? "",
  done: document.body.dataset.done ?? "", settled: document.body.dataset.settled ?? "", state: document.body.dataset.state ?? "",
  tour: document.body.dataset.tour ?? "", message: ` + messageJS + `,
  play: document.getElementById("play").textContent + (document.getElementById("play").disabled ? " (disabled)" : "") })`

type runShown struct {
	Ended                                                     bool
	T                                                         float64
	Clock, Playing, Done, Settled, State, Tour, Message, Play string
}

func (r runShown) String() string {
	return fmt.Sprintf("%s, playing %s, done %q, settled %q, state %q, tour %q, Play reads %q, message %q",
		r.Clock, r.Playing, r.Done, r.Settled, r.State, r.Tour, r.Play, r.Message)
}

// waitEnd waits for the run's end (runJS's ended), d at most. The run
// must move: paused short of its end for 10 s, or its clock still for
// 60 s while it plays, the wait fails at once. A failure says what the
// page showed.
func (tb *tab) waitEnd(t *testing.T, d time.Duration) {
	t.Helper()
	start := time.Now()
	var r runShown
	last, moved, paused := -1.0, start, time.Time{}
	for {
		if err := json.Unmarshal([]byte(eval[string](t, tb, runJS)), &r); err != nil {
			t.Fatal(err)
		}
		if r.Ended {
			return
		}
		now := time.Now()
		if r.T != last {
			last, moved = r.T, now
		}
		if r.Playing == "false" && r.Done != "true" {
			if paused.IsZero() {
				paused = now
			}
		} else {
			paused = time.Time{}
		}
		var why string
		switch {
		case !paused.IsZero() && now.Sub(paused) > 10*time.Second:
			why = "paused short of its end for 10 s"
		case r.Playing == "true" && now.Sub(moved) > 60*time.Second:
			why = "its clock still for 60 s while playing"
		case now.Sub(start) > d:
			why = fmt.Sprintf("not ended after %v", d)
		}
		if why != "" {
			t.Fatalf("waiting for the run's end: %s; the page shows %s; console: %q", why, r, tb.errors())
		}
		time.Sleep(100 * time.Millisecond)
	}
}
