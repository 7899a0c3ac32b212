// Command wasmspeed measures DESIGN.md's budget "simulator, wasm ≤ 2× the
// native time for the same run" (target 1.5×) where the page runs: it times
// one preset (wasm/digests -time) natively and as WebAssembly in headless
// Chromium, the page's engine, and prints the medians and their ratio:
//
//	ratio = median(wall time in Chromium) / median(wall time natively)
//
// judges the budget. Both binaries are built as the project builds them:
// natively with the profile (PGO), and the module as the page's modules are
// (`go run ./build -module`: packed, and whatever else the page gets).
// The runs alternate (native, Chromium, native, …) after one warm-up run of
// each, so that a change of load on a shared machine hits both; min–max is
// printed beside each median. Each browser run instantiates the compiled
// module afresh (its code stays compiled and tiered up, as in the page's
// long-lived worker) and is timed by the program's own clock
// (time.Now, i.e. performance.now), not counting instantiation. CPU time
// is printed too: natively the process's (getrusage), in Chromium the main
// thread's (DevTools' ThreadTime metric); unlike wall time, it does not grow
// when other processes share the cores. Node's figure (one process, the same
// module) is printed beside, labelled as node's: make digests runs under
// it, the page does not.
//
//	go run ./build/wasmspeed [-preset attach-storm] [-n 5] [-node=true] [-wasm FILE]...
//
// With -wasm it times the given builds of wasm/digests instead (one tab
// each, in the same rounds), to compare build options in one run.
package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/chromedp/cdproto/browser"
	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/performance"
	"github.com/chromedp/chromedp"

	"overloadlab/core/catalog"
	"overloadlab/web/headless"
)

// DESIGN.md's budget and target for wasm against native.
const (
	budget = 2.0
	target = 1.5
)

func main() {
	preset := flag.String("preset", "attach-storm", "the preset to time")
	n := flag.Int("n", 5, "timed runs of each (after one warm-up run)")
	withNode := flag.Bool("node", true, "time the same module under node too (labelled as node's)")
	var modules []string
	flag.Func("wasm", "time the wasm/digests module in `file` instead of building one as the page's (repeat to compare builds in one run)", func(f string) error {
		modules = append(modules, f)
		return nil
	})
	flag.Parse()
	if *n < 1 || *n > 100 {
		fmt.Fprintf(os.Stderr, "wasmspeed: -n %d: want 1 to 100\n", *n)
		os.Exit(2)
	}
	// A preset the catalog does not offer (a model not registered) fails
	// here, before a minute of building.
	if _, err := catalog.Preset(*preset); err != nil {
		fmt.Fprintf(os.Stderr, "wasmspeed: -preset: %v\n", err)
		os.Exit(2)
	}
	if err := run(os.Stdout, *preset, *n, *withNode, modules); err != nil {
		fmt.Fprintln(os.Stderr, "wasmspeed:", err)
		os.Exit(1)
	}
}

func goTool() string {
	if g := os.Getenv("GO"); g != "" {
		return g
	}
	return "go"
}

