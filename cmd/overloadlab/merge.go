package main

import (
	"bufio"
	"bytes"
	"encoding/csv"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"

	"overloadlab/core/catalog"
	"overloadlab/core/engine/param"
	"overloadlab/core/engine/scenario"
	"overloadlab/core/engine/sim"
)

// A raw sweep file (-raw, -shard) starts with one line naming the sweep,
//
//	# overloadlab sweep {"scenario":"2.…","plan":{…},"shard":"1/3"}
//
// (the scenario as its what-if link, the plan, the shard if any), then a CSV
// header and one row per run: variant, point, the value swept, seed, every
// metric, digest. Numbers are written in full (shortest exact form), so a
// merge computes the summary from the very same values.
const rawMark = "# overloadlab sweep "

// sweepHeader names a sweep: shards of one sweep have equal headers but for
// Shard.
type sweepHeader struct {
	Scenario string          `json:"scenario"` // what-if link
	Model    string          `json:"model"`
	Plan     json.RawMessage `json:"plan"`
	Shard    string          `json:"shard,omitempty"`
}

func newSweepHeader(sc *scenario.Scenario, def *sim.Def, plan *sim.Plan) (*sweepHeader, error) {
	link, err := catalog.EncodeLink(sc)
	if err != nil {
		return nil, err
	}
	return &sweepHeader{Scenario: link, Model: def.Name, Plan: json.RawMessage(sim.EncodePlan(plan, def.Params))}, nil
}

// num writes x in its shortest exact form.
func num(x float64) string { return strconv.FormatFloat(x, 'g', -1, 64) }

func writeRows(w io.Writer, rows [][]string) error {
	cw := csv.NewWriter(w)
	cw.WriteAll(rows)
	if err := cw.Error(); err != nil {
		return fmt.Errorf("writing csv: %w", err)
	}
	return nil
}

func rawColumns(plan *sim.Plan) []string {
	cols := []string{"variant", "point", plan.Param, "seed"}
	for _, m := range sim.Metrics {
		cols = append(cols, m.Name)
	}
	return append(cols, "digest")
}

// writeRaw prints the header line and one row per sample, in grid order.
func writeRaw(w io.Writer, head *sweepHeader, def *sim.Def, plan *sim.Plan, samples []sim.Sample) error {
	line, _ := json.Marshal(head)
	if _, err := fmt.Fprintf(w, "%s%s\n", rawMark, line); err != nil {
		return err
	}
	samples = slices.Clone(samples)
	slices.SortFunc(samples, func(a, b sim.Sample) int { return plan.Index(a.Cell) - plan.Index(b.Cell) })
	sc, err := catalog.DecodeLink(head.Scenario)
	if err != nil {
		return err
	}
	rows := [][]string{rawColumns(plan)}
	for _, s := range samples {
		r := []string{plan.Curves()[s.Variant].Label, strconv.Itoa(s.Point), num(s.X), strconv.FormatUint((sc.Seed+uint64(s.Seed))%(1<<53), 10)}
		for _, x := range s.Values {
			r = append(r, num(x))
		}
		rows = append(rows, append(r, s.Digest))
	}
	return writeRows(w, rows)
}

// rawFile is one raw sweep file, read.
type rawFile struct {
	name    string
	head    sweepHeader
	samples []sim.Sample
}

