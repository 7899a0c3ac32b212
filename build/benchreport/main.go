// Command benchreport reads the output of `go test -bench` and a built
// dist/ folder and prints the verdicts of DESIGN.md's budgets that
// benchstat does not: the event kernel's hold model (for each N, the cost
// per pop+push at each time scale, their max/min ratio against 2× and the
// cost against 150 ns up to N = 10⁵), the sweeps' speed-ups (natively W
// workers against one, ≥ 0.8·W; the page's pool of 2 against one worker,
// ≥ 1.6×), the access storm of a million devices (BenchmarkStorm/1M-…:
// ≤ 15 s natively, ≤ 64 MB of heap), and the page weight (brotli total of a first load against 1 MB, target
// 0.8 MB). Medians of the runs of each benchmark.
//
//	go run ./build/benchreport [-bench bench.txt] [-dist dist]
//
// Without -bench it prints only the page weight, file by file.
package main

import (
	"bufio"
	"bytes"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
)

func main() {
	bench := flag.String("bench", "", "`file` of go test -bench output (none: only the page weight)")
	dist := flag.String("dist", "dist", "built page `folder`")
	flag.Parse()
	if *bench != "" {
		data, err := os.ReadFile(*bench)
		if err != nil {
			fmt.Fprintln(os.Stderr, "benchreport:", err)
			os.Exit(2)
		}
		if err := hold(os.Stdout, bytes.NewReader(data)); err != nil {
			fmt.Fprintln(os.Stderr, "benchreport:", err)
			os.Exit(2)
		}
		speedups(os.Stdout, bytes.NewReader(data))
		storm(os.Stdout, bytes.NewReader(data))
	}
	if err := pageWeight(os.Stdout, *dist); err != nil {
		fmt.Fprintln(os.Stderr, "benchreport:", err)
		os.Exit(2)
	}
}

// Budgets of DESIGN.md for the hold model.
const (
	holdRatio  = 2.0   // max/min across the means, for each N
	holdNs     = 150.0 // ns per pop+push …
	holdNsUpTo = 1e5   // … up to this N
)

// hold prints one line per N of BenchmarkHold/N=…/mean=… results.
func hold(w io.Writer, r io.Reader) error {
	runs := map[string]map[string][]float64{} // N → mean → ns/op of each run
	var ns, means []string
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		fs := strings.Fields(sc.Text())
		if len(fs) < 4 || !strings.HasPrefix(fs[0], "BenchmarkHold/") || fs[3] != "ns/op" {
			continue
		}
		parts := strings.Split(fs[0], "/") // BenchmarkHold, N=…, mean=…-GOMAXPROCS
		if len(parts) != 3 {
			continue
		}
		n := strings.TrimPrefix(parts[1], "N=")
		mean := strings.TrimPrefix(parts[2], "mean=")
		if i := strings.LastIndexByte(mean, '-'); i > 0 {
			mean = mean[:i]
		}
		v, err := strconv.ParseFloat(fs[2], 64)
		if err != nil {
			return fmt.Errorf("%s: ns/op %q: %w", fs[0], fs[2], err)
		}
		if runs[n] == nil {
			runs[n] = map[string][]float64{}
			ns = append(ns, n)
		}
		if !slices.Contains(means, mean) {
			means = append(means, mean)
		}
		runs[n][mean] = append(runs[n][mean], v)
	}
	if err := sc.Err(); err != nil {
		return err
	}
	if len(ns) == 0 {
		fmt.Fprintln(w, "hold model: no BenchmarkHold results")
		return nil
	}
	fmt.Fprintf(w, "hold model, ns per pop+push (median): budget ≤ %.0f ns up to N = 1e5, ≤ %.0f× across means\n", holdNs, holdRatio)
	for _, n := range ns {
		lo, hi := 0.0, 0.0
		var cells []string
		for _, m := range means {
			v, ok := median(runs[n][m])
			if !ok {
				continue
			}
			cells = append(cells, fmt.Sprintf("%s %.0f", m, v))
			if lo == 0 || v < lo {
				lo = v
			}
			hi = max(hi, v)
		}
		verdict := "ok"
		size, _ := strconv.ParseFloat(n, 64)
		switch {
		case hi > holdRatio*lo:
			verdict = "OVER (max/min)"
		case size <= holdNsUpTo && hi > holdNs:
			verdict = "OVER (ns)"
		}
		fmt.Fprintf(w, "  N=%-5s %s; max/min %.2f: %s\n", n, strings.Join(cells, ", "), hi/lo, verdict)
	}
	return nil
}

// speedups prints the sweeps' speed-ups: BenchmarkSweepSpeedup/workers=W
// (native, budget 0.8·W) and BenchmarkSweepPool (the page's pool of 2
// workers, budget 1.6), each the median of its runs' x-speedup metric.
func speedups(w io.Writer, r io.Reader) {
	runs := map[string][]float64{}
	var names []string
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		fs := strings.Fields(sc.Text())
		if len(fs) < 2 || !(strings.HasPrefix(fs[0], "BenchmarkSweepSpeedup/workers=") || strings.HasPrefix(fs[0], "BenchmarkSweepPool")) {
			continue
		}
		for i := 1; i < len(fs); i++ {
			if fs[i] != "x-speedup" {
				continue
			}
			v, err := strconv.ParseFloat(fs[i-1], 64)
			if err != nil {
				continue
			}
			name := fs[0]
			if j := strings.LastIndexByte(name, '-'); j > 0 {
				name = name[:j]
			}
			if runs[name] == nil {
				names = append(names, name)
			}
			runs[name] = append(runs[name], v)
		}
	}
	for _, name := range names {
		x, _ := median(runs[name])
		what, budget := "sweep in the page, pool of 2 workers against 1", 1.6
		if wk, ok := strings.CutPrefix(name, "BenchmarkSweepSpeedup/workers="); ok {
			n, _ := strconv.Atoi(wk)
			what, budget = fmt.Sprintf("sweep, native, %d workers against 1", n), 0.8*float64(n)
		}
		verdict := "ok"
		if x < budget {
			verdict = "UNDER"
		}
		fmt.Fprintf(w, "%s: %.2f× (median of %d), budget ≥ %.2f×: %s\n", what, x, len(runs[name]), budget, verdict)
	}
}

