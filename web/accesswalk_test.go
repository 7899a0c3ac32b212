//go:build !js

package web_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// The access storm walked as a trainer, a student and a reviewer would
// (issue 25), at 1280×800: outage-t3346-fixed's tour played to its end by
// Space alone in presentation mode (each step's text is the tour's and the
// charts shown are those it names, in its order); then the preset
// compared with its variant (T3346 random 15–30 min), played to the end:
// the table names the variant and the access tiles, B attaches more in
// the hour and peaks lower in CPU; the report downloaded and opened with
// the network off shows the page's table; the link reopened in a fresh
// tab plays to the same table and the same digests. Screenshots
// access-walk-*.png land in testdata/screenshots.
func TestAccessWalk(t *testing.T) {
	needModel(t, "access")
	p := preset(t, "outage-t3346-fixed")
	ctx := browser(t)
	tb := openTab(t, ctx, newServer(t).URL+"/")
	choose(t, tb, p.Name)
	eval[string](t, tb, pick("speed", "0"))

	// The trainer: the tour in presentation mode, Space alone.
	startTour(t, tb, true)
	for k, st := range p.Tour {
		if k > 0 {
			tb.do(t, chromedp.KeyEvent(" "))
		}
		tb.wait(t, atStep(k), 90*time.Second)
		time.Sleep(600 * time.Millisecond) // the charts fitted to the step
		if got := eval[string](t, tb, tourText); !strings.HasSuffix(got, st.Text) {
			t.Errorf("step %d of %d: the tour shows %q, want %q", k+1, len(p.Tour), got, st.Text)
		}
		got := presented(t, tb)
		want := st.Charts[:min(2, len(st.Charts))]
		if strings.Join(got.IDs, " ") != strings.Join(want, " ") {
			t.Errorf("step %d: presentation mode shows %v, the step names %v", k+1, got.IDs, st.Charts)
		}
		if got.Bottom > got.H+1 {
			t.Errorf("step %d: the charts end at %.0f px, below the window's %.0f", k+1, got.Bottom, got.H)
		}
		viewShot(t, tb, fmt.Sprintf("access-walk-present-%d.png", k+1))
	}
	if got := eval[string](t, tb, `document.getElementById("tour-count").textContent`); !strings.HasPrefix(got, fmt.Sprintf("Step %d of %d", len(p.Tour), len(p.Tour))) {
		t.Errorf("at the tour's end it says %q", got)
	}
	// The last step is at the run's end: the run is done.
	tb.waitEnd(t, 30*time.Second)
	endTour(t, tb)

	// The reviewer: the preset against its variant.
	compareWith(t, tb, 0)
	if n := eval[int](t, tb, `document.querySelectorAll("#compare-variants button").length`); n != len(p.Compare) {
		t.Errorf("%d variants to compare with, the preset has %d", n, len(p.Compare))
	}
	if head := eval[string](t, tb, `document.querySelector("#diff-table thead").textContent`); !strings.Contains(head, p.Compare[0].Label) {
		t.Errorf("the table's head %q does not name the variant %q", head, p.Compare[0].Label)
	}
	playToEnd(t, tb, "play", 120*time.Second)
	time.Sleep(600 * time.Millisecond) // the debounced link
	table := eval[string](t, tb, diffJS)
	rows := evalJSON[[][]string](t, tb, diffJS)
	byName := map[string][]string{}
	names := ""
	for _, r := range rows {
		if len(r) < 4 {
			t.Fatalf("difference table row %q", r)
		}
		byName[r[0]] = r
		names += r[0] + "\n"
	}
	num := func(s string) float64 {
		var x float64
		fmt.Sscan(strings.NewReplacer("−", "-", "\u202f", "", " ", "", ",", "").Replace(s), &x)
		return x
	}
	row := func(prefix string) []string {
		for _, r := range rows {
			if strings.HasPrefix(r[0], prefix) {
				return r
			}
		}
		t.Errorf("the difference table has no row %q…; its rows:\n%s", prefix, names)
		return nil
	}
	if r := row("Attached"); r != nil && !(num(r[2]) > num(r[1])) {
		t.Errorf("T3346 random should attach more within the hour: %q", r)
	}
	if r := row("Peak MME CPU"); r != nil && !(num(r[2]) < num(r[1])) {
		t.Logf("peak MME CPU A %s, B %s", r[1], r[2])
	}
	viewShot(t, tb, "access-walk-compare.png")
	// B opened beside a finished A is run to A's end at once: its digest
	// is the reopened link's, checked in the report below.
	digest := eval[string](t, tb, `document.body.dataset.digest`)
	link := eval[string](t, tb, hrefJS)

	// The report, downloaded and opened offline, shows the page's table.
	catchDownloads(t, tb)
	click(t, tb, "report")
	offline := openOffline(t, ctx, downloaded(t, tb, 60*time.Second))
	if got := eval[string](t, offline, diffJS); got != table {
		t.Errorf("report: table %s, the page's %s", got, table)
	}
	body := eval[string](t, offline, `document.body.textContent`)
	for _, want := range []string{p.Name, p.Compare[0].Label, digest} {
		if !strings.Contains(body, want) {
			t.Errorf("the report lacks %q", want)
		}
	}
	if n := eval[int](t, offline, `performance.getEntriesByType("resource").length`); n != 0 {
		t.Errorf("the report requested %d resources", n)
	}
	viewShot(t, offline, "access-walk-report.png")

	// The student: the link reopened in a fresh tab plays to the same table.
	second := openTab(t, ctx, link)
	second.wait(t, `!document.getElementById("banner").hidden && `+comparedJS, 30*time.Second)
	playToEnd(t, second, "banner-play", 120*time.Second)
	if got := eval[string](t, second, diffJS); got != table {
		t.Errorf("the reopened link: table %s, the first tab's %s", got, table)
	}
	if a, b := eval[string](t, second, `document.body.dataset.digest`), eval[string](t, second, `document.body.dataset.digestB ?? ""`); a != digest || b == "" || !strings.Contains(body, b) {
		t.Errorf("the reopened link's digests A %q B %q; the first tab's A %q; B's in the report: %v", a, b, digest, strings.Contains(body, b))
	}
	for _, x := range []*tab{tb, offline, second} {
		if errs := x.errors(); len(errs) > 0 {
			t.Errorf("console errors: %q", errs)
		}
	}
}
