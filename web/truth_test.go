//go:build !js

package web_test

import (
	"encoding/json"
	"fmt"
	"math"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"overloadlab/core/catalog"
	"overloadlab/core/engine/compare"
	"overloadlab/core/engine/kernel"
	"overloadlab/core/engine/scenario"
	"overloadlab/core/engine/sim"
)

// What a person reads is what the core computed: for one preset of every
// model, alone and compared with its first variant, the page is paused at
// three times of the run (about a third, two thirds, the end) and every
// legend value, headline tile, Details tile, data-table cell and
// difference-table cell is read from the DOM and checked against the same
// scenario and seed run natively to the same simulated time. A failure
// names the chart (or tile, or row), the series, the side and the time.
func TestPageShowsTheCore(t *testing.T) {
	srv := newServer(t)
	ctx := browser(t)
	tb := newTab(t, ctx)
	tb.do(t, chromedp.Navigate(srv.URL+"/"))
	tb.wait(t, ready, 20*time.Second)
	for _, c := range truthCases(t) {
		t.Run(c.name(), func(t *testing.T) { checkTruth(t, tb, c) })
	}
	if errs := tb.errors(); len(errs) > 0 {
		t.Errorf("console errors: %q", errs)
	}
}

// truthCase is a preset run alone (variant -2), compared with a copy of
// itself (-1) or with its variant k.
type truthCase struct {
	preset  *scenario.Preset
	variant int
}

func (c truthCase) name() string {
	switch c.variant {
	case -2:
		return c.preset.Name
	case -1:
		return c.preset.Name + "/vs-copy"
	}
	return c.preset.Name + "/vs-" + c.preset.Compare[c.variant].Label
}

// truthCases picks, for every model, its first preset with a variant (else
// its first), short enough that neither the page nor the recorder merges
// rows: alone, then compared.
func truthCases(t *testing.T) []truthCase {
	var out []truthCase
	seen := map[string]bool{}
	var order []string
	pick := map[string]*scenario.Preset{}
	for _, p := range catalog.Presets() {
		sc, err := catalog.Preset(p.Name)
		if err != nil {
			t.Fatal(err)
		}
		if sc.Duration/sc.Interval > 4000 {
			continue
		}
		if !seen[p.Model] {
			seen[p.Model] = true
			order = append(order, p.Model)
			pick[p.Model] = p
		} else if len(pick[p.Model].Compare) == 0 && len(p.Compare) > 0 {
			pick[p.Model] = p
		}
	}
	for _, m := range order {
		p := pick[m]
		v := -1
		if len(p.Compare) > 0 {
			v = 0
		}
		out = append(out, truthCase{p, -2}, truthCase{p, v})
	}
	return out
}

// shownPage is what the page shows, read from the DOM.
type shownPage struct {
	T      string `json:"t"`
	Charts []struct {
		ID      string `json:"id"`
		LegendT string `json:"legendT"`
		Legend  []struct {
			Series, Side, Label, Value string
		} `json:"legend"`
		Data []struct {
			T     string `json:"t"`
			Cells []struct{ Series, Side, Value string }
		} `json:"data"`
		// DataHead is the data table's header of each series' column.
		DataHead []struct{ Series, Side, Text string } `json:"dataHead"`
	} `json:"charts"`
	Headline []struct {
		Column, Agg, Label, V, AB string
		From                      float64
	} `json:"headline"`
	Totals map[string]struct{ V, AB, U string } `json:"totals"`
	Diff   [][]string                           `json:"diff"`
	Keys   []string                             `json:"keys"`
}

