package main

import (
	"crypto/sha256"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"overloadlab/core/engine/sim"
)

func readCSV(t *testing.T, out string) [][]string {
	t.Helper()
	r := csv.NewReader(strings.NewReader(out))
	r.Comment = '#' // the head: what the file holds (TestSweepCSVHead)
	rows, err := r.ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	return rows
}

func mustCLI(t *testing.T, args ...string) string {
	t.Helper()
	out, errs, code := cli(t, args...)
	if code != 0 {
		t.Fatalf("%v: code %d: %s", args, code, errs)
	}
	return out
}

// TestSweepCSV: the model's study by default, one row per point of every
// curve with mean ≤ lo ≤ hi per metric, at the offered loads asked for.
func TestSweepCSV(t *testing.T) {
	rows := readCSV(t, mustCLI(t, "sweep", "-preset", "scp-10-ssps", "-duration", "20", "-seeds", "2"))
	head := strings.Join(rows[0], ",")
	if !strings.HasPrefix(head, "variant,ssp.load,seeds,offered_per_s_mean,offered_per_s_lo,offered_per_s_hi,goodput_per_s_mean,") ||
		!strings.HasSuffix(head, ",cpu_max_pct_hi,digest") || len(rows[0]) != 3+3*8+1 {
		t.Fatalf("header %v", rows[0])
	}
	if len(rows) != 1+3*11 {
		t.Fatalf("%d rows, want 1 + 3 curves × 11 loads", len(rows))
	}
	if rows[1][0] != "no control" || rows[1][1] != "0.5" || rows[1][2] != "2" || rows[33][0] != "adaptive" || rows[33][1] != "10" {
		t.Fatalf("first row %v, last row %v", rows[1], rows[33])
	}
	for _, r := range rows[1:] {
		x, _ := strconv.ParseFloat(r[1], 64)
		var v [27]float64
		for i := 3; i < 27; i++ {
			v[i], _ = strconv.ParseFloat(r[i], 64)
		}
		// 10 SSPs offer x × 500/s: over 20 s within 10 %.
		if v[3] < 0.9*500*x || v[3] > 1.1*500*x {
			t.Errorf("%s at %g×: offered %g/s", r[0], x, v[3])
		}
		for i := 3; i < 27; i += 3 {
			if !(v[i+1] <= v[i] && v[i] <= v[i+2]) {
				t.Errorf("%s at %g×, %s: mean %g outside [%g, %g]", r[0], x, rows[0][i], v[i], v[i+1], v[i+2])
			}
		}
	}
}

// A sweep's CSV is headed as a run's is: the model, the scenario, its
// seed, the link and the units, in comment lines; no number in it has
// more than 8 significant digits.
func TestSweepCSVHead(t *testing.T) {
	out := mustCLI(t, "sweep", "-preset", "scp-10-ssps", "-duration", "4", "-param", "ssp.load", "-from", "1", "-to", "2", "-points", "2", "-seeds", "2")
	for _, want := range []string{"# model: scp\n", "# scenario: scp-10-ssps\n", "# seed: 1 (each point runs seeds 1 to 2)\n", "# link: #2.", "# sweep: ssp.load from 1 to 2, 2 points", "# units: ssp.load: × capacity, *_per_s: per second"} {
		if !strings.Contains(out, want) {
			t.Errorf("the sweep's CSV lacks %q:\n%s", want, out)
		}
	}
	for _, r := range readCSV(t, out)[1:] {
		for _, c := range r[1 : len(r)-1] {
			if d := strings.TrimLeft(strings.NewReplacer(".", "", "-", "").Replace(c), "0"); len(d) > 8 {
				t.Errorf("%q: more than 8 significant digits", c)
			}
		}
	}
}

var testSweep = []string{"sweep", "-preset", "scp-10-ssps", "-duration", "10", "-param", "ssp.load", "-from", "0.5", "-to", "4", "-points", "4", "-log", "-seeds", "3",
	"-variant", "standard:scp.control=standard-acg", "-variant", "adaptive"}

