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
// thread's in a trace of the run (a task's thread time does not grow when
// other processes share the cores). Node's figure (one process, the same
// module) is printed beside, labelled as node's: make digests runs under
// it, the page does not.
//
//	go run ./build/wasmspeed [-preset attach-storm] [-n 5] [-node=true]
package main

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/chromedp/cdproto/browser"
	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/chromedp"

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
	flag.Parse()
	if *n < 1 || *n > 100 {
		fmt.Fprintf(os.Stderr, "wasmspeed: -n %d: want 1 to 100\n", *n)
		os.Exit(2)
	}
	if err := run(os.Stdout, *preset, *n, *withNode); err != nil {
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

func run(w io.Writer, preset string, n int, withNode bool) error {
	tmp, err := os.MkdirTemp("", "wasmspeed")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	native, module := filepath.Join(tmp, "digests"), filepath.Join(tmp, "digests.wasm")
	if err := command(goTool(), "build", "-o", native, "./wasm/digests").Run(); err != nil {
		return fmt.Errorf("go build ./wasm/digests: %w", err)
	}
	if err := command(goTool(), "run", "./build", "-module", "./wasm/digests", "-o", module).Run(); err != nil {
		return fmt.Errorf("go run ./build -module ./wasm/digests: %w", err)
	}
	root, err := exec.Command(goTool(), "env", "GOROOT").Output()
	if err != nil {
		return fmt.Errorf("go env GOROOT: %w", err)
	}
	wasmExec := filepath.Join(strings.TrimSpace(string(root)), "lib", "wasm")

	page, err := openPage(wasmExec, module)
	if err != nil {
		return err
	}
	defer page.close()

	args := []string{"-time", preset, "-n", "1"}
	var nat, chr []timing
	for i := range n + 1 { // run 0 warms up
		out, err := exec.Command(native, args...).Output()
		if err != nil {
			return fmt.Errorf("native: %w", exitErr(err))
		}
		ts, err := parseRuns(string(out), preset)
		if err != nil {
			return fmt.Errorf("native: %w", err)
		}
		t, err := page.run(args, preset)
		if err != nil {
			return fmt.Errorf("chromium: %w", err)
		}
		if i > 0 {
			nat, chr = append(nat, ts...), append(chr, t)
		}
	}

	fmt.Fprintf(w, "wasm against native, %s: %d runs each, alternated, after one warm-up run of each\n", preset, n)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintf(tw, "  native (go build, PGO)\t%s\n", describe(nat, "CPU (process)"))
	fmt.Fprintf(tw, "  %s, in a page\t%s\n", page.version, describe(chr, "CPU (main thread)"))
	nodeRatio := ""
	if withNode {
		cmd := exec.Command("node", "--stack-size=8192", filepath.Join(wasmExec, "wasm_exec_node.js"), module, "-time", preset, "-n", strconv.Itoa(n+1))
		out, err := cmd.Output()
		if err != nil {
			return fmt.Errorf("node: %w", exitErr(err))
		}
		ts, err := parseRuns(string(out), preset)
		if err != nil {
			return fmt.Errorf("node: %w", err)
		}
		v8, _ := exec.Command("node", "-p", `process.version + " (V8 " + process.versions.v8.split("-")[0] + ")"`).Output()
		label := "node " + strings.TrimSpace(string(v8)) + ", one process"
		fmt.Fprintf(tw, "  %s\t%s\n", label, describe(ts[1:], ""))
		nodeRatio = fmt.Sprintf("; under node %.2f× (not the page's engine)", ratio(ts[1:], nat))
	}
	tw.Flush()
	r := ratio(chr, nat)
	fmt.Fprintf(w, "wasm/native in Chromium (median wall times; this judges the budget): %.2f×, budget ≤ %.1f×, target ≤ %.1f×: %s\n", r, budget, target, verdict(r))
	fmt.Fprintf(w, "  by CPU time %.2f×%s\n", cpuRatio(chr, nat), nodeRatio)
	return nil
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

// harness is the page that runs the module: it compiles it once, and run
// instantiates it afresh, starts the program with args in a task of its
// own and resolves to what it printed (its exit code must be 0).
const harness = `<!doctype html><meta charset="utf-8"><title>wasmspeed</title>
<script src="wasm_exec.js"></script>
<script>
let out = "", errs = "";
const dec = new TextDecoder();
globalThis.fs.writeSync = (fd, buf) => { if (fd === 2) errs += dec.decode(buf); else out += dec.decode(buf); return buf.length; };
const compiled = WebAssembly.compileStreaming(fetch("digests.wasm"));
window.run = async (args) => {
  const go = new Go();
  go.argv = ["digests", ...args];
  let code = 0;
  go.exit = (c) => { code = c; };
  const inst = await WebAssembly.instantiate(await compiled, go.importObject);
  await new Promise((ok) => setTimeout(ok, 0));
  out = ""; errs = "";
  await go.run(inst);
  await new Promise((ok) => setTimeout(ok, 20)); // the run's task ends, and is traced, first
  if (code !== 0) throw new Error("exit code " + code + ": " + errs);
  return out;
};
</script>`

// page is a headless Chromium with the harness open.
type page struct {
	ctx     context.Context
	cancel  func()
	version string // "Chromium 156.0… (V8 15.…)"
}

func openPage(wasmExec, module string) (*page, error) {
	js, err := os.ReadFile(filepath.Join(wasmExec, "wasm_exec.js"))
	if err != nil {
		return nil, err
	}
	mod, err := os.ReadFile(module)
	if err != nil {
		return nil, err
	}
	mux := http.NewServeMux()
	serve := func(path, ctype string, body []byte) {
		mux.HandleFunc(path, func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", ctype)
			w.Write(body)
		})
	}
	serve("/{$}", "text/html; charset=utf-8", []byte(harness))
	serve("/wasm_exec.js", "text/javascript", js)
	serve("/digests.wasm", "application/wasm", mod)
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
	ctx, cancelCtx := chromedp.NewContext(actx)
	p := &page{ctx: ctx, cancel: func() {
		cancelCtx()
		cancelAlloc()
		srv.Close()
		os.RemoveAll(profile)
	}}
	if err := chromedp.Do(ctx, chromedp.Navigate(srv.URL+"/")); err != nil {
		p.close()
		return nil, fmt.Errorf("chromium: %w", err)
	}
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`compiled.then(() => true)`, chromedp.EvalAwaitPromise)); err != nil {
		p.close()
		return nil, fmt.Errorf("chromium: compiling the module: %w", err)
	}
	p.version = "Chromium"
	chromedp.Do(ctx, chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		v, err := cdp.Call(ctx, tg, browser.GetVersion, cdp.Empty{})
		if err == nil {
			p.version = browserName(v.Product, v.JsVersion)
		}
		return err
	}))
	return p, nil
}

