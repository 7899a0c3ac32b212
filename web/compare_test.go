//go:build !js

package web_test

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

const (
	diffJS     = `JSON.stringify([...document.querySelectorAll("#diff-table tbody tr")].map((r) => [...r.cells].map((c) => c.textContent)))`
	comparedJS = `document.body.dataset.comparing === "true"`
	hrefJS     = `location.href`
)

// A design review: compare attach-storm with N = 800/s on the same traffic,
// share it with a title and a note, open the link in a fresh tab (the
// banner says what changed; A, B and Δ are the same), and download the
// report, which opens with the network off and shows the same numbers.
func TestCompareShareReport(t *testing.T) {
	srv := newServer(t)
	ctx := browser(t)
	first := newTab(t, ctx)
	first.do(t, chromedp.Navigate(srv.URL+"/"))
	first.wait(t, ready, 20*time.Second)
	first.do(t, chromedp.Evaluate[chromedp.Void](`(() => { const s = document.getElementById("preset"); s.value = "attach-storm"; s.dispatchEvent(new Event("change")); })()`))
	first.wait(t, ready+` && document.getElementById("preset").value === "attach-storm" && location.hash.length > 2`, 20*time.Second)

	// Compare: B is a copy of A; B's N moves to 800/s before the start, and
	// the address bar follows.
	first.do(t, chromedp.Click(chromedp.ID("compare-copy")))
	first.wait(t, comparedJS, 10*time.Second)
	before := eval[string](t, first, hrefJS)
	for _, p := range []string{"sgsn-new-connections-per-second", "mme-new-connections-per-second"} {
		if v := eval[string](t, first, setParam(p, "800")); v != "800" {
			t.Fatalf("slider %s = %s", p, v)
		}
	}
	first.wait(t, `location.href !== `+strconv.Quote(before), 5*time.Second)
	first.do(t, chromedp.Evaluate[chromedp.Void](`(() => {
	  const t = document.getElementById("title"); t.value = "Double N at the storm?"; t.dispatchEvent(new Event("change"));
	  const n = document.getElementById("note"); n.value = "B paces at 800/s: fewer rejects, but does the CPU hold?"; n.dispatchEvent(new Event("change"));
	})()`))
	playToEnd(t, first, "play", 90*time.Second)
	time.Sleep(600 * time.Millisecond) // the debounced link
	table := eval[string](t, first, diffJS)
	var rows [][]string
	json.Unmarshal([]byte(table), &rows)
	// The model's headline numbers first, then goodput and the outcomes,
	// each row saying what its figure is.
	byName := map[string][]string{}
	for _, r := range rows {
		byName[r[0]] = r
	}
	if len(rows) < 9 || rows[0][0] != "Goodput, last interval (/s)" || byName["goodput, mean over the run (/s)"] == nil || byName["rejected, total over the run"] == nil {
		t.Fatalf("difference table: %s", table)
	}
	// The counters are named in plain words, as in the Details, with their
	// units: the words the model declares, not the key (which the wasm
	// once showed with spaces for underscores: "overflow drops high cpu").
	names := ""
	for _, r := range rows {
		names += r[0] + "\n"
		if strings.Contains(r[0], "_") {
			t.Errorf("difference table row %q: a raw counter name", r[0])
		}
	}
	for _, want := range []string{"overflow dropped by the 70 % guard, at the end", "mean wait in the queue (seconds), at the end", "crashes (watchdog restarts), at the end"} {
		if !strings.Contains(names, want) {
			t.Errorf("difference table: no row reads %q; the rows:\n%s", want, names)
		}
	}
	for _, key := range []string{"overflow drops high cpu", "mean wait s", "lost in crash"} {
		if strings.Contains(names, key) {
			t.Errorf("difference table: a counter by its key %q; the rows:\n%s", key, names)
		}
	}
	if r := byName["rejected, total over the run"]; r[3] == "0" || !strings.HasPrefix(r[3], "−") {
		t.Errorf("N = 800/s should reject less: %v", r)
	}
	if r := byName["offered, total over the run"]; r[1] != r[2] {
		t.Logf("offered differs (retries feed back): %v", r)
	}
	// One y scale for A and B: the CPU chart's covers both maxima.
	var maxA, maxB float64
	for _, r := range rows {
		if r[0] == "CPU, highest over the run (%)" {
			maxA, _ = strconv.ParseFloat(r[1], 64)
			maxB, _ = strconv.ParseFloat(r[2], 64)
		}
	}
	if n := eval[int](t, first, `document.querySelectorAll('[data-chart="cpu"] canvas').length`); n != 1 {
		t.Errorf("the CPU chart has %d canvases, want one for A and B", n)
	}
	legend := eval[string](t, first, `document.querySelector('[data-chart="cpu"] .u-legend').textContent`)
	if !strings.Contains(legend, "A: ") {
		t.Errorf("no ghost of A in the CPU chart's legend: %q", legend)
	}
	y := strings.Split(eval[string](t, first, `document.querySelector('[data-chart="cpu"]').dataset.y`), ",")
	top, _ := strconv.ParseFloat(y[len(y)-1], 64)
	if maxA == 0 || top < max(maxA, maxB) {
		t.Errorf("CPU chart y scale up to %g, max CPU A %g, B %g", top, maxA, maxB)
	}
	tiles := eval[string](t, first, `JSON.stringify([...document.querySelectorAll("#totals .ab")].map((e) => e.textContent))`)
	if !strings.Contains(tiles, "A\u00a0") || !strings.Contains(tiles, "Δ") {
		t.Errorf("tiles without A and Δ: %s", tiles)
	}
	shot(t, first, "compare.png")

	// Share: the address holds the comparison; a fresh tab shows the banner
	// and gives the same numbers.
	link := eval[string](t, first, hrefJS)
	second := newTab(t, ctx)
	second.do(t, chromedp.Navigate(link))
	second.wait(t, ready+` && !document.getElementById("banner").hidden && `+comparedJS, 30*time.Second)
	banner := eval[string](t, second, `document.getElementById("banner").textContent`)
	for _, want := range []string{"Double N at the storm?", "fewer rejects, but does the CPU hold?", "N: new connections (/s): 400 → 800 from the start (sgsn-new-connections-per-second)", "N: new connections (/s): 400 → 800 from the start (mme-new-connections-per-second)"} {
		if !strings.Contains(banner, want) {
			t.Errorf("banner %q lacks %q", banner, want)
		}
	}
	shot(t, second, "compare-banner.png")
	playToEnd(t, second, "banner-play", 90*time.Second)
	if got := eval[string](t, second, diffJS); got != table {
		t.Errorf("shared comparison: table %s, the first tab's %s", got, table)
	}
	if a, b := eval[string](t, second, `document.body.dataset.digestB`), eval[string](t, first, `document.body.dataset.digestB`); a != b || a == "" {
		t.Errorf("B's digest: %q in the shared tab, %q in the first", a, b)
	}

	// CSV of the comparison: comment lines saying what it is, then A's
	// columns and B's, prefixed b.
	catchDownloads(t, first)
	first.do(t, chromedp.Click(chromedp.ID("csv")))
	csv := downloaded(t, first, 30*time.Second)
	lines := strings.Split(csv, "\n")
	for i, want := range []string{"# model: imsimgr", "# scenario: attach-storm", "# seed: 1", "# link: " + link, "# columns prefixed b. are B", "# units: t: s, offered: /s", "# time: t is the end of each interval, in seconds of simulated time; the run lasts 0:15:00 (h:mm:ss)"} {
		if i >= len(lines) || !strings.HasPrefix(lines[i], want) {
			t.Errorf("CSV line %d: %.100q, want %.100q…", i+1, lines[min(i, len(lines)-1)], want)
		}
	}
	if head := lines[7]; !strings.HasPrefix(head, "t,offered,") || !strings.Contains(head, ",b.offered,") {
		t.Errorf("CSV head %.120q", head)
	}
	if n := len(lines) - 9; n != 900 {
		t.Errorf("CSV: %d rows, want 900 intervals", n)
	}

	// Report: downloaded as one HTML file, opened with the network off.
	catchDownloads(t, first)
	// The button says a report is on its way (the worker writes it), and is
	// itself again once it is written.
	if got := eval[string](t, first, `(() => { const b = document.getElementById("report"); b.click(); b.click(); return b.textContent + "|" + b.getAttribute("aria-busy") })()`); got != "Preparing report…|true" {
		t.Errorf("report button while preparing: %q", got)
	}
	html := downloaded(t, first, 30*time.Second)
	if got := eval[string](t, first, `document.getElementById("report").textContent`); got != "Report" {
		t.Errorf("report button after the report: %q", got)
	}
	if name := eval[string](t, first, `window.__downloads[0].name`); !strings.HasSuffix(name, ".html") {
		t.Errorf("report named %q", name)
	}
	// A reference inside the file (url(#…), the areas' hatchings) loads nothing.
	for _, bad := range []string{"<script", "src=", "<link", "@import", "url("} {
		if strings.Contains(strings.ReplaceAll(html, "url(#", "#"), bad) {
			t.Errorf("the report holds %q: it must not load anything", bad)
		}
	}
	offline := openOffline(t, ctx, html)
	if got := eval[string](t, offline, diffJS); got != table {
		t.Errorf("report: table %s, the page's %s", got, table)
	}
	body := eval[string](t, offline, `document.body.textContent`)
	for _, want := range []string{"Double N at the storm?", "fewer rejects", "sgsn-new-connections-per-second: 400 → 800", "#3.", eval[string](t, first, `document.body.dataset.digest`)} {
		if !strings.Contains(body, want) {
			t.Errorf("report lacks %q", want)
		}
	}
	if n := eval[int](t, offline, `performance.getEntriesByType("resource").length`); n != 0 {
		t.Errorf("the report requested %d resources", n)
	}
	if n := eval[int](t, offline, `document.querySelectorAll("figure.chart svg polyline.a").length`); n == 0 {
		t.Error("report charts without A's ghost")
	}
	shot(t, offline, "report.png")

	// A what-if link without B: the banner lists its change (and, a link of
	// version 1, that it replays on the numbered random streams of then),
	// and one click compares it with the preset (A: the preset, B: the
	// what-if).
	third := newTab(t, ctx)
	third.do(t, chromedp.Navigate(srv.URL+"/#"+rawLink(t, `{"m":"imsimgr","p":"busy-hour","v":{"cpu.speed":0.5}}`)))
	third.wait(t, ready+` && !document.getElementById("banner").hidden`, 30*time.Second)
	// A link without its streams' version lists the streams it was made with.
	if b := eval[string](t, third, `[...document.querySelectorAll("#banner-changes li")].map((li) => li.textContent).join("|")`); b != "Random streams: named → numbered from the start (streams)|CPU speed (×): 1 → 0.5 from the start (cpu.speed)" {
		t.Errorf("banner of a what-if: %q", b)
	}
	// It says what to watch: the chart drawn first.
	shown := eval[string](t, third, `document.querySelector("#charts figure.chart .title").firstChild.textContent`)
	if w := eval[string](t, third, `document.getElementById("banner-watch").textContent`); !strings.HasPrefix(w, "Watch “"+shown+"”, the first chart") {
		t.Errorf("the banner's what to watch: %q, want it to name the first chart %q", w, shown)
	}
	third.do(t, chromedp.Click(chromedp.ID("banner-compare")))
	third.wait(t, comparedJS+` && document.getElementById("diff-table") !== null`, 20*time.Second)
	if head := eval[string](t, third, `document.querySelector("#diff-table thead").textContent`); !strings.Contains(head, "A: busy-hour") {
		t.Errorf("compare with the preset: table head %q", head)
	}
	if v := eval[string](t, third, `document.querySelector('section.controls:not([hidden]) input.exact[data-param="cpu.speed"]').value`); v != "0.5" {
		t.Errorf("compare with the preset: B's CPU speed shows %s, want 0.5", v)
	}
	for _, tb := range []*tab{first, second, offline, third} {
		if errs := tb.errors(); len(errs) > 0 {
			t.Errorf("console errors: %q", errs)
		}
	}
}
