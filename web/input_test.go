//go:build !js

package web_test

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

const (
	// recordSets counts the changes the page sends the worker.
	recordSets = `(() => { if (!window.__sets) { window.__sets = []; const pm = Worker.prototype.postMessage;
	  Worker.prototype.postMessage = function (m, ...r) { if (m && m.t === "set") window.__sets.push(m.name + "=" + m.value); return pm.call(this, m, ...r); }; } return true })()`
	setsJS = `JSON.stringify(window.__sets)`
	// liveJS lists the labels of the live-change markers on the cpu chart.
	liveJS = `JSON.stringify(JSON.parse(document.querySelector('[data-chart="cpu"]').dataset.markers || "[]").map((m) => m.label).filter((l) => l.includes("→") || / (on|off)$/.test(l)))`
	nBox   = `document.querySelector('section.controls:not([hidden]) input.exact[data-param="sgsn-new-connections-per-second"]')`
	nMsg   = `(() => { const m = ` + nBox + `.closest(".param").querySelector(".param-msg"); return m && !m.hidden ? m.textContent : "" })()`
)

// TestTypingInAField types into the parameters as a person does — select
// all then keys, backspace, paste, a value out of range on the way to one
// in range, a value out of range committed, a slider dragged, a switch, a
// choice, a text area — with the run paused and playing. Nothing is
// applied while typing and the box is never rewritten under the caret;
// one commit (Enter, leaving the box, the slider released) makes one
// change, one marker and one timeline entry, with the value typed; a
// refusal is written beside the field.
func TestTypingInAField(t *testing.T) {
	tb := openPage(t)
	eval[bool](t, tb, recordSets)
	sets := func() []string {
		var s []string
		json.Unmarshal([]byte(eval[string](t, tb, setsJS)), &s)
		return s
	}
	live := func() []string {
		var s []string
		json.Unmarshal([]byte(eval[string](t, tb, liveJS)), &s)
		return s
	}
	boxValue := func() string { return eval[string](t, tb, nBox+`.value`) }
	focusBox := func(selectAll bool) {
		js := nBox + `.scrollIntoView({ block: "center" }); ` + nBox + `.focus()`
		if selectAll {
			js += `; ` + nBox + `.select()`
		}
		tb.do(t, chromedp.Evaluate[chromedp.Void](`(() => { `+js+` })()`))
	}
	// typeKeys types one key at a time and checks after each that the box
	// holds what was typed so far and that nothing was sent.
	typeKeys := func(what, before, keys string) {
		t.Helper()
		n := len(sets())
		typed := before
		for _, k := range keys {
			tb.do(t, chromedp.KeyEvent(string(k)))
			typed += string(k)
			time.Sleep(60 * time.Millisecond) // frames pass (the page syncs its controls while playing)
			if got := boxValue(); got != typed {
				t.Errorf("%s: after typing %q the box holds %q", what, typed, got)
			}
		}
		if got := sets(); len(got) != n {
			t.Errorf("%s: sent while typing: %q", what, got[n:])
		}
	}
	// committed waits for one change and its marker.
	committed := func(what, wantLabel string, nSets, nLive int) {
		t.Helper()
		tb.wait(t, `JSON.parse(`+liveJS+`).length === `+fmt.Sprint(nLive+1), 10*time.Second)
		if got := sets(); len(got) != nSets+1 {
			t.Errorf("%s: %d changes sent, want 1: %q", what, len(got)-nSets, got[nSets:])
		}
		l := live()
		if l[len(l)-1] != wantLabel {
			t.Errorf("%s: the change reads %q, want %q", what, l[len(l)-1], wantLabel)
		}
		if m := eval[string](t, tb, nMsg); m != "" {
			t.Errorf("%s: a message beside the field after an applied change: %q", what, m)
		}
	}
	const name = "sgsn-new-connections-per-second"
	slider := `document.querySelector('section.controls:not([hidden]) input[type=range][data-param="` + name + `"]')`
	old := "400"
	for _, mode := range []string{"paused", "playing"} {
		if mode == "playing" {
			eval[string](t, tb, pick("speed", "5"))
			click(t, tb, "play")
			tb.wait(t, `document.body.dataset.playing === "true"`, 5*time.Second)
		}
		step := func(s string) string { return mode + ", " + s }
		values := map[string][]string{"paused": {"800", "600", "1200", "300"}, "playing": {"900", "700", "1500", "250"}}[mode]

		// Select all, then type: 800 over 400 is one change to 800.
		n, nl := len(sets()), len(live())
		focusBox(true)
		typeKeys(step("select all and type"), "", values[0])
		tb.do(t, chromedp.KeyEvent(kb.Enter))
		committed(step("select all, type, Enter"), "SGSN N "+old+" → "+values[0]+" /s", n, nl)
		if got := eval[string](t, tb, slider+`.value`); got != values[0] {
			t.Errorf("%s: the slider shows %s after %s was applied", mode, got, values[0])
		}
		old = values[0]

		// Backspace to empty, type, leave the box with Tab.
		n, nl = len(sets()), len(live())
		focusBox(false)
		tb.do(t, chromedp.KeyEvent(kb.End))
		for range len(old) {
			tb.do(t, chromedp.KeyEvent(kb.Backspace))
		}
		time.Sleep(100 * time.Millisecond)
		if got := boxValue(); got != "" {
			t.Errorf("%s: after backspacing the box holds %q", mode, got)
		}
		typeKeys(step("backspace and type"), "", values[1])
		tb.do(t, chromedp.KeyEvent(kb.Tab))
		committed(step("backspace, type, Tab"), "SGSN N "+old+" → "+values[1]+" /s", n, nl)
		if got := boxValue(); got != values[1] {
			t.Errorf("%s: the box left holds %q, want %s", mode, got, values[1])
		}
		old = values[1]

		// Paste over a selection, then leave the box.
		n, nl = len(sets()), len(live())
		focusBox(true)
		tb.call(t, func(ctx context.Context, tg *chromedp.Target) error {
			_, err := cdp.Call(ctx, tg, input.InsertText, input.InsertTextParams{Text: values[2]})
			return err
		})
		time.Sleep(150 * time.Millisecond)
		if got := boxValue(); got != values[2] {
			t.Errorf("%s: after pasting %s the box holds %q", mode, values[2], got)
		}
		if got := sets(); len(got) != n {
			t.Errorf("%s: sent on paste, before the box was left: %q", mode, got[n:])
		}
		tb.do(t, chromedp.Evaluate[chromedp.Void](nBox+`.blur()`))
		committed(step("paste, leave"), "SGSN N "+old+" → "+values[2]+" /s", n, nl)
		old = values[2]

		// Out of range on the way ("3" is under the minimum of 50): kept
		// as typed, nothing said yet; "300" is applied at Enter.
		n, nl = len(sets()), len(live())
		focusBox(true)
		typeKeys(step("out of range mid-typing"), "", values[3][:1])
		if m := eval[string](t, tb, nMsg); m != "" {
			t.Errorf("%s: a message while typing: %q", mode, m)
		}
		typeKeys(step("out of range mid-typing"), values[3][:1], values[3][1:])
		tb.do(t, chromedp.KeyEvent(kb.Enter))
		committed(step("out of range mid-typing, Enter"), "SGSN N "+old+" → "+values[3]+" /s", n, nl)
		old = values[3]

		// Out of range committed: refused, said beside the field, the box
		// keeps what was typed while focused and shows the value in force
		// once left; no change, no marker.
		n, nl = len(sets()), len(live())
		focusBox(true)
		typeKeys(step("out of range"), "", "9990")
		tb.do(t, chromedp.KeyEvent(kb.Enter))
		tb.wait(t, nMsg+` !== ""`, 10*time.Second)
		msg := eval[string](t, tb, nMsg)
		if !strings.Contains(msg, "Not applied") || !strings.Contains(msg, "still "+old) {
			t.Errorf("%s: the message beside the field reads %q", mode, msg)
		}
		if got := boxValue(); got != "9990" {
			t.Errorf("%s: a refused value was rewritten under the caret: %q", mode, got)
		}
		// The message is next to the box, in view.
		var near struct{ Gap, Bottom, H float64 }
		json.Unmarshal([]byte(eval[string](t, tb, `(() => { const b = `+nBox+`.getBoundingClientRect(), m = `+nBox+`.closest(".param").querySelector(".param-msg").getBoundingClientRect();
		  return JSON.stringify({ gap: m.top - b.bottom, bottom: m.bottom, h: innerHeight }) })()`)), &near)
		if near.Gap > 80 || near.Bottom > near.H {
			t.Errorf("%s: the message is %.0f px below the box, its bottom at %.0f of %.0f px", mode, near.Gap, near.Bottom, near.H)
		}
		if got := eval[string](t, tb, messageJS); got != "" {
			t.Errorf("%s: a refusal also written at the top of the page: %q", mode, got)
		}
		tb.do(t, chromedp.Evaluate[chromedp.Void](nBox+`.blur()`))
		time.Sleep(150 * time.Millisecond)
		if got := boxValue(); got != old {
			t.Errorf("%s: the box left after a refusal holds %q, want the value in force %s", mode, got, old)
		}
		if got := live(); len(got) != nl {
			t.Errorf("%s: a refused value made a marker: %q", mode, got[nl:])
		}

		// The value in force typed again changes nothing.
		n = len(sets())
		focusBox(true)
		typeKeys(step("the same value"), "", old)
		tb.do(t, chromedp.KeyEvent(kb.Enter))
		time.Sleep(200 * time.Millisecond)
		if got := sets(); len(got) != n {
			t.Errorf("%s: the value in force typed again was sent: %q", mode, got[n:])
		}
		if m := eval[string](t, tb, nMsg); m != "" {
			t.Errorf("%s: the message stays after a value that is fine: %q", mode, m)
		}
		tb.do(t, chromedp.Evaluate[chromedp.Void](nBox+`.blur()`))

		// The slider dragged: one change when released, the value it shows.
		n, nl = len(sets()), len(live())
		var r struct{ L, T, W, H float64 }
		json.Unmarshal([]byte(eval[string](t, tb, `(() => { const s = `+slider+`; s.scrollIntoView({ block: "center" }); const r = s.getBoundingClientRect();
		  return JSON.stringify({ l: r.left, t: r.top, w: r.width, h: r.height }) })()`)), &r)
		y := r.T + r.H/2
		from := r.L + r.W*(300-50)/(5000-50) // the thumb near 300
		if mode == "playing" {
			from = r.L + r.W*(250-50)/(5000-50)
		}
		tb.do(t, chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, from, y),
			chromedp.MouseEvent(input.DispatchMouseEventTypeMousePressed, from, y, chromedp.ButtonLeft))
		for k := 1; k <= 5; k++ {
			tb.do(t, chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, from+float64(k)*r.W*0.04, y, chromedp.ButtonLeft))
			time.Sleep(40 * time.Millisecond)
		}
		if got := sets(); len(got) != n {
			t.Errorf("%s: sent while the slider was dragged: %q", mode, got[n:])
		}
		tb.do(t, chromedp.MouseEvent(input.DispatchMouseEventTypeMouseReleased, from+5*r.W*0.04, y, chromedp.ButtonLeft))
		to := eval[string](t, tb, slider+`.value`)
		committed(step("slider released"), "SGSN N "+old+" → "+to+" /s", n, nl)
		if got := boxValue(); got != to {
			t.Errorf("%s: the box shows %q beside the slider at %s", mode, got, to)
		}
		old = to
	}

	// A switch and a choice: one change each.
	n, nl := len(sets()), len(live())
	tb.do(t, chromedp.Evaluate[chromedp.Void](`document.querySelector('section.controls:not([hidden]) input[type=checkbox][data-param]').click()`))
	tb.wait(t, `JSON.parse(`+liveJS+`).length === `+fmt.Sprint(nl+1), 10*time.Second)
	n, nl = len(sets()), len(live())
	tb.do(t, chromedp.Evaluate[chromedp.Void](`(() => { const s = document.getElementById("p-imsimgr-sgsn-action"); s.focus(); s.selectedIndex = (s.selectedIndex + 1) % s.options.length; s.dispatchEvent(new Event("input", { bubbles: true })); s.dispatchEvent(new Event("change", { bubbles: true })); })()`))
	tb.wait(t, `JSON.parse(`+liveJS+`).length === `+fmt.Sprint(nl+1), 10*time.Second)
	if got := sets(); len(got) != n+1 {
		t.Errorf("a choice: %d changes sent, want 1: %q", len(got)-n, got[n:])
	}

	// A text area (the SCP's ACG table): typed lines, one change when left.
	click(t, tb, "play") // pause
	choose(t, tb, "scp-standard-acg")
	n = len(sets())
	area := `document.getElementById("p-scp-acg.table")`
	tb.do(t, chromedp.Evaluate[chromedp.Void](`(() => { const a = `+area+`; a.scrollIntoView({ block: "center" }); a.focus(); a.setSelectionRange(a.value.length, a.value.length); })()`))
	for _, k := range "# note" {
		tb.do(t, chromedp.KeyEvent(string(k)))
	}
	tb.do(t, chromedp.KeyEvent(kb.Enter))
	if got := sets(); len(got) != n {
		t.Errorf("text area: sent while typing: %q", got[n:])
	}
	tb.do(t, chromedp.Evaluate[chromedp.Void](area+`.blur()`))
	tb.wait(t, `window.__sets.length === `+fmt.Sprint(n+1), 10*time.Second)
	if got := sets(); !strings.HasSuffix(got[n], "# note\n") {
		t.Errorf("text area: sent %q, want the table with the line typed", got[n])
	}
	if errs := tb.errors(); len(errs) > 0 {
		t.Errorf("console errors: %q", errs)
	}
}
