package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// wantRefused runs args and wants exit status 2 with stderr holding want.
func wantRefused(t *testing.T, want string, args ...string) {
	t.Helper()
	_, errs, code := cli(t, args...)
	if code != 2 || !strings.Contains(errs, want) {
		t.Errorf("%.200q: code %d, stderr %q, want %q", args, code, errs, want)
	}
}

// -shard with an n above the number of runs is refused (its step once
// overflowed and panicked).
func TestShardAboveTheRuns(t *testing.T) {
	wantRefused(t, `-shard "1/9223372036854775807": allowed i/n with 0 ≤ i < n ≤ 33, the number of runs`,
		"sweep", "-preset", "scp-10-ssps", "-seeds", "1", "-duration", "1", "-shard", "1/9223372036854775807")
	wantRefused(t, "≤ 33", "sweep", "-preset", "scp-10-ssps", "-seeds", "1", "-duration", "1", "-shard", "0/34")
}

// A parameter and its former name in one -variant, or one name twice, are
// refused naming both.
func TestVariantGivesAParameterOnce(t *testing.T) {
	wantRefused(t, `("retry.probability" and "hlr.retry.probability" both name retry.probability)`,
		"sweep", "-preset", "hlr-storm-after-reboot", "-param", "cpu.speed", "-from", "1", "-to", "2", "-points", "2", "-seeds", "1",
		"-variant", "x:retry.probability=0.1,hlr.retry.probability=0.9")
	wantRefused(t, `-variant x.scp.capacity: a second value is not allowed (allowed: each parameter once ("scp.capacity" and "scp.capacity" both name scp.capacity))`,
		"sweep", "-preset", "scp-10-ssps", "-seeds", "1", "-duration", "1", "-variant", "x:scp.capacity=1000,scp.capacity=2000")
}

// merge reads a bounded amount: a stream larger than a raw file may be is
// refused after reading the bound, not read to its end.
func TestMergeReadsWithBound(t *testing.T) {
	big := filepath.Join(t.TempDir(), "big.csv")
	f, _ := os.Create(big)
	f.Truncate(maxRaw + 1) // sparse: the test reads what merge reads
	f.Close()
	wantRefused(t, "big.csv: larger than 16 MiB, the most a raw sweep file may hold", "merge", big)
	zero, err := os.Open("/dev/zero")
	if err != nil {
		t.Skip(err)
	}
	saved := os.Stdin
	os.Stdin = zero
	t.Cleanup(func() { os.Stdin = saved; zero.Close() })
	wantRefused(t, "standard input: larger than 16 MiB", "merge", "-")
}

// shard writes a raw shard of a small sweep and returns its text.
func shard(t *testing.T, args ...string) string {
	t.Helper()
	return mustCLI(t, append([]string{"sweep", "-preset", "scp-10-ssps", "-duration", "2", "-param", "ssp.load", "-from", "1", "-to", "2", "-points", "2", "-seeds", "2", "-workers", "1", "-shard", "0/1"}, args...)...)
}

