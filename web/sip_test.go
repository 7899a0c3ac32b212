//go:build !js

package web_test

import (
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"overloadlab/core/catalog"
	"overloadlab/core/engine/claim"
	"overloadlab/core/engine/compare"
	"overloadlab/core/engine/scenario"
	"overloadlab/core/engine/sim"
	"overloadlab/core/engine/sim/simtest"
	"overloadlab/web/report"
)

// The SIP model's study and report, run in the page, are the core's: the
// study's button runs the points the model declares (sim.Sweep.Values,
// as `overloadlab sweep` does), and every point's digest, goodput band
// and capacity line, and every number of its CSV, equal the same plan run
// natively; the report of the run played to its end is, byte for byte,
// the one web/report writes natively for the same link, and its results,
// claims and digest are the core's summary; the report of a comparison
// (loss against rate) has the numbers of the core's comparison, its
// headline row the goodput tile's mean from 0:20.
func TestSIPSweepAndReport(t *testing.T) {
	srv := newServer(t)
	ctx := browser(t)
	tb := newTab(t, ctx)
	sc, err := catalog.Preset("sip-loss-3x")
	if err != nil {
		t.Fatal(err)
	}
	sc.Duration = 30 // the study's 36 points × 2 seeds in seconds
	link, err := catalog.EncodeLink(sc)
	if err != nil {
		t.Fatal(err)
	}
	tb.do(t, chromedp.Navigate(srv.URL+"/#"+link))
	tb.wait(t, ready+` && `+sweepOpen, 20*time.Second)
	tb.do(t, chromedp.Evaluate[chromedp.Void](`document.getElementById("sweeps").scrollIntoView()`))
	tb.wait(t, `Number(document.body.dataset.sweepWorkers) >= 1`, 30*time.Second)
	const seeds = 2
	tb.do(t, chromedp.Evaluate[chromedp.Void](`document.getElementById("sweep-seeds").value = "`+strconv.Itoa(seeds)+`"; document.querySelector("#sweep-buttons button").click()`))
	tb.wait(t, `document.body.dataset.sweep === "done"`, 300*time.Second)
	b := readBand(t, tb)

	def, _ := catalog.Model("sip")
	study := def.Sweeps[0]
	plan := study.Plan(seeds)
	native := simtest.Sweep(t, def, sc, plan)
	np := len(study.Values)
	if b.Param != study.Param || !slices.Equal(b.X, study.Values) || len(b.Curves) != len(study.Curves) {
		t.Fatalf("the study in the page: %s at %v, %d curves; the model's: %s at %v, %d curves", b.Param, b.X, len(b.Curves), study.Param, study.Values, len(study.Curves))
	}
	for k, c := range b.Curves {
		if c.Label != study.Curves[k].Label || len(c.Mean) != np {
			t.Fatalf("curve %d: %q with %d points, want %q", k, c.Label, len(c.Mean), study.Curves[k].Label)
		}
		for i := range np {
			n := native[k*np+i]
			g := n.Stats[sim.MetricGoodput]
			if c.Mean[i] == nil || c.Lo[i] == nil || c.Hi[i] == nil || c.Digest[i] == nil {
				t.Fatalf("%s, point %d missing", c.Label, i)
			}
			if *c.Digest[i] != n.Digest || *c.Mean[i] != g.Mean || *c.Lo[i] != g.Lo || *c.Hi[i] != g.Hi {
				t.Errorf("%s at %g: page %g [%g, %g] %s, native %g [%g, %g] %s", c.Label, b.X[i], *c.Mean[i], *c.Lo[i], *c.Hi[i], *c.Digest[i], g.Mean, g.Lo, g.Hi, n.Digest)
			}
		}
	}
	if len(b.Lines) != len(study.Lines) {
		t.Errorf("lines %+v, the study's %d", b.Lines, len(study.Lines))
	}
	for k, l := range b.Lines {
		for i, y := range l.Ys {
			at, err := plan.Scenario(def, sc, sim.Cell{Point: i})
			if err != nil {
				t.Fatal(err)
			}
			if want := sim.LinesAt(def, at.Params)[k]; y == nil || *y != want {
				t.Errorf("line %q at %g: %v, the core's %g", l.Label, b.X[i], y, want)
			}
		}
	}
	// The CSV: every metric's mean, lo and hi at 8 significant digits.
	tb.do(t, chromedp.Evaluate[chromedp.Void](`window.__files = [];
	  window.__made ??= URL.createObjectURL;
	  URL.createObjectURL = (b) => { b.text().then((x) => window.__files.push(x)); return window.__made(b); };
	  HTMLAnchorElement.prototype.click = function () {};`))
	tb.do(t, chromedp.Click(chromedp.ID("sweep-csv")))
	tb.wait(t, `window.__files.length === 1`, 10*time.Second)
	csvText := eval[string](t, tb, `window.__files[0]`)
	if !strings.Contains(csvText, "# sweep: "+study.Param+" at 0.5, 0.8, 1, 1.2, 1.5, 2, 3, 4, 5, 2 seeds per point") {
		t.Errorf("the CSV's head does not name the study's points:\n%.700s", csvText)
	}
	var rows [][]string
	for _, line := range strings.Split(strings.TrimSpace(csvText), "\n")[1:] {
		if !strings.HasPrefix(line, "#") {
			rows = append(rows, strings.Split(line, ","))
		}
	}
	if len(rows) != 1+len(native) {
		t.Fatalf("the CSV has %d rows, want a head and %d points", len(rows), len(native))
	}
	g8 := func(x float64) string {
		v, _ := strconv.ParseFloat(strconv.FormatFloat(x, 'g', 8, 64), 64)
		return strconv.FormatFloat(v, 'g', -1, 64)
	}
	for k, r := range rows[1:] {
		n := native[k]
		want := []string{n.Label, strconv.FormatFloat(n.X, 'g', -1, 64), strconv.Itoa(seeds)}
		for _, s := range n.Stats {
			want = append(want, g8(s.Mean), g8(s.Lo), g8(s.Hi))
		}
		want = append(want, n.Digest)
		if !slices.Equal(r, want) {
			t.Errorf("CSV row %d:\n page %v\n core %v", k+1, r, want)
		}
	}

	// The report of the run played to its end, its sweep in the link.
	playToEnd(t, tb, "play", 90*time.Second)
	html := pageReport(t, tb)
	repLink := reportLink(t, html, srv.URL+"/")
	w, err := catalog.DecodeWhatIf(repLink)
	if err != nil {
		t.Fatalf("the report's link %q: %v", repLink, err)
	}
	p, err := catalog.SweepOf(w)
	if err != nil || p == nil || p.String() != plan.String() {
		t.Fatalf("the report's link holds the sweep %v (%v), want %s", p, err, plan)
	}
	if w.A.Preset != sc.Preset || w.A.Duration != sc.Duration || w.A.Seed != sc.Seed || w.B != nil {
		t.Fatalf("the report's link: %s, %g s, seed %d, B %v", w.A.Preset, w.A.Duration, w.A.Seed, w.B != nil)
	}
	a := startNative(t, w.A)
	a.run.RunToEnd()
	var want strings.Builder
	if err := report.Write(&want, &report.Input{A: a.run, Link: repLink, Page: srv.URL + "/", Sweep: p}); err != nil {
		t.Fatal(err)
	}
	if html != want.String() {
		i := 0
		for i < len(html) && i < len(want.String()) && html[i] == want.String()[i] {
			i++
		}
		t.Errorf("the page's report differs from the core's at byte %d:\n page …%s…\n core …%s…", i, excerpt(html, i), excerpt(want.String(), i))
	}
	// Its numbers are the core's summary, as the page writes numbers.
	s := a.run.Summary()
	results := tableRows(html, "results")
	for key, v := range map[string]float64{
		"goodput": s.Total.Goodput, "offered": float64(s.Total.Offered), "completed": float64(s.Total.Completed),
		"late": float64(s.Total.Late), "dropped": float64(s.Total.Dropped), "throttled": float64(s.Total.Throttled),
		"cpu/mean": s.CPU.Mean, "cpu/max": s.CPU.Max,
	} {
		if r, ok := results[key]; !ok || !same(r[0], v) {
			t.Errorf("report: %s shows %v, the core's %g", key, r, v)
		}
	}
	claimsShown := claimCells(html)
	lesson := slices.DeleteFunc(slices.Clone(s.Claims), func(c claim.Result) bool { return c.Exercise })
	if len(claimsShown) != len(lesson) {
		t.Errorf("report: %d claims, the core checks %d", len(claimsShown), len(lesson))
	}
	for i, c := range lesson {
		mark := "✗ "
		if c.Holds {
			mark = "✓ "
		}
		if i < len(claimsShown) && claimsShown[i] != mark+c.Figure {
			t.Errorf("report: claim %s shows %q, the core's %q", c.Name, claimsShown[i], mark+c.Figure)
		}
	}
	if !strings.Contains(html, "<code>"+s.Digest+"</code>") {
		t.Errorf("report lacks the core's digest %s", s.Digest)
	}

	// Loss against rate on the same traffic: the comparison's report.
	k := slices.IndexFunc(preset(t, "sip-loss-3x").Compare, func(v scenario.Variant) bool { return v.Params["control"].Text == "rate" })
	tb.do(t, chromedp.Click(chromedp.CSS(`#compare-variants button:nth-child(`+strconv.Itoa(k+1)+`)`)))
	tb.wait(t, comparedJS+` && document.getElementById("diff-table") !== null`, 20*time.Second)
	html = pageReport(t, tb)
	repLink = reportLink(t, html, srv.URL+"/")
	if w, err = catalog.DecodeWhatIf(repLink); err != nil || w.B == nil {
		t.Fatalf("the comparison report's link %q: %v", repLink, err)
	}
	pair, err := compare.Start(w.A, w.B, true)
	if err != nil {
		t.Fatal(err)
	}
	pair.A.RunToEnd()
	pair.B.RunToEnd()
	res := pair.Result(w.LabelA, w.LabelB)
	shown := tableRows(html, "diff-table")
	if len(shown) != len(res.Table) {
		t.Errorf("report: %d rows in the difference table, the core's %d", len(shown), len(res.Table))
	}
	for _, r := range res.Table {
		c, ok := shown[r.Key]
		if !ok || !same(c[0], r.A) || !same(c[1], r.B) || !same(c[2], r.Delta) {
			t.Errorf("report: row %q shows %v, the core's A %g, B %g, Δ %g", r.Key, c, r.A, r.B, r.Delta)
		}
	}
	tile := def.Tiles[slices.IndexFunc(def.Tiles, func(tl sim.Tile) bool { return tl.Column == "goodput" })]
	va, _ := pair.A.Tile(tile)
	vb, _ := pair.B.Tile(tile)
	if r := res.Table[0]; r.Name != "Goodput / capacity, mean from 0:20 on" || r.A != va || r.B != vb {
		t.Errorf("the first row %q A %g B %g: want the goodput tile's mean from 0:20, %g and %g", r.Name, r.A, r.B, va, vb)
	}
	if errs := tb.errors(); len(errs) > 0 {
		t.Errorf("console errors: %q", errs)
	}
}

