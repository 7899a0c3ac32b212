//go:build !js

package web_test

import (
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestBackStepsThroughChanges (issue 23 #14, Back left the app): a preset
// picked and a parameter committed are each an entry of the browser's
// history (the entry's link), not each frame nor each link update. Open
// attach-storm, pick scp-standard-acg, commit its SCP capacity: Back shows
// scp-standard-acg with the capacity it had, Back again attach-storm, and
// Forward twice the capacity committed again.
func TestBackStepsThroughChanges(t *testing.T) {
	tb := openPage(t)
	const param = "scp.capacity"
	value := `(() => { const i = document.querySelector('section.controls:not([hidden]) input[type=range][data-param="` + param + `"]'); return i ? i.value : "" })()`
	state := func() (string, string) {
		return eval[string](t, tb, `document.getElementById("preset").value`), eval[string](t, tb, value)
	}
	tb.wait(t, `(document.body.dataset.link || "") !== ""`, 10*time.Second)
	first := eval[string](t, tb, `document.getElementById("preset").value`)
	choose(t, tb, "scp-standard-acg")
	tb.wait(t, `location.hash.length > 1 && document.body.dataset.link === location.hash.slice(1)`, 10*time.Second)
	_, before := state()
	entries := eval[int](t, tb, `history.length`)
	eval[string](t, tb, setParam(param, "900"))
	tb.wait(t, `document.body.dataset.link === location.hash.slice(1) && `+value+` === "900"`, 10*time.Second)
	time.Sleep(500 * time.Millisecond) // the link of the change, a moment later
	if n := eval[int](t, tb, `history.length`); n != entries+1 {
		t.Errorf("a committed change made %d history entries, want 1", n-entries)
	}
	back := func(want, wantValue string) {
		t.Helper()
		tb.do(t, chromedp.Evaluate[chromedp.Void](`document.body.dataset.state = "switching"; history.back()`))
		tb.wait(t, ready+` && document.getElementById("preset").value === `+jsString(want), 20*time.Second)
		time.Sleep(300 * time.Millisecond)
		if p, v := state(); p != want || (wantValue != "" && v != wantValue) {
			t.Errorf("after Back: preset %s, %s = %q; want %s, %q", p, param, v, want, wantValue)
		}
	}
	back("scp-standard-acg", before)
	if before == "900" {
		t.Fatalf("the capacity was %s before the change", before)
	}
	back(first, "")
	if eval[bool](t, tb, `document.getElementById("banner").hidden`) == false {
		t.Error("Back shows the banner of a link opened from elsewhere")
	}
	for _, want := range []string{"scp-standard-acg", "scp-standard-acg"} {
		tb.do(t, chromedp.Evaluate[chromedp.Void](`document.body.dataset.state = "switching"; history.forward()`))
		tb.wait(t, ready+` && document.getElementById("preset").value === `+jsString(want), 20*time.Second)
		time.Sleep(300 * time.Millisecond)
	}
	if p, v := state(); p != "scp-standard-acg" || v != "900" {
		t.Errorf("after Forward twice: preset %s, %s = %q; want scp-standard-acg, 900", p, param, v)
	}
	if errs := tb.errors(); len(errs) > 0 {
		t.Errorf("console errors: %q", errs)
	}
}