const shownJS = `(() => {
  const text = (e) => (e ? e.textContent : "");
  const charts = [...document.querySelectorAll("#charts figure.chart")].map((f) => ({
    id: f.dataset.chart,
    legendT: f.dataset.legendT ?? "",
    legend: [...f.querySelectorAll(".u-legend tr.u-series")].filter((r) => r.dataset.series).map((r) => ({
      series: r.dataset.series, side: r.dataset.side ?? "", label: text(r.querySelector(".u-label")), value: text(r.querySelector(".u-value")) })),
    data: [...f.querySelectorAll(".data tr")].filter((r) => r.dataset.t).map((r) => ({
      t: r.dataset.t, cells: [...r.querySelectorAll("td")].map((td) => ({ series: td.dataset.series ?? "", side: td.dataset.side ?? "", value: td.textContent })) })),
    dataHead: [...f.querySelectorAll(".data tr:first-of-type th[data-series]")].map((th) => ({ series: th.dataset.series, side: th.dataset.side ?? "", text: th.textContent })),
  }));
  const headline = [...document.querySelectorAll(".headline:not([hidden]) .tile")].map((e) => ({
    column: e.dataset.column, agg: e.dataset.agg ?? "", from: Number(e.dataset.from ?? 0), label: text(e.querySelector(".k")), v: text(e.querySelector(".v")), ab: text(e.querySelector(".ab")) }));
  const totals = Object.fromEntries([...document.querySelectorAll("#totals .tile")].map((e) => [e.dataset.row ?? "crashes",
    { v: text(e.querySelector(".v")), ab: text(e.querySelector(".ab")), u: text(e.querySelector(".u")) }]));
  const diff = [...document.querySelectorAll("#diff-table tbody tr")].map((r) => [...r.cells].map((c) => c.textContent));
  const keys = [...document.querySelectorAll("#diff-table tbody tr")].map((r) => r.dataset.row ?? "");
  return JSON.stringify({ t: document.body.dataset.t, charts, headline, totals, diff, keys });
})()`

// nativeRun is a side run natively, with every row it recorded.
type nativeRun struct {
	run  *sim.Run
	cols map[string]int
	rows [][]float64
}

func startNative(t *testing.T, sc *scenario.Scenario) *nativeRun {
	r, err := catalog.Start(sc, true)
	if err != nil {
		t.Fatal(err)
	}
	n := &nativeRun{run: r, cols: map[string]int{}}
	for i, c := range r.Recorder().Columns() {
		n.cols[c.Name] = i
	}
	return n
}

func (n *nativeRun) drain() {
	w := len(n.cols)
	flat := n.run.Recorder().Drain()
	for i := 0; i+w <= len(flat); i += w {
		n.rows = append(n.rows, append([]float64(nil), flat[i:i+w]...))
	}
}

// at returns column name at row i (NaN when there is none).
func (n *nativeRun) at(name string, i int) float64 {
	k, ok := n.cols[name]
	if !ok || i < 0 || i >= len(n.rows) {
		return math.NaN()
	}
	return n.rows[i][k]
}

// rowOf finds the row ending at time t as the page wrote it.
func (n *nativeRun) rowOf(t string) int {
	x, err := strconv.ParseFloat(t, 64)
	if err != nil {
		return -1
	}
	for i, r := range n.rows {
		if r[0] == x {
			return i
		}
	}
	return -1
}

// tile is a headline tile's figure at row i, as scrub.ts's tileValue
// (NaN, shown "–", for a mean whose window has no row yet).
func (n *nativeRun) tile(column, agg string, from float64, i int) float64 {
	switch agg {
	case sim.TileMax:
		m := math.Inf(-1)
		for k := 0; k <= i; k++ {
			m = max(m, n.at(column, k))
		}
		return m
	case sim.TileSum:
		s, prev := 0.0, 0.0
		for k := 0; k <= i; k++ {
			s += n.at(column, k) * (n.rows[k][0] - prev)
			prev = n.rows[k][0]
		}
		return math.Round(s)
	case sim.TileMean:
		s, k := 0.0, 0
		for j := 0; j <= i; j++ {
			if n.rows[j][0] > from {
				s += n.at(column, j)
				k++
			}
		}
		return s / float64(k)
	}
	return n.at(column, i)
}

