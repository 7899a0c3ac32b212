//go:build !js

package web_test

import (
	"bytes"
	"compress/flate"
	"context"
	"encoding/base64"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"overloadlab/core/catalog"
	"overloadlab/web"
	"overloadlab/web/headless"
)

// The browser tests drive Debian's chromium against the built page in
// ../dist (make build). They are one test with steps, so the browser starts
// once: the machine is small.

const dist = "../dist"

// server serves dist and counts the bytes it sends (compressed, as on the
// wire), the requests per path and the content codings it used.
type server struct {
	*httptest.Server
	bytes atomic.Int64
	mu    sync.Mutex
	codes map[string]string // path → Content-Encoding
	hits  map[string]int    // path → requests
}

type counter struct {
	http.ResponseWriter
	n *atomic.Int64
}

func (c counter) Write(b []byte) (int, error) {
	c.n.Add(int64(len(b)))
	return c.ResponseWriter.Write(b)
}

// requests returns how many times path was asked for.
func (s *server) requests(path string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.hits[path]
}

func newServer(t testing.TB) *server { return serverOf(t, nil) }

// serverOf serves dist through wrap (nil: as it is).
func serverOf(t testing.TB, wrap func(http.Handler) http.Handler) *server {
	if _, err := os.Stat(filepath.Join(dist, "index.html")); err != nil {
		t.Fatalf("no built page in %s: run `make build` (go run ./build) first", dist)
	}
	s := &server{codes: map[string]string{}, hits: map[string]int{}}
	h := web.Handler(os.DirFS(dist))
	if wrap != nil {
		h = wrap(h)
	}
	s.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h.ServeHTTP(counter{w, &s.bytes}, r)
		s.mu.Lock()
		s.codes[r.URL.Path] = w.Header().Get("Content-Encoding")
		s.hits[r.URL.Path]++
		s.mu.Unlock()
	}))
	t.Cleanup(s.Close)
	return s
}

// browser starts chromium with a fresh profile.
func browser(t testing.TB) context.Context {
	path, err := exec.LookPath("chromium")
	if err != nil {
		t.Fatal("chromium is not installed: run `make setup`")
	}
	opts := append(headless.Options(path, t.TempDir()),
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("hide-scrollbars", true),
		chromedp.WindowSize(1400, 1000),
	)
	actx, cancel := chromedp.NewExecAllocator(context.Background(), opts...)
	t.Cleanup(cancel)
	ctx, cancel2 := chromedp.NewContext(actx)
	t.Cleanup(cancel2)
	if err := chromedp.Do(ctx); err != nil {
		t.Fatalf("start chromium: %v", err)
	}
	return ctx
}

// longTasks records the main thread's long tasks (over 50 ms) in every page.
const longTasks = `window.__longtasks = [];
new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__longtasks.push(Math.round(e.duration)); })
  .observe({ type: "longtask", buffered: true });`

// tab opens a new tab with the long-task observer and a console recorder.
type tab struct {
	ctx     context.Context
	mu      sync.Mutex
	console []string
}

func newTab(t *testing.T, parent context.Context) *tab {
	ctx, cancel := chromedp.NewContext(parent)
	t.Cleanup(cancel)
	tb := &tab{ctx: ctx}
	err := chromedp.Do(ctx, chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: longTasks})
		return err
	}))
	if err != nil {
		t.Fatal(err)
	}
	msgs := chromedp.Console(ctx)
	go func() {
		for m, err := range msgs {
			if err != nil {
				return
			}
			if m.Type == chromedp.ConsoleError || m.IsException() || m.Type == chromedp.ConsoleWarning {
				tb.mu.Lock()
				tb.console = append(tb.console, m.String()+" at "+m.URL)
				tb.mu.Unlock()
			}
		}
	}()
	return tb
}

func (tb *tab) do(t *testing.T, steps ...chromedp.Action[chromedp.Void]) {
	t.Helper()
	if err := chromedp.Do(tb.ctx, steps...); err != nil {
		t.Fatal(err)
	}
}