func run(w io.Writer, preset string, n int, withNode bool, modules []string) error {
	tmp, err := os.MkdirTemp("", "wasmspeed")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	native := filepath.Join(tmp, "digests")
	if err := command(goTool(), "build", "-o", native, "./wasm/digests").Run(); err != nil {
		return fmt.Errorf("go build ./wasm/digests: %w", err)
	}
	labels := make([]string, len(modules)) // ", FILE" for each module given
	for m, f := range modules {
		labels[m] = ", " + f
	}
	if len(modules) == 0 {
		modules, labels = []string{filepath.Join(tmp, "digests.wasm")}, []string{""}
		if err := command(goTool(), "run", "./build", "-module", "./wasm/digests", "-o", modules[0]).Run(); err != nil {
			return fmt.Errorf("go run ./build -module ./wasm/digests: %w", err)
		}
	}
	root, err := exec.Command(goTool(), "env", "GOROOT").Output()
	if err != nil {
		return fmt.Errorf("go env GOROOT: %w", err)
	}
	wasmExec := filepath.Join(strings.TrimSpace(string(root)), "lib", "wasm")

	b, err := openBrowser(wasmExec, modules)
	if err != nil {
		return err
	}
	defer b.close()

	load0 := readLoad()
	args := []string{"-time", preset, "-n", "1"}
	var nat []timing
	chr := make([][]timing, len(modules))
	for i := range n + 1 { // run 0 warms up
		out, err := exec.Command(native, args...).Output()
		if err != nil {
			return fmt.Errorf("native: %w", exitErr(err))
		}
		ts, err := parseRuns(string(out), preset)
		if err != nil {
			return fmt.Errorf("native: %w", err)
		}
		if i > 0 {
			nat = append(nat, ts...)
		}
		for m, tab := range b.tabs {
			t, err := b.run(tab, args, preset)
			if err != nil {
				return fmt.Errorf("chromium, %s: %w", modules[m], err)
			}
			if i > 0 {
				chr[m] = append(chr[m], t)
			}
		}
	}

	fmt.Fprintf(w, "wasm against native, %s: %d runs each, alternated, after one warm-up run of each%s\n", preset, n, loadAverage(load0))
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintf(tw, "  native (go build, PGO)\t%s\n", describe(nat, "CPU (process)"))
	for m := range modules {
		fmt.Fprintf(tw, "  %s, in a page%s\t%s\n", b.version, labels[m], describe(chr[m], "CPU (main thread)"))
	}
	nodeRatio := make([]string, len(modules))
	if withNode {
		v8, _ := exec.Command("node", "-p", `process.version + " (V8 " + process.versions.v8.split("-")[0] + ")"`).Output()
		for m, module := range modules {
			cmd := exec.Command("node", "--stack-size=8192", filepath.Join(wasmExec, "wasm_exec_node.js"), module, "-time", preset, "-n", strconv.Itoa(n+1))
			out, err := cmd.Output()
			if err != nil {
				return fmt.Errorf("node: %w", exitErr(err))
			}
			ts, err := parseRuns(string(out), preset)
			if err != nil {
				return fmt.Errorf("node: %w", err)
			}
			fmt.Fprintf(tw, "  node %s, one process%s\t%s\n", strings.TrimSpace(string(v8)), labels[m], describe(ts[1:], ""))
			nodeRatio[m] = fmt.Sprintf("; under node %.2f× (not the page's engine)", ratio(ts[1:], nat))
		}
	}
	tw.Flush()
	if busy(load0) {
		fmt.Fprintf(w, "  the machine was busy (load average above its %d cores): the wall times are stretched; the CPU times are steadier\n", runtime.NumCPU())
	}
	for m := range modules {
		r := ratio(chr[m], nat)
		fmt.Fprintf(w, "wasm/native in Chromium%s (median wall times; this judges the budget): %.2f×, budget ≤ %.1f×, target ≤ %.1f×: %s\n", labels[m], r, budget, target, verdict(r))
		fmt.Fprintf(w, "  by CPU time %.2f×%s\n", cpuRatio(chr[m], nat), nodeRatio[m])
		if m > 0 {
			fmt.Fprintf(w, "  against %s: wall %+.1f %%, CPU %+.1f %%\n", modules[0], 100*(ratio(chr[m], chr[0])-1), 100*(cpuRatio(chr[m], chr[0])-1))
		}
	}
	return nil
}

// readLoad returns the first field of /proc/loadavg (the 1-minute load
// average), or "" where there is none.
func readLoad() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return ""
	}
	f := strings.Fields(string(b))
	if len(f) == 0 {
		return ""
	}
	return f[0]
}

// loadAverage says what the 1-minute load average was at the start and
// the end of the runs, so that a reader can judge the wall times.
func loadAverage(start string) string {
	end := readLoad()
	if start == "" || end == "" {
		return ""
	}
	return fmt.Sprintf(" (load average %s at the start, %s at the end, %d cores)", start, end, runtime.NumCPU())
}

// busy says whether the load average load is above the cores.
func busy(load string) bool {
	l, err := strconv.ParseFloat(load, 64)
	return err == nil && l > float64(runtime.NumCPU())
}

func command(name string, args ...string) *exec.Cmd {
	cmd := exec.Command(name, args...)
	cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
	return cmd
}

// exitErr adds a failed command's standard error to err.
func exitErr(err error) error {
	var ee *exec.ExitError
	if errors.As(err, &ee) && len(ee.Stderr) > 0 {
		return fmt.Errorf("%w: %s", err, bytes.TrimSpace(ee.Stderr))
	}
	return err
}

// timing is one timed run: its wall time and the CPU time spent meanwhile
// (0 if unknown).
type timing struct{ wall, cpu time.Duration }

