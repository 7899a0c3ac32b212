//go:build !js

package web_test

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"overloadlab/core/catalog"
	"overloadlab/core/engine/param"
	"overloadlab/core/engine/sim"
	"overloadlab/core/engine/sim/simtest"
	"overloadlab/core/node/imsimgr"
)

// TestClaimsInThePage: "What this run shows" lists attach-storm's claims,
// all ✓ at the end of its run; after the guard's sampling period slider is
// moved to 0.1 s the pinned-CPU claim shows ✗ with the figure the core
// measures for that run.
func TestClaimsInThePage(t *testing.T) {
	p := catalog.Presets()[0]
	if p.Name != "attach-storm" {
		t.Fatalf("the first preset is %s; this test expects attach-storm", p.Name)
	}
	sc := simtest.Preset(t, imsimgr.Def, "attach-storm")
	sc.Params.Put("cpu-guard.sampling-period", param.Num(0.1))
	r, err := sim.Start(imsimgr.Def, sc, false)
	if err != nil {
		t.Fatal(err)
	}
	r.RunToEnd()
	var figure string
	for _, c := range r.Summary().Claims {
		if c.Name == "cpu-pinned-in-storm" {
			if c.Holds {
				t.Fatalf("the claim holds natively with 0.1 s readings: %+v", c)
			}
			figure = c.Figure
		}
	}

	srv := newServer(t)
	tb := newTab(t, browser(t))
	tb.do(t, chromedp.Navigate(srv.URL+"/"))
	tb.wait(t, ready, 20*time.Second)
	playToEnd(t, tb, "play", 60*time.Second)
	const states = `JSON.stringify([...document.querySelectorAll("#claims li")].map((l) => l.dataset.claim + ":" + l.dataset.state))`
	want := []string{}
	for _, c := range p.Claims {
		if !c.Fails { // an exercise's claim shows with its exercise
			want = append(want, `"`+c.Name+`:holds"`)
		}
	}
	if got := eval[string](t, tb, states); got != "["+strings.Join(want, ",")+"]" {
		t.Fatalf("claims at the end of the preset's run: %s, want %v", got, want)
	}

	click(t, tb, "reset")
	tb.wait(t, ready+` && document.body.dataset.t === "0"`, 10*time.Second)
	if v := eval[string](t, tb, setParam("cpu-guard.sampling-period", "0.1")); v != "0.1" {
		t.Fatalf("slider = %s", v)
	}
	click(t, tb, "play")
	tb.waitEnd(t, 60*time.Second)
	const pinned = `document.querySelector('#claims li[data-claim="cpu-pinned-in-storm"]')`
	if st := eval[string](t, tb, pinned+`.dataset.state`); st != "fails" {
		t.Fatalf("after the slider move the pinned-CPU claim is %q, want fails", st)
	}
	// (each number bound to its unit by a no-break space, read as a space)
	text := eval[string](t, tb, pinned+`.textContent.replaceAll("\u00a0", " ")`)
	if !strings.HasPrefix(text, "✗") || !strings.Contains(text, "measured "+figure+", claim: 55–85 %") {
		t.Errorf("the broken claim reads %q; want ✗ and the measured figure %q", text, figure)
	}
	shot(t, tb, "claims-broken.png")
}
