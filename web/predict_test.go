//go:build !js

package web_test

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

const (
	predictState = `document.body.dataset.predict || ""`
	verdictJS    = `(() => { const v = document.querySelector("#predict .verdict"); return v ? v.textContent : "" })()`
	pickedJS     = `(() => { const r = document.querySelector("#predict input[type=radio]:checked"); return r ? Number(r.value) : -1 })()`
	lockedJS     = `[...document.querySelectorAll("#predict input[type=radio]")].every((r) => r.disabled)`
	rightJS      = `[...document.querySelectorAll("#predict label.choice")].findIndex((l) => l.dataset.right === "true")`
	predictShown = `!document.getElementById("predict").hidden`
)

// TestPrediction: attach-storm asks its prediction before Play, in the
// words the preset declares; a choice goes into the link; Play locks it;
// at the run's end the page says ✓ or ✗ as the choice is the one whose
// claims hold, with the explanation and a measured figure, and a marker
// "prediction decided" is on the CPU chart. Opening the link shows the
// choice, locked, and the reveal after playing. A parameter changed
// before the reveal says the prediction no longer applies. Presentation
// mode does not ask unless turned on. At 390×844 too (screenshots).
func TestPrediction(t *testing.T) {
	p := preset(t, "attach-storm")
	if len(p.Predictions) == 0 {
		t.Skip("attach-storm has no prediction")
	}
	q := p.Predictions[0]
	tb := openPage(t)
	tb.wait(t, predictShown, 5*time.Second)
	if got := eval[string](t, tb, `document.querySelector("#predict legend").textContent.replaceAll("\u00a0", " ")`); got != q.Question {
		t.Errorf("the question reads %q, want %q", got, q.Question)
	}
	if n := eval[int](t, tb, `document.querySelectorAll("#predict label.choice").length`); n != len(q.Choices) {
		t.Errorf("%d choices shown, want %d", n, len(q.Choices))
	}
	before := eval[string](t, tb, `location.hash`)
	eval[bool](t, tb, `(() => { const r = document.querySelectorAll("#predict input[type=radio]")[0]; r.click(); return r.checked })()`)
	tb.wait(t, `location.hash !== `+jsString(before), 5*time.Second)
	viewShot(t, tb, "predict-asked-1280x800.png")

	eval[bool](t, tb, maxSpeed)
	click(t, tb, "play")
	tb.wait(t, lockedJS, 10*time.Second)
	tb.waitEnd(t, 90*time.Second)
	tb.wait(t, `(document.body.dataset.predict || "").includes("revealed")`, 10*time.Second)
	right := eval[int](t, tb, rightJS)
	if right < 0 {
		t.Fatal("no choice marked right at the reveal")
	}
	v := eval[string](t, tb, verdictJS)
	want := "✗"
	if right == 0 {
		want = "✓"
	}
	if !strings.HasPrefix(v, want) || !strings.Contains(v, "measured") || !strings.Contains(v, q.Explain[:40]) {
		t.Errorf("the verdict of choice 0 (the right one is %d) reads %q", right, v)
	}
	if m := eval[string](t, tb, markersJS); !strings.Contains(m, "prediction decided") {
		t.Errorf("no marker of the decision on the CPU chart: %s", m)
	}
	viewShot(t, tb, "predict-revealed-1280x800.png")

	// The link opened again: the choice, locked, and its reveal.
	href := eval[string](t, tb, `location.href`)
	tb.do(t, chromedp.Navigate("about:blank"), chromedp.Navigate(href))
	tb.wait(t, ready, 20*time.Second)
	tb.wait(t, predictShown, 5*time.Second)
	if got := eval[int](t, tb, pickedJS); got != 0 || !eval[bool](t, tb, lockedJS) {
		t.Errorf("the opened link shows choice %d (locked %v), want 0 locked", got, eval[bool](t, tb, lockedJS))
	}
	eval[bool](t, tb, maxSpeed)
	click(t, tb, "play")
	tb.waitEnd(t, 90*time.Second)
	tb.wait(t, `(document.body.dataset.predict || "").includes("revealed")`, 10*time.Second)
	if got := eval[string](t, tb, verdictJS); got != v {
		t.Errorf("the opened link's reveal reads %q, the first %q", got, v)
	}

	// A change before the reveal: the prediction no longer applies.
	tb.emulate(t, viewports[3])
	choose(t, tb, "attach-storm-drop")
	choose(t, tb, p.Name)
	tb.wait(t, predictShown, 5*time.Second)
	eval[bool](t, tb, `(() => { const r = document.querySelectorAll("#predict input[type=radio]")[1]; r.click(); return r.checked })()`)
	viewShot(t, tb, "predict-asked-390x844.png")
	eval[string](t, tb, setParam("storm.factor", "4"))
	tb.wait(t, `(document.body.dataset.predict || "").includes("void")`, 10*time.Second)
	if got := eval[string](t, tb, verdictJS); !strings.Contains(got, "no longer applies") {
		t.Errorf("after a change the verdict reads %q", got)
	}
	tb.emulate(t, viewports[0])

	// Presentation mode: not asked, unless the trainer turns it on.
	choose(t, tb, "attach-storm-drop")
	choose(t, tb, p.Name)
	tb.do(t, chromedp.KeyEvent("f"))
	tb.wait(t, present, 5*time.Second)
	if eval[bool](t, tb, predictShown) {
		t.Error("presentation mode asks the prediction without the trainer's say")
	}
	tb.do(t, chromedp.KeyEvent("f"))
	eval[bool](t, tb, `(() => { const c = document.getElementById("predict-present"); c.click(); return c.checked })()`)
	tb.do(t, chromedp.KeyEvent("f"))
	tb.wait(t, present+` && `+predictShown, 5*time.Second)
	viewShot(t, tb, "predict-present-1280x800.png")
	if errs := tb.errors(); len(errs) > 0 {
		t.Errorf("console errors: %q", errs)
	}
}
