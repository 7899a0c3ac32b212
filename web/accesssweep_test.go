//go:build !js

package web_test

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"overloadlab/core/catalog"
	"overloadlab/core/engine/sim"
	"overloadlab/core/engine/sim/simtest"
)

// metricBand is what the sweep chart's band holds of a plan's own
// metrics (sim.Plan.Metrics): each metric's curves.
type metricBand struct {
	Metrics []struct {
		Name   string `json:"name"`
		Curves []struct {
			Label  string     `json:"label"`
			Mean   []*float64 `json:"mean"`
			Lo     []*float64 `json:"lo"`
			Hi     []*float64 `json:"hi"`
			Digest []*string  `json:"digest"`
		} `json:"curves"`
	} `json:"metrics"`
}

// The access model's two studies, run in the page by their buttons, are
// the core's: every point's mean, band and digest of each metric the
// study declares (time to 95 % attached, the peak MME CPU) equal the same
// plan run natively, the charts are one per metric, and every cell of the
// CSV is the core's at 8 significant digits, its head naming what the
// study measures and the metrics' units. The first study's chart is
// saved as testdata/screenshots/access-sweep-1280.png.
func TestAccessStudies(t *testing.T) {
	def, ok := catalog.Model("access")
	if !ok {
		t.Skip("the access model is not in the catalog yet")
	}
	srv := newServer(t)
	ctx := browser(t)
	tb := newTab(t, ctx)
	sc, err := catalog.Preset("outage-no-control")
	if err != nil {
		t.Fatal(err)
	}
	link, err := catalog.EncodeLink(sc)
	if err != nil {
		t.Fatal(err)
	}
	tb.do(t, chromedp.EmulateViewport(1280, 800), chromedp.Navigate(srv.URL+"/#"+link))
	tb.wait(t, ready+` && `+sweepOpen, 30*time.Second)
	tb.do(t, chromedp.Evaluate[chromedp.Void](`document.getElementById("sweeps").scrollIntoView()`))
	tb.wait(t, `Number(document.body.dataset.sweepWorkers) >= 1`, 60*time.Second)
	const seeds = 2
	for k, study := range def.Sweeps {
		tb.do(t, chromedp.Evaluate[chromedp.Void](`document.getElementById("sweep-seeds").value = "`+strconv.Itoa(seeds)+`"; document.querySelectorAll("#sweep-buttons button")[`+strconv.Itoa(k)+`].click()`))
		tb.wait(t, `document.body.dataset.sweep === "done"`, 600*time.Second)
		t.Logf("%s: %s ms in the page (%s workers)", study.ID, eval[string](t, tb, `document.body.dataset.sweepMs`), eval[string](t, tb, `document.body.dataset.sweepWorkers`))
		if k == 0 {
			tb.do(t, chromedp.Evaluate[chromedp.Void](`document.getElementById("sweep-chart").scrollIntoView()`))
			viewShot(t, tb, "access-sweep-1280.png")
		}
		var mb metricBand
		if err := json.Unmarshal([]byte(eval[string](t, tb, `document.getElementById("sweep-chart").dataset.band`)), &mb); err != nil {
			t.Fatal(err)
		}
		plan := study.Plan(seeds)
		native := simtest.Sweep(t, def, sc, plan)
		np := len(study.Values)
		if len(mb.Metrics) != len(study.Metrics) {
			t.Fatalf("%s: the page's band has %d metrics, the study %d", study.ID, len(mb.Metrics), len(study.Metrics))
		}
		if n := eval[int](t, tb, `document.querySelectorAll("#sweep-chart .uplot").length`); n != len(study.Metrics) {
			t.Errorf("%s: %d charts, want one per metric (%d)", study.ID, n, len(study.Metrics))
		}
		for m, mt := range mb.Metrics {
			if mt.Name != study.Metrics[m].Name || len(mt.Curves) != len(study.Curves) {
				t.Fatalf("%s: metric %d is %q with %d curves", study.ID, m, mt.Name, len(mt.Curves))
			}
			for c, cv := range mt.Curves {
				for i := range np {
					n := native[c*np+i]
					s := n.Stats[m]
					if cv.Mean[i] == nil || cv.Digest[i] == nil || *cv.Mean[i] != s.Mean || *cv.Lo[i] != s.Lo || *cv.Hi[i] != s.Hi || *cv.Digest[i] != n.Digest {
						t.Errorf("%s %s, %s at %g: page %v, native %g [%g, %g] %s", study.ID, mt.Name, cv.Label, study.Values[i], cv.Mean[i], s.Mean, s.Lo, s.Hi, n.Digest)
					}
				}
			}
		}
		// The CSV: the head names what the study measures, every cell is the core's.
		tb.do(t, chromedp.Evaluate[chromedp.Void](`window.__files = [];
		  window.__made ??= URL.createObjectURL;
		  URL.createObjectURL = (b) => { b.text().then((x) => window.__files.push(x)); return window.__made(b); };
		  HTMLAnchorElement.prototype.click = function () {};`))
		tb.do(t, chromedp.Click(chromedp.ID("sweep-csv")))
		tb.wait(t, `window.__files.length === 1`, 10*time.Second)
		csvText := eval[string](t, tb, `window.__files[0]`)
		names := strings.Join(study.MetricNames(), ", ")
		if !strings.Contains(csvText, "; measures: "+names+"\n") || !strings.Contains(csvText, "*_pct: %, t95_s: s, ") {
			t.Errorf("%s: the CSV's head does not name the metrics and their units:\n%.900s", study.ID, csvText)
		}
		var rows []string
		for _, line := range strings.Split(strings.TrimSpace(csvText), "\n") {
			if !strings.HasPrefix(line, "#") {
				rows = append(rows, line)
			}
		}
		head := []string{"variant", study.Param, "seeds"}
		for _, m := range study.Metrics {
			head = append(head, m.Name+"_mean", m.Name+"_lo", m.Name+"_hi")
		}
		if len(rows) != 1+len(native) || rows[0] != strings.Join(append(head, "digest"), ",") {
			t.Fatalf("%s: the CSV has %d rows, head %q", study.ID, len(rows), rows[0])
		}
		g8 := func(x float64) string {
			v, _ := strconv.ParseFloat(strconv.FormatFloat(x, 'g', 8, 64), 64)
			return strconv.FormatFloat(v, 'g', -1, 64)
		}
		for r, row := range rows[1:] {
			n := native[r]
			label := n.Label
			if strings.ContainsAny(label, ",\"") {
				label = `"` + strings.ReplaceAll(label, `"`, `""`) + `"`
			}
			want := []string{label, strconv.FormatFloat(n.X, 'g', -1, 64), strconv.Itoa(seeds)}
			for _, s := range n.Stats {
				want = append(want, g8(s.Mean), g8(s.Lo), g8(s.Hi))
			}
			if w := strings.Join(append(want, n.Digest), ","); row != w {
				t.Errorf("%s: CSV row %d:\n page %s\n core %s", study.ID, r+1, row, w)
			}
		}
		if got := len(native[0].Stats); got != len(study.Metrics) || sim.Metrics[0].Name == study.Metrics[0].Name {
			t.Errorf("%s: %d stats per point", study.ID, got)
		}
	}
}