// merge checks the header strictly, the model against the scenario, every
// metric finite, the seed in range, the file's check, and names files and
// lines in its errors.
func TestMergeChecksWhatItReads(t *testing.T) {
	dir := t.TempDir()
	good := shard(t)
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		os.WriteFile(p, []byte(text), 0o644)
		return p
	}
	lines := strings.Split(good, "\n")
	for _, c := range []struct{ name, text, want string }{
		{"model.csv", reseal(strings.Replace(good, `"model":"scp"`, `"model":"\u003cb\u003enonsense\u003c/b\u003e"`, 1)), `model.csv: line 1: header.model: "<b>nonsense</b>" is not allowed (allowed: "scp", the model of the header's scenario)`},
		{"case.csv", reseal(strings.Replace(good, `"model":`, `"MODEL":`, 1)), "case.csv: line 1: header.MODEL: an unknown field"},
		{"extra.csv", reseal(strings.Replace(good, `{"scenario"`, `{"x":1,"scenario"`, 1)), "extra.csv: line 1: header.x: an unknown field"},
		{"nan.csv", reseal(strings.Replace(good, "\n"+strings.SplitN(lines[2], ",", 6)[0]+","+strings.SplitN(lines[2], ",", 6)[1]+","+strings.SplitN(lines[2], ",", 6)[2]+","+strings.SplitN(lines[2], ",", 6)[3]+","+strings.SplitN(lines[2], ",", 6)[4]+",", "\n"+strings.Join(strings.SplitN(lines[2], ",", 6)[:4], ",")+",NaN,", 1)), `nan.csv: line 3: offered_per_s: "NaN" is not allowed (allowed: a finite number)`},
		{"seed.csv", reseal(strings.Replace(good, "\nas set,0,1,1,", "\nas set,0,1,9007199254740993,", 1)), `seed.csv: line 3: seed: "9007199254740993" is not allowed`},
		{"edited.csv", strings.Replace(good, "\nas set,0,1,1,", "\nas set,0,1,2,", 1), "edited.csv: line 7: the file does not match its check"},
		{"cut.csv", strings.Join(lines[:4], "\n") + "\n", "cut.csv: line 4: the last line is not the file's check"},
		{"more.csv", reseal(good[:strings.LastIndex(strings.TrimSuffix(good, "\n"), "\n")+1] + lines[2] + "\n"), "more.csv: line 7: more rows than the sweep has runs (4)"},
	} {
		wantRefused(t, c.want, "merge", write(c.name, c.text))
	}
	twice := write("twice.csv", reseal(strings.Replace(good, "\n"+lines[3]+"\n", "\n"+lines[2]+"\n", 1)))
	wantRefused(t, `two results for variant "as set", point 0, seed 0: `+twice+` line 3 and `+twice+` line 4`, "merge", twice)
	a, b := write("a.csv", good), write("b.csv", good)
	wantRefused(t, "a.csv and "+b+" are both shard 0/1", "merge", a, b)
	if out := mustCLI(t, "merge", a); !strings.HasPrefix(out, "# model: scp\n") || !strings.Contains(out, "\nvariant,ssp.load,seeds,") {
		t.Errorf("merging a good file: %.100s", out)
	}
}

// A label starting with =, +, - or @ is written so that a spreadsheet
// shows it as text, and merge reads its own output back.
func TestSweepCSVNeutralisesFormulas(t *testing.T) {
	raw := shard(t, "-variant", "=HYPERLINK(1):scp.capacity=1000")
	if !strings.Contains(raw, "\n'=HYPERLINK(1),0,") {
		t.Fatalf("raw rows: %s", raw)
	}
	f := filepath.Join(t.TempDir(), "s.csv")
	os.WriteFile(f, []byte(raw), 0o644)
	out := mustCLI(t, "merge", f)
	if !strings.Contains(out, "\n'=HYPERLINK(1),1,2,") {
		t.Errorf("summary: %s", out)
	}
	wantRefused(t, "-variant label: a control character U+000D", "sweep", "-preset", "scp-10-ssps", "-variant", "a\rb:scp.capacity=1000")
}

// report: -page takes only an http(s) address; the report forbids every
// script (CSP); a long file name is cut, and -label-a/-label-b name the sides.
func TestReportPageAndLabels(t *testing.T) {
	wantRefused(t, `-page "javascript:alert(1)//": allowed an http:// or https:// address`, "report", "-preset", "busy-hour", "-out", "-", "-page", "javascript:alert(1)//")
	dir := t.TempDir()
	sc := mustCLI(t, "scenario", "-preset", "busy-hour")
	long := filepath.Join(dir, strings.Repeat("n", 200)+".json")
	os.WriteFile(long, []byte(sc), 0o644)
	short := filepath.Join(dir, "b.json")
	os.WriteFile(short, []byte(sc), 0o644)
	html := mustCLI(t, "report", "-scenario", long, "-compare", short, "-out", "-")
	if !strings.Contains(html, `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'`) {
		t.Errorf("no CSP meta: %.300s", html)
	}
	if !strings.Contains(html, strings.Repeat("n", 119)+"…") || strings.Contains(html, strings.Repeat("n", 120)) {
		t.Error("the label of a 200-character file name is not cut to 120 characters")
	}
	html = mustCLI(t, "report", "-scenario", long, "-compare", short, "-out", "-", "-label-a", "before", "-label-b", "after")
	if !strings.Contains(html, "before") || !strings.Contains(html, "after") {
		t.Error("-label-a/-label-b do not name the sides")
	}
}