// browserName turns DevTools' product and V8 version
// ("HeadlessChrome/156.0.8078.114", "15.6.75.63") into "Chromium 156.0.8078.114 (V8 15.6.75.63)".
func browserName(product, v8 string) string {
	_, version, _ := strings.Cut(product, "/")
	return "Chromium " + version + " (V8 " + v8 + ")"
}

func (p *page) close() { p.cancel() }

// run runs the program once with args, tracing the page: the wall time is
// the program's own, the CPU time the main thread's in the task that ran
// it.
func (p *page) run(args []string, preset string) (timing, error) {
	a, _ := json.Marshal(args)
	var out string
	events, err := headless.Trace(p.ctx, []string{"toplevel"}, func() error {
		var err error
		out, err = chromedp.Run(p.ctx, chromedp.Evaluate[string](`run(`+string(a)+`)`, chromedp.EvalAwaitPromise))
		return err
	})
	if err != nil {
		return timing{}, err
	}
	ts, err := parseRuns(out, preset)
	if err != nil {
		return timing{}, err
	}
	cpu, err := longestMainTask(events)
	if err != nil {
		return timing{}, err
	}
	return timing{ts[0].wall, cpu}, nil
}

// longestMainTask returns the CPU time of the longest task (by wall time)
// of the page's main thread (CrRendererMain): the one that ran the
// program.
func longestMainTask(events []headless.Event) (time.Duration, error) {
	tasks := headless.MainThreads(events).Tasks(events)
	if len(tasks) == 0 {
		return 0, fmt.Errorf("no task of the page's main thread in a trace of %d events", len(events))
	}
	long := slices.MaxFunc(tasks, func(a, b headless.Event) int { return cmp.Compare(a.Dur, b.Dur) })
	if long.TDur <= 0 {
		return 0, fmt.Errorf("the longest task of the main thread (%.0f µs) has no thread time", long.Dur)
	}
	return time.Duration(long.TDur * 1e3), nil
}