// parseRuns reads the lines of wasm/digests -time: "NAME WALL_NS CPU_NS",
// one per run.
func parseRuns(out, preset string) ([]timing, error) {
	var ts []timing
	for line := range strings.Lines(out) {
		f := strings.Fields(line)
		if len(f) == 0 {
			continue
		}
		if len(f) != 3 || f[0] != preset {
			return nil, fmt.Errorf("line %q: want %q, wall and CPU nanoseconds", strings.TrimSpace(line), preset)
		}
		wall, err1 := strconv.ParseInt(f[1], 10, 64)
		cpu, err2 := strconv.ParseInt(f[2], 10, 64)
		if err1 != nil || err2 != nil || wall <= 0 || cpu < 0 {
			return nil, fmt.Errorf("line %q: want a wall time > 0 and a CPU time ≥ 0 in nanoseconds", strings.TrimSpace(line))
		}
		ts = append(ts, timing{time.Duration(wall), time.Duration(cpu)})
	}
	if len(ts) == 0 {
		return nil, fmt.Errorf("no timed run in %q", out)
	}
	return ts, nil
}

// stats returns the median, min and max of d.
func stats(d []time.Duration) (med, lo, hi time.Duration) {
	s := slices.Sorted(slices.Values(d))
	med = s[len(s)/2]
	if len(s)%2 == 0 {
		med = (s[len(s)/2-1] + s[len(s)/2]) / 2
	}
	return med, s[0], s[len(s)-1]
}

func walls(ts []timing) []time.Duration {
	d := make([]time.Duration, len(ts))
	for i, t := range ts {
		d[i] = t.wall
	}
	return d
}

func cpus(ts []timing) []time.Duration {
	d := make([]time.Duration, len(ts))
	for i, t := range ts {
		d[i] = t.cpu
	}
	return d
}

// describe writes "wall 714 ms (705–730)" and, when cpuLabel is set,
// "CPU (…) 712 ms (…)".
func describe(ts []timing, cpuLabel string) string {
	s := "wall " + spread(walls(ts))
	if cpuLabel != "" {
		s += ", " + cpuLabel + " " + spread(cpus(ts))
	}
	return s
}

func spread(d []time.Duration) string {
	med, lo, hi := stats(d)
	return fmt.Sprintf("%.0f ms (%.0f–%.0f)", msOf(med), msOf(lo), msOf(hi))
}

func msOf(d time.Duration) float64 { return float64(d) / 1e6 }

func ratio(a, b []timing) float64 {
	ma, _, _ := stats(walls(a))
	mb, _, _ := stats(walls(b))
	return float64(ma) / float64(mb)
}

func cpuRatio(a, b []timing) float64 {
	ma, _, _ := stats(cpus(a))
	mb, _, _ := stats(cpus(b))
	return float64(ma) / float64(mb)
}

// verdict judges a wasm/native ratio against the budget and the target.
func verdict(r float64) string {
	switch {
	case r > budget:
		return "OVER the budget"
	case r > target:
		return "within budget, above the target"
	}
	return "within the target"
}

// harness is the page that runs the module: it compiles it once; prepare
// instantiates it afresh for a run with args, and run starts the program
// in a task of its own and resolves to what it printed (its exit code
// must be 0).
const harness = `<!doctype html><meta charset="utf-8"><title>wasmspeed</title>
<script src="wasm_exec.js"></script>
<script>
let out = "", errs = "", next = null;
const dec = new TextDecoder();
globalThis.fs.writeSync = (fd, buf) => { if (fd === 2) errs += dec.decode(buf); else out += dec.decode(buf); return buf.length; };
const compiled = WebAssembly.compileStreaming(fetch("digests.wasm"));
window.prepare = async (args) => {
  const go = new Go();
  go.argv = ["digests", ...args];
  go.exit = (c) => { go.code = c; };
  next = { go, inst: await WebAssembly.instantiate(await compiled, go.importObject) };
  return true;
};
window.run = async () => {
  const { go, inst } = next;
  await new Promise((ok) => setTimeout(ok, 0));
  out = ""; errs = "";
  await go.run(inst);
  if (go.code) throw new Error("exit code " + go.code + ": " + errs);
  return out;
};
</script>`

// session is a headless Chromium with one tab per module, each with the
// harness open on its module.
type session struct {
	tabs    []context.Context
	cancel  func()
	version string // "Chromium 156.0… (V8 15.…)"
}

