//go:build !js

package web_test

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"overloadlab/core/catalog"
)

// "Time to 95 %" has no value until reached: outage-no-control (never
// reaches it) against "#22 with random T3346" (1 786 s). The tile shows
// B's time with "A not reached · Δ –" under it, and the table's row says
// which side reached it, with no numeric Δ (it once read Δ +1 786, as
// if B were slower).
func TestTimeTo95NotReachedInThePage(t *testing.T) {
	if _, ok := catalog.Model("access"); !ok {
		t.Skip("the access model is not in the catalog yet")
	}
	srv := newServer(t)
	tb := newTab(t, browser(t))
	tb.do(t, chromedp.EmulateViewport(1280, 800), chromedp.Navigate(srv.URL+"/"))
	tb.wait(t, ready, 20*time.Second)
	choose(t, tb, "outage-no-control")
	const tileJS = `(() => { const t = document.querySelector('.headline[data-model="access"] .tile[data-column="t95"]'); return JSON.stringify([t.querySelector(".v").textContent, t.querySelector(".ab")?.textContent ?? ""]) })()`
	tile := func() (v, ab string) {
		var got []string
		json.Unmarshal([]byte(eval[string](t, tb, tileJS)), &got)
		return got[0], got[1]
	}
	tb.wait(t, `document.querySelectorAll("#compare-variants button").length === 2`, 10*time.Second)
	tb.do(t, chromedp.Evaluate[chromedp.Void](`document.querySelectorAll("#compare-variants button")[1].click()`))
	tb.wait(t, comparedJS+` && document.querySelector("#diff-table") !== null`, 20*time.Second)
	if v, ab := tile(); v != "not reached" {
		t.Errorf("at the start the tile reads %q (%q), want \"not reached\"", v, ab)
	}
	eval[bool](t, tb, maxSpeed)
	tb.do(t, chromedp.Click(chromedp.ID("play")))
	tb.wait(t, doneJS, 180*time.Second)
	var rows [][]string
	json.Unmarshal([]byte(eval[string](t, tb, diffJS)), &rows)
	var row []string
	for _, r := range rows {
		if strings.HasPrefix(r[0], "Time to 95 %") {
			row = r
		}
	}
	if want := []string{"not reached", "1,786", "only B reached", "–"}; row == nil || strings.Join(row[1:], "|") != strings.Join(want, "|") {
		t.Errorf("the table's row %q, want A, B, Δ, Δ %% %q", row, want)
	}
	if v, ab := tile(); v != "1,786" || ab != "A\u00a0not reached · Δ\u00a0–" {
		t.Errorf("the tile reads %q, %q; want B's 1,786 and \"A not reached · Δ –\"", v, ab)
	}
	viewShot(t, tb, "access-t95-not-reached.png")
}
