//go:build !js

package web_test

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// TestShots photographs the page as a trainer and a student see it: one
// preset of each model at 1280×800, 1024×768 and 390×844, in present mode,
// in dark mode, under deuteranopia, during a comparison and a sweep, and a
// what-if link's banner. It is a tool for looking, not a check: it runs
// only when OVERLOADLAB_SHOTS names the folder to write to.
func TestShots(t *testing.T) {
	dir := os.Getenv("OVERLOADLAB_SHOTS")
	if dir == "" {
		t.Skip("set OVERLOADLAB_SHOTS=folder to take the screenshots")
	}
	os.MkdirAll(dir, 0o755)
	srv := newServer(t)
	tb := newTab(t, browser(t))
	save := func(name string, full bool) {
		if !full {
			buf, err := chromedp.Run(tb.ctx, chromedp.CaptureScreenshot())
			if err != nil {
				t.Errorf("%s: %v", name, err)
			}
			os.WriteFile(filepath.Join(dir, name+".png"), buf, 0o644)
			return
		}
		// The whole page in pieces of 1100 px, so each can be looked at.
		var wh []float64
		json.Unmarshal([]byte(eval[string](t, tb, `JSON.stringify([document.documentElement.scrollWidth, document.documentElement.scrollHeight])`)), &wh)
		for k, y := 0, 0.0; y < wh[1]; k, y = k+1, y+1100 {
			buf, err := chromedp.Run(tb.ctx, chromedp.Action[[]byte](func(ctx context.Context, tg *chromedp.Target) ([]byte, error) {
				r, err := cdp.Call(ctx, tg, page.CaptureScreenshot, page.CaptureScreenshotParams{CaptureBeyondViewport: ptrTo(true), FromSurface: ptrTo(true),
					Clip: &page.Viewport{X: 0, Y: y, Width: wh[0], Height: min(1100, wh[1]-y), Scale: 1}})
				if err != nil {
					return nil, err
				}
				return r.Data, nil
			}))
			if err != nil {
				t.Errorf("%s: %v", name, err)
				return
			}
			os.WriteFile(filepath.Join(dir, fmt.Sprintf("%s-%d.png", name, k)), buf, 0o644)
		}
	}
	tb.do(t, chromedp.Navigate(srv.URL+"/"))
	tb.wait(t, ready, 20*time.Second)
	size := func(w, h int64, mobile bool) {
		tb.emulate(t, viewport{width: w, height: h, scale: 1, mobile: mobile})
		time.Sleep(300 * time.Millisecond)
	}
	media := func(f []*emulation.MediaFeature) {
		tb.call(t, func(ctx context.Context, tg *chromedp.Target) error {
			_, err := cdp.Call(ctx, tg, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{Features: f})
			return err
		})
	}
	vision := func(v emulation.SetEmulatedVisionDeficiencyType) {
		tb.call(t, func(ctx context.Context, tg *chromedp.Target) error {
			_, err := cdp.Call(ctx, tg, emulation.SetEmulatedVisionDeficiency, emulation.SetEmulatedVisionDeficiencyParams{Type: v})
			return err
		})
	}
	top := func() { tb.do(t, chromedp.Evaluate[chromedp.Void](`window.scrollTo(0, 0)`)) }
	only := os.Getenv("OVERLOADLAB_SHOTS_ONLY") // a preset, to look at one
	for _, p := range []string{"attach-storm", "hlr-storm-after-reboot", "scp-standard-acg", "doic-priority-within-colour", "switch-step-5x", "sip-loss-3x"} {
		if only != "" && only != p {
			continue
		}
		size(1280, 800, false)
		choose(t, tb, p)
		save(p+"-1280-start", false)
		playSome(t, tb)
		top()
		save(p+"-1280", false)
		save(p+"-1280-full", true)
		size(1024, 768, false)
		top()
		save(p+"-1024", false)
		tb.do(t, chromedp.Evaluate[chromedp.Void](`document.getElementById("present").click()`))
		time.Sleep(500 * time.Millisecond)
		save(p+"-1024-present", false)
		tb.do(t, chromedp.Evaluate[chromedp.Void](`document.getElementById("present").click()`))
		size(390, 844, true)
		top()
		save(p+"-390", false)
		save(p+"-390-full", true)
		size(1280, 800, false)
		media([]*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: "dark"}})
		time.Sleep(400 * time.Millisecond)
		top()
		save(p+"-1280-dark", false)
		save(p+"-1280-dark-full", true)
		media(nil)
		vision(emulation.SetEmulatedVisionDeficiencyTypeDeuteranopia)
		time.Sleep(300 * time.Millisecond)
		save(p+"-1280-deuteranopia-full", true)
		vision(emulation.SetEmulatedVisionDeficiencyTypeNone)
	}
	if only == "" || only == "compare" {
		// A comparison with the preset's first variant, then a sweep.
		size(1280, 800, false)
		choose(t, tb, "scp-standard-acg")
		tb.wait(t, `document.querySelectorAll("#compare-variants button").length > 0`, 10*time.Second)
		tb.do(t, chromedp.Click(chromedp.CSS("#compare-variants button")))
		tb.wait(t, `document.body.dataset.comparing === "true" && document.querySelector("#diff-table") !== null`, 20*time.Second)
		playSome(t, tb)
		// The lesson's chart's data table open: A's and B's columns.
		tb.do(t, chromedp.Evaluate[chromedp.Void](`document.querySelector("#charts figure.chart figcaption button").click()`))
		top()
		save("compare-1280", false)
		save("compare-1280-full", true)
		media([]*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: "dark"}})
		time.Sleep(400 * time.Millisecond)
		save("compare-1280-dark-full", true)
		media(nil)
		vision(emulation.SetEmulatedVisionDeficiencyTypeDeuteranopia)
		time.Sleep(300 * time.Millisecond)
		save("compare-1280-deuteranopia-full", true)
		vision(emulation.SetEmulatedVisionDeficiencyTypeNone)
		size(390, 844, true)
		save("compare-390-full", true)
		size(1024, 768, false)
		tb.do(t, chromedp.Evaluate[chromedp.Void](`document.getElementById("present").click()`))
		time.Sleep(500 * time.Millisecond)
		save("compare-1024-present", false)
		tb.do(t, chromedp.Evaluate[chromedp.Void](`document.getElementById("present").click()`))
		size(1280, 800, false)
		tb.do(t, chromedp.Evaluate[chromedp.Void](`document.getElementById("compare-end").click()`))
		tb.wait(t, sweepOpen, 20*time.Second)
		tb.do(t, chromedp.Click(chromedp.CSS("#sweep-buttons button")))
		tb.wait(t, `document.querySelector("#sweep-out canvas") !== null`, 20*time.Second)
		eval[bool](t, tb, setSweep(5, 2, 1, "standard ACG", "adaptive"))
		tb.do(t, chromedp.Click(chromedp.ID("sweep-run")))
		tb.wait(t, `document.body.dataset.sweep === "done"`, 240*time.Second)
		tb.do(t, chromedp.Evaluate[chromedp.Void](`document.getElementById("sweeps").scrollIntoView()`))
		save("sweep-1280", false)
		save("sweep-1280-full", true)
		size(390, 844, true)
		tb.do(t, chromedp.Evaluate[chromedp.Void](`document.getElementById("sweeps").scrollIntoView()`))
		save("sweep-390", false)
		size(1024, 768, false)
		tb.do(t, chromedp.Evaluate[chromedp.Void](`document.getElementById("sweeps").scrollIntoView()`))
		save("sweep-1024", false)
	}
	if only == "" || only == "whatif" {
		// A what-if link as a student opens it.
		size(1280, 800, false)
		choose(t, tb, "attach-storm")
		eval[string](t, tb, setParam("sgsn-new-connections-per-second", "800"))
		tb.do(t, chromedp.Evaluate[chromedp.Void](`(() => {
		  const t = document.getElementById("title"); t.value = "Double N at the storm?"; t.dispatchEvent(new Event("change"));
		  const n = document.getElementById("note"); n.value = "The SGSN paces at 800/s: fewer rejects, but does the CPU hold?"; n.dispatchEvent(new Event("change"));
		})()`))
		time.Sleep(600 * time.Millisecond)
		link := eval[string](t, tb, `location.href`)
		tb.do(t, chromedp.Navigate(srv.URL+"/"))
		tb.do(t, chromedp.Navigate(link))
		tb.wait(t, ready+` && !document.getElementById("banner").hidden`, 20*time.Second)
		top()
		save("whatif-1280", false)
		size(390, 844, true)
		top()
		save("whatif-390", false)
	}
}

func ptrTo[T any](v T) *T { return &v }
