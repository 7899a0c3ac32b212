package main

import (
	"bytes"
	"crypto/sha256"
	"encoding/csv"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
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

// csvText writes a text cell as spreadsheets need it: one starting with =,
// +, - or @, which Excel, LibreOffice and Google Sheets take for a formula,
// gets a leading apostrophe and shows as the text it is. (encoding/csv
// quotes a cell holding a quote, a comma, a line feed or a carriage return.)
func csvText(s string) string {
	if s != "" && strings.ContainsRune("=+-@", rune(s[0])) {
		return "'" + s
	}
	return s
}

func rawColumns(def *sim.Def, plan *sim.Plan) []string {
	cols := []string{"variant", "point", plan.Param, "seed"}
	for _, m := range plan.MetricList(def) {
		cols = append(cols, m.Name)
	}
	return append(cols, "digest")
}

// writeRaw prints the header line and one row per sample, in grid order.
func writeRaw(w io.Writer, head *sweepHeader, def *sim.Def, plan *sim.Plan, samples []sim.Sample) error {
	line, _ := json.Marshal(head)
	samples = slices.Clone(samples)
	slices.SortFunc(samples, func(a, b sim.Sample) int { return plan.Index(a.Cell) - plan.Index(b.Cell) })
	sc, err := catalog.DecodeLink(head.Scenario)
	if err != nil {
		return err
	}
	rows := [][]string{rawColumns(def, plan)}
	for _, s := range samples {
		r := []string{csvText(plan.Curves()[s.Variant].Label), strconv.Itoa(s.Point), num(s.X), strconv.FormatUint((sc.Seed+uint64(s.Seed))%(1<<53), 10)}
		for _, x := range s.Values {
			r = append(r, num(x))
		}
		rows = append(rows, append(r, s.Digest))
	}
	var body bytes.Buffer
	fmt.Fprintf(&body, "%s%s\n", rawMark, line)
	if err := writeRows(&body, rows); err != nil {
		return err
	}
	fmt.Fprintf(&body, "%s%d rows, sha256 %x\n", endMark, len(samples), sha256.Sum256(body.Bytes()))
	_, err = w.Write(body.Bytes())
	return err
}

// endMark starts a raw file's last line, its check: the number of rows and
// the SHA-256 of every byte before that line. A file cut short (a job
// killed while writing) or edited afterwards (a number changed by hand or
// by a tool that rewrote the CSV) no longer matches it. It guards against
// accidents, not against someone who edits a number and writes the check
// again: a run's numbers are checked only by running it again (any row is
// one run: its seed and the sweep's header say which).
const endMark = "# end: "

// maxRaw bounds a raw sweep file (a file or standard input): a sweep has at
// most sim.MaxCells runs of a few hundred bytes each.
const maxRaw = 16 << 20

// rawFile is one raw sweep file, read.
type rawFile struct {
	name    string
	head    sweepHeader
	samples []rawSample
}

// readRaw reads a raw sweep file; every error names the file and the line.
func readRaw(name string, data []byte) (*rawFile, error) {
	shown := named(name)
	first, rest, _ := bytes.Cut(data, []byte("\n"))
	if !bytes.HasPrefix(first, []byte(rawMark)) {
		return nil, fmt.Errorf("%s: not a raw sweep file (made by overloadlab sweep -raw or -shard): its first line does not start with %q", shown, rawMark)
	}
	f := &rawFile{name: shown}
	if err := f.head.decode(first[len(rawMark):]); err != nil {
		return nil, fmt.Errorf("%s: line 1: %w", shown, err)
	}
	def, sc, plan, err := f.open()
	if err != nil {
		return nil, fmt.Errorf("%s: line 1: %w", shown, err)
	}
	body, n, err := checkEnd(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", shown, err)
	}
	rest = body[len(first)+1:]
	cr := csv.NewReader(bytes.NewReader(rest))
	cr.FieldsPerRecord = -1
	cr.ReuseRecord = true
	head, err := cr.Read()
	want := rawColumns(def, plan)
	if err != nil || !slices.Equal(head, want) {
		return nil, fmt.Errorf("%s: line 2: the header is not %s", shown, strings.Join(want, ","))
	}
	spec, _ := def.Params.Lookup(plan.Param)
	grid := plan.Grid(spec)
	labels := make([]string, len(plan.Curves()))
	for i, v := range plan.Curves() {
		labels[i] = csvText(v.Label)
	}
	for {
		r, err := cr.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			var pe *csv.ParseError
			if errors.As(err, &pe) {
				return nil, fmt.Errorf("%s: line %d: %v", shown, pe.Line+1, pe.Err)
			}
			return nil, fmt.Errorf("%s: %v", shown, err)
		}
		line, _ := cr.FieldPos(0) // a record read has a field
		if len(f.samples) == plan.Cells() {
			return nil, fmt.Errorf("%s: line %d: more rows than the sweep has runs (%d)", shown, line+1, plan.Cells())
		}
		s, err := parseRawRow(r, labels, grid, sc.Seed, plan.Seeds, plan.MetricList(def))
		if err != nil {
			return nil, fmt.Errorf("%s: line %d: %w", shown, line+1, err)
		}
		s.line = line + 1
		f.samples = append(f.samples, s)
	}
	if len(f.samples) != n {
		return nil, fmt.Errorf("%s: %d rows, its last line says %d", shown, len(f.samples), n)
	}
	return f, nil
}

