package main

import (
	"cmp"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"runtime"
	"slices"
	"strconv"
	"strings"

	"github.com/schollz/progressbar/v3"
	"golang.org/x/term"

	"overloadlab/core/catalog"
	"overloadlab/core/engine/param"
	"overloadlab/core/engine/scenario"
	"overloadlab/core/engine/sim"
)

// cmdSweep runs a sweep over a preset or a scenario file: one parameter from
// -from to -to (or the model's own study), for each variant, with -seeds
// seeds per point, on -workers cores. It prints one CSV row per point with
// the mean and 95 % interval of every metric, or (with -raw or -shard) one
// row per run, which `overloadlab merge` turns into the same summary.
func cmdSweep(args []string, stdout io.Writer) error {
	fs := newFlags("sweep")
	preset := fs.String("preset", "", "preset `name` to sweep over")
	file := fs.String("scenario", "", "scenario JSON `file` to sweep over ('-' for standard input)")
	id := fs.String("sweep", "", "the model's own study `id`, used when -param is not given (default: the model's first)")
	var seed, duration optional
	fs.Var(&seed, "seed", "seed of the first run of every point (default: the scenario's); the others take seed+1, seed+2, …")
	fs.Var(&duration, "duration", "simulated `seconds` of every run (default: the scenario's)")
	name := fs.String("param", "", "numeric parameter `name` to sweep (default: the model's study)")
	from := fs.Float64("from", math.NaN(), "first `value` of -param")
	to := fs.Float64("to", math.NaN(), "last `value` of -param")
	points := fs.Int("points", 11, "number of values from -from to -to")
	logScale := fs.Bool("log", false, "space the values geometrically (from and to above 0)")
	seeds := fs.Int("seeds", sim.DefaultSeeds, "seeds (runs) per point and variant")
	var variants []string
	fs.Func("variant", "a curve: `LABEL` of a preset variant or model study curve, or LABEL:name=value,name=value (repeat for several; default: the study's curves, or the scenario as set)",
		func(s string) error { variants = append(variants, s); return nil })
	workers := fs.Int("workers", runtime.NumCPU(), "runs at a time (default: every core)")
	raw := fs.Bool("raw", false, "print one row per run (variant, point, seed) instead of the summary")
	shard := fs.String("shard", "", "run only shard `i/n` of the grid (0 ≤ i < n), as raw rows for 'overloadlab merge'")
	format := fs.String("format", "csv", "summary output: csv or json")
	if err := parse(fs, args); err != nil {
		return err
	}
	if *format != "csv" && *format != "json" {
		return usagef("-format %s: allowed csv, json", param.Quote(*format))
	}
	if *workers < 1 {
		return usagef("-workers %d: allowed 1 or more", *workers)
	}
	si, sn, err := parseShard(*shard)
	if err != nil {
		return err
	}
	sc, err := loadScenario(*preset, *file, &seed, &duration)
	if err != nil {
		return err
	}
	def, ok := catalog.Model(sc.Model)
	if !ok {
		return &param.Error{Field: "model", Value: strconv.Quote(sc.Model), Allowed: "the name of a node model"}
	}
	given := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { given[f.Name] = true })
	var plan *sim.Plan
	if *name == "" {
		for _, f := range []string{"from", "to", "points", "log"} {
			if given[f] {
				return usagef("-%s shapes a sweep of -param: give -param NAME with it, or leave it out to run the model's study", f)
			}
		}
		sw, err := modelStudy(def, *id)
		if err != nil {
			return err
		}
		plan = sw.Plan(*seeds)
	} else {
		if given["sweep"] {
			return usagef("-sweep names one of the model's studies, which sweep their own parameter: give -sweep or -param, not both")
		}
		if !given["from"] || !given["to"] {
			return usagef("-param %s: give -from and -to", named(*name))
		}
		for _, f := range []struct {
			name string
			x    float64
		}{{"from", *from}, {"to", *to}} {
			if math.IsNaN(f.x) || math.IsInf(f.x, 0) {
				return usagef("-%s %v: allowed a finite number", f.name, f.x)
			}
		}
		plan = &sim.Plan{Param: *name, From: *from, To: *to, Points: *points, Log: *logScale, Seeds: *seeds}
		if sp, ok := def.Params.Lookup(*name); ok && sp.Kind == param.Choice {
			plan.Values = sim.ChoiceValues(sp, *from, *to) // a choice runs the numbers of its choices from -from to -to
		}
		if sp, ok := def.Params.Lookup(*name); ok && sp.Kind == param.Integer && plan.Points <= sim.MaxPoints {
			if xs := plan.Grid(sp); len(slices.Compact(slices.Clone(xs))) < len(xs) {
				plan.Values = slices.Compact(xs)
				vs := make([]string, len(plan.Values))
				for i, x := range plan.Values {
					vs[i] = num(x)
				}
				fmt.Fprintf(notes, "overloadlab sweep: note: %s is a whole number: %d points from %s to %s round to %d distinct values (%s), each run once\n",
					sp.Name, plan.Points, num(*from), num(*to), len(plan.Values), strings.Join(vs, ", "))
			}
		}
	}
	if len(variants) > 0 {
		plan.Variants = nil
		for _, v := range variants {
			pv, err := parseVariant(def, sc, v)
			if err != nil {
				return err
			}
			plan.Variants = append(plan.Variants, pv)
		}
	}
	if err := plan.Check(def, sc); err != nil {
		return err
	}
	if sn > plan.Cells() {
		return usagef("-shard %s: allowed i/n with 0 ≤ i < n ≤ %d, the number of runs (points × seeds × curves)", param.Quote(*shard), plan.Cells())
	}
	head, err := newSweepHeader(sc, def, plan)
	if err != nil {
		return err
	}
	cells := plan.Shard(si, sn)
	samples, err := sim.RunCells(def, sc, plan, cells, *workers, progressBar(len(cells)))
	if err != nil {
		return err
	}
	if *raw || *shard != "" {
		if *shard != "" {
			head.Shard = *shard
		}
		return writeRaw(stdout, head, def, plan, samples)
	}
	return writeSummary(stdout, *format, head, def, plan, samples)
}