// parseShown reads a number as the page writes it ("1,234.5 /s", "−3.2",
// "+75.7 %", "±0", "–"), with half its last digit's place: what it may
// differ from the exact value by.
func parseShown(s string) (v, half float64, ok bool) {
	f := strings.Fields(s)
	if len(f) == 0 {
		return 0, 0, false
	}
	x := f[0]
	if x == "–" {
		return math.NaN(), 0, true
	}
	x = strings.ReplaceAll(x, ",", "")
	x = strings.Replace(x, "−", "-", 1)
	x = strings.TrimPrefix(strings.TrimPrefix(x, "+"), "±")
	v, err := strconv.ParseFloat(x, 64)
	if err != nil {
		return 0, 0, false
	}
	dec := 0
	if i := strings.IndexByte(x, '.'); i >= 0 {
		dec = len(x) - i - 1
	}
	return v, 0.5 * math.Pow10(-dec), true
}

// same tells whether the text shown is the value want, written as the page writes numbers.
func same(shown string, want float64) bool {
	v, half, ok := parseShown(shown)
	if !ok {
		return false
	}
	if math.IsNaN(want) || math.IsInf(want, 0) {
		return math.IsNaN(v)
	}
	return math.Abs(v-want) <= half*(1+1e-9)+1e-9*math.Abs(want)
}

func checkTruth(t *testing.T, tb *tab, c truthCase) {
	p := c.preset
	sa, err := catalog.Preset(p.Name)
	if err != nil {
		t.Fatal(err)
	}
	// The page: the preset afresh, then B.
	tb.do(t, chromedp.Evaluate[chromedp.Void](`document.body.dataset.t = "pending"; (() => { const s = document.getElementById("preset"); s.value = `+strconv.Quote(p.Name)+`; s.dispatchEvent(new Event("change")); })()`))
	tb.wait(t, ready+` && document.body.dataset.t === "0" && document.body.dataset.comparing === "false" && document.body.dataset.settled === "true"`, 20*time.Second)
	a := startNative(t, sa)
	var b *nativeRun
	labelA, labelB := "A", "B"
	if c.variant >= -1 {
		sb := sa.Clone()
		if c.variant >= 0 {
			v := p.Compare[c.variant]
			if sb, err = v.Apply(sa); err != nil {
				t.Fatal(err)
			}
			labelA, labelB = p.LabelOf(sa.Params, &v), v.Label
			tb.do(t, chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`document.querySelectorAll("#compare-variants button")[%d].click()`, c.variant)))
		} else {
			tb.do(t, chromedp.Click(chromedp.ID("compare-copy")))
		}
		tb.wait(t, comparedJS+` && document.getElementById("diff-table") !== null`, 20*time.Second)
		b = startNative(t, sb)
	}
	// Every chart's data table open.
	tb.do(t, chromedp.Evaluate[chromedp.Void](`for (const b of document.querySelectorAll('#charts figure.chart figcaption button[aria-expanded="false"]')) b.click()`))
	eval[bool](t, tb, maxSpeed)
	for k := 1; k <= 3; k++ {
		if k < 3 {
			// Pause as soon as the run has passed k/3 of its length.
			target := sa.Duration * float64(k) / 3
			tb.do(t, chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`(() => {
			  const o = new MutationObserver(() => {
			    if (Number(document.body.dataset.t) >= %g && document.body.dataset.playing === "true") { o.disconnect(); document.getElementById("play").click(); }
			  });
			  o.observe(document.body, { attributes: true, attributeFilter: ["data-t"] });
			})()`, target)))
			tb.do(t, chromedp.Evaluate[chromedp.Void](`document.getElementById("play").click()`))
			tb.wait(t, fmt.Sprintf(`Number(document.body.dataset.t) >= %g && document.body.dataset.playing === "false"`, target), 90*time.Second)
			// The advance on its way when paused comes back, then the page settles.
			for prev := ""; ; {
				time.Sleep(400 * time.Millisecond)
				tb.wait(t, `document.body.dataset.settled === "true"`, 10*time.Second)
				now := eval[string](t, tb, `document.body.dataset.t`)
				if now == prev {
					break
				}
				prev = now
			}
		} else {
			// Play by the button's own click, as the pauses above do: a
			// mouse click at coordinates read before the tables reflow can
			// land beside it on a loaded machine (seen once: the run stayed
			// paused at 72 s of switch-step-5x).
			tb.do(t, chromedp.Evaluate[chromedp.Void](`document.getElementById("play").click()`))
			tb.wait(t, doneJS, 90*time.Second)
			time.Sleep(300 * time.Millisecond)
			tb.wait(t, `document.body.dataset.settled === "true"`, 10*time.Second)
		}
		var got shownPage
		if err := json.Unmarshal([]byte(eval[string](t, tb, shownJS)), &got); err != nil {
			t.Fatal(err)
		}
		ts, err := strconv.ParseFloat(got.T, 64)
		if err != nil {
			t.Fatalf("the page's time %q", got.T)
		}
		at := kernel.Seconds(ts)
		a.run.AdvanceTo(at)
		a.drain()
		if b != nil {
			b.run.AdvanceTo(at)
			b.drain()
		}
		compareShown(t, got, a, b, labelA, labelB)
	}
	// Charts as PNG: the title names the preset and seed, and A and B.
	tb.do(t, chromedp.Evaluate[chromedp.Void](`HTMLAnchorElement.prototype.click = function () {}; document.getElementById("png").click()`))
	title := eval[string](t, tb, `document.getElementById("png").dataset.title`)
	want := []string{p.Name, fmt.Sprintf("(seed %d)", sa.Seed)}
	if b != nil {
		for _, side := range [][2]string{{"A", labelA}, {"B", labelB}} {
			w := side[0]
			if side[1] != side[0] {
				w += ": " + side[1]
			}
			want = append(want, w+" (")
		}
	}
	for _, w := range want {
		if !strings.Contains(title, w) {
			t.Errorf("the PNG's title %q does not name %q", title, w)
		}
	}
}

