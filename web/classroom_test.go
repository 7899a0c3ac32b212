//go:build !js

package web_test

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"overloadlab/core/catalog"
	"overloadlab/core/engine/scenario"
	"overloadlab/core/engine/sim/simtest"
)

// fmtJS writes a number as the page's fmt does.
func fmtJS(v float64) string {
	a := math.Abs(v)
	var s string
	switch {
	case a >= 1000:
		s = strconv.FormatFloat(v, 'f', 0, 64)
	case a >= 10:
		return strconv.FormatFloat(v, 'f', 1, 64)
	case a >= 1:
		return strconv.FormatFloat(v, 'f', 2, 64)
	case v == 0:
		return "0.0"
	default:
		return strconv.FormatFloat(v, 'g', 2, 64)
	}
	// Thousands separators (en-US), as the page writes them.
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	if neg {
		s = "-" + s
	}
	return s
}

func preset(t *testing.T, name string) *scenario.Preset {
	for _, p := range catalog.Presets() {
		if p.Name == name {
			return p
		}
	}
	t.Fatalf("no preset %s", name)
	return nil
}

// openPage opens the page in a fresh browser at 1280×800, ready to play.
func openPage(t *testing.T) *tab { return openTab(t, browser(t), newServer(t).URL+"/") }

func pick(id, value string) string {
	return `(() => { const s = document.getElementById("` + id + `"); s.value = "` + value + `"; s.dispatchEvent(new Event("change")); return s.value })()`
}

// viewShot saves what the window shows (not the whole page).
func viewShot(t *testing.T, tb *tab, name string) {
	buf, err := chromedp.Run(tb.ctx, chromedp.CaptureScreenshot())
	if err != nil {
		t.Errorf("screenshot: %v", err)
		return
	}
	dir := filepath.Join("..", "testdata", "screenshots")
	os.MkdirAll(dir, 0o755)
	os.WriteFile(filepath.Join(dir, name), buf, 0o644)
}

const (
	tourText  = `(() => { const li = document.querySelector(".tour-steps:not([hidden]) li.current"); return li && !li.hidden ? li.textContent.trim().replaceAll("\u00a0", " ") : "" })()` // a no-break space read as a space
	markersJS = `document.querySelector('[data-chart="cpu"]').dataset.markers || "[]"`
	present   = `document.body.classList.contains("present")`
)