// modelStudy returns the model's study named id (its first when id is "").
func modelStudy(def *sim.Def, id string) (*sim.Sweep, error) {
	var ids []string
	for i := range def.Sweeps {
		ids = append(ids, def.Sweeps[i].ID)
		if id == "" || def.Sweeps[i].ID == id {
			return &def.Sweeps[i], nil
		}
	}
	allowed := "one of " + strings.Join(ids, ", ")
	if len(ids) == 0 {
		allowed = "none: model " + def.Name + " has no study of its own; give -param, -from and -to"
	}
	return nil, &param.Error{Field: "sweep", Value: param.Quote(id), Allowed: allowed}
}

// parseShard reads "i/n"; "" is the whole grid, 0/1.
func parseShard(s string) (int, int, error) {
	if s == "" {
		return 0, 1, nil
	}
	a, b, ok := strings.Cut(s, "/")
	i, err1 := strconv.Atoi(a)
	n, err2 := strconv.Atoi(b)
	if !ok || err1 != nil || err2 != nil || n < 1 || i < 0 || i >= n {
		return 0, 0, usagef("-shard %s: allowed i/n with 0 ≤ i < n, e.g. 0/4", param.Quote(s))
	}
	return i, n, nil
}

// parseVariant reads -variant: a label of the preset's variants or of the
// model's study curves, or LABEL:name=value,name=value.
func parseVariant(def *sim.Def, sc *scenario.Scenario, s string) (scenario.Variant, error) {
	label, body, custom := strings.Cut(s, ":")
	if !custom {
		var known []string
		for _, p := range def.Presets {
			if p.Name == sc.Preset {
				for _, v := range p.Compare {
					if v.Label == label {
						return v, nil
					}
					known = append(known, v.Label)
				}
			}
		}
		for _, sw := range def.Sweeps {
			for _, v := range sw.Curves {
				if v.Label == label {
					return v, nil
				}
				known = append(known, v.Label)
			}
		}
		return scenario.Variant{}, &param.Error{Field: "-variant", Value: param.Quote(s), Allowed: fmt.Sprintf("LABEL:name=value,… or one of %q", known)}
	}
	if err := scenario.CheckWords("-variant label", label, scenario.MaxTitle, false); err != nil {
		return scenario.Variant{}, err
	}
	v := scenario.Variant{Label: label, Params: map[string]param.Value{}}
	given := map[string]string{}
	for _, kv := range strings.Split(body, ",") {
		n, text, ok := strings.Cut(kv, "=")
		if !ok {
			return v, &param.Error{Field: "-variant", Value: param.Quote(s), Allowed: "LABEL:name=value,name=value"}
		}
		sp, err := def.Params.Once("-variant "+label, n, given)
		if err != nil {
			return v, fmt.Errorf("-variant %s: %w", named(label), err)
		}
		x, err := sp.Parse(text)
		if err != nil {
			return v, fmt.Errorf("-variant %s: %w", named(label), err)
		}
		v.Params[sp.Name] = x
	}
	return v, nil
}

