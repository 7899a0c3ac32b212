//go:build !js

package web_test

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// unbrokenJS lists what is broken over two lines where it should not be
// (and a dashed line's legend key drawn as a square of stripes):
// a legend entry of a chart (a series' name and value belong on one line,
// inside the entry's own box: a wide entry spans columns) and a word of a
// tile (a unit like DIAMETER_TOO_BUSY may wrap after an underscore, where
// the page offers a break, never inside a word), and a tile's part wider
// than its box.
const unbrokenJS = `(() => {
  const shown = (e) => e.offsetParent !== null && e.getClientRects().length > 0;
  // textRects are the rectangles of the text under root (not its boxes).
  const textRects = (root) => {
    const out = [];
    const w = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let n; (n = w.nextNode()); ) {
      const r = document.createRange();
      r.selectNodeContents(n);
      out.push(...[...r.getClientRects()].filter((q) => q.width > 0));
    }
    return out;
  };
  // lines counts the lines rectangles of text sit on: their middles
  // apart by more than half a line.
  const lines = (rects) => {
    const mids = rects.filter((q) => q.width > 0).map((q) => (q.top + q.bottom) / 2).sort((a, b) => a - b);
    const h = Math.max(0, ...rects.map((q) => q.height));
    let n = 0, last = -Infinity;
    for (const y of mids) if (y - last > h / 2) { n++; last = y; }
    return n;
  };
  const words = (root) => {
    const out = [];
    const w = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let n; (n = w.nextNode()); ) {
      // A word, or a number with its "%" ("70 %"): each on one line.
      for (const m of n.data.matchAll(/\d[\d,.]*[ \u00a0]%|\S+/g)) {
        const r = document.createRange();
        r.setStart(n, m.index);
        r.setEnd(n, m.index + m[0].length);
        if (lines([...r.getClientRects()]) > 1) out.push(m[0]);
      }
    }
    return out;
  };
  const bad = [];
  for (const tr of document.querySelectorAll("#charts figure.chart .u-legend tr.u-series")) {
    if (!shown(tr)) continue;
    const rects = textRects(tr);
    const box = tr.getBoundingClientRect();
    const right = Math.max(...rects.map((q) => q.right));
    if (lines(rects) > 1) bad.push("legend entry on two lines: " + tr.textContent);
    else if (right > box.right + 1) bad.push("legend entry past its box by " + Math.round(right - box.right) + " px: " + tr.textContent);
  }
  // A dashed line's key is a dashed stroke across the middle (3 px high),
  // not a square of stripes (which reads as a pause sign).
  for (const m of document.querySelectorAll("#charts figure.chart .u-legend .u-marker")) {
    const st = getComputedStyle(m);
    const dashed = st.backgroundImage.startsWith("repeating-linear-gradient(90deg") && st.backgroundImage.endsWith(" 7px)"); // 4 px on, 3 off (charts.ts: markerCSS)
    if (shown(m) && dashed && !st.backgroundSize.endsWith(" 3px"))
      bad.push("dashed key as a square: " + m.closest("tr").textContent);
  }
  // The lesson, its claims and the tour: a number is not parted from its unit.
  for (const box of document.querySelectorAll("#teaches, #claims, #tour"))
    if (shown(box)) for (const w of words(box)) if (/\d/.test(w)) bad.push("number parted from its unit: " + w);
  for (const tile of document.querySelectorAll("#tiles .tile")) {
    if (!shown(tile)) continue;
    for (const w of words(tile)) bad.push("tile word broken: " + w);
    for (const part of tile.children) if (shown(part) && part.scrollWidth > part.clientWidth + 1) bad.push("tile part cut: " + part.textContent);
  }
  return JSON.stringify(bad);
})()`

// TestLegible: on the presets with the most series and the longest tile
// units (doic-priority-within-colour: "OC-Maximum-Rate requested",
// "/s answered DIAMETER_TOO_BUSY"; attach-storm: "dropped by the 70 %
// guard"), at 1280×800, 1024×768, 390×844 and in presentation mode at
// 1024×768, no legend entry is broken over two lines or runs past its box,
// no word of a tile is broken nor a number from its "%" (in the lesson, its
// claims and the tour neither), and the key of a dashed line (server
// capacity) is drawn as one.
func TestLegible(t *testing.T) {
	srv := newServer(t)
	tb := newTab(t, browser(t))
	tb.do(t, chromedp.Navigate(srv.URL+"/"))
	tb.wait(t, ready, 20*time.Second)
	for _, p := range []string{"doic-priority-within-colour", "attach-storm"} {
		if !hasPreset(p) {
			t.Fatal("no preset", p)
		}
		tb.emulate(t, viewports[0])
		choose(t, tb, p)
		playSome(t, tb)
		check := func(view string) {
			var bad []string
			json.Unmarshal([]byte(eval[string](t, tb, unbrokenJS)), &bad)
			for _, b := range bad {
				t.Errorf("%s, %s: %s", p, view, b)
			}
		}
		for _, v := range []viewport{viewports[0], viewports[1], viewports[3]} {
			tb.emulate(t, v)
			time.Sleep(500 * time.Millisecond) // the charts follow their new widths
			check(v.name)
		}
		tb.emulate(t, viewports[1])
		tb.do(t, chromedp.Evaluate[chromedp.Void](`document.getElementById("present").click()`))
		tb.wait(t, present, 5*time.Second)
		time.Sleep(500 * time.Millisecond)
		check("present mode at 1024x768")
		tb.do(t, chromedp.Evaluate[chromedp.Void](`document.getElementById("present").click()`))
		tb.wait(t, "!"+present, 5*time.Second)
	}
	if errs := tb.errors(); len(errs) > 0 {
		t.Errorf("console errors: %q", errs)
	}
}