// readRaw reads a raw sweep file; every error names the file and the line.
func readRaw(name string, data []byte) (*rawFile, error) {
	first, rest, _ := bytes.Cut(data, []byte("\n"))
	if !bytes.HasPrefix(first, []byte(rawMark)) {
		return nil, fmt.Errorf("%s: not a raw sweep file (made by overloadlab sweep -raw or -shard): its first line does not start with %q", name, rawMark)
	}
	f := &rawFile{name: name}
	if err := json.Unmarshal(first[len(rawMark):], &f.head); err != nil {
		return nil, fmt.Errorf("%s: line 1: %v", name, err)
	}
	def, sc, plan, err := f.open()
	if err != nil {
		return nil, fmt.Errorf("%s: line 1: %w", name, err)
	}
	rows, err := csv.NewReader(bytes.NewReader(rest)).ReadAll()
	if err != nil {
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	want := rawColumns(plan)
	if len(rows) == 0 || !slices.Equal(rows[0], want) {
		return nil, fmt.Errorf("%s: line 2: the header is not %s", name, strings.Join(want, ","))
	}
	spec, _ := def.Params.Lookup(plan.Param)
	grid := plan.Grid(spec)
	labels := make([]string, len(plan.Curves()))
	for i, v := range plan.Curves() {
		labels[i] = v.Label
	}
	for i, r := range rows[1:] {
		s, err := parseRawRow(r, labels, grid, sc.Seed, plan.Seeds)
		if err != nil {
			return nil, fmt.Errorf("%s: line %d: %w", name, i+3, err)
		}
		f.samples = append(f.samples, s)
	}
	return f, nil
}

// open returns the model, the scenario and the checked plan of the header.
func (f *rawFile) open() (*sim.Def, *scenario.Scenario, *sim.Plan, error) {
	sc, err := catalog.DecodeLink(f.head.Scenario)
	if err != nil {
		return nil, nil, nil, err
	}
	def, _ := catalog.Model(sc.Model)
	plan, err := sim.DecodePlan(f.head.Plan, def.Params)
	if err != nil {
		return nil, nil, nil, err
	}
	if err := plan.Check(def, sc); err != nil {
		return nil, nil, nil, err
	}
	return def, sc, plan, nil
}

func parseRawRow(r []string, labels []string, grid []float64, seed0 uint64, seeds int) (sim.Sample, error) {
	var s sim.Sample
	if len(r) != 5+len(sim.Metrics) {
		return s, fmt.Errorf("%d fields, want %d", len(r), 5+len(sim.Metrics))
	}
	s.Variant = slices.Index(labels, r[0])
	if s.Variant < 0 {
		return s, &param.Error{Field: "variant", Value: strconv.Quote(r[0]), Allowed: fmt.Sprintf("one of %q", labels)}
	}
	var err error
	if s.Point, err = strconv.Atoi(r[1]); err != nil || s.Point < 0 || s.Point >= len(grid) {
		return s, &param.Error{Field: "point", Value: strconv.Quote(r[1]), Allowed: fmt.Sprintf("0 to %d", len(grid)-1)}
	}
	if s.X, err = strconv.ParseFloat(r[2], 64); err != nil || s.X != grid[s.Point] {
		return s, &param.Error{Field: "value", Value: strconv.Quote(r[2]), Allowed: fmt.Sprintf("%s, the plan's value at point %d", num(grid[s.Point]), s.Point)}
	}
	sd, err := strconv.ParseUint(r[3], 10, 64)
	k := (sd + 1<<53 - seed0%(1<<53)) % (1 << 53)
	if err != nil || k >= uint64(seeds) {
		return s, &param.Error{Field: "seed", Value: strconv.Quote(r[3]), Allowed: fmt.Sprintf("the scenario's seed %d plus 0 to %d", seed0, seeds-1)}
	}
	s.Seed = int(k)
	for _, t := range r[4 : 4+len(sim.Metrics)] {
		x, err := strconv.ParseFloat(t, 64)
		if err != nil {
			return s, &param.Error{Field: "metric", Value: strconv.Quote(t), Allowed: "a number"}
		}
		s.Values = append(s.Values, x)
	}
	s.Digest = r[len(r)-1]
	return s, nil
}

// cmdMerge joins raw sweep files (the shards of one sweep) into the output
// of one unsharded run: the summary, or with -raw the raw rows.
func cmdMerge(args []string, stdout io.Writer) error {
	fs := newFlags("merge")
	raw := fs.Bool("raw", false, "print the merged raw rows instead of the summary")
	format := fs.String("format", "csv", "summary output: csv or json")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return err
		}
		return usagef("%v", err)
	}
	if *format != "csv" && *format != "json" {
		return usagef("-format %s: allowed csv, json", param.Quote(*format))
	}
	if fs.NArg() == 0 {
		return usagef("give the raw sweep files to merge (the -shard outputs)")
	}
	var files []*rawFile
	for _, name := range fs.Args() {
		var data []byte
		var err error
		if name == "-" {
			data, err = io.ReadAll(bufio.NewReader(os.Stdin))
		} else {
			data, err = os.ReadFile(name)
		}
		if err != nil {
			return err
		}
		f, err := readRaw(name, data)
		if err != nil {
			return err
		}
		files = append(files, f)
	}
	head, err := checkShards(files)
	if err != nil {
		return err
	}
	def, _, plan, _ := files[0].open()
	var samples []sim.Sample
	for _, f := range files {
		samples = append(samples, f.samples...)
	}
	if *raw {
		if _, err := sim.Summarize(plan, samples); err != nil {
			return err
		}
		return writeRaw(stdout, head, def, plan, samples)
	}
	return writeSummary(stdout, *format, head, def, plan, samples)
}

// checkShards checks that the files are the shards of one sweep, each once
// (or one unsharded file), and returns the header of the whole sweep.
func checkShards(files []*rawFile) (*sweepHeader, error) {
	head := files[0].head
	head.Shard = ""
	seen := map[int]string{}
	n := 0
	for _, f := range files {
		h := f.head
		h.Shard = ""
		if h.Scenario != head.Scenario || h.Model != head.Model || !bytes.Equal(h.Plan, head.Plan) {
			return nil, fmt.Errorf("%s is not a shard of the same sweep as %s (scenario or plan differ)", f.name, files[0].name)
		}
		i, m, err := parseShard(f.head.Shard)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", f.name, err)
		}
		if n != 0 && m != n {
			return nil, fmt.Errorf("%s is shard %s, %s is of %d shards", f.name, f.head.Shard, files[0].name, n)
		}
		n = m
		if other, dup := seen[i]; dup {
			return nil, fmt.Errorf("%s and %s are both shard %d/%d", other, f.name, i, n)
		}
		seen[i] = f.name
	}
	for i := range n {
		if _, ok := seen[i]; !ok {
			return nil, fmt.Errorf("shard %d/%d is missing", i, n)
		}
	}
	return &head, nil
}
