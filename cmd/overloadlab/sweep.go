package main

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"

	"overloadlab/core/catalog"
	"overloadlab/core/param"
	"overloadlab/core/sim"
)

// sweepResult is the JSON form of a sweep.
type sweepResult struct {
	Scenario string      `json:"scenario"`
	Model    string      `json:"model"`
	Seed     uint64      `json:"seed"`
	Duration float64     `json:"duration_s"`
	Sweep    *sim.Sweep  `json:"sweep"`
	Curves   []sim.Curve `json:"curves"`
}

// cmdSweep runs a carried-vs-offered sweep of a model over a preset or a
// scenario file and prints one row per point.
func cmdSweep(args []string, stdout io.Writer) error {
	fs := newFlags("sweep")
	preset := fs.String("preset", "", "preset `name` to sweep over")
	file := fs.String("scenario", "", "scenario JSON `file` to sweep over ('-' for standard input)")
	id := fs.String("sweep", "", "sweep `id` (default: the model's first)")
	seed := fs.Float64("seed", -1, "seed of the random streams (default: the scenario's)")
	duration := fs.Float64("duration", -1, "simulated `seconds` of every point (default: the scenario's)")
	format := fs.String("format", "csv", "output: csv (one row per point) or json")
	if err := parse(fs, args); err != nil {
		return err
	}
	if *format != "csv" && *format != "json" {
		return usagef("-format %q: allowed csv, json", *format)
	}
	sc, err := loadScenario(*preset, *file, *seed, *duration)
	if err != nil {
		return err
	}
	def, ok := catalog.Model(sc.Model)
	if !ok {
		return &param.Error{Field: "model", Value: strconv.Quote(sc.Model), Allowed: "the name of a node model"}
	}
	var ids []string
	var sw *sim.Sweep
	for i := range def.Sweeps {
		ids = append(ids, def.Sweeps[i].ID)
		if sw == nil && (*id == "" || def.Sweeps[i].ID == *id) {
			sw = &def.Sweeps[i]
		}
	}
	if sw == nil {
		allowed := "one of " + strings.Join(ids, ", ")
		if len(ids) == 0 {
			allowed = "none: model " + def.Name + " has no sweep"
		}
		return &param.Error{Field: "sweep", Value: strconv.Quote(*id), Allowed: allowed}
	}
	curves, err := sim.RunSweep(def, sc, sw)
	if err != nil {
		return err
	}
	if *format == "json" {
		name := sc.Preset
		if name == "" {
			name = "custom"
		}
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(sweepResult{Scenario: name, Model: def.Name, Seed: sc.Seed, Duration: sc.Duration, Sweep: sw, Curves: curves})
	}
	cw := csv.NewWriter(stdout)
	cw.Write([]string{"curve", sw.Param, "offered_per_s", "goodput_per_s", "throttled_per_s", "cpu_mean_pct", "digest"})
	f := func(x float64) string { return strconv.FormatFloat(x, 'g', 8, 64) }
	for _, c := range curves {
		for _, p := range c.Points {
			cw.Write([]string{c.Label, f(p.X), f(p.Offered), f(p.Goodput), f(p.Throttled), f(p.CPUMean), p.Digest})
		}
	}
	cw.Flush()
	if err := cw.Error(); err != nil {
		return fmt.Errorf("writing csv: %w", err)
	}
	return nil
}