// A preset's timeline cut short by -duration says whose it is and what to
// do; a timeline that breaks a cross-field rule is refused at load, naming
// the change and its time, before any CSV row.
func TestTimelineErrors(t *testing.T) {
	wantRefused(t, `timeline[0].at_s: 120 is not allowed (allowed: a time from 0 to duration_s = 60 s): the timeline is preset attach-storm's, not yours: lengthen the run (-duration 120 or more) or drop it (a scenario file naming the preset with "timeline": [])`,
		"run", "-preset", "attach-storm", "-duration", "60")
	dir := t.TempDir()
	for _, c := range []struct{ file, want string }{
		{`{"preset":"switch-step-5x","timeline":[{"at_s":10,"param":"sred.min-th","value":20}]}`, "timeline[0] (at 10 s, sred.min-th = 20): sred.max-th: 15 is not allowed (allowed: more than sred.min-th = 20 msgs)"},
		{`{"preset":"doic-injected-report","timeline":[{"at_s":5,"param":"server.inject-from","value":1},{"at_s":7,"param":"server.inject-to","value":0.5}]}`, "timeline[1] (at 7 s, server.inject-to = 0.5): server.inject-to"},
	} {
		f := filepath.Join(dir, "t.json")
		os.WriteFile(f, []byte(c.file), 0o644)
		out, errs, code := cli(t, "run", "-scenario", f, "-format", "csv")
		if code != 2 || !strings.Contains(errs, c.want) || out != "" {
			t.Errorf("%s: code %d, %d bytes of CSV, stderr %q, want %q", c.file, code, len(out), errs, c.want)
		}
	}
}

// The page's JSON export reads back with run -scenario: its scenario runs.
func TestPageExportReadsBack(t *testing.T) {
	sc := mustCLI(t, "scenario", "-preset", "busy-hour")
	var m map[string]any
	json.Unmarshal([]byte(sc), &m)
	delete(m, "about")
	inner, _ := json.Marshal(m)
	export := fmt.Sprintf(`{"link":"2.x","title":"t","scenario":%s,"summary":{"digest":"x"}}`, inner)
	dir := t.TempDir()
	f := filepath.Join(dir, "export.json")
	os.WriteFile(f, []byte(export), 0o644)
	a := mustCLI(t, "run", "-scenario", f, "-format", "json", "-duration", "30")
	b := mustCLI(t, "run", "-preset", "busy-hour", "-format", "json", "-duration", "30")
	if a != b {
		t.Errorf("the export's run differs from the preset's")
	}
	os.WriteFile(f, []byte(strings.Replace(export, `"title"`, `"titel"`, 1)), 0o644)
	wantRefused(t, "titel: an unknown field is not allowed (allowed: the fields of a scenario file, or of the page's JSON export", "run", "-scenario", f)
}

