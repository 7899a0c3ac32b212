// Command build builds the playground into dist/: the page rendered from
// the templ components (index.html), the TypeScript and CSS bundled by
// esbuild (app.js, worker.js, app.css), the core and the report compiled
// to WebAssembly (overloadlab.wasm, its data packed by build/wasmdata) and
// Go's wasm_exec.js; then a gzip and a brotli copy of every text and wasm file,
// which `overloadlab serve` sends to browsers that take them.
//
//	go run ./build [-out dist] [-fast]
//	go run ./build -pack FILE.wasm     pack a module in place (make digests runs what the page runs)
//	go run ./build -module PKG -o FILE.wasm   build any js/wasm main as the page's modules are built
package main

import (
	"bytes"
	"compress/gzip"
	"context"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"

	"github.com/andybalholm/brotli"
	"github.com/evanw/esbuild/pkg/api"

	"overloadlab/build/wasmdata"
	"overloadlab/web"
)

func main() {
	out := flag.String("out", "dist", "output `folder`")
	fast := flag.Bool("fast", false, "lower brotli level (quicker builds, slightly bigger wasm)")
	pack := flag.String("pack", "", "only pack the data segments of the wasm `file` and drop its lines and names, in place")
	module := flag.String("module", "", "only build the js/wasm main `package` as the page's modules (to -o)")
	moduleOut := flag.String("o", "", "the `file` -module writes")
	flag.Parse()
	if *module != "" {
		if *moduleOut == "" {
			fmt.Fprintln(os.Stderr, "build: -module needs -o FILE")
			os.Exit(2)
		}
		if err := buildModule(*module, *moduleOut); err != nil {
			fmt.Fprintln(os.Stderr, "build:", err)
			os.Exit(1)
		}
		return
	}
	if *pack != "" {
		if err := packFile(*pack, true); err != nil {
			fmt.Fprintln(os.Stderr, "build:", err)
			os.Exit(1)
		}
		return
	}
	if err := build(*out, *fast); err != nil {
		fmt.Fprintln(os.Stderr, "build:", err)
		os.Exit(1)
	}
}

func goTool() string {
	if g := os.Getenv("GO"); g != "" {
		return g
	}
	return "go"
}

func build(out string, fast bool) error {
	if err := os.MkdirAll(out, 0o755); err != nil {
		return err
	}
	// Old compressed copies would be served in place of new files, and an
	// old module no longer built (overloadlab-report.wasm) would be served
	// and counted in the page's weight.
	var old []string
	for _, pattern := range []string{"*.gz", "*.br", "*.wasm"} {
		files, _ := filepath.Glob(filepath.Join(out, pattern))
		old = append(old, files...)
	}
	for _, f := range old {
		os.Remove(f)
	}
	// A model no longer in the catalog leaves no part behind.
	if err := os.RemoveAll(filepath.Join(out, "model")); err != nil {
		return err
	}
	if err := page(out); err != nil {
		return fmt.Errorf("page: %w", err)
	}
	if err := bundle(out); err != nil {
		return err
	}
	if err := wasm(out); err != nil {
		return err
	}
	return compress(out, fast)
}

// page writes index.html, which holds no model's parts, and each model's
// parts in a file of their own (web.PartPath), which the page fetches when
// it first shows that model: a first load carries the parts of the model
// it shows, no other's (DESIGN.md, the page weight).
func page(out string) error {
	v, err := web.NewView()
	if err != nil {
		return err
	}
	var b bytes.Buffer
	if err := web.Page(v).Render(context.Background(), &b); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(out, "index.html"), b.Bytes(), 0o644); err != nil {
		return err
	}
	for _, d := range v.Models {
		b.Reset()
		if err := web.Part(d).Render(context.Background(), &b); err != nil {
			return err
		}
		p := filepath.Join(out, filepath.FromSlash(web.PartPath(d.Name)))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(p, b.Bytes(), 0o644); err != nil {
			return err
		}
	}
	return nil
}

