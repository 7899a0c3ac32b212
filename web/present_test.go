//go:build !js

package web_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// presentedJS says which charts presentation mode shows, in the order on
// screen (top to bottom, then left to right), their plots' heights, where the last one ends (its legend
// included) and the size of the tour's type.
const presentedJS = `(() => {
  const shown = [...document.querySelectorAll("figure.chart")].filter((e) => e.offsetParent !== null)
    .sort((a, b) => a.getBoundingClientRect().top - b.getBoundingClientRect().top || a.getBoundingClientRect().left - b.getBoundingClientRect().left);
  return JSON.stringify({ ids: shown.map((e) => e.dataset.chart), plots: shown.map((e) => e.querySelector(".u-over").getBoundingClientRect().height),
    bottom: Math.max(...shown.map((e) => e.getBoundingClientRect().bottom)), h: innerHeight,
    font: parseFloat(getComputedStyle(document.querySelector(".tour-steps li.current")).fontSize) });
})()`

// presentation is what presentedJS says.
type presentation struct {
	IDs             []string
	Plots           []float64
	Bottom, H, Font float64
}

func presented(t *testing.T, tb *tab) presentation { return evalJSON[presentation](t, tb, presentedJS) }

// endTour leaves presentation mode (Escape) where the page is in it, and the tour.
func endTour(t *testing.T, tb *tab) {
	t.Helper()
	if eval[bool](t, tb, present) {
		tb.do(t, chromedp.KeyEvent(kb.Escape))
		tb.wait(t, `!`+present, 5*time.Second)
	}
	click(t, tb, "tour-free")
	tb.wait(t, `document.body.dataset.tour === "off"`, 5*time.Second)
}

// TestPresentShowsTheStep: in presentation mode each step shows the
// charts it names, in its order (the first of them at least, and both
// where two fit, each plot at least 150 px high, else one at least an
// eighth of the window), the last chart's legend
// inside the window, from 800×600 to 1920×1080, where the type is larger
// than at 1024×768. attach-storm's first step names the queues, then the
// CPU; scp-standard-acg's second the SSPs under a gap; doic-plain-vs-ranked
// has many-series stacked charts.
func TestPresentShowsTheStep(t *testing.T) {
	tb := openPage(t)
	sizes := []viewport{{"800x600", 800, 600, 1, false}, viewports[1], viewports[4]}
	for _, c := range []struct {
		preset string
		steps  int
	}{{"attach-storm", 2}, {"scp-standard-acg", 2}, {"doic-plain-vs-ranked", 3}} {
		p := preset(t, c.preset)
		if eval[string](t, tb, `document.getElementById("preset").value`) != p.Name {
			choose(t, tb, p.Name)
		}
		eval[string](t, tb, pick("speed", "0"))
		startTour(t, tb, true)
		for k := 0; k < c.steps; k++ {
			if k > 0 {
				tb.do(t, chromedp.KeyEvent(kb.ArrowRight))
				tb.wait(t, atStep(k), 60*time.Second)
			}
			st := p.Tour[k]
			fonts := map[string]float64{}
			for _, v := range sizes {
				tb.emulate(t, v)
				time.Sleep(500 * time.Millisecond) // the resize, the charts remade and fitted
				got := presented(t, tb)
				fonts[v.name] = got.Font
				where := fmt.Sprintf("%s step %d at %s", p.Name, k+1, v.name)
				if len(got.IDs) == 0 || got.IDs[0] != st.Charts[0] {
					t.Errorf("%s: shows %v, want %v first", where, got.IDs, st.Charts)
				}
				for i, id := range got.IDs {
					if i >= len(st.Charts) || st.Charts[i] != id {
						t.Errorf("%s: shows %v, the step names %v", where, got.IDs, st.Charts)
						break
					}
				}
				// Two plots each at least 150 px high, else one at least
				// an eighth of the window.
				least := 150.0
				if len(got.Plots) == 1 {
					least = got.H / 8
				}
				for i, h := range got.Plots {
					if h < least {
						t.Errorf("%s: the plot of %s is %.0f px high", where, got.IDs[i], h)
					}
				}
				if got.Bottom > got.H+1 {
					t.Errorf("%s: the charts end at %.0f px, below the window's %.0f (legend cut)", where, got.Bottom, got.H)
				}
				viewShot(t, tb, fmt.Sprintf("present-%s-%d-%s.png", p.Name, k+1, v.name))
			}
			if !(fonts["1920x1080"] > fonts["1024x768"]) {
				t.Errorf("%s step %d: the tour's type is %.1f px at 1920×1080 and %.1f px at 1024×768", p.Name, k+1, fonts["1920x1080"], fonts["1024x768"])
			}
		}
		endTour(t, tb)
		tb.emulate(t, viewports[0])
	}
	if errs := tb.errors(); len(errs) > 0 && !strings.Contains(strings.Join(errs, ""), "favicon") {
		t.Errorf("console errors: %q", errs)
	}
}

