//go:build !js

package web_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"overloadlab/core/catalog"
	"overloadlab/core/engine/scenario"
)

// classLinks are five links of a class: a preset with a title, the
// attach-storm challenge's solution with a pick and the attempt, a broken
// link, a preset of another model, and a link pasted as the page's whole
// address.
func classLinks(t *testing.T, page string) []string {
	t.Helper()
	enc := func(w *scenario.WhatIf) string {
		l, err := catalog.EncodeWhatIf(w)
		if err != nil {
			t.Fatal(err)
		}
		return l
	}
	storm, _ := catalog.Preset("attach-storm")
	sol := storm.Clone()
	for name, v := range preset(t, "attach-storm").Challenges[0].Solution {
		sol.Params.Put(name, v)
	}
	hot, _ := catalog.Preset("switch-hotspot")
	sip, _ := catalog.Preset("sip-loss-5x")
	plain := enc(&scenario.WhatIf{A: storm, Title: "Ann, group 2"})
	return []string{
		plain,
		enc(&scenario.WhatIf{A: sol, Note: `Bo: "the period"`, Picks: []scenario.Pick{{Name: "cpu-in-storm", Choice: 2}}, Attempt: "unpin-the-storm"}),
		plain[:len(plain)-5],
		enc(&scenario.WhatIf{A: hot}),
		page + "#" + enc(&scenario.WhatIf{A: sip}),
	}
}

// TestClassView: five links of a class (one broken) read from a text file
// are replayed on the sweep's workers (Replay again while it runs starts
// it afresh): five rows, the broken one with its
// reason; the page's CSV and HTML report are `overloadlab class`'s, byte
// for byte, for the same file; a click on a column's head reorders the
// rows; 61 links are refused with the limit named, the table kept.
func TestClassView(t *testing.T) {
	srv := newServer(t)
	tb := newTab(t, browser(t))
	tb.do(t, chromedp.EmulateViewport(1280, 800), chromedp.Navigate(srv.URL+"/"))
	tb.wait(t, ready, 20*time.Second)
	links := classLinks(t, srv.URL+"/")
	file := filepath.Join(t.TempDir(), "class.txt")
	os.WriteFile(file, []byte("# Tuesday's class\n"+strings.Join(links, "\n")+"\n"), 0o644)

	tb.do(t, chromedp.SetUploadFiles(chromedp.ID("class-file"), []string{file}))
	tb.wait(t, `document.body.dataset.classView === "running"`, 10*time.Second)
	click(t, tb, "class-run") // again while it runs: the new replay replaces the first
	tb.wait(t, `document.body.dataset.classView === "done"`, 180*time.Second)
	if n := eval[int](t, tb, `document.querySelectorAll("#class-out tbody tr").length`); n != 5 {
		t.Fatalf("%d rows for 5 links", n)
	}
	broken := eval[string](t, tb, `[...document.querySelectorAll("#class-out tbody tr.broken")].map((tr) => tr.dataset.line + ": " + tr.cells[1].textContent).join("|")`)
	if !strings.HasPrefix(broken, "3: ") || len(broken) < 10 {
		t.Errorf("the broken rows: %q, want line 3's with its reason", broken)
	}
	if s := eval[string](t, tb, `document.getElementById("class-status").textContent`); !strings.Contains(s, "5 links replayed") || !strings.Contains(s, "1 could not be opened") {
		t.Errorf("status %q", s)
	}

	// The exports, against the command line's for the same file.
	tb.do(t, chromedp.Evaluate[chromedp.Void](`window.__blobs = [];
	  const made = URL.createObjectURL;
	  URL.createObjectURL = (b) => { window.__blobs.push(b); return made(b); };
	  HTMLAnchorElement.prototype.click = function () {};`))
	for i, format := range []string{"csv", "html"} {
		click(t, tb, "class-"+format)
		tb.wait(t, `window.__blobs.length === `+string(rune('1'+i)), 5*time.Second)
		got, err := chromedp.Run(tb.ctx, chromedp.Evaluate[string](`window.__blobs.at(-1).text()`, chromedp.EvalAwaitPromise))
		if err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command("go", "run", "../cmd/overloadlab", "class", "-links", file, "-format", format)
		want, err := cmd.Output()
		if err != nil {
			t.Fatalf("overloadlab class -format %s: %v", format, err)
		}
		if got != string(want) {
			t.Errorf("the page's %s\n%q\noverloadlab class -format %s\n%q", format, got, format, want)
		}
	}

	// A click on the head of "line" sorts down, then up again.
	lines := `[...document.querySelectorAll("#class-out tbody tr")].map((tr) => tr.dataset.line).join(",")`
	sortBy := func(col string) {
		eval[bool](t, tb, `(() => { document.querySelector('#class-out th[data-col="`+col+`"] button').click(); return true })()`)
	}
	sortBy("line")
	if got := eval[string](t, tb, lines); got != "5,4,3,2,1" {
		t.Errorf("sorted by line, down: %s", got)
	}
	if got := eval[string](t, tb, `document.querySelector('#class-out th[data-col="line"]').getAttribute("aria-sort")`); got != "descending" {
		t.Errorf("aria-sort %q", got)
	}
	// The broken link's reason is read in the window, not past the
	// columns a trainer scrolls sideways to.
	if in := eval[bool](t, tb, `(() => {
	  const td = document.querySelector('#class-out tr.broken td:nth-child(2)'), box = document.getElementById("class-out").getBoundingClientRect();
	  const r = td.getBoundingClientRect();
	  return td.closest("table").querySelector("th:nth-child(2)").dataset.col === "error" && td.textContent.length > 0 && r.right <= box.right + 1;
	})()`); !in {
		t.Error("the broken link's reason is not the second column, in view")
	}
	sortBy("error")
	if got := eval[string](t, tb, lines); !strings.HasSuffix(got, ",3") {
		t.Errorf("sorted by error, the broken link's row comes last: %s", got)
	}
	eval[bool](t, tb, `(() => { document.getElementById("class-view").scrollIntoView(); return true })()`)
	viewShot(t, tb, "class-view-1280x800.png")

	// 61 links: refused, saying the limit; the table stays.
	eval[bool](t, tb, `(() => { document.getElementById("class-links").value = Array(61).fill(`+jsString(links[0])+`).join("\n"); document.getElementById("class-run").click(); return true })()`)
	if s := eval[string](t, tb, `document.getElementById("class-status").textContent`); !strings.Contains(s, "61 links") || !strings.Contains(s, "at most 60") {
		t.Errorf("61 links: %q", s)
	}
	if n := eval[int](t, tb, `document.querySelectorAll("#class-out tbody tr").length`); n != 5 {
		t.Errorf("after the refusal, %d rows", n)
	}
	if errs := tb.errors(); len(errs) > 0 {
		t.Errorf("console errors: %q", errs)
	}
}