// The classroom: the attach-storm tour pauses at each step's time and
// shows its text and charts; markers mark the timeline and a live change;
// the scrubber shows the values at a past time in the tiles; presentation
// mode hides the controls and fits the tour and a chart in 1024×768; the
// keyboard works. Screenshots of attach-storm and hlr-storm-after-reboot
// in both views land in testdata/screenshots.
func TestClassroom(t *testing.T) {
	tb := openPage(t)
	p := preset(t, "attach-storm")
	if got := eval[string](t, tb, `document.getElementById("preset").value`); got != p.Name {
		t.Fatalf("first preset %s, want %s", got, p.Name)
	}
	if got := eval[string](t, tb, `document.getElementById("speed").value`); got != fmt.Sprint(p.Pace) {
		t.Errorf("speed %s, want the preset's pace %g", got, p.Pace)
	}
	if got := eval[string](t, tb, `document.querySelector("#charts figure.chart").dataset.chart`); got != p.Watch {
		t.Errorf("first chart %s, want the lesson's %s", got, p.Watch)
	}
	if got := eval[string](t, tb, `document.getElementById("clock").textContent`); got != "t = 0:00:00 of 0:15:00" {
		t.Errorf("clock %q", got)
	}
	tb.wait(t, `document.body.dataset.settled === "true"`, 5*time.Second)
	var ms []struct {
		At    float64 `json:"at_s"`
		Label string  `json:"label"`
	}
	json.Unmarshal([]byte(eval[string](t, tb, markersJS)), &ms)
	if len(ms) != 3 || ms[1].Label != "attach storm starts ×6" || ms[1].At != 120 || ms[2].Label != "attach storm ends" {
		t.Errorf("markers of the cpu chart: %+v", ms)
	}
	viewShot(t, tb, "attach-storm-normal-1280x800.png")

	// The tour, as fast as possible: it pauses at each step.
	eval[string](t, tb, pick("speed", "0"))
	click(t, tb, "tour-start")
	for k, st := range p.Tour {
		if k > 0 {
			click(t, tb, "tour-next")
		}
		tb.wait(t, atStep(k), 30*time.Second)
		if got := eval[string](t, tb, `String(Math.floor(Number(document.body.dataset.t)))`); got != fmt.Sprint(st.At) {
			t.Errorf("step %d: paused at t = %s, want %g", k+1, got, st.At)
		}
		if got := eval[string](t, tb, tourText); !strings.HasSuffix(got, st.Text) {
			t.Errorf("step %d: the tour shows %q, want %q", k+1, got, st.Text)
		}
		if got := eval[string](t, tb, `[...document.querySelectorAll("figure.chart.focus")].map((f) => f.dataset.chart).join(" ")`); !strings.Contains(got, st.Charts[0]) {
			t.Errorf("step %d: charts highlighted %q, want %v", k+1, got, st.Charts)
		}
	}
	last := p.Tour[len(p.Tour)-1].At

	// Back looks at the step before with the time cursor.
	click(t, tb, "tour-back")
	want := p.Tour[len(p.Tour)-2]
	tb.wait(t, fmt.Sprintf(`document.body.dataset.tour === "%d"`, len(p.Tour)-2), 5*time.Second)
	if got := eval[string](t, tb, `document.body.dataset.lookAt`); got != fmt.Sprint(want.At) {
		t.Errorf("back: looking at %s, want %g", got, want.At)
	}

	// The scrubber moved to 150 s: the headline tiles show the series at 150 s.
	series, _ := simtest.Series(t, catalog.Models[0], simtest.Preset(t, catalog.Models[0], p.Name))
	const at = 150
	i := at - 1 // rows end at 1 s, 2 s, …
	maxCPU := 0.0
	for _, v := range series["cpu"][:i+1] {
		maxCPU = max(maxCPU, v)
	}
	wantTiles := []string{fmtJS(series["completed"][i]), fmtJS(series["pacing.overflow-dropped-high-cpu"][i]), fmtJS(maxCPU), "0"}
	eval[string](t, tb, `(() => { const s = document.getElementById("scrub"); s.value = "150"; s.dispatchEvent(new Event("input")); return s.value })()`)
	if got := eval[string](t, tb, `JSON.stringify([...document.querySelectorAll('.headline:not([hidden]) .v')].map((e) => e.textContent))`); got != jsonOf(wantTiles) {
		t.Errorf("tiles at 150 s: %s, want %s", got, jsonOf(wantTiles))
	}
	if got := eval[string](t, tb, `document.getElementById("scrub-at").textContent`); got != "0:02:30" {
		t.Errorf("scrubber reads %q at 150 s", got)
	}

	// The claims show as they stood at the time in view: the storm's CPU
	// claim is undecided at 150 s (its window ends at 300 s) and holds at
	// the latest time (480 s).
	claimState := `document.querySelector('#claims li[data-claim="cpu-pinned-in-storm"]').dataset.state`
	if got := eval[string](t, tb, claimState); got != "pending" {
		t.Errorf("claim cpu-pinned-in-storm at 150 s: %s, want pending", got)
	}
	eval[string](t, tb, `(() => { const s = document.getElementById("scrub"); s.value = s.max; s.dispatchEvent(new Event("input")); return s.value })()`)
	if got := eval[string](t, tb, claimState); got != "holds" {
		t.Errorf("claim cpu-pinned-in-storm at the latest time: %s, want holds", got)
	}

	// A live change is marked where it was made.
	click(t, tb, "tour-free")
	tb.wait(t, `document.body.dataset.tour === "off"`, 5*time.Second)
	eval[string](t, tb, setParam("sgsn-new-connections-per-second", "800"))
	tb.wait(t, `(`+markersJS+`).includes("400 → 800")`, 10*time.Second)
	json.Unmarshal([]byte(eval[string](t, tb, markersJS)), &ms)
	if n := len(ms); n != 4 || math.Floor(ms[3].At) != last || ms[3].Label != "SGSN N 400 → 800 /s" {
		t.Errorf("markers after a live change at %g s: %+v", last, ms)
	}

	// Details: the counters in plain words; a switch reads on or off.
	counters := eval[string](t, tb, `document.getElementById("counters").textContent`)
	for _, want := range []string{"overflow dropped by the 70 % guard", "guard switched onon", "stale drops (waited longer than the wait time)", "mean wait in the queue (seconds)"} {
		if !strings.Contains(counters, want) {
			t.Errorf("Details: no %q in %q", want, counters)
		}
	}

	// Dragging across the CPU chart zooms every chart to the same time
	// range; a double-click shows the whole run again.
	xs := `JSON.stringify([...new Set([...document.querySelectorAll("figure.chart")].map((f) => f.dataset.x))])`
	whole := eval[string](t, tb, xs)
	var box struct{ L, T, W, H float64 }
	json.Unmarshal([]byte(eval[string](t, tb, `(() => { const o = document.querySelector('[data-chart="cpu"] .u-over'); o.scrollIntoView({ block: "center" });
	  const r = o.getBoundingClientRect(); return JSON.stringify({ l: r.left, t: r.top, w: r.width, h: r.height }) })()`)), &box)
	y := box.T + box.H/2
	tb.do(t, chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, box.L+box.W*0.25, y),
		chromedp.MouseEvent(input.DispatchMouseEventTypeMousePressed, box.L+box.W*0.25, y, chromedp.ButtonLeft),
		chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, box.L+box.W*0.5, y, chromedp.ButtonLeft),
		chromedp.MouseEvent(input.DispatchMouseEventTypeMouseReleased, box.L+box.W*0.5, y, chromedp.ButtonLeft))
	tb.wait(t, `document.body.dataset.zoom !== ""`, 5*time.Second)
	var ranges []string
	json.Unmarshal([]byte(eval[string](t, tb, xs)), &ranges)
	if len(ranges) != 1 || ranges[0] == whole {
		t.Errorf("zoomed charts show x ranges %q (whole run %s)", ranges, whole)
	}
	// One crosshair: hovering the CPU chart moves every chart's legend to
	// the same time.
	tb.do(t, chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, box.L+box.W*0.3, y))
	legendT := `JSON.stringify([...new Set([...document.querySelectorAll("figure.chart")].map((f) => f.querySelector(".u-legend .u-series .u-value").textContent))])`
	tb.wait(t, `JSON.parse(`+legendT+`).length === 1`, 5*time.Second)
	if got := eval[string](t, tb, legendT); got == `["0:07:00"]` {
		t.Errorf("hovering at 30 %% of the zoomed range: the legends show the latest time %s", got)
	}
	tb.do(t, chromedp.MouseClickXY(box.L+box.W*0.4, y), chromedp.MouseClickXY(box.L+box.W*0.4, y, chromedp.ClickCount(2)))
	tb.wait(t, `document.body.dataset.zoom === ""`, 5*time.Second)
	if got := eval[string](t, tb, xs); got != whole {
		t.Errorf("after a double-click the charts show %s, want the whole run %s", got, whole)
	}

	// Presentation mode at 1024×768: the controls are hidden, the tour and
	// the charts shown fit in the window.
	tb.do(t, chromedp.EmulateViewport(1024, 768))
	click(t, tb, "tour-start")
	tb.wait(t, atStep(0), 30*time.Second)
	tb.do(t, chromedp.KeyEvent("f"))
	tb.wait(t, present, 5*time.Second)
	fits := `(() => { const vis = (e) => e && e.offsetParent !== null; const r = (e) => ({ bottom: e.getBoundingClientRect().bottom + scrollY });
	  const shown = [...document.querySelectorAll("figure.chart")].filter(vis);
	  return JSON.stringify({ controls: vis(document.querySelector("section.controls:not([hidden])")), tour: vis(document.getElementById("tour")),
	    tourBottom: r(document.getElementById("tour")).bottom, charts: shown.length, chartBottom: Math.max(...shown.map((e) => r(e).bottom)),
	    font: parseFloat(getComputedStyle(document.querySelector(".tour-steps li.current")).fontSize), w: innerWidth, h: innerHeight }) })()`
	var fit struct {
		Controls, Tour                bool
		TourBottom, ChartBottom, Font float64
		Charts, W, H                  int
	}
	time.Sleep(300 * time.Millisecond)
	json.Unmarshal([]byte(eval[string](t, tb, fits)), &fit)
	t.Logf("present at 1024×768: %+v", fit)
	if fit.Controls || !fit.Tour || fit.Charts < 1 || fit.Charts > 2 || fit.TourBottom > 768 || fit.ChartBottom > 768 || fit.Font < 20 {
		t.Errorf("presentation mode at 1024×768: %+v", fit)
	}
	viewShot(t, tb, "attach-storm-present-1024x768.png")

	// The keyboard: → next step, Space pauses, + faster, R resets, Esc leaves.
	tb.do(t, chromedp.KeyEvent(kb.ArrowRight))
	tb.wait(t, atStep(1), 30*time.Second)
	speed := eval[string](t, tb, pick("speed", "20"))
	tb.do(t, chromedp.KeyEvent("+"))
	if got := eval[string](t, tb, `document.getElementById("speed").value`); got != "30" {
		t.Errorf("+ from speed %s: %s, want 30", speed, got)
	}
	tb.do(t, chromedp.KeyEvent("-"), chromedp.KeyEvent("-"))
	if got := eval[string](t, tb, `document.getElementById("speed").value`); got != "10" {
		t.Errorf("− − from 30: %s, want 10", got)
	}
	click(t, tb, "tour-free")
	// Space plays and pauses, also with the Play button focused (which
	// must not act on the key a second time).
	tb.do(t, chromedp.Evaluate[chromedp.Void](`document.getElementById("play").focus()`))
	tb.do(t, chromedp.KeyEvent(" "))
	tb.wait(t, `document.body.dataset.playing === "true"`, 5*time.Second)
	tb.do(t, chromedp.KeyEvent(" "))
	tb.wait(t, `document.body.dataset.playing === "false"`, 5*time.Second)
	time.Sleep(300 * time.Millisecond) // the advance on its way when paused comes back
	t0 := eval[string](t, tb, `document.body.dataset.t`)
	tb.do(t, chromedp.KeyEvent(kb.ArrowRight))
	tb.wait(t, `Math.floor(Number(document.body.dataset.t)) === Math.floor(`+t0+`) + 1`, 5*time.Second) // one interval (just past its boundary)
	eval[string](t, tb, `(() => { const s = document.getElementById("scrub"); s.value = "10"; s.dispatchEvent(new Event("input")); return s.value })()`)
	tb.do(t, chromedp.KeyEvent("r"))
	tb.wait(t, ready+` && document.body.dataset.t === "0"`, 10*time.Second)
	if got := eval[string](t, tb, `document.getElementById("scrub-at").textContent + " " + document.body.dataset.lookAt`); got != "latest " {
		t.Errorf("after a reset the time cursor reads %q, want latest", got)
	}
	tb.do(t, chromedp.KeyEvent("?"))
	tb.wait(t, `document.getElementById("shortcuts").open`, 5*time.Second)
	tb.do(t, chromedp.KeyEvent(kb.Escape))
	tb.wait(t, `!document.getElementById("shortcuts").open`, 5*time.Second)
	tb.do(t, chromedp.KeyEvent(kb.Escape))
	tb.wait(t, `!`+present, 5*time.Second)

	// hlr-storm-after-reboot: its axis and clock read h:mm:ss; screenshots at
	// the second step of its tour.
	h := preset(t, "hlr-storm-after-reboot")
	eval[string](t, tb, `document.body.dataset.state = "switching"`) // ready again once the new run has started
	eval[string](t, tb, pick("preset", h.Name))
	tb.wait(t, ready+` && document.getElementById("preset").value === "`+h.Name+`" && document.body.dataset.t === "0"`, 20*time.Second)
	if got := eval[string](t, tb, `document.getElementById("clock").textContent`); got != "t = 0:00:00 of 1:30:00" {
		t.Errorf("hlr clock %q", got)
	}
	// Its tour's step labels read as its clock does (h:mm:ss), never "0:04" for 4 minutes.
	if got := eval[string](t, tb, `document.querySelector('.tour-steps[data-preset="hlr-storm-after-reboot"] .tour-at').textContent`); got != "0:04:00" {
		t.Errorf("hlr tour's first step is labelled %q, want 0:04:00 (the clock's h:mm:ss)", got)
	}
	eval[string](t, tb, pick("speed", "0"))
	click(t, tb, "tour-start")
	tb.wait(t, atStep(0), 60*time.Second)
	click(t, tb, "tour-next")
	tb.wait(t, atStep(1), 60*time.Second)
	tb.do(t, chromedp.KeyEvent("f"))
	tb.wait(t, present, 5*time.Second)
	time.Sleep(300 * time.Millisecond)
	viewShot(t, tb, "hlr-storm-present-1024x768.png")
	tb.do(t, chromedp.KeyEvent(kb.Escape), chromedp.EmulateViewport(1280, 800))
	tb.wait(t, `!`+present, 5*time.Second)
	tb.do(t, chromedp.Evaluate[chromedp.Void](`window.scrollTo(0, 0)`))
	time.Sleep(300 * time.Millisecond)
	viewShot(t, tb, "hlr-storm-normal-1280x800.png")

	if errs := tb.errors(); len(errs) > 0 {
		t.Errorf("console errors: %q", errs)
	}
}