// The numbers do not depend on the number of workers.
func TestSweepWorkers(t *testing.T) {
	for _, raw := range []bool{false, true} {
		args := testSweep
		if raw {
			args = append(args[:len(args):len(args)], "-raw")
		}
		one := mustCLI(t, append(args[:len(args):len(args)], "-workers", "1")...)
		four := mustCLI(t, append(args[:len(args):len(args)], "-workers", "4")...)
		if one != four {
			t.Fatalf("raw %v: -workers 1 and 4 differ:\n%s\n%s", raw, one, four)
		}
		body := strings.SplitN(one, "\n", 2)[1] // after the head's first line (raw: its definition)
		if raw {
			body = body[:strings.LastIndex(strings.TrimSuffix(body, "\n"), "\n")+1] // the check, last
		}
		if n := len(readCSV(t, body)); !raw && n != 1+2*4 || raw && n != 1+2*4*3 {
			t.Fatalf("raw %v: %d rows", raw, n)
		}
	}
}

// Three shards merged equal the unsharded run byte for byte: the summary,
// and with -raw the raw rows.
func TestSweepShardsMerge(t *testing.T) {
	dir := t.TempDir()
	var files []string
	for i := range 3 {
		f := filepath.Join(dir, "shard"+strconv.Itoa(i)+".csv")
		os.WriteFile(f, []byte(mustCLI(t, append(testSweep[:len(testSweep):len(testSweep)], "-shard", strconv.Itoa(i)+"/3", "-workers", "1")...)), 0o644)
		files = append(files, f)
	}
	whole := mustCLI(t, testSweep...)
	if merged := mustCLI(t, append([]string{"merge"}, files...)...); merged != whole {
		t.Fatalf("merged:\n%s\nunsharded:\n%s", merged, whole)
	}
	raw := mustCLI(t, append(testSweep[:len(testSweep):len(testSweep)], "-raw")...)
	if merged := mustCLI(t, append([]string{"merge", "-raw", files[2]}, files[:2]...)...); merged != raw {
		t.Fatalf("merged raw:\n%s\nunsharded raw:\n%s", merged, raw)
	}
	if !strings.HasPrefix(raw, `# overloadlab sweep {"scenario":"2.`) {
		t.Fatalf("raw header: %.80s", raw)
	}
	other := filepath.Join(dir, "other.csv")
	os.WriteFile(other, []byte(mustCLI(t, append(testSweep[:len(testSweep):len(testSweep)], "-shard", "0/3", "-seeds", "2")...)), 0o644)
	bad := filepath.Join(dir, "bad.csv")
	os.WriteFile(bad, []byte(reseal(strings.Replace(raw, "\nadaptive,3,4,", "\nadaptive,3,5,", 1))), 0o644)
	for _, c := range []struct {
		files []string
		want  string
	}{
		{files[:2], "shard 2/3 is missing"},
		{[]string{files[0], files[1], files[1]}, "are both shard 1/3"},
		{[]string{files[1], files[2], other}, "other.csv is not a shard of the same sweep"},
		{[]string{bad}, "bad.csv: line 24: value: \"5\" is not allowed (allowed: 4, the plan's value at point 3)"},
		{[]string{filepath.Join(dir, "nope.csv")}, "no such file"},
	} {
		_, errs, code := cli(t, append([]string{"merge"}, c.files...)...)
		if code != 2 || !strings.Contains(errs, c.want) {
			t.Errorf("merge %v: code %d, %q, want %q", c.files, code, errs, c.want)
		}
	}
	f := filepath.Join(dir, "plain.csv")
	os.WriteFile(f, []byte(whole), 0o644)
	if _, errs, _ := cli(t, "merge", f); !strings.Contains(errs, "not a raw sweep file") {
		t.Errorf("merging a summary: %q", errs)
	}
}

func TestSweepJSON(t *testing.T) {
	out := mustCLI(t, "sweep", "-preset", "scp-10-ssps", "-sweep", "carried-vs-offered", "-duration", "5", "-seeds", "2", "-format", "json")
	var r struct {
		Model  string `json:"model"`
		Points []struct {
			Label string  `json:"label"`
			X     float64 `json:"x"`
			Seeds int     `json:"seeds"`
			Stats []struct {
				Mean, Lo, Hi float64
			} `json:"stats"`
		} `json:"points"`
	}
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatal(err)
	}
	last := r.Points[len(r.Points)-1]
	if r.Model != "scp" || len(r.Points) != 33 || last.Label != "adaptive" || last.X != 10 || last.Seeds != 2 || len(last.Stats) != 8 {
		t.Fatalf("%+v", r)
	}
}