// DESIGN.md's budgets for an hour of the access storm of 10⁶ devices.
const (
	stormSeconds = 15.0
	stormHeapMB  = 64.0
)

// storm prints BenchmarkStorm's medians, time and heap (its MB-heap
// metric), each case of a million devices (named 1M-…) against the
// budgets.
func storm(w io.Writer, r io.Reader) {
	type runs struct{ ns, heap []float64 }
	byName := map[string]*runs{}
	var names []string
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		fs := strings.Fields(sc.Text())
		if len(fs) < 4 || !strings.HasPrefix(fs[0], "BenchmarkStorm/") {
			continue
		}
		name := strings.TrimPrefix(fs[0], "BenchmarkStorm/")
		if j := strings.LastIndexByte(name, '-'); j > 0 {
			name = name[:j]
		}
		if byName[name] == nil {
			byName[name] = &runs{}
			names = append(names, name)
		}
		for i := 2; i < len(fs); i++ {
			v, err := strconv.ParseFloat(fs[i-1], 64)
			switch {
			case err != nil:
			case fs[i] == "ns/op":
				byName[name].ns = append(byName[name].ns, v)
			case fs[i] == "MB-heap":
				byName[name].heap = append(byName[name].heap, v)
			}
		}
	}
	for _, name := range names {
		ns, ok := median(byName[name].ns)
		if !ok {
			continue
		}
		heap, _ := median(byName[name].heap)
		line := fmt.Sprintf("access storm %s, an hour: %.2f s natively, %.1f MB heap (medians of %d)", name, ns/1e9, heap, len(byName[name].ns))
		if strings.HasPrefix(name, "1M-") {
			verdict := "ok"
			if ns/1e9 > stormSeconds || heap > stormHeapMB {
				verdict = "OVER"
			}
			line += fmt.Sprintf(", budget ≤ %.0f s, ≤ %.0f MB: %s", stormSeconds, stormHeapMB, verdict)
		}
		fmt.Fprintln(w, line)
	}
}

func median(v []float64) (float64, bool) {
	if len(v) == 0 {
		return 0, false
	}
	s := slices.Sorted(slices.Values(v))
	if len(s)%2 == 1 {
		return s[len(s)/2], true
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2, true
}

// DESIGN.md's budget and target for the page weight, brotli bytes.
const (
	pageBudget = 1_000_000
	pageTarget = 800_000
)

// pageWeight prints the brotli total of a first load: the files at the
// top of dist/ (the page with the default preset's model's parts, the
// scripts, one WebAssembly module with the report in it), and the first
// load of a link to another model, which adds that model's parts
// (dist/model/NAME.html); the verdict is that of the largest. A file
// without a brotli copy is an error: it would escape the count.
func pageWeight(w io.Writer, dist string) error {
	entries, err := os.ReadDir(dist)
	if err != nil {
		return err
	}
	total, wasm, files := int64(0), int64(0), 0
	var each strings.Builder
	for _, e := range entries {
		name := e.Name()
		if e.IsDir() || strings.HasSuffix(name, ".gz") || strings.HasSuffix(name, ".br") {
			continue
		}
		st, err := os.Stat(filepath.Join(dist, name+".br"))
		if err != nil {
			return fmt.Errorf("%s in %s has no brotli copy: build it again (make build)", name, dist)
		}
		files++
		total += st.Size()
		fmt.Fprintf(&each, "  %-24s %9d B brotli\n", name, st.Size())
		if strings.HasSuffix(name, ".wasm") {
			wasm += st.Size()
		}
	}
	if files == 0 {
		return fmt.Errorf("no files in %s: build it first (make build)", dist)
	}
	parts, _ := filepath.Glob(filepath.Join(dist, "model", "*.html"))
	most, mostName := int64(0), ""
	for _, p := range parts {
		st, err := os.Stat(p + ".br")
		if err != nil {
			return fmt.Errorf("%s has no brotli copy: build it again (make build)", p)
		}
		name := "model/" + filepath.Base(p)
		fmt.Fprintf(&each, "  %-24s %9d B brotli (a link to it only)\n", name, st.Size())
		if st.Size() > most {
			most, mostName = st.Size(), name
		}
	}
	worst := total + most
	verdict := "ok"
	switch {
	case worst > pageBudget:
		verdict = "OVER the 1 MB budget"
	case worst > pageTarget:
		verdict = "within budget, above the 0.8 MB target"
	}
	fmt.Fprintf(w, "page weight: %d KB brotli on first load (%d files; the wasm %d KB): %s\n%s  %-24s %9d B brotli, budget %d, target %d\n",
		worst/1000, files, wasm/1000, verdict, each.String(), "total", total, pageBudget, pageTarget)
	if mostName != "" {
		fmt.Fprintf(w, "  %-24s %9d B brotli, with %s\n", "a link's, at most", worst, mostName)
	}
	return nil
}