func eval[T any](t *testing.T, tb *tab, js string) T {
	t.Helper()
	v, err := chromedp.Run(tb.ctx, chromedp.Evaluate[T](js))
	if err != nil {
		t.Fatalf("%s: %v", js, err)
	}
	return v
}

func (tb *tab) wait(t *testing.T, js string, d time.Duration) {
	t.Helper()
	if _, err := chromedp.Run(tb.ctx, chromedp.Poll[bool](js, chromedp.WithPollingTimeout(d))); err != nil {
		t.Fatalf("waiting for %s: %v (page: %s; console: %q)", js, err,
			eval[string](t, tb, `JSON.stringify({ data: document.body.dataset, message: document.getElementById("message").textContent, href: location.href })`), tb.errors())
	}
}

func (tb *tab) errors() []string {
	tb.mu.Lock()
	defer tb.mu.Unlock()
	return append([]string(nil), tb.console...)
}

const (
	ready     = `document.body.dataset.state === "ready"`
	tilesJS   = `JSON.stringify([...document.querySelectorAll("#tiles .v, #totals .v")].map((e) => e.textContent))`
	canvasJS  = `document.querySelector('[data-chart="cpu"] canvas').toDataURL()`
	maxSpeed  = `(() => { const s = document.getElementById("speed"); s.value = "0"; s.dispatchEvent(new Event("change")); return true })()`
	doneJS    = `document.body.dataset.done === "true" && document.body.dataset.settled === "true"`
	longJS    = `JSON.stringify(window.__longtasks)`
	messageJS = `(() => { const m = document.getElementById("message"); return m.hidden ? "" : m.textContent })()`
)

func setParam(name, value string) string {
	return `(() => { const i = document.querySelector('section.controls:not([hidden]) input[type=range][data-param="` + name + `"]');
	  i.value = "` + value + `"; i.dispatchEvent(new Event("input", { bubbles: true })); i.dispatchEvent(new Event("change", { bubbles: true })); return i.value })()`
}