func jsonOf(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

// click clicks a button by script (a tour step may scroll the page under a
// pointer click).
func click(t *testing.T, tb *tab, id string) {
	t.Helper()
	tb.do(t, chromedp.Evaluate[chromedp.Void](`document.getElementById("`+id+`").click()`))
}

// TestMarkerLabels: on a preset's charts at 1280×800, and in presentation
// mode at 1024×768 in its larger type (15 px, not 11), the markers' labels
// stay inside the plot and do not overlap (two rows, a label cut short
// with "…" where neither row has room); a series of bursts is marked once
// per burst (doic-shm-bursty: six shaded spans) and labelled once.
// Screenshots in both views land in testdata/screenshots.
func TestMarkerLabels(t *testing.T) {
	tb := openPage(t)
	for _, name := range []string{"attach-storm", "doic-shm-bursty", "scp-overload-step", "switch-overload-steps", "sip-rate-join-leave"} {
		p := preset(t, name)
		if eval[string](t, tb, `document.getElementById("preset").value`) != name {
			eval[string](t, tb, `document.body.dataset.state = "switching"`)
			eval[string](t, tb, pick("preset", name))
			tb.wait(t, ready+` && document.getElementById("preset").value === "`+name+`" && document.body.dataset.t === "0"`, 20*time.Second)
		}
		eval[string](t, tb, pick("speed", "0"))
		click(t, tb, "play")
		tb.waitEnd(t, 90*time.Second)
		time.Sleep(300 * time.Millisecond)
		chart := `document.querySelector('[data-chart="` + p.Watch + `"]')`
		// markers.ts records each label as [left, right, row] (CSS px) and
		// their type size; the plot spans the u-over element.
		labels := func(view string, minFont float64) [][3]float64 {
			var placed [][3]float64
			json.Unmarshal([]byte(eval[string](t, tb, chart+`.querySelector(".uplot").dataset.labels || "[]"`)), &placed)
			var plot [2]float64
			json.Unmarshal([]byte(eval[string](t, tb, `(() => { const o = `+chart+`.querySelector(".u-over"); const l = parseFloat(o.style.left); return JSON.stringify([l, l + parseFloat(o.style.width)]) })()`)), &plot)
			if font := eval[float64](t, tb, `Number(`+chart+`.querySelector(".uplot").dataset.labelFont)`); !(font >= minFont) {
				t.Errorf("%s, %s: marker labels in %.0f px type, want at least %.0f px", name, view, font, minFont)
			}
			if len(placed) == 0 {
				t.Errorf("%s, %s: no marker labels", name, view)
			}
			for i, a := range placed {
				if a[0] < plot[0]-1 || a[1] > plot[1]+1 {
					t.Errorf("%s, %s: a label spans %.0f–%.0f px, outside the plot %.0f–%.0f", name, view, a[0], a[1], plot[0], plot[1])
				}
				for _, b := range placed[:i] {
					if a[2] == b[2] && a[0] < b[1] && b[0] < a[1] {
						t.Errorf("%s, %s: labels %v and %v overlap (left, right, row)", name, view, b, a)
					}
				}
			}
			return placed
		}
		placed := labels("1280×800", 11)
		// Each label is written on a box of the panel's colour (the other
		// markers' lines do not run through its letters): the canvas calls
		// of a redraw, logged, show a fillRect in that colour just before
		// the label's fillText, under it.
		var drawn struct{ Seen, Bare []string }
		logged, err := chromedp.Run(tb.ctx, chromedp.Evaluate[string](`new Promise((done) => {
		  const panel = (() => {
		    const e = document.body.appendChild(document.createElement("span"));
		    e.style.color = "var(--panel)";
		    const c = document.createElement("canvas").getContext("2d");
		    c.fillStyle = getComputedStyle(e).color;
		    e.remove();
		    return c.fillStyle;
		  })();
		  const labels = JSON.parse(`+chart+`.dataset.markers || "[]").map((m) => m.label);
		  const P = CanvasRenderingContext2D.prototype, fr = P.fillRect, ft = P.fillText;
		  let last = null;
		  const bare = [], seen = [];
		  P.fillRect = function (x, y, w, h) { last = [String(this.fillStyle), x, y, w, h]; return fr.call(this, x, y, w, h); };
		  P.fillText = function (text, x, y) {
		    if (this.canvas.closest(`+jsString(`[data-chart="`+p.Watch+`"]`)+`) && labels.some((l) => l === text || (text.endsWith("…") && l.startsWith(text.slice(0, -1).trimEnd()))) && seen.push(text))
		      if (!last || last[0] !== panel || last[1] > x || last[2] > y || last[1] + last[3] < x + this.measureText(text).width) bare.push(text);
		    last = null;
		    return ft.apply(this, arguments);
		  };
		  const s = document.getElementById("scrub");
		  s.value = String(Number(s.max) / 2);
		  s.dispatchEvent(new Event("input"));
		  setTimeout(() => { P.fillRect = fr; P.fillText = ft; s.value = s.max; s.dispatchEvent(new Event("input")); done(JSON.stringify({ seen, bare })); }, 100);
		})`, chromedp.EvalAwaitPromise))
		if err != nil {
			t.Fatal(err)
		}
		json.Unmarshal([]byte(logged), &drawn)
		if len(drawn.Seen) == 0 || len(drawn.Bare) > 0 {
			t.Errorf("%s: marker labels drawn %q, of them without their box: %q", name, drawn.Seen, drawn.Bare)
		}
		var ms []struct {
			At    float64  `json:"at_s"`
			Until *float64 `json:"until_s"`
			Label string   `json:"label"`
		}
		json.Unmarshal([]byte(eval[string](t, tb, chart+`.dataset.markers || "[]"`)), &ms)
		if len(ms) == 0 {
			t.Errorf("%s: no markers", name)
		}
		if name == "doic-shm-bursty" {
			spans := 0
			for _, m := range ms {
				if m.Until != nil && m.Label == "P0 burst ×3" {
					spans++
				}
			}
			if spans != 6 || len(placed) != 1 {
				t.Errorf("doic-shm-bursty: %d burst spans (want 6), %d labels (want the first only): %+v", spans, len(placed), ms)
			}
		}
		tb.do(t, chromedp.Evaluate[chromedp.Void](`window.scrollTo(0, 0)`))
		time.Sleep(200 * time.Millisecond)
		viewShot(t, tb, name+"-normal-1280x800.png")
		tb.do(t, chromedp.EmulateViewport(1024, 768), chromedp.KeyEvent("f"))
		tb.wait(t, present, 5*time.Second)
		time.Sleep(300 * time.Millisecond)
		viewShot(t, tb, name+"-present-1024x768.png")
		// Presentation mode's type is 4/3 of the page's: the labels too.
		labels("present mode at 1024×768", 14)
		tb.do(t, chromedp.KeyEvent(kb.Escape), chromedp.EmulateViewport(1280, 800))
		tb.wait(t, `!`+present, 5*time.Second)
	}
	if errs := tb.errors(); len(errs) > 0 {
		t.Errorf("console errors: %q", errs)
	}
}
