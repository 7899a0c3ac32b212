package main

import (
	"bytes"
	"cmp"
	"encoding/csv"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"

	"overloadlab/core/catalog"
	"overloadlab/core/class"
	"overloadlab/core/engine/clock"
	"overloadlab/core/engine/kernel"
	"overloadlab/core/engine/metrics"
	"overloadlab/core/engine/param"
	"overloadlab/core/engine/scenario"
	"overloadlab/core/engine/sim"
)

func cmdPresets(args []string, stdout io.Writer) error {
	fs := newFlags("presets")
	if err := parse(fs, args); err != nil {
		return err
	}
	tw := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', 0)
	for _, p := range catalog.Presets() {
		fmt.Fprintf(tw, "%s\t%s\t%s\n", p.Name, p.Model, p.Summary)
	}
	return tw.Flush()
}

func cmdScenario(args []string, stdout io.Writer) error {
	fs := newFlags("scenario")
	preset := fs.String("preset", "", "preset `name` (see 'overloadlab presets')")
	if err := parse(fs, args); err != nil {
		return err
	}
	if *preset == "" {
		return usagef("-preset is required: one of the %d presets, which `overloadlab presets` lists", len(catalog.PresetNames()))
	}
	sc, err := catalog.Preset(*preset)
	if err != nil {
		return err
	}
	raw, err := json.Marshal(sc)
	if err != nil {
		return err
	}
	// The file explains its own inheritance rule in "about", its first key.
	about, _ := json.Marshal(scenario.InheritRule)
	raw = append(append([]byte(`{"about":`), about...), append([]byte{','}, raw[1:]...)...)
	var b bytes.Buffer
	if err := json.Indent(&b, raw, "", "  "); err != nil {
		return err
	}
	_, err = fmt.Fprintf(stdout, "%s\n", b.Bytes())
	return err
}

// maxFile bounds a scenario file, read from a file or standard input.
const maxFile = 8 << 20

// readFile reads a scenario file ("-": standard input), refusing one larger
// than maxFile without reading more than that.
func readFile(name string) ([]byte, error) { return readBounded(name, maxFile, "a scenario file") }

// readBounded reads the file name ("-": standard input), a regular file or
// a stream, refusing one larger than max bytes without reading more than
// that. Errors name the file by its first 80 characters.
func readBounded(name string, max int, what string) ([]byte, error) {
	r, shown := io.Reader(os.Stdin), "standard input"
	if name != "-" {
		shown = named(name)
		f, err := os.Open(name)
		if err != nil {
			var pe *fs.PathError
			if errors.As(err, &pe) {
				err = pe.Err // the path in full is what shown cuts
			}
			return nil, fmt.Errorf("%s: %w", shown, err)
		}
		defer f.Close()
		r = f
	}
	data, err := io.ReadAll(io.LimitReader(r, int64(max)+1))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", shown, err)
	}
	if len(data) > max {
		return nil, fmt.Errorf("%s: larger than %d MiB, the most %s may hold", shown, max>>20, what)
	}
	return data, nil
}

// optional is a numeric flag that knows whether it was given.
type optional struct {
	x     float64
	given bool
}

func (o *optional) String() string {
	if o == nil || !o.given {
		return ""
	}
	return strconv.FormatFloat(o.x, 'g', -1, 64)
}

func (o *optional) Set(s string) error {
	x, err := strconv.ParseFloat(s, 64)
	if err != nil {
		return fmt.Errorf("%s is not a number", param.Quote(s))
	}
	o.x, o.given = x, true
	return nil
}

// scenarioFlags are the flags that name the scenario a command runs, as
// run and link declare them: -preset, -scenario, -seed and -duration.
type scenarioFlags struct {
	preset, file   *string
	seed, duration optional
}

// addScenarioFlags declares the scenario's flags on fs.
func addScenarioFlags(fs *flag.FlagSet) *scenarioFlags {
	f := &scenarioFlags{
		preset: fs.String("preset", "", "preset `name`"),
		file:   fs.String("scenario", "", "scenario JSON `file` ('-' for standard input)"),
	}
	fs.Var(&f.seed, "seed", "seed of the random streams (default: the scenario's)")
	fs.Var(&f.duration, "duration", "simulated `seconds` (default: the scenario's)")
	return f
}

// load reads the scenario the flags name, or link's when link is not ""
// (loadAny).
func (f *scenarioFlags) load(link string) (*scenario.Scenario, error) {
	return loadAny(*f.preset, *f.file, link, &f.seed, &f.duration)
}