func TestSweepBadInput(t *testing.T) {
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"sweep"}, "give -preset NAME or -scenario FILE"},
		{[]string{"sweep", "-preset", "scp-10-ssps", "-sweep", "nope"}, `sweep: "nope" is not allowed (allowed: one of carried-vs-offered)`},
		{[]string{"sweep", "-preset", "busy-hour"}, "model imsimgr has no study of its own; give -param, -from and -to"},
		{[]string{"sweep", "-preset", "scp-10-ssps", "-format", "xml"}, `-format "xml": allowed csv, json`},
		{[]string{"sweep", "-preset", "scp-10-ssps", "-duration", "0"}, "duration_s"},
		{[]string{"sweep", "-preset", "scp-10-ssps", "-param", "ssp.load"}, "-param ssp.load: give -from and -to"},
		{[]string{"sweep", "-preset", "scp-10-ssps", "-param", "ssp.load", "-from", "0", "-to", "30"}, "sweep to: 30 is not allowed"},
		{[]string{"sweep", "-preset", "scp-10-ssps", "-shard", "3/3"}, `-shard "3/3": allowed i/n with 0 ≤ i < n`},
		{[]string{"sweep", "-preset", "scp-10-ssps", "-workers", "0"}, "-workers 0: allowed 1 or more"},
		{[]string{"sweep", "-preset", "scp-10-ssps", "-variant", "nope"}, `-variant: "nope" is not allowed (allowed: LABEL:name=value,… or one of`},
		{[]string{"sweep", "-preset", "scp-10-ssps", "-variant", "x:scp.control=bogus"}, "-variant x: scp.control"},
		{[]string{"sweep", "-preset", "scp-10-ssps", "-variant", "x:nope=1"}, "-variant x: "},
		{[]string{"merge"}, "give the raw sweep files to merge"},
	}
	for _, c := range cases {
		_, errs, code := cli(t, c.args...)
		if code != 2 || !strings.Contains(errs, c.want) {
			t.Errorf("%v: code %d, stderr %q, want it to contain %q", c.args, code, errs, c.want)
		}
	}
}

// A raw sweep file is user input: whatever its bytes, reading it gives a
// file or an error naming the file, never a panic, and what reads merges or
// is refused.
func FuzzReadRaw(f *testing.F) {
	var out strings.Builder
	if code := run([]string{"sweep", "-preset", "scp-10-ssps", "-duration", "1", "-param", "ssp.load", "-from", "1", "-to", "2", "-points", "2", "-seeds", "2", "-shard", "0/2"}, &out, &strings.Builder{}); code != 0 {
		f.Fatal(code)
	}
	f.Add(out.String())
	f.Add(rawMark + `{"scenario":"2.x","model":"scp","plan":{}}` + "\n")
	f.Add(reseal(strings.Replace(out.String(), ",1,", ",NaN,", 1)))
	f.Fuzz(func(t *testing.T, data string) {
		// As it is, and sealed again (its check rewritten to match), so
		// that the rows are read too.
		for _, d := range []string{data, reseal(data)} {
			rf, err := readRaw("f.csv", []byte(d))
			if err != nil {
				if !strings.HasPrefix(err.Error(), "f.csv") {
					t.Fatalf("error without the file's name: %v", err)
				}
				continue
			}
			if _, err := checkShards([]*rawFile{rf}); err != nil {
				continue
			}
			_, _, plan, err := rf.open()
			if err != nil {
				t.Fatalf("read but does not open: %v", err)
			}
			var samples []sim.Sample
			for _, s := range rf.samples {
				for _, x := range s.Values {
					if math.IsNaN(x) || math.IsInf(x, 0) {
						t.Fatalf("read a metric %v", x)
					}
				}
				samples = append(samples, s.Sample)
			}
			if len(samples) > plan.Cells() {
				t.Fatalf("read %d rows of a sweep of %d runs", len(samples), plan.Cells())
			}
			sim.Summarize(plan, samples)
		}
	})
}

// reseal replaces a raw file's last line, its check, by one that matches
// the lines before it (as if overloadlab had written them).
func reseal(data string) string {
	lines := strings.Split(strings.TrimSuffix(data, "\n"), "\n")
	if n := len(lines); n > 0 && strings.HasPrefix(lines[n-1], endMark) {
		lines = lines[:n-1]
	}
	body := strings.Join(lines, "\n") + "\n"
	return body + fmt.Sprintf("%s%d rows, sha256 %x\n", endMark, max(0, len(lines)-2), sha256.Sum256([]byte(body)))
}