// bundle writes app.js and its chunks (chunk/), worker.js and app.css.
// The page's script is an ES module split at its dynamic imports: the QR
// code, the class view and the sweep with its pool of workers come in
// chunks fetched when first used (static/ts/lazy.ts), not on the first
// load (DESIGN.md, the page weight); the code they share with the rest is
// in a chunk the first load fetches with app.js. The worker, a classic
// one, is a script of its own.
func bundle(out string) error {
	// Old chunks, their hashes in their names, would stay beside new ones.
	if err := os.RemoveAll(filepath.Join(out, "chunk")); err != nil {
		return err
	}
	common := api.BuildOptions{
		Outdir:            out,
		Bundle:            true,
		Write:             true,
		MinifyWhitespace:  true,
		MinifyIdentifiers: true,
		MinifySyntax:      true,
		Target:            api.ES2022,
		Sourcemap:         api.SourceMapNone,
		LogLevel:          api.LogLevelSilent,
		Charset:           api.CharsetUTF8,
		LegalComments:     api.LegalCommentsEndOfFile,
	}
	app := common
	app.EntryPointsAdvanced = []api.EntryPoint{
		{InputPath: "static/ts/main.ts", OutputPath: "app"},
		{InputPath: "static/style.css", OutputPath: "app"},
	}
	app.Format = api.FormatESModule
	app.Splitting = true
	app.ChunkNames = "chunk/[name]-[hash]"
	worker := common
	worker.EntryPointsAdvanced = []api.EntryPoint{{InputPath: "static/ts/worker.ts", OutputPath: "worker"}}
	worker.Format = api.FormatIIFE
	for _, o := range []api.BuildOptions{app, worker} {
		res := api.Build(o)
		if len(res.Errors) > 0 {
			msgs := api.FormatMessages(res.Errors, api.FormatMessagesOptions{Kind: api.ErrorMessage})
			return fmt.Errorf("esbuild:\n%s", strings.Join(msgs, ""))
		}
	}
	return nil
}

// wasms are the WebAssembly modules of the page: the simulator, with the
// report.
var wasms = []struct{ pkg, file string }{
	{"./wasm", "overloadlab.wasm"},
}

func wasm(out string) error {
	for _, w := range wasms {
		if err := buildModule(w.pkg, filepath.Join(out, w.file)); err != nil {
			return err
		}
	}
	root, err := exec.Command(goTool(), "env", "GOROOT").Output()
	if err != nil {
		return fmt.Errorf("go env GOROOT: %w", err)
	}
	js, err := os.ReadFile(filepath.Join(strings.TrimSpace(string(root)), "lib", "wasm", "wasm_exec.js"))
	if err != nil {
		return err
	}
	// Minified as the page's own scripts are, its comments dropped but the
	// copyright notice that heads it: 1.4 KB less brotli.
	var notice strings.Builder
	for line := range strings.Lines(string(js)) {
		if !strings.HasPrefix(line, "//") {
			break
		}
		notice.WriteString(line)
	}
	res := api.Transform(string(js), api.TransformOptions{
		Banner: strings.TrimSpace(notice.String()),
		Loader: api.LoaderJS, MinifyWhitespace: true, MinifyIdentifiers: true, MinifySyntax: true,
		Target: api.ES2022, Charset: api.CharsetUTF8, LegalComments: api.LegalCommentsEndOfFile,
	})
	if len(res.Errors) > 0 {
		msgs := api.FormatMessages(res.Errors, api.FormatMessagesOptions{Kind: api.ErrorMessage})
		return fmt.Errorf("esbuild wasm_exec.js:\n%s", strings.Join(msgs, ""))
	}
	return os.WriteFile(filepath.Join(out, "wasm_exec.js"), res.Code, 0o644)
}

// buildModule compiles the js/wasm main pkg to file (the coldPackages
// without inlining), optimises it with
// wasm-opt and packs it: how every module of the page is built, and the
// one that `make digests` and build/wasmspeed run.
func buildModule(pkg, file string) error {
	args := []string{"build", "-trimpath", "-ldflags=-s -w"}
	for _, c := range coldPackages {
		args = append(args, "-gcflags="+c+"=-l")
	}
	cmd := exec.Command(goTool(), append(args, "-o", file, pkg)...)
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	cmd.Stdout, cmd.Stderr = os.Stdout, os.Stderr
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("go build %s: %w", pkg, err)
	}
	// The line tables and names go before wasm-opt, whose memory packing
	// splits the data at every run of zeros, so that it leaves them out
	// (0.7 KB less brotli than dropping the lines after); the segments are
	// merged again after.
	if err := packFile(file, true); err != nil {
		return err
	}
	if err := optimize(file); err != nil {
		return err
	}
	return packFile(file, false)
}