// loadScenario reads the scenario named by -preset or -scenario and applies
// the -seed and -duration overrides, when given.
func loadScenario(preset, file string, seed, duration *optional) (*scenario.Scenario, error) {
	return loadAny(preset, file, "", seed, duration)
}

// loadAny is loadScenario that also opens a what-if link (its scenario A),
// when link is not "".
func loadAny(preset, file, link string, seed, duration *optional) (*scenario.Scenario, error) {
	var sc *scenario.Scenario
	var err error
	given := 0
	for _, s := range []string{preset, file, link} {
		if s != "" {
			given++
		}
	}
	switch {
	case given > 1 && link == "":
		return nil, usagef("give -preset or -scenario, not both")
	case given > 1:
		return nil, usagef("give one of -preset, -scenario or -link, not both")
	case link != "":
		sc, err = catalog.DecodeLink(class.LinkOf(link))
	case preset != "":
		sc, err = catalog.Preset(preset)
	case file != "":
		var data []byte
		if data, err = readFile(file); err != nil {
			return nil, err
		}
		sc, err = catalog.Decode(data)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", param.Quote(file), err)
		}
	default:
		return nil, usagef("give -preset NAME or -scenario FILE")
	}
	if err != nil {
		return nil, err
	}
	for name, o := range map[string]*optional{"seed": seed, "duration_s": duration} {
		if !o.given {
			continue
		}
		sp, _ := scenario.Fields.Lookup(name)
		if err := sp.CheckValue(param.Num(o.x)); err != nil {
			return nil, err
		}
		if name == "seed" {
			sc.Seed = uint64(o.x)
		} else {
			sc.Duration = o.x
		}
	}
	if err := sc.Validate(); err != nil {
		return nil, presetTimeline(sc, duration, err)
	}
	return sc, nil
}

// presetTimeline says, of an error in a timeline the user did not write
// (the preset's, cut short by -duration), whose it is and how to drop it or
// lengthen the run.
func presetTimeline(sc *scenario.Scenario, duration *optional, err error) error {
	var pe *param.Error
	if !duration.given || !errors.As(err, &pe) || !strings.HasPrefix(pe.Field, "timeline[") || len(sc.Timeline) == 0 {
		return err
	}
	p, perr := catalog.Preset(sc.Preset)
	if perr != nil || !slices.Equal(p.Timeline, sc.Timeline) {
		return err
	}
	return fmt.Errorf("%w: the timeline is preset %s's, not yours: lengthen the run (-duration %g or more) or drop it (a scenario file naming the preset with \"timeline\": [])",
		err, sc.Preset, sc.Timeline[len(sc.Timeline)-1].At)
}

func cmdRun(args []string, stdout io.Writer) error {
	fs := newFlags("run")
	sf := addScenarioFlags(fs)
	link := fs.String("link", "", "a what-if `link` (the page's Share link, its address or the part after #)")
	format := fs.String("format", "text", "output: text or json (summary), csv (per-interval series)")
	if err := parse(fs, args); err != nil {
		return err
	}
	if *format != "text" && *format != "json" && *format != "csv" {
		return usagef("-format %s: allowed text, json, csv", param.Quote(*format))
	}
	sc, err := sf.load(*link)
	if err != nil {
		return err
	}
	live := *format == "csv"
	r, err := catalog.Start(sc, live)
	if err != nil {
		return err
	}
	if live {
		return writeCSV(r, stdout)
	}
	r.RunToEnd()
	if err := r.Err(); err != nil {
		return err
	}
	sum := r.Summary()
	if *format == "json" {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(sum)
	}
	return writeText(stdout, &sum, sc)
}