// checkEnd checks a raw file's last line (endMark) against the bytes before
// it and returns them with the number of rows it states.
func checkEnd(data []byte) ([]byte, int, error) {
	trimmed := bytes.TrimSuffix(data, []byte("\n"))
	i := bytes.LastIndexByte(trimmed, '\n')
	last := string(trimmed[i+1:])
	lines := bytes.Count(trimmed, []byte("\n")) + 1
	var n int
	var sum string
	if _, err := fmt.Sscanf(last, endMark+"%d rows, sha256 %s", &n, &sum); err != nil || !strings.HasPrefix(last, endMark) {
		return nil, 0, fmt.Errorf("line %d: the last line is not the file's check (%s N rows, sha256 …): the file was cut short, or not written whole by overloadlab sweep", lines, strings.TrimSpace(endMark))
	}
	body := data[:i+1]
	if fmt.Sprintf("%x", sha256.Sum256(body)) != sum {
		return nil, 0, fmt.Errorf("line %d: the file does not match its check (sha256 of the lines before): it was changed after overloadlab wrote it", lines)
	}
	return body, n, nil
}

// decode reads a raw file's header line strictly: one JSON object, keys
// exactly as written and each once, no unknown key, no null; model and
// scenario given.
func (h *sweepHeader) decode(line []byte) error {
	members, err := param.DecodeObject(line, "header", []string{"scenario", "model", "plan", "shard"})
	if err != nil {
		return err
	}
	for _, m := range members {
		switch m.Key {
		case "scenario":
			h.Scenario, err = param.DecodeString(m.Raw, "header.scenario")
		case "model":
			h.Model, err = param.DecodeString(m.Raw, "header.model")
		case "shard":
			h.Shard, err = param.DecodeString(m.Raw, "header.shard")
		case "plan":
			h.Plan = json.RawMessage(m.Raw)
		}
		if err != nil {
			return err
		}
	}
	if h.Scenario == "" || h.Plan == nil {
		return &param.Error{Field: "header", Value: "a header without its scenario or plan", Allowed: "the header overloadlab sweep writes"}
	}
	return nil
}

// open returns the model, the scenario and the checked plan of the header.
func (f *rawFile) open() (*sim.Def, *scenario.Scenario, *sim.Plan, error) {
	sc, err := catalog.DecodeLink(f.head.Scenario)
	if err != nil {
		return nil, nil, nil, err
	}
	if f.head.Model != sc.Model {
		return nil, nil, nil, &param.Error{Field: "header.model", Value: param.Quote(f.head.Model), Allowed: fmt.Sprintf("%q, the model of the header's scenario", sc.Model)}
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

func parseRawRow(r []string, labels []string, grid []float64, seed0 uint64, seeds int, metrics []sim.Metric) (rawSample, error) {
	var s rawSample
	if len(r) != 5+len(metrics) {
		return s, fmt.Errorf("%d fields, want %d", len(r), 5+len(metrics))
	}
	s.Variant = slices.Index(labels, r[0])
	if s.Variant < 0 {
		return s, &param.Error{Field: "variant", Value: param.Quote(r[0]), Allowed: fmt.Sprintf("one of %q", labels)}
	}
	var err error
	if s.Point, err = strconv.Atoi(r[1]); err != nil || s.Point < 0 || s.Point >= len(grid) {
		return s, &param.Error{Field: "point", Value: param.Quote(r[1]), Allowed: fmt.Sprintf("0 to %d", len(grid)-1)}
	}
	if s.X, err = strconv.ParseFloat(r[2], 64); err != nil || s.X != grid[s.Point] {
		return s, &param.Error{Field: "value", Value: param.Quote(r[2]), Allowed: fmt.Sprintf("%s, the plan's value at point %d", num(grid[s.Point]), s.Point)}
	}
	sd, err := strconv.ParseUint(r[3], 10, 64)
	k := (sd + 1<<53 - seed0%(1<<53)) % (1 << 53)
	if err != nil || sd >= 1<<53 || k >= uint64(seeds) {
		return s, &param.Error{Field: "seed", Value: param.Quote(r[3]), Allowed: fmt.Sprintf("the scenario's seed %d plus 0 to %d, below 2^53", seed0, seeds-1)}
	}
	s.Seed = int(k)
	for i, t := range r[4 : 4+len(metrics)] {
		x, err := strconv.ParseFloat(t, 64)
		if err != nil || math.IsNaN(x) || math.IsInf(x, 0) {
			return s, &param.Error{Field: metrics[i].Name, Value: param.Quote(t), Allowed: "a finite number"}
		}
		s.Values = append(s.Values, x)
	}
	s.Digest = r[len(r)-1]
	return s, nil
}

// named shows a name (a file's, a parameter's) in an error: as it is when it is short and plain,
// else quoted and cut to its first 80 characters.
func named(name string) string {
	if len(name) <= param.MaxShown && strconv.Quote(name) == `"`+name+`"` {
		return name
	}
	return param.Quote(name)
}

// rawSample is a sample with the line it was read from.
type rawSample struct {
	sim.Sample
	line int
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
		data, err := readBounded(name, maxRaw, "a raw sweep file")
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
	where := map[sim.Cell]string{}
	for _, f := range files {
		for _, s := range f.samples {
			at := fmt.Sprintf("%s line %d", f.name, s.line)
			if first, dup := where[s.Cell]; dup {
				return fmt.Errorf("two results for variant %s, point %d, seed %d: %s and %s", param.Quote(plan.Curves()[s.Variant].Label), s.Point, s.Seed, first, at)
			}
			where[s.Cell] = at
			samples = append(samples, s.Sample)
		}
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