// pageReport clicks Report and returns the file the page downloads.
func pageReport(t *testing.T, tb *tab) string {
	t.Helper()
	tb.do(t, chromedp.Evaluate[chromedp.Void](`window.__report = null;
	  window.__made ??= URL.createObjectURL;
	  URL.createObjectURL = (b) => { if (b.type === "text/html") b.text().then((x) => (window.__report = x)); return window.__made(b); };
	  HTMLAnchorElement.prototype.click = function () {};
	  document.getElementById("report").click();`))
	tb.wait(t, `window.__report !== null`, 30*time.Second)
	return eval[string](t, tb, `window.__report`)
}

var reportLinkRE = regexp.MustCompile(`<dt>Link</dt><dd><a href="([^"]*)"`)

// reportLink is the link a report holds, after page + "#".
func reportLink(t *testing.T, html, page string) string {
	t.Helper()
	m := reportLinkRE.FindStringSubmatch(html)
	if m == nil || !strings.HasPrefix(m[1], page+"#") {
		t.Fatalf("the report holds no link of %s: %v", page, m)
	}
	return strings.ReplaceAll(strings.TrimPrefix(m[1], page+"#"), "&amp;", "&")
}

var (
	rowRE   = regexp.MustCompile(`<tr data-row="([^"]*)"><td>[^<]*</td>((?:<td class="num">[^<]*</td>)+)</tr>`)
	numRE   = regexp.MustCompile(`<td class="num">([^<]*)</td>`)
	claimRE = regexp.MustCompile(`<tr><td>[^<]*</td><td>[^<]*</td><td>([^<]*)</td></tr>`)
)

// tableRows reads a report's table by its id: each row's key and cells.
func tableRows(html, id string) map[string][]string {
	i := strings.Index(html, `id="`+id+`"`)
	if i < 0 {
		return nil
	}
	body := html[i:]
	body = body[:strings.Index(body, "</table>")]
	out := map[string][]string{}
	for _, m := range rowRE.FindAllStringSubmatch(body, -1) {
		var cells []string
		for _, c := range numRE.FindAllStringSubmatch(m[2], -1) {
			cells = append(cells, c[1])
		}
		out[strings.ReplaceAll(m[1], "&amp;", "&")] = cells
	}
	return out
}

// claimCells reads the A column of a report's claims table.
func claimCells(html string) []string {
	i := strings.Index(html, `class="diff claims"`)
	if i < 0 {
		return nil
	}
	body := html[i:]
	body = body[:strings.Index(body, "</table>")]
	var out []string
	for _, m := range claimRE.FindAllStringSubmatch(body, -1) {
		out = append(out, m[1])
	}
	return out
}

func excerpt(s string, i int) string {
	return s[max(0, i-80):min(len(s), i+80)]
}