// Sweep flags without -param are refused, not ignored; -from NaN is named;
// an integer parameter's points are run once each, with a note.
func TestSweepFlags(t *testing.T) {
	wantRefused(t, "-points shapes a sweep of -param", "sweep", "-preset", "scp-10-ssps", "-points", "3")
	wantRefused(t, "-from shapes a sweep of -param", "sweep", "-preset", "scp-10-ssps", "-points", "3", "-from", "5", "-to", "6", "-log")
	wantRefused(t, "-from NaN: allowed a finite number", "sweep", "-preset", "scp-10-ssps", "-param", "ssp.load", "-from", "NaN", "-to", "6")
	wantRefused(t, "give -sweep or -param, not both", "sweep", "-preset", "scp-10-ssps", "-sweep", "carried-vs-offered", "-param", "ssp.load", "-from", "1", "-to", "2")
	out, errs, code := cli(t, "sweep", "-preset", "scp-10-ssps", "-param", "ssp.count", "-from", "1", "-to", "3", "-points", "5", "-seeds", "1", "-duration", "1")
	if code != 0 || !strings.Contains(errs, "note: ssp.count is a whole number: 5 points from 1 to 3 round to 3 distinct values (1, 2, 3), each run once") {
		t.Fatalf("code %d, %q", code, errs)
	}
	var xs []string
	for _, r := range readCSV(t, out)[1:] {
		xs = append(xs, r[1])
	}
	if strings.Join(xs, " ") != "1 2 3" {
		t.Errorf("points %v, want 1 2 3", xs)
	}
}

// Every path that echoes what the user wrote cuts it to its first 80
// characters: flags, file names, keys and values in files and links.
func TestEveryEchoIsCut(t *testing.T) {
	huge := strings.Repeat("Q", 100000)
	dir := t.TempDir()
	file := func(text string) string {
		f, _ := os.CreateTemp(dir, "s*.json")
		f.WriteString(text)
		f.Close()
		return f.Name()
	}
	sc := "-scenario"
	for _, args := range [][]string{
		{huge},
		{"run", "-" + huge},
		{"run", "-preset", huge},
		{"run", "-format", huge, "-preset", "busy-hour"},
		{"run", "-seed", huge, "-preset", "busy-hour"},
		{"run", sc, filepath.Join(dir, huge[:200])},
		{"run", sc, file(`{"model":"imsimgr","` + huge + `":1}`)},
		{"run", sc, file(`{"model":"imsimgr","params":{"` + huge + `":1}}`)},
		{"run", sc, file(`{"model":"imsimgr","params":{"cpu.speed":"` + huge + `"}}`)},
		{"run", sc, file(`{"model":"imsimgr","timeline":[{"at_s":1,"param":"cpu.speed","value":1,"` + huge + `":1}]}`)},
		{"run", sc, file(`{"model":"imsimgr","timeline":[{"at_s":1,"param":"` + huge + `","value":1}]}`)},
		{"run", sc, file(`{"model":"` + huge + `"}`)},
		{"run", sc, file(`{"preset":"` + huge + `"}`)},
		{"run", sc, file(`{"model":"imsimgr","streams":"` + huge + `"}`)},
		{"run", sc, file(`[` + huge + `]`)},
		{"sweep", "-preset", "scp-10-ssps", "-param", huge, "-from", "1", "-to", "2"},
		{"sweep", "-preset", "scp-10-ssps", "-sweep", huge},
		{"sweep", "-preset", "scp-10-ssps", "-variant", huge},
		{"sweep", "-preset", "scp-10-ssps", "-variant", huge + ":scp.capacity=1"},
		{"sweep", "-preset", "scp-10-ssps", "-variant", "x:" + huge + "=1"},
		{"sweep", "-preset", "scp-10-ssps", "-variant", "x:scp.capacity=" + huge},
		{"sweep", "-preset", "scp-10-ssps", "-shard", huge},
		{"merge", filepath.Join(dir, huge[:200])},
		{"merge", file(rawMark + `{"scenario":"` + huge + `","model":"scp","plan":{}}` + "\n")},
		{"report", "-preset", "busy-hour", "-out", "-", "-page", huge},
		{"report", "-preset", "busy-hour", "-out", "-", "-title", huge},
		{"report", "-preset", "busy-hour", "-out", "-", "-label-a", huge},
	} {
		_, errs, code := cli(t, args...)
		if code != 2 || strings.Contains(errs, strings.Repeat("Q", 81)) || len(errs) > 1000 {
			t.Errorf("%.60q…: code %d, stderr of %d bytes: %.300q", args, code, len(errs), errs)
		}
	}
}
