// Command digests prints the digest of every preset, one per line, so that
// `make test` can run it natively and under GOOS=js GOARCH=wasm (node) and
// compare: the core must give the same numbers on both. Then, for every
// model's study, a short log-spaced sweep of two seeds: each point's digest
// and goodput band (a study of its own metrics: its first, second and last
// values over the whole run, each metric's band), which must match too (grid, runs and statistics). With -time it
// times one preset instead, for `make bench` (build/wasmspeed: wasm against
// native speed): one line per run, "NAME WALL_NS CPU_NS", the run's wall
// time (time.Now: performance.now in a browser) and the CPU time the process
// spent meanwhile (getrusage, all threads; 0 where there is none, as in js/wasm).
package main

import (
	"flag"
	"fmt"
	"hash/fnv"
	"os"
	"time"

	"overloadlab/core/catalog"
	"overloadlab/core/engine/sim"
	"overloadlab/wasm/gcpace"
)

func main() {
	gcpace.Set()
	preset := flag.String("time", "", "time the preset `name` instead of listing the digests")
	n := flag.Int("n", 3, "runs to time (one line each)")
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
	if err := sweeps(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}

// sweeps prints one line per point of a short sweep of every model study.
func sweeps() error {
	for _, def := range catalog.Models {
		for _, sw := range def.Sweeps {
			sc, err := catalog.Preset(def.Presets[0].Name)
			if err != nil {
				return err
			}
			sc.Duration = 20
			p := &sim.Plan{Param: sw.Param, From: sw.Values[0], To: sw.Values[len(sw.Values)-1], Points: 4, Log: true, Seeds: 2, Variants: sw.Curves}
			if len(sw.Metrics) > 0 {
				// A study of its own metrics: its first, second and last
				// values over the preset's whole run (the figures come late).
				sc, _ = catalog.Preset(def.Presets[0].Name)
				n := len(sw.Values)
				p = &sim.Plan{Param: sw.Param, Values: []float64{sw.Values[0], sw.Values[1], sw.Values[n-1]}, Seeds: 2, Variants: sw.Curves, Metrics: sw.MetricNames()}
			}
			if err := p.Check(def, sc); err != nil {
				return err
			}
			samples, err := sim.RunCells(def, sc, p, p.Shard(0, 1), 1, nil)
			if err != nil {
				return err
			}
			pts, err := sim.Summarize(p, samples)
			if err != nil {
				return err
			}
			for _, pt := range pts {
				if len(p.Metrics) > 0 {
					fmt.Printf("sweep %s/%s %q %s=%v %s", def.Name, sw.ID, pt.Label, p.Param, pt.X, pt.Digest)
					for k, name := range p.Metrics {
						fmt.Printf(" %s %v [%v, %v]", name, pt.Stats[k].Mean, pt.Stats[k].Lo, pt.Stats[k].Hi)
					}
					fmt.Println()
					continue
				}
				g := pt.Stats[sim.MetricGoodput]
				fmt.Printf("sweep %s/%s %q %s=%v %s goodput %v [%v, %v]\n", def.Name, sw.ID, pt.Label, p.Param, pt.X, pt.Digest, g.Mean, g.Lo, g.Hi)
			}
		}
	}
	return nil
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
	// The moments the model marked (sim.Env.Mark), outside the digest:
	// their count and hash beside it, for a preset that has any.
	s := r.Summary()
	if len(s.Marks) > 0 {
		h := fnv.New64a()
		for _, m := range s.Marks {
			fmt.Fprintf(h, "%v %v %s\n", m.At, m.Until, m.Label)
		}
		return fmt.Sprintf("%s marks %d+%d %016x", s.Digest, len(s.Marks), s.MarksLeftOut, h.Sum64()), nil
	}
	return s.Digest, nil
}

func timeit(name string, n int) int {
	for range max(n, 1) {
		c0, t0 := cpuTime(), time.Now()
		if _, err := digest(name); err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 1
		}
		wall, cpu := time.Since(t0), cpuTime()-c0
		fmt.Printf("%s %d %d\n", name, wall.Nanoseconds(), cpu.Nanoseconds())
	}
	return 0
}
