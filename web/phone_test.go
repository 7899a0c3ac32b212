//go:build !js

package web_test

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestPhoneWhatIf: a student opens a what-if link on a phone (390×844).
// The banner's ▶ Play plays, says so on its label and brings the first
// chart into view; the tiles keep their units; "Compare with the preset"
// keeps the banner, which then says what A and B are.
func TestPhoneWhatIf(t *testing.T) {
	srv := newServer(t)
	ctx := browser(t)
	tb := newTab(t, ctx)
	tb.do(t, chromedp.Navigate(srv.URL+"/"))
	tb.wait(t, ready, 20*time.Second)
	eval[string](t, tb, setParam("sgsn-new-connections-per-second", "800"))
	tb.wait(t, `(document.body.dataset.link || "") !== "" && document.querySelector('section.controls:not([hidden]) input.exact[data-param="sgsn-new-connections-per-second"]').value === "800"`, 10*time.Second)
	time.Sleep(400 * time.Millisecond) // the link of the change
	link := eval[string](t, tb, `document.body.dataset.link`)

	ph := newTab(t, ctx)
	ph.emulate(t, viewports[3])
	ph.do(t, chromedp.Navigate(srv.URL+"/#"+link))
	ph.wait(t, ready+` && !document.getElementById("banner").hidden`, 20*time.Second)
	click(t, ph, "banner-play")
	ph.wait(t, `document.body.dataset.playing === "true"`, 5*time.Second)
	time.Sleep(200 * time.Millisecond)
	if got := eval[string](t, ph, `document.getElementById("banner-play").textContent`); !strings.Contains(got, "Pause") {
		t.Errorf("the banner's Play reads %q while playing", got)
	}
	if top := eval[float64](t, ph, `document.querySelector("#charts figure.chart").getBoundingClientRect().top`); top < -1 || top > 844*0.6 {
		t.Errorf("after the banner's Play the first chart's top is at %.0f px of 844", top)
	}
	click(t, ph, "banner-play")
	ph.wait(t, `document.body.dataset.playing === "false"`, 5*time.Second)
	units := eval[string](t, ph, `JSON.stringify([...document.querySelectorAll("#tiles .tile")].filter((e) => e.offsetParent !== null).map((e) => { const u = e.querySelector(".u"); return u && u.offsetParent !== null ? u.textContent : "" }))`)
	if units == "[]" || strings.Contains(units, `""`) {
		t.Errorf("tiles on a phone, their units: %s", units)
	}
	click(t, ph, "banner-compare")
	ph.wait(t, `document.body.dataset.comparing === "true"`, 20*time.Second)
	time.Sleep(300 * time.Millisecond)
	if eval[bool](t, ph, `document.getElementById("banner").hidden`) {
		t.Errorf("comparing with the preset hid the banner")
	} else if got := eval[string](t, ph, `document.getElementById("banner").textContent`); !strings.Contains(got, "B: ") {
		t.Errorf("while comparing the banner does not say what B is: %q", got)
	}
	if errs := append(tb.errors(), ph.errors()...); len(errs) > 0 {
		t.Errorf("console errors: %q", errs)
	}
}