func TestPlayground(t *testing.T) {
	srv := newServer(t)
	ctx := browser(t)
	first := newTab(t, ctx)

	// Load: the worker loads the wasm and starts the first preset.
	first.do(t, chromedp.Navigate(srv.URL+"/"))
	first.wait(t, ready, 20*time.Second)
	presets := catalog.Presets()
	if n := eval[int](t, first, `document.querySelectorAll("#preset option").length`); n != len(presets) {
		t.Errorf("preset picker has %d presets, the catalog %d", n, len(presets))
	}
	// The preset's words, each number bound to its unit by a no-break space.
	if got := eval[string](t, first, `document.getElementById("teaches").textContent`); strings.ReplaceAll(got, "\u00a0", " ") != presets[0].Teaches || !strings.Contains(got, "70\u00a0%") {
		t.Errorf("teaches = %q, want the preset's %q", got, presets[0].Teaches)
	}
	if n := eval[int](t, first, `document.querySelectorAll("#charts figure.chart").length`); n == 0 {
		t.Error("no chart drawn")
	}

	// Play the preset to its end as fast as possible: run A. The main
	// thread has no task over 50 ms meanwhile; a second try rules out a
	// moment when other processes had the cores.
	eval[bool](t, first, maxSpeed)
	var long []int
	for try := 1; ; try++ {
		first.do(t, chromedp.Evaluate[chromedp.Void](`window.__longtasks.length = 0`))
		click(t, first, "play")
		first.waitEnd(t, 60*time.Second)
		json.Unmarshal([]byte(eval[string](t, first, longJS)), &long)
		if len(long) == 0 || try == 2 {
			break
		}
		t.Logf("try %d: main-thread tasks over 50 ms: %v ms; once more", try, long)
		click(t, first, "reset")
		first.wait(t, ready+` && document.body.dataset.t === "0"`, 10*time.Second)
	}
	t.Logf("longest frame of drawing: %s ms", eval[string](t, first, `document.body.dataset.maxFrameMs`))
	if len(long) > 0 {
		if load, cores := loadAverage(), runtime.NumCPU(); load > float64(cores) {
			// Wall-clock task lengths mean nothing on a machine with more
			// runnable threads than cores: say so, do not judge.
			t.Logf("main-thread tasks over 50 ms during the run: %v ms, NOT judged: load average %.1f on %d cores", long, load, cores)
		} else {
			t.Errorf("main-thread tasks over 50 ms during the run: %v ms (load average %.1f on %d cores)", long, load, cores)
		}
	}
	tilesA := eval[string](t, first, tilesJS)
	canvasA := eval[string](t, first, canvasJS)
	digestA := eval[string](t, first, `document.body.dataset.digest`)

	// The class selector shows one class's outcomes.
	cls := eval[string](t, first, `(() => { const s = document.getElementById("class"); s.value = s.options[1].value; s.dispatchEvent(new Event("change")); return s.value })()`)
	if legend := eval[string](t, first, `document.querySelector('[data-chart="outcomes"] .u-legend').textContent`); !strings.Contains(legend, cls+" ") {
		t.Errorf("class %s selected: the outcomes legend reads %q", cls, legend)
	}
	eval[string](t, first, `(() => { const s = document.getElementById("class"); s.value = ""; s.dispatchEvent(new Event("change")); return s.value })()`)

	// Run B: reset, play to 200 s, pause, make the CPU twice as fast, play to the end.
	click(t, first, "reset")
	first.wait(t, ready+` && document.body.dataset.t === "0"`, 10*time.Second)
	click(t, first, "play")
	first.wait(t, `Number(document.body.dataset.t) >= 200`, 60*time.Second)
	click(t, first, "play")
	first.wait(t, `document.body.dataset.playing === "false"`, 5*time.Second)
	if v := eval[string](t, first, setParam("cpu.speed", "2")); v != "2" {
		t.Fatalf("slider cpu.speed = %s", v)
	}
	first.wait(t, `document.querySelector('section.controls:not([hidden]) input.exact[data-param="cpu.speed"]').value === "2"`, 5*time.Second)
	click(t, first, "play")
	first.waitEnd(t, 60*time.Second)
	tilesB := eval[string](t, first, tilesJS)
	digestB := eval[string](t, first, `document.body.dataset.digest`)
	if tilesB == tilesA || digestB == digestA {
		t.Errorf("moving the CPU speed slider changed nothing: tiles %s, digest %s", tilesB, digestB)
	}
	if canvasB := eval[string](t, first, canvasJS); canvasB == canvasA {
		t.Error("moving the CPU speed slider did not change the CPU chart")
	}
	if msg := eval[string](t, first, messageJS); msg != "" {
		t.Errorf("message shown during the run: %q", msg)
	}
	shot(t, first, "playground.png")

	// Export: CSV and JSON of the run, the charts as PNG (the downloads are
	// caught before they leave the page).
	first.do(t, chromedp.Evaluate[chromedp.Void](`window.__downloads = [];
	  const made = URL.createObjectURL;
	  URL.createObjectURL = (b) => { window.__downloads.push({ type: b.type, size: b.size }); window.__blob = b; return made(b); };
	  HTMLAnchorElement.prototype.click = function () { window.__downloads[window.__downloads.length - 1].name = this.download; };`))
	for _, id := range []string{"csv", "json", "png"} {
		first.do(t, chromedp.Click(chromedp.ID(id)))
	}
	first.wait(t, `window.__downloads.length === 3 && window.__downloads.every((d) => d.name)`, 10*time.Second)
	var downloads []struct {
		Name, Type string
		Size       int
	}
	json.Unmarshal([]byte(eval[string](t, first, `JSON.stringify(window.__downloads)`)), &downloads)
	for i, want := range []struct{ ext, typ string }{{".csv", "text/csv"}, {".json", "application/json"}, {".png", "image/png"}} {
		d := downloads[i]
		if !strings.HasSuffix(d.Name, want.ext) || d.Type != want.typ || d.Size < 1000 {
			t.Errorf("download %d: %+v, want a %s file of type %s", i, d, want.ext, want.typ)
		}
	}
	t.Logf("downloads: %+v", downloads)
	pngURL, err := chromedp.Run(first.ctx, chromedp.Evaluate[string](`new Promise((ok) => { const r = new FileReader(); r.onload = () => ok(r.result); r.readAsDataURL(window.__blob); })`, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Error(err)
	} else if png, err := base64.StdEncoding.DecodeString(strings.TrimPrefix(pngURL, "data:image/png;base64,")); err == nil {
		os.WriteFile(filepath.Join("..", "testdata", "screenshots", "charts-export.png"), png, 0o644)
	}

	// Share: the address holds the link; a fresh page replays the same run.
	first.do(t, chromedp.Click(chromedp.ID("share")))
	first.wait(t, `document.getElementById("link").value.includes("#")`, 5*time.Second)
	link := eval[string](t, first, `document.getElementById("link").value`)
	second := newTab(t, ctx)
	second.do(t, chromedp.Navigate(link))
	second.wait(t, ready, 30*time.Second)
	if msg := eval[string](t, second, messageJS); msg != "" {
		t.Fatalf("the shared link opened with a message: %q", msg)
	}
	playToEnd(t, second, "play", 60*time.Second)
	if got := eval[string](t, second, tilesJS); got != tilesB {
		t.Errorf("shared link: tiles %s, the original run %s", got, tilesB)
	}
	if got := eval[string](t, second, `document.body.dataset.digest`); got != digestB {
		t.Errorf("shared link: digest %s, the original run %s", got, digestB)
	}
	if v := eval[string](t, second, `document.querySelector('section.controls:not([hidden]) input.exact[data-param="cpu.speed"]').value`); v != "2" {
		t.Errorf("shared link: the CPU speed slider shows %s at the end, want 2", v)
	}

	// A corrupted link opens the preset's defaults with a message naming the field.
	third := newTab(t, ctx)
	bad := link[:strings.Index(link, "#")+1] + corrupt(link[strings.Index(link, "#")+1:])
	third.do(t, chromedp.Navigate(bad))
	third.wait(t, ready, 20*time.Second)
	msg := eval[string](t, third, messageJS)
	if !strings.Contains(msg, "could not be opened") || !strings.Contains(msg, "defaults") {
		t.Errorf("corrupted link %q: message %q", bad, msg)
	}
	if got := eval[string](t, third, `document.getElementById("preset").value`); got != presets[0].Name {
		t.Errorf("corrupted link opened preset %q, want %q", got, presets[0].Name)
	}
	t.Logf("corrupted link message: %s", msg)
	shot(t, third, "bad-link.png")

	// An out-of-range value in a link names the field and the allowed range.
	fourth := newTab(t, ctx)
	fourth.do(t, chromedp.Navigate(srv.URL+"/#"+rawLink(t, `{"m":"imsimgr","p":"busy-hour","v":{"cpu.speed":99}}`)))
	fourth.wait(t, ready, 20*time.Second)
	msg = eval[string](t, fourth, messageJS)
	if !strings.Contains(msg, "cpu.speed: 99 is not allowed (allowed: a number from 0.1 to 10") {
		t.Errorf("out-of-range link: message %q", msg)
	}
	if got := eval[string](t, fourth, `document.getElementById("preset").value`); got != "busy-hour" {
		t.Errorf("out-of-range link of busy-hour opened preset %q", got)
	}
	if got := eval[string](t, fourth, `document.querySelector('section.controls:not([hidden]) input.exact[data-param="cpu.speed"]').value`); got != "1" {
		t.Errorf("out-of-range link: the CPU speed shows %s, want the default 1", got)
	}

	// A link whose offered load is beyond what the lab simulates plays until
	// the core stops it, and the page says why instead of hanging.
	fifth := newTab(t, ctx)
	fifth.do(t, chromedp.Navigate(srv.URL+"/#"+rawLink(t, `{"m":"imsimgr","d":3600,"v":{`+
		`"rate.sgsn-attach":20000,"rate.sgsn-israu":20000,"rate.mme-attach":20000,"rate.other":20000,`+
		`"storm.shape":"step","storm.at":0,"storm.factor":50,"retry.probability":1,"retry.after-reject":1800,"retry.after-timeout":600}}`)))
	fifth.wait(t, ready, 20*time.Second)
	eval[bool](t, fifth, maxSpeed)
	click(t, fifth, "play")
	fifth.wait(t, `document.body.dataset.done === "true"`, 90*time.Second)
	if msg := eval[string](t, fifth, messageJS); !strings.Contains(msg, "stopped early") || !strings.Contains(msg, "lower the rates") {
		t.Errorf("overloaded link: message %q", msg)
	}

	for _, tb := range []*tab{first, second, third, fourth, fifth} {
		if errs := tb.errors(); len(errs) > 0 {
			t.Errorf("console errors: %q", errs)
		}
	}
}

// loadAverage returns the 1-minute load average (0 when unknown).
func loadAverage() float64 {
	b, _ := os.ReadFile("/proc/loadavg")
	f := strings.Fields(string(b))
	if len(f) == 0 {
		return 0
	}
	x, _ := strconv.ParseFloat(f[0], 64)
	return x
}

// rawLink writes a version 1 link around a payload, bypassing the encoder's
// checks, as a hand-edited link would.
func rawLink(t *testing.T, payload string) string {
	var b bytes.Buffer
	w, _ := flate.NewWriter(&b, flate.BestCompression)
	w.Write([]byte(payload))
	w.Close()
	return "1." + base64.RawURLEncoding.EncodeToString(b.Bytes())
}

// corrupt breaks a link in the middle of its payload.
func corrupt(link string) string {
	i := len(link) / 2
	return link[:i] + "~%~" + link[i+3:]
}

func shot(t *testing.T, tb *tab, name string) {
	chromedp.Do(tb.ctx, chromedp.Evaluate[chromedp.Void](`window.scrollTo(0, 0)`))
	buf, err := chromedp.Run(tb.ctx, chromedp.FullScreenshot(100))
	if err != nil {
		t.Errorf("screenshot: %v", err)
		return
	}
	dir := filepath.Join("..", "testdata", "screenshots")
	os.MkdirAll(dir, 0o755)
	if err := os.WriteFile(filepath.Join(dir, name), buf, 0o644); err != nil {
		t.Error(err)
	}
}

// A preset with variants compares with one of them; a model with sweeps draws its
// carried-vs-offered curves (computed in the worker).
func TestCompareAndSweep(t *testing.T) {
	srv := newServer(t)
	ctx := browser(t)
	tb := newTab(t, ctx)
	tb.do(t, chromedp.Navigate(srv.URL+"/"))
	tb.wait(t, ready, 20*time.Second)
	for _, d := range catalog.Models {
		for _, p := range d.Presets {
			if len(p.Compare) == 0 || len(d.Sweeps) == 0 {
				continue
			}
			tb.do(t, chromedp.Evaluate[chromedp.Void](`(() => { const s = document.getElementById("preset"); s.value = "`+p.Name+`"; s.dispatchEvent(new Event("change")); })()`))
			tb.wait(t, ready+` && document.getElementById("preset").value === "`+p.Name+`" && document.querySelectorAll("#compare-variants button").length === `+strconv.Itoa(len(p.Compare)), 20*time.Second)
			// The preset's first variant as B, named after its control.
			tb.do(t, chromedp.Click(chromedp.CSS("#compare-variants button")))
			tb.wait(t, `document.body.dataset.comparing === "true" && document.querySelector("#diff-table") !== null`, 20*time.Second)
			if head := eval[string](t, tb, `document.querySelector("#diff-table thead").textContent`); !strings.Contains(head, p.Compare[0].Label) {
				t.Errorf("comparison table head %q does not name the variant %q", head, p.Compare[0].Label)
			}
			tb.wait(t, sweepOpen, 20*time.Second)
			tb.do(t, chromedp.Click(chromedp.CSS("#sweep-buttons button")))
			tb.wait(t, `document.querySelector("#sweep-out canvas") !== null`, 120*time.Second)
			shot(t, tb, "compare-sweep.png")
			if errs := tb.errors(); len(errs) > 0 {
				t.Errorf("console errors: %q", errs)
			}
			return
		}
	}
	t.Skip("no model has both a preset with variants and a sweep")
}