// compareShown checks what the page shows at one time against the native runs.
func compareShown(t *testing.T, got shownPage, a, b *nativeRun, labelA, labelB string) {
	t.Helper()
	when := "t = " + got.T + " s"
	screen := a // the side the page's own numbers are: B while comparing
	if b != nil {
		screen = b
	}
	side := func(s string) *nativeRun {
		if s == "A" {
			return a
		}
		if s == "B" {
			return b
		}
		return screen
	}
	last := len(a.rows) - 1
	if last < 0 {
		t.Fatalf("%s: no row natively", when)
	}
	checked := 0
	for _, ch := range got.Charts {
		i := a.rowOf(ch.LegendT)
		if i != last {
			t.Errorf("%s: chart %q: legend at t = %q (row %d), want the latest row %d (t = %g)", when, ch.ID, ch.LegendT, i, last, a.rows[last][0])
			continue
		}
		sides := map[string]bool{}
		for _, e := range ch.Legend {
			r := side(e.Side)
			if r == nil {
				t.Errorf("%s: chart %q: legend entry %q for side %q while not comparing", when, ch.ID, e.Label, e.Side)
				continue
			}
			sides[e.Side] = true
			want := r.at(e.Series, i)
			if !same(e.Value, want) {
				t.Errorf("%s: chart %q, series %s (%s, legend %q): shows %q, the core's %g", when, ch.ID, e.Series, sideName(e.Side), e.Label, e.Value, want)
			}
			checked++
		}
		if b != nil && len(ch.Legend) > 0 && (!sides["A"] || !sides["B"]) {
			t.Errorf("%s: chart %q: comparing, the legend has sides %v, want A and B", when, ch.ID, sides)
		}
		if b != nil {
			cols := map[string]bool{}
			for _, row := range ch.Data {
				for _, cell := range row.Cells {
					cols[cell.Side] = true
				}
			}
			if !cols["A"] || !cols["B"] || cols[""] {
				t.Errorf("%s: chart %q: comparing, the data table has the sides %v, want A's and B's columns", when, ch.ID, cols)
			}
		}
		// Its header names each column's side and series: "A: dropped"
		// beside "B: dropped" while comparing, the series alone else.
		heads := map[string]map[string]string{} // series → side → header
		for _, h := range ch.DataHead {
			if heads[h.Series] == nil {
				heads[h.Series] = map[string]string{}
			}
			heads[h.Series][h.Side] = h.Text
		}
		for series, bySide := range heads {
			want := []string{""}
			if b != nil {
				want = []string{"A", "B"}
			}
			if len(bySide) != len(want) {
				t.Errorf("%s: chart %q: the data table's header of %s has the sides %v, want %q", when, ch.ID, series, bySide, want)
			}
			var names []string // each side's header less its "A: " or "B: "
			for _, s := range want {
				h, ok := bySide[s]
				name, named := strings.CutPrefix(h, s+": ")
				if s == "" {
					name, named = h, true
				}
				if !ok || !named || name == "" {
					t.Errorf("%s: chart %q: the data table's header of %s (%s): %q, among %v", when, ch.ID, series, sideName(s), h, bySide)
				}
				names = append(names, name)
			}
			if len(names) == 2 && names[0] != names[1] {
				t.Errorf("%s: chart %q: the data table names %s %q for A and %q for B", when, ch.ID, series, names[0], names[1])
			}
		}
		if len(ch.Data) > 0 && len(heads) == 0 {
			t.Errorf("%s: chart %q: the data table has no header naming its series", when, ch.ID)
		}
		if len(ch.Data) == 0 {
			t.Errorf("%s: chart %q: no rows in its data table", when, ch.ID)
		} else if j := a.rowOf(ch.Data[len(ch.Data)-1].T); j != last {
			t.Errorf("%s: chart %q: the data table ends at t = %s (row %d), want the latest row %d", when, ch.ID, ch.Data[len(ch.Data)-1].T, j, last)
		}
		for _, row := range ch.Data {
			j := a.rowOf(row.T)
			if j < 0 {
				t.Errorf("%s: chart %q: data table row t = %s is no row of the core's", when, ch.ID, row.T)
				continue
			}
			for _, cell := range row.Cells {
				r := side(cell.Side)
				if r == nil || cell.Series == "" {
					t.Errorf("%s: chart %q: data table cell %+v names no series of a side", when, ch.ID, cell)
					continue
				}
				if want := r.at(cell.Series, j); !same(cell.Value, want) {
					t.Errorf("%s: chart %q, data table, series %s (%s) at t = %s: shows %q, the core's %g", when, ch.ID, cell.Series, sideName(cell.Side), row.T, cell.Value, want)
				}
				checked++
			}
		}
	}
	// Headline tiles: the figure of the side on screen at the latest row.
	for _, h := range got.Headline {
		want := screen.tile(h.Column, h.Agg, h.From, last)
		if !same(h.V, want) {
			t.Errorf("%s: headline tile %q (%s %s): shows %q, the core's %g", when, h.Label, h.Column, h.Agg, h.V, want)
		}
		checked++
		if b != nil {
			checkAB(t, when, "headline tile "+strconv.Quote(h.Label), h.AB, a.tile(h.Column, h.Agg, h.From, last), want)
			checked += 2
		} else if h.AB != "" {
			t.Errorf("%s: headline tile %q: %q while not comparing", when, h.Label, h.AB)
		}
	}
	// Details: the summary at the time reached.
	s := screen.run.Summary()
	totals := func(s sim.Summary) map[string]float64 {
		return map[string]float64{
			"goodput": s.Total.Goodput, "offered": float64(s.Total.Offered), "completed late": float64(s.Total.Late),
			"rejected": float64(s.Total.Rejected), "dropped": float64(s.Total.Dropped), "throttled": float64(s.Total.Throttled), "max CPU": s.CPU.Max,
		}
	}
	totA := totals(a.run.Summary())
	for k, want := range totals(s) {
		shown, ok := got.Totals[k]
		if !ok {
			t.Errorf("%s: no Details tile %q", when, k)
			continue
		}
		if !same(shown.V, want) {
			t.Errorf("%s: Details tile %q: shows %q, the core's %g", when, k, shown.V, want)
		}
		checked++
		if b != nil {
			checkAB(t, when, "Details tile "+strconv.Quote(k), shown.AB, totA[k], want)
			checked += 2
		}
	}
	if u := got.Totals["max CPU"].U; !same(strings.TrimPrefix(u, "mean "), s.CPU.Mean) {
		t.Errorf("%s: Details tile max CPU: %q, the core's mean %g", when, u, s.CPU.Mean)
	}
	// The difference table: A and B at the time reached.
	if b == nil {
		if len(got.Diff) > 0 {
			t.Errorf("%s: a difference table while not comparing", when)
		}
	} else {
		p := compare.Pair{A: a.run, B: b.run}
		res := p.Result(labelA, labelB)
		if len(got.Diff) != len(res.Table) {
			t.Errorf("%s: the difference table has %d rows, the core's %d", when, len(got.Diff), len(res.Table))
		}
		for k := 0; k < min(len(got.Diff), len(res.Table)); k++ {
			r, cells := res.Table[k], got.Diff[k]
			// The rows in the core's order, each named as the core names it
			// (but a counter, whose plain words the WebAssembly leaves out:
			// its group, then its key in words).
			name := r.Name
			if strings.HasPrefix(r.Key, "counter:") {
				name, _, _ = strings.Cut(r.Name, ": ")
			}
			if len(cells) < 3 || k >= len(got.Keys) || got.Keys[k] != r.Key || !strings.HasPrefix(cells[0], name) {
				t.Errorf("%s: difference table row %d: %q, the core's %q (%s)", when, k, cells, r.Name, r.Key)
				continue
			}
			if w := r.Words; w != nil { // a flag, in words
				if len(cells) < 4 || cells[1] != w.A || cells[2] != w.B || cells[3] != w.Delta {
					t.Errorf("%s: difference table row %q: %q; the core's words %+v", when, r.Name, cells, *w)
				}
			} else if !same(cells[1], r.A) || !same(cells[2], r.B) {
				t.Errorf("%s: difference table row %q: A %q, B %q; the core's %g, %g", when, r.Name, cells[1], cells[2], r.A, r.B)
			}
			checked++
		}
	}
	t.Logf("%s: %d values checked", when, checked)
}

func sideName(s string) string {
	if s == "" {
		return "the run"
	}
	return s
}

// checkAB checks a tile's line under B's value while comparing: "A 1,234 · Δ +5.0".
func checkAB(t *testing.T, when, what, ab string, a, b float64) {
	t.Helper()
	// The figures are bound to their names by no-break spaces.
	if strings.Contains(ab, "A ") || strings.Contains(ab, "Δ ") {
		t.Errorf("%s: %s: %q: a line may break between a figure and its name", when, what, ab)
	}
	ab = strings.ReplaceAll(ab, "\u00a0", " ")
	sa, sd, ok := strings.Cut(strings.TrimPrefix(ab, "A "), " · Δ ")
	if !ok || !strings.HasPrefix(ab, "A ") {
		t.Errorf("%s: %s: comparing, it reads %q, want A's value and Δ", when, what, ab)
		return
	}
	if !same(sa, a) || !same(sd, b-a) {
		t.Errorf("%s: %s: %q; the core's A %g, Δ %g", when, what, ab, a, b-a)
	}
}