func openBrowser(wasmExec string, modules []string) (*session, error) {
	js, err := os.ReadFile(filepath.Join(wasmExec, "wasm_exec.js"))
	if err != nil {
		return nil, err
	}
	var mods [][]byte
	for _, m := range modules {
		b, err := os.ReadFile(m)
		if err != nil {
			return nil, err
		}
		mods = append(mods, b)
	}
	mux := http.NewServeMux()
	serve := func(path, ctype string, body func(i int) []byte) {
		mux.HandleFunc(path, func(w http.ResponseWriter, r *http.Request) {
			i, err := strconv.Atoi(r.PathValue("i"))
			if err != nil || i < 0 || i >= len(mods) {
				http.NotFound(w, r)
				return
			}
			w.Header().Set("Content-Type", ctype)
			w.Write(body(i))
		})
	}
	serve("/{i}/{$}", "text/html; charset=utf-8", func(int) []byte { return []byte(harness) })
	serve("/{i}/wasm_exec.js", "text/javascript", func(int) []byte { return js })
	serve("/{i}/digests.wasm", "application/wasm", func(i int) []byte { return mods[i] })
	srv := httptest.NewServer(mux)

	chromium, err := exec.LookPath("chromium")
	if err != nil {
		srv.Close()
		return nil, errors.New("chromium is not installed: run `make setup`")
	}
	profile, err := os.MkdirTemp("", "wasmspeed-profile")
	if err != nil {
		srv.Close()
		return nil, err
	}
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), headless.Options(chromium, profile)...)
	first, cancelFirst := chromedp.NewContext(actx)
	s := &session{version: "Chromium", cancel: func() {
		cancelFirst()
		cancelAlloc()
		srv.Close()
		os.RemoveAll(profile)
	}}
	for i := range mods {
		tab := first
		if i > 0 {
			tab, _ = chromedp.NewContext(first) // closed with the browser
		}
		if err := chromedp.Do(tab, chromedp.Navigate(fmt.Sprintf("%s/%d/", srv.URL, i))); err != nil {
			s.close()
			return nil, fmt.Errorf("chromium: %w", err)
		}
		if _, err := chromedp.Run(tab, chromedp.Evaluate[bool](`compiled.then(() => true)`, chromedp.EvalAwaitPromise)); err != nil {
			s.close()
			return nil, fmt.Errorf("chromium: compiling %s: %w", modules[i], err)
		}
		err := chromedp.Do(tab, chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
			_, err := cdp.Call(ctx, tg, performance.Enable, performance.EnableParams{})
			return err
		}))
		if err != nil {
			s.close()
			return nil, fmt.Errorf("chromium: Performance.enable: %w", err)
		}
		s.tabs = append(s.tabs, tab)
	}
	chromedp.Do(first, chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		v, err := cdp.Call(ctx, tg, browser.GetVersion, cdp.Empty{})
		if err == nil {
			s.version = browserName(v.Product, v.JsVersion)
		}
		return err
	}))
	return s, nil
}

// browserName turns DevTools' product and V8 version
// ("HeadlessChrome/156.0.8078.114", "15.6.75.63") into "Chromium 156.0.8078.114 (V8 15.6.75.63)".
func browserName(product, v8 string) string {
	_, version, _ := strings.Cut(product, "/")
	return "Chromium " + version + " (V8 " + v8 + ")"
}

func (s *session) close() { s.cancel() }

// run runs the program once with args in tab: the wall time is the
// program's own, the CPU time the main thread's (DevTools' ThreadTime)
// from after instantiation to the end.
func (s *session) run(tab context.Context, args []string, preset string) (timing, error) {
	a, _ := json.Marshal(args)
	if _, err := chromedp.Run(tab, chromedp.Evaluate[bool](`prepare(`+string(a)+`)`, chromedp.EvalAwaitPromise)); err != nil {
		return timing{}, err
	}
	before, err := threadTime(tab)
	if err != nil {
		return timing{}, err
	}
	out, err := chromedp.Run(tab, chromedp.Evaluate[string](`run()`, chromedp.EvalAwaitPromise))
	if err != nil {
		return timing{}, err
	}
	after, err := threadTime(tab)
	if err != nil {
		return timing{}, err
	}
	ts, err := parseRuns(out, preset)
	if err != nil {
		return timing{}, err
	}
	return timing{ts[0].wall, after - before}, nil
}

// threadTime returns the CPU time the page's main thread has used so far
// (Performance.getMetrics, once Performance.enable has been called).
func threadTime(tab context.Context) (time.Duration, error) {
	var d time.Duration
	err := chromedp.Do(tab, chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		r, err := cdp.Call(ctx, tg, performance.GetMetrics, cdp.Empty{})
		if err != nil {
			return err
		}
		d, err = metric(r.Metrics, "ThreadTime")
		return err
	}))
	return d, err
}

// metric returns the metric name, in seconds, as a duration.
func metric(ms []*performance.Metric, name string) (time.Duration, error) {
	for _, m := range ms {
		if m.Name == name {
			return time.Duration(math.Round(m.Value * 1e9)), nil
		}
	}
	return 0, fmt.Errorf("no metric %s among %d", name, len(ms))
}
