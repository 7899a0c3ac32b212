// Command digests prints the digest of every preset, one per line, so that
// `make test` can run it natively and under GOOS=js GOARCH=wasm (node) and
// compare: the core must give the same numbers on both. With -time it
// times one preset instead, for `make bench` (wasm against native speed).
package main

import (
	"flag"
	"fmt"
	"os"
	"slices"
	"time"

	"overloadlab/core/catalog"
)

func main() {
	preset := flag.String("time", "", "time the preset `name` instead of listing the digests")
	n := flag.Int("n", 3, "runs to time (the median is printed)")
	flag.Parse()
	if *preset != "" {
		os.Exit(timeit(*preset, *n))
	}
	for _, p := range catalog.Presets() {
		d, err := digest(p.Name)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		fmt.Printf("%s %s\n", p.Name, d)
	}
}

func digest(name string) (string, error) {
	sc, err := catalog.Preset(name)
	if err != nil {
		return "", err
	}
	r, err := catalog.Start(sc, false)
	if err != nil {
		return "", err
	}
	r.RunToEnd()
	if err := r.Err(); err != nil {
		return "", err
	}
	return r.Summary().Digest, nil
}

func timeit(name string, n int) int {
	var ds []time.Duration
	for range max(n, 1) {
		t0 := time.Now()
		if _, err := digest(name); err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 1
		}
		ds = append(ds, time.Since(t0))
	}
	slices.Sort(ds)
	fmt.Printf("%s %d\n", name, ds[len(ds)/2].Nanoseconds())
	return 0
}