// writeCSV runs r to its end, writing every interval as a CSV row, after
// comment lines ("# …") naming the model, the scenario, the seed, the link,
// each column's unit and the run's length as its clock reads it, so the
// file explains itself. Values keep 6
// significant digits: rates and means over an interval, whose further
// digits are sampling noise, not data.
func writeCSV(r *sim.Run, w io.Writer) error {
	cols := r.Recorder().Columns()
	link, err := catalog.EncodeLink(r.Scenario)
	if err != nil {
		return err
	}
	units := make([]string, len(cols))
	for i, c := range cols {
		units[i] = c.Name + ": " + cmp.Or(c.Unit, "1")
	}
	fmt.Fprintf(w, "# model: %s\n# scenario: %s\n# seed: %d\n# link: #%s\n# units: %s\n# time: t is the end of each interval, in seconds of simulated time; the run lasts %s (%s)\n",
		r.Def.Name, cmp.Or(r.Scenario.Preset, "custom"), r.Scenario.Seed, link, strings.Join(units, ", "),
		clock.Format(r.Scenario.Duration, r.Scenario.Duration), clock.Notation(r.Scenario.Duration))
	cw := csv.NewWriter(w)
	head := make([]string, len(cols))
	for i, c := range cols {
		head[i] = c.Name
	}
	cw.Write(head)
	chunk := kernel.Time(metrics.MaxRows/2) * kernel.Seconds(r.Scenario.Interval)
	rec := make([]string, len(cols))
	for !r.Done() {
		r.AdvanceTo(r.Now() + chunk)
		rows := r.Recorder().Drain()
		for i := 0; i+len(cols) <= len(rows); i += len(cols) {
			for j, x := range rows[i : i+len(cols)] {
				rec[j] = strconv.FormatFloat(x, 'g', 6, 64)
			}
			cw.Write(rec)
		}
	}
	cw.Flush()
	if err := r.Err(); err != nil {
		return err
	}
	return cw.Error()
}

// writeText prints the summary as a table for people: first the timeline
// in force (a file naming a preset inherits the preset's unless it says
// otherwise), at the end the preset's claims with ✓ or ✗.
func writeText(w io.Writer, s *sim.Summary, sc *scenario.Scenario) error {
	fmt.Fprintf(w, "scenario %s (model %s), seed %d, simulated to %s (%s), %d intervals\n", s.Scenario, s.Model, s.Seed,
		clock.Format(s.DurationS, sc.Duration), clock.Notation(sc.Duration), s.Intervals)
	if len(sc.Timeline) == 0 {
		fmt.Fprintln(w, "timeline in force: none")
	} else {
		fmt.Fprintf(w, "timeline in force (%d changes):\n", len(sc.Timeline))
		for _, c := range sc.Timeline {
			v, _ := sc.Params.Schema().Lookup(c.Param)
			fmt.Fprintf(w, "  %8s  %s = %s\n", clock.Format(c.At, sc.Duration), c.Param, v.Format(c.Value))
		}
	}
	if sc.Preset != "" {
		fmt.Fprintf(w, "(%s)\n", scenario.InheritRule)
	}
	fmt.Fprintf(w, "cpu: mean %.1f %%, max %.1f %%\n\n", s.CPU.Mean, s.CPU.Max)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "class\toffered\tcompleted\tlate\trejected\tdropped\tthrottled\tin flight\tgoodput/s\t")
	for _, c := range append(s.Classes, s.Total) {
		fmt.Fprintf(tw, "%s\t%d\t%d\t%d\t%d\t%d\t%d\t%d\t%.1f\t\n", c.Name, c.Offered, c.Completed, c.Late, c.Rejected, c.Dropped, c.Throttled, c.InFlight, c.Goodput)
	}
	tw.Flush()
	for _, g := range s.Controls {
		fmt.Fprintf(w, "\n%s\n", g.Name)
		tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
		for _, c := range g.Counters {
			fmt.Fprintf(tw, "  %s\t%s\n", c.Name, strconv.FormatFloat(c.Value, 'g', 6, 64))
		}
		tw.Flush()
	}
	if len(s.Marks) > 0 {
		fmt.Fprintf(w, "\nmarked during the run (%d):\n", len(s.Marks)+s.MarksLeftOut)
		for _, m := range s.Marks {
			at := clock.Format(m.At, sc.Duration)
			if m.Until > m.At {
				at += "–" + clock.Format(m.Until, sc.Duration)
			}
			fmt.Fprintf(w, "  %8s  %s\n", at, m.Label)
		}
		if s.MarksLeftOut > 0 {
			fmt.Fprintf(w, "  and %d more, past the %d a run keeps\n", s.MarksLeftOut, sim.MaxMarks)
		}
	}
	if len(s.Claims) > 0 {
		fmt.Fprintf(w, "\nwhat this run shows (the preset's claims)\n")
		for _, c := range s.Claims {
			if c.Exercise {
				continue // an exercise's claim: with its exercise (overloadlab class)
			}
			mark := "✓"
			if !c.Holds {
				mark = "✗"
			}
			fmt.Fprintf(w, "  %s %s (measured %s)\n", mark, c.Says, c.Figure)
		}
	}
	_, err := fmt.Fprintf(w, "\ndigest %s\n", s.Digest)
	return err
}