// coldPackages are compiled without inlining (-gcflags=PKG=-l) in the
// page's modules: code that runs once per link, page load, report or
// sweep plan, never per simulated message, where every inlined copy is
// bytes to send and no time saved. On the page's module 37.9 KB less
// brotli (859 392 -> 821 526 B); the per-message path (kernel, sim's run
// loop, traffic, cpu, node/*, control/*, the runtime) keeps its inlining,
// and its assembly is the same but for mcswitch's mix-change branch
// (param.Values.Num no longer inlined there) and sim's per-interval
// measure. The rest of the standard library gains nothing more (0.1 KB).
var coldPackages = []string{
	"overloadlab/web/report", "overloadlab/wasm/session",
	"overloadlab/core/catalog", "overloadlab/core/engine/scenario",
	"overloadlab/core/engine/jsonw", "overloadlab/core/engine/param",
	"overloadlab/core/engine/claim", "overloadlab/core/engine/compare",
	"fmt", "strconv", "internal/strconv", "reflect", "compress/flate",
	"encoding/base64", "sort", "slices", "strings",
}

// wasmOpt is binaryen's optimiser, installed by npm ci (package.json).
const wasmOpt = "node_modules/.bin/wasm-opt"

// optimize runs binaryen's wasm-opt -O2 on file, in place: on wasm/digests
// (build/wasmspeed, Chromium 156, attach-storm) 1–3 % less CPU time and
// 1 % less brotli than Go's output (-O3: as fast, but a bigger file and
// twice the build time; -O4 bigger still). Its output is the same for the
// same input, and make digests checks that it runs the same numbers. The
// features are those of Go's output (memory.copy and memory.fill) and two
// that every browser with WebAssembly's bulk memory has.
func optimize(file string) error {
	if _, err := os.Stat(wasmOpt); err != nil {
		return fmt.Errorf("%s: not installed: run `make modules` (npm ci)", wasmOpt)
	}
	cmd := exec.Command(wasmOpt, "-O2", "--enable-bulk-memory-opt", "--enable-nontrapping-float-to-int", "--enable-sign-ext", file, "-o", file)
	cmd.Stdout, cmd.Stderr = os.Stdout, os.Stderr
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("wasm-opt %s: %w", file, err)
	}
	return nil
}

// packFile packs the data segments of the module in file, drops its
// custom sections and, with strip, its line tables and the function names
// but the project's (wasmdata.Pack): the same program, some 150 KB less
// to send once compressed for the lines, 13.9 KB for the names (18.6 KB
// without the project's: 4.7 KB buy a browser's trace that names
// overloadlab's frames), 0.8–1.4 KB for the custom sections.
func packFile(file string, strip bool) error {
	m, err := os.ReadFile(file)
	if err != nil {
		return err
	}
	o := wasmdata.Options{Gap: wasmdata.Gap, DropLines: strip, DropNames: strip, KeepNames: []string{"overloadlab/"}, DropCustom: true}
	packed, err := wasmdata.Pack(m, o)
	if err != nil {
		return fmt.Errorf("%s: %w", file, err)
	}
	return os.WriteFile(file, packed, 0o644)
}

var compressible = map[string]bool{".html": true, ".js": true, ".css": true, ".wasm": true, ".json": true, ".svg": true}

// compress writes name.gz and name.br beside every compressible file.
func compress(out string, fast bool) error {
	var files []string
	err := filepath.WalkDir(out, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && compressible[filepath.Ext(p)] {
			files = append(files, p)
		}
		return err
	})
	if err != nil {
		return err
	}
	level := 11
	if fast {
		level = 6
	}
	var wg sync.WaitGroup
	errs := make([]error, len(files))
	for i, f := range files {
		wg.Go(func() {
			raw, err := os.ReadFile(f)
			if err != nil {
				errs[i] = err
				return
			}
			var gz, br bytes.Buffer
			zw, _ := gzip.NewWriterLevel(&gz, gzip.BestCompression)
			zw.Write(raw)
			zw.Close()
			bw := brotli.NewWriterLevel(&br, level)
			bw.Write(raw)
			bw.Close()
			if err := os.WriteFile(f+".gz", gz.Bytes(), 0o644); err != nil {
				errs[i] = err
				return
			}
			errs[i] = os.WriteFile(f+".br", br.Bytes(), 0o644)
		})
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}