// progressBar returns a progress callback drawing a bar on standard error
// when it is a terminal; nil (nothing drawn) when it is not, as in a batch
// job or a pipe.
func progressBar(n int) func() {
	if !term.IsTerminal(int(os.Stderr.Fd())) {
		return nil
	}
	bar := progressbar.NewOptions(n,
		progressbar.OptionSetWriter(os.Stderr),
		progressbar.OptionSetDescription("sweep"),
		progressbar.OptionShowCount(),
		progressbar.OptionSetPredictTime(true),
		progressbar.OptionClearOnFinish(),
	)
	return func() { bar.Add(1) }
}

// sweepSummary is the JSON form of a summarised sweep.
type sweepSummary struct {
	sweepHeader
	Metrics []sim.Metric    `json:"metrics"`
	Points  []sim.PointStat `json:"points"`
}

// writeSummary prints one row per point: the curve, the value swept, the
// seeds, then mean, lo and hi of every metric, and the point's digest.
func writeSummary(w io.Writer, format string, head *sweepHeader, def *sim.Def, plan *sim.Plan, samples []sim.Sample) error {
	pts, err := sim.Summarize(plan, samples)
	if err != nil {
		return err
	}
	if format == "json" {
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		return enc.Encode(sweepSummary{sweepHeader: *head, Metrics: plan.MetricList(def), Points: pts})
	}
	if err := writeSweepHead(w, head, def, plan); err != nil {
		return err
	}
	cols := []string{"variant", plan.Param, "seeds"}
	for _, m := range plan.MetricList(def) {
		cols = append(cols, m.Name+"_mean", m.Name+"_lo", m.Name+"_hi")
	}
	rows := [][]string{append(cols, "digest")}
	f := func(x float64) string { return strconv.FormatFloat(x, 'g', 8, 64) }
	for _, p := range pts {
		r := []string{csvText(p.Label), num(p.X), strconv.Itoa(p.Seeds)}
		for _, s := range p.Stats {
			r = append(r, f(s.Mean), f(s.Lo), f(s.Hi))
		}
		rows = append(rows, append(r, p.Digest))
	}
	return writeRows(w, rows)
}

// writeSweepHead writes the comment lines ("# …") that head a sweep's CSV,
// as the run's CSV is headed (writeCSV): the model, the scenario, its seed,
// the link, the sweep and every column's unit, so the file explains itself.
// The page's sweep CSV (static/ts/sweep.ts) writes the same.
func writeSweepHead(w io.Writer, head *sweepHeader, def *sim.Def, plan *sim.Plan) error {
	sc, err := catalog.DecodeLink(head.Scenario)
	if err != nil {
		return err
	}
	unit := "1"
	if sp, ok := def.Params.Lookup(plan.Param); ok && sp.Unit != "" {
		unit = sp.Unit
	}
	_, err = fmt.Fprintf(w, "# model: %s\n# scenario: %s\n# seed: %d (each point runs seeds %d to %d)\n# link: #%s\n# sweep: %s\n# units: %s: %s, *_per_s: per second, *_pct: %%%s, seeds: runs per point; *_mean is the mean over the seeds, *_lo and *_hi its 95 %% interval, in 8 significant digits\n",
		def.Name, cmp.Or(sc.Preset, "custom"), sc.Seed, sc.Seed, sc.Seed+uint64(plan.Seeds)-1, head.Scenario, plan.String(), plan.Param, unit, ownUnits(plan.MetricList(def)))
	return err
}

// ownUnits names the unit of each of a model's own metrics
// (", t95_s: s"), for the CSV's units line; ""
// for the carried-vs-offered ones, whose names say their unit.
func ownUnits(ms []sim.Metric) string {
	var b strings.Builder
	for _, m := range ms {
		if m.Unit != "" {
			fmt.Fprintf(&b, ", %s: %s", m.Name, m.Unit)
		}
	}
	return b.String()
}