// TestPresentShowsBothCharts: at 1024×768 a step that names two charts
// shows both in presentation mode (side by side when they do not fit one
// above the other), in the step's order, each plot at least 150 px high
// and each chart ending inside the window; a chart's data table left open
// does not push the charts out of the window (it waits, hidden, until
// presentation mode is left, and is open again then).
func TestPresentShowsBothCharts(t *testing.T) {
	tb := openPage(t)
	tb.emulate(t, viewports[1])
	for _, name := range []string{"attach-storm", "busy-hour", "scp-unbalanced", "doic-shm-bursty"} {
		p := preset(t, name)
		k := -1
		for i, s := range p.Tour {
			if len(s.Charts) > 1 {
				k = i
				break
			}
		}
		if k < 0 {
			t.Fatalf("%s: no step names two charts", name)
		}
		choose(t, tb, p.Name)
		eval[string](t, tb, pick("speed", "0"))
		startTour(t, tb, false)
		for j := 0; j < k; j++ {
			tb.do(t, chromedp.KeyEvent(kb.ArrowRight))
			tb.wait(t, atStep(j+1), 60*time.Second)
		}
		for _, table := range []bool{false, true} {
			if table {
				eval[bool](t, tb, fmt.Sprintf(`(document.querySelector('figure.chart[data-chart=%q] figcaption button').click(), true)`, p.Tour[k].Charts[0]))
			}
			tb.do(t, chromedp.KeyEvent("f"))
			tb.wait(t, present, 5*time.Second)
			time.Sleep(600 * time.Millisecond)
			got := presented(t, tb)
			where := fmt.Sprintf("%s step %d (data table open: %v)", name, k+1, table)
			if strings.Join(got.IDs, " ") != strings.Join(p.Tour[k].Charts[:2], " ") {
				t.Errorf("%s: presentation mode shows %v, the step names %v", where, got.IDs, p.Tour[k].Charts)
			}
			for i, h := range got.Plots {
				if h < 150 {
					t.Errorf("%s: the plot of %s is %.0f px high (want ≥ 150)", where, got.IDs[i], h)
				}
			}
			if got.Bottom > got.H+1 {
				t.Errorf("%s: the charts end at %.0f px, below the window's %.0f", where, got.Bottom, got.H)
			}
			viewShot(t, tb, fmt.Sprintf("present-two-%s-%v.png", name, table))
			tb.do(t, chromedp.KeyEvent("f"))
			tb.wait(t, "!"+present, 5*time.Second)
		}
		if !eval[bool](t, tb, fmt.Sprintf(`!document.querySelector('figure.chart[data-chart=%q] .data').hidden && document.querySelector('figure.chart[data-chart=%q] .data').offsetParent !== null`, p.Tour[k].Charts[0], p.Tour[k].Charts[0])) {
			t.Errorf("%s: the data table opened before presentation mode is not open after it", name)
		}
		eval[bool](t, tb, fmt.Sprintf(`(document.querySelector('figure.chart[data-chart=%q] figcaption button').click(), true)`, p.Tour[k].Charts[0]))
		click(t, tb, "tour-free")
	}
}
