//go:build !js

package web_test

import (
	"encoding/json"
	"strconv"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"overloadlab/core/catalog"
	"overloadlab/core/engine/clock"
	"overloadlab/core/engine/kernel"
)

// snapJS records, every 40 ms while the run plays, what each live chart's
// legend shows: the time it names (its first entry), the row it is at
// (data-legend-t) and every value, with the page's clock.
const snapJS = `(() => {
  window.__snaps = [];
  const text = (e) => (e ? e.textContent : "");
  window.__snapTimer = setInterval(() => {
    if (document.body.dataset.playing !== "true") return;
    window.__snaps.push({ t: document.body.dataset.t, charts: [...document.querySelectorAll("#charts figure.chart")].map((f) => ({
      id: f.dataset.chart, legendT: f.dataset.legendT ?? "",
      named: text(f.querySelector(".u-legend tr.u-series .u-value")),
      legend: [...f.querySelectorAll(".u-legend tr.u-series")].filter((r) => r.dataset.series).map((r) => ({
        series: r.dataset.series, side: r.dataset.side ?? "", value: text(r.querySelector(".u-value")) })),
    })) });
  }, 40);
  return true;
})()`

// TestLegendsInStepWhilePlaying: while a run plays (the pointer off the
// charts), every chart's legend names the same time, the row it names is
// the time written in it, and each value it shows is the core's at that
// time, not a value of an earlier or later row.
func TestLegendsInStepWhilePlaying(t *testing.T) {
	srv := newServer(t)
	tb := newTab(t, browser(t))
	tb.do(t, chromedp.Navigate(srv.URL+"/"))
	tb.wait(t, ready+` && document.body.dataset.settled === "true"`, 20*time.Second)
	p := catalog.Presets()[0]
	sc, err := catalog.Preset(p.Name)
	if err != nil {
		t.Fatal(err)
	}
	// A speed that plays the run in some seconds: many frames, each
	// drawing a little.
	tb.do(t, chromedp.Evaluate[chromedp.Void](`(() => { const s = document.getElementById("speed"); s.value = [...s.options].map((o) => o.value).filter((v) => Number(v) > 0).sort((a, b) => b - a)[0]; s.dispatchEvent(new Event("change")); })()`))
	eval[bool](t, tb, snapJS)
	click(t, tb, "play")
	tb.wait(t, `Number(document.body.dataset.t) >= `+strconv.FormatFloat(sc.Duration/2, 'f', -1, 64)+` || document.body.dataset.done === "true"`, 120*time.Second)
	tb.do(t, chromedp.Evaluate[chromedp.Void](`clearInterval(window.__snapTimer)`))
	var snaps []struct {
		T      string `json:"t"`
		Charts []struct {
			ID      string `json:"id"`
			LegendT string `json:"legendT"`
			Named   string `json:"named"`
			Legend  []struct{ Series, Side, Value string }
		} `json:"charts"`
	}
	if err := json.Unmarshal([]byte(eval[string](t, tb, `JSON.stringify(window.__snaps)`)), &snaps); err != nil {
		t.Fatal(err)
	}
	if len(snaps) < 10 {
		t.Fatalf("only %d looks at the legends while playing", len(snaps))
	}
	n := startNative(t, sc)
	n.run.AdvanceTo(kernel.Seconds(sc.Duration))
	n.drain()
	apart, wrong, checked := 0, 0, 0
	for _, s := range snaps {
		times := map[string]bool{}
		for _, ch := range s.Charts {
			times[ch.Named] = true
			if ch.LegendT == "" && ch.Named == "–" {
				continue // no row drawn yet by every chart
			}
			i := n.rowOf(ch.LegendT)
			if i < 0 {
				t.Errorf("t = %s: chart %q: the legend is at t = %q, no row of the core's", s.T, ch.ID, ch.LegendT)
				continue
			}
			if want := clock.Format(n.rows[i][0], sc.Duration); ch.Named != want {
				if wrong++; wrong <= 5 {
					t.Errorf("t = %s: chart %q: the legend names %q, its values are of t = %s (%s)", s.T, ch.ID, ch.Named, ch.LegendT, want)
				}
			}
			for _, e := range ch.Legend {
				if e.Side != "" {
					continue
				}
				checked++
				if want := n.at(e.Series, i); !same(e.Value, want) {
					if wrong++; wrong <= 5 {
						t.Errorf("t = %s: chart %q, series %s: the legend names %q and shows %q, the core's %g then", s.T, ch.ID, e.Series, ch.Named, e.Value, want)
					}
				}
			}
		}
		if len(times) > 1 {
			if apart++; apart <= 5 {
				t.Errorf("t = %s: the charts' legends name different times: %v", s.T, times)
			}
		}
	}
	t.Logf("%d looks while playing, %d legend values checked; %d with legends at different times, %d values wrong", len(snaps), checked, apart, wrong)
	if errs := tb.errors(); len(errs) > 0 {
		t.Errorf("console errors: %q", errs)
	}
}

// TestDataTableTime: a chart's data table writes each row's time as the
// charts' axes do (m:ss, h:mm:ss in a long run), and says so in its head.
func TestDataTableTime(t *testing.T) {
	srv := newServer(t)
	tb := newTab(t, browser(t))
	tb.do(t, chromedp.Navigate(srv.URL+"/"))
	tb.wait(t, ready, 20*time.Second)
	sc, err := catalog.Preset(catalog.Presets()[0].Name)
	if err != nil {
		t.Fatal(err)
	}
	playToEnd(t, tb, "play", 90*time.Second)
	tb.do(t, chromedp.Evaluate[chromedp.Void](`document.querySelector('#charts figure.chart figcaption button[aria-expanded="false"]').click()`))
	var rows [][2]string
	if err := json.Unmarshal([]byte(eval[string](t, tb, `JSON.stringify([...document.querySelector("#charts figure.chart .data").querySelectorAll("tr")].map((r) => [r.dataset.t ?? "", r.cells[0].textContent]))`)), &rows); err != nil {
		t.Fatal(err)
	}
	if len(rows) < 2 {
		t.Fatalf("data table rows %q", rows)
	}
	if want := "t (" + clock.Notation(sc.Duration) + ")"; rows[0][1] != want {
		t.Errorf("the data table's time column is headed %q, want %q", rows[0][1], want)
	}
	for _, r := range rows[1:] {
		x, err := strconv.ParseFloat(r[0], 64)
		if err != nil {
			t.Fatalf("row %q: %v", r, err)
		}
		if want := clock.Format(x, sc.Duration); r[1] != want {
			t.Errorf("data table row at t = %s s reads %q, want %q as the axis writes it", r[0], r[1], want)
		}
	}
}
