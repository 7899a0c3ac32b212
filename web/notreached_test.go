//go:build !js

package web_test

import (
	"strings"
	"testing"
	"time"
)

// "Time to 95 %" has no value until reached: outage-no-control (never
// reaches it) against "#22 with random T3346" (1 786 s). The tile shows
// B's time with "A not reached · Δ –" under it, and the table's row says
// which side reached it, with no numeric Δ (it once read Δ +1 786, as
// if B were slower).
func TestTimeTo95NotReachedInThePage(t *testing.T) {
	needModel(t, "access")
	tb := openPage(t)
	choose(t, tb, "outage-no-control")
	const tileJS = `(() => { const t = document.querySelector('.headline[data-model="access"] .tile[data-column="t95"]'); return JSON.stringify([t.querySelector(".v").textContent, t.querySelector(".ab")?.textContent ?? ""]) })()`
	tile := func() (v, ab string) {
		got := evalJSON[[]string](t, tb, tileJS)
		return got[0], got[1]
	}
	compareWith(t, tb, 1)
	if v, ab := tile(); v != "not reached" {
		t.Errorf("at the start the tile reads %q (%q), want \"not reached\"", v, ab)
	}
	playToEnd(t, tb, "play", 180*time.Second)
	rows := evalJSON[[][]string](t, tb, diffJS)
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
