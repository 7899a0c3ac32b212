package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestHoldVerdicts(t *testing.T) {
	in := `goos: linux
BenchmarkHold/N=10/mean=1ms-2     	 100	  50.0 ns/op	 0 B/op	 0 allocs/op
BenchmarkHold/N=10/mean=1ms-2     	 100	  70.0 ns/op	 0 B/op	 0 allocs/op
BenchmarkHold/N=10/mean=1ms-2     	 100	  60.0 ns/op	 0 B/op	 0 allocs/op
BenchmarkHold/N=10/mean=100s-2    	 100	  90.0 ns/op
BenchmarkHold/N=1e5/mean=1ms-2    	 100	 100.0 ns/op
BenchmarkHold/N=1e5/mean=100s-2   	 100	 160.0 ns/op
BenchmarkHold/N=1e6/mean=1ms-2    	 100	 300.0 ns/op
BenchmarkHold/N=1e6/mean=100s-2   	 100	 700.0 ns/op
BenchmarkOther-2                  	 100	   1.0 ns/op
`
	var out strings.Builder
	if err := hold(&out, strings.NewReader(in)); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"N=10    1ms 60, 100s 90; max/min 1.50: ok",          // median of three
		"N=1e5   1ms 100, 100s 160; max/min 1.60: OVER (ns)", // 160 > 150 at N ≤ 1e5
		"N=1e6   1ms 300, 100s 700; max/min 2.33: OVER (max/min)",
	} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("no %q in\n%s", want, out.String())
		}
	}
}

// The page weight counts every file at the top of dist/ by its brotli copy
// (a second module too), with the largest model's parts (a link to it),
// and refuses a file without one.
func TestPageWeight(t *testing.T) {
	dir := t.TempDir()
	write := func(name string, size int) {
		if err := os.WriteFile(filepath.Join(dir, name), make([]byte, size), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for name, size := range map[string]int{"a.wasm": 4_000_000, "a.wasm.br": 500_000, "a.wasm.gz": 600_000, "index.html": 900_000, "index.html.br": 150_000, "b.wasm": 3_000_000, "b.wasm.br": 400_000} {
		write(name, size)
	}
	var out strings.Builder
	if err := pageWeight(&out, dir); err != nil {
		t.Fatal(err)
	}
	want := `page weight: 1050 KB brotli on first load (3 files; the wasm 900 KB): OVER the 1 MB budget
  a.wasm                      500000 B brotli
  b.wasm                      400000 B brotli
  index.html                  150000 B brotli
  total                      1050000 B brotli, budget 1000000, target 800000
`
	if out.String() != want {
		t.Errorf("got %q, want %q", out.String(), want)
	}
	os.Remove(filepath.Join(dir, "b.wasm.br"))
	if err := pageWeight(&out, dir); err == nil || !strings.Contains(err.Error(), "b.wasm in ") {
		t.Errorf("a file without its brotli copy: %v", err)
	}
	os.Remove(filepath.Join(dir, "b.wasm"))
	out.Reset()
	if err := pageWeight(&out, dir); err != nil || !strings.Contains(out.String(), "650 KB brotli on first load (2 files; the wasm 500 KB): ok") {
		t.Errorf("%q, %v", out.String(), err)
	}
	os.WriteFile(filepath.Join(dir, "a.wasm.br"), make([]byte, 700_000), 0o644)
	out.Reset()
	if err := pageWeight(&out, dir); err != nil || !strings.Contains(out.String(), "850 KB brotli on first load (2 files; the wasm 700 KB): within budget, above the 0.8 MB target") {
		t.Errorf("%q, %v", out.String(), err)
	}
	os.Mkdir(filepath.Join(dir, "model"), 0o755)
	for name, size := range map[string]int{"model/x.html": 90_000, "model/x.html.br": 9_000, "model/y.html": 120_000, "model/y.html.br": 12_000} {
		write(name, size)
	}
	out.Reset()
	want = `page weight: 862 KB brotli on first load (2 files; the wasm 700 KB): within budget, above the 0.8 MB target
  a.wasm                      700000 B brotli
  index.html                  150000 B brotli
  model/x.html                  9000 B brotli (a link to it only)
  model/y.html                 12000 B brotli (a link to it only)
  total                       850000 B brotli, budget 1000000, target 800000
  a link's, at most           862000 B brotli, with model/y.html
`
	if err := pageWeight(&out, dir); err != nil || out.String() != want {
		t.Errorf("got %q, %v; want %q", out.String(), err, want)
	}
	os.Remove(filepath.Join(dir, "model", "y.html.br"))
	if err := pageWeight(&out, dir); err == nil || !strings.Contains(err.Error(), "y.html has no brotli copy") {
		t.Errorf("a part without its brotli copy: %v", err)
	}
	if err := pageWeight(&out, t.TempDir()); err == nil {
		t.Error("no error for an empty folder")
	}
}

func TestSpeedups(t *testing.T) {
	in := `BenchmarkSweepSpeedup/workers=2-2   2   893833912 ns/op   1.600 x-budget   1.687 x-speedup
BenchmarkSweepSpeedup/workers=2-2   3   477677491 ns/op   1.600 x-budget   1.056 x-speedup
BenchmarkSweepSpeedup/workers=2-2   3   477677491 ns/op   1.600 x-budget   1.900 x-speedup
BenchmarkSweepPool-2   1   5717231005 ns/op   1767 ms-1-worker   718.0 ms-2-workers   2.461 x-speedup
`
	var out strings.Builder
	speedups(&out, strings.NewReader(in))
	for _, want := range []string{
		"sweep, native, 2 workers against 1: 1.69× (median of 3), budget ≥ 1.60×: ok",
		"sweep in the page, pool of 2 workers against 1: 2.46× (median of 1), budget ≥ 1.60×: ok",
	} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("no %q in\n%s", want, out.String())
		}
	}
}

func TestStorm(t *testing.T) {
	in := `BenchmarkStorm/1M-no-control-2         	       3	  88164720 ns/op	        26.71 MB-heap
BenchmarkStorm/1M-no-control-2         	       3	  85872074 ns/op	        21.31 MB-heap
BenchmarkStorm/1M-no-control-2         	       3	  96296513 ns/op	        26.66 MB-heap
BenchmarkStorm/1M-pacing-2             	       3	 16124665407 ns/op	        17.84 MB-heap
BenchmarkStorm/2M-t3346-2              	       3	 195208617 ns/op	        96.52 MB-heap
`
	var out strings.Builder
	storm(&out, strings.NewReader(in))
	for _, want := range []string{
		"access storm 1M-no-control, an hour: 0.09 s natively, 26.7 MB heap (medians of 3), budget ≤ 15 s, ≤ 64 MB: ok",
		"access storm 1M-pacing, an hour: 16.12 s natively, 17.8 MB heap (medians of 1), budget ≤ 15 s, ≤ 64 MB: OVER",
		"access storm 2M-t3346, an hour: 0.20 s natively, 96.5 MB heap (medians of 1)\n",
	} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("no %q in\n%s", want, out.String())
		}
	}
}
