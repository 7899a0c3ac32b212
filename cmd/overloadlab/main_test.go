package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func cli(t *testing.T, args ...string) (string, string, int) {
	t.Helper()
	var out, errb bytes.Buffer
	code := run(args, &out, &errb)
	return out.String(), errb.String(), code
}

func TestPresetsListsEveryPreset(t *testing.T) {
	out, _, code := cli(t, "presets")
	if code != 0 || !strings.Contains(out, "attach-storm ") || !strings.Contains(out, "busy-hour") {
		t.Fatalf("code %d:\n%s", code, out)
	}
}

// TestScenarioFileRoundTrip: the scenario printed for a preset, run from a
// file, gives the same digest as the preset itself, and the JSON summary
// has the fields the issue names, with offered = the sum of the rest.
func TestScenarioFileRoundTrip(t *testing.T) {
	out, _, code := cli(t, "scenario", "-preset", "busy-hour")
	if code != 0 {
		t.Fatal(code)
	}
	file := filepath.Join(t.TempDir(), "s.json")
	os.WriteFile(file, []byte(out), 0o644)
	a, _, code := cli(t, "run", "-scenario", file, "-format", "json", "-duration", "60")
	if code != 0 {
		t.Fatal(code)
	}
	b, _, _ := cli(t, "run", "-preset", "busy-hour", "-format", "json", "-duration", "60")
	var sa, sb map[string]any
	if err := json.Unmarshal([]byte(a), &sa); err != nil {
		t.Fatal(err)
	}
	json.Unmarshal([]byte(b), &sb)
	if sa["digest"] != sb["digest"] || sa["digest"] == "" {
		t.Fatalf("digests differ: %v vs %v", sa["digest"], sb["digest"])
	}
	for _, k := range []string{"scenario", "seed", "duration_s", "classes", "cpu", "controls", "digest"} {
		if _, ok := sa[k]; !ok {
			t.Errorf("summary lacks %q", k)
		}
	}
	for _, c := range sa["classes"].([]any) {
		m := c.(map[string]any)
		sum := 0.0
		for _, k := range []string{"completed", "late", "rejected", "dropped", "throttled", "in_flight"} {
			sum += m[k].(float64)
		}
		if sum != m["offered"].(float64) {
			t.Errorf("class %v: offered %v ≠ sum %v", m["name"], m["offered"], sum)
		}
	}
	pacing := sa["controls"].(map[string]any)["pacing (SGSN)"].(map[string]any)
	for _, k := range []string{"queued", "stale_drops", "overflow_rejects", "overflow_drops_high_cpu"} {
		if _, ok := pacing[k]; !ok {
			t.Errorf("pacing counters lack %q", k)
		}
	}
}

func TestSeedChangesTheRunAndCSVHasEveryInterval(t *testing.T) {
	a, _, _ := cli(t, "run", "-preset", "busy-hour", "-seed", "7", "-duration", "30", "-format", "csv")
	b, _, _ := cli(t, "run", "-preset", "busy-hour", "-seed", "8", "-duration", "30", "-format", "csv")
	lines := strings.Split(strings.TrimSpace(a), "\n")
	want := []string{"# model: imsimgr", "# scenario: busy-hour", "# seed: 7", "# link: #2.", "# units: t: s, offered: /s",
		"# time: t is the end of each interval, in seconds of simulated time; the run lasts 0:30 (m:ss)"}
	for i, w := range want {
		if !strings.HasPrefix(lines[i], w) {
			t.Errorf("csv line %d: %q, want %q…", i+1, lines[i], w)
		}
	}
	lines = lines[len(want):]
	if len(lines) != 31 || !strings.HasPrefix(lines[0], "t,offered,completed") || !strings.HasPrefix(lines[30], "30,") {
		t.Fatalf("csv: %d lines, head %q, last %q", len(lines), lines[0], lines[len(lines)-1])
	}
	for _, l := range lines[1:] {
		for _, x := range strings.Split(l, ",") {
			if digits := strings.TrimLeft(strings.NewReplacer(".", "", "-", "").Replace(strings.Split(x, "e")[0]), "0"); len(digits) > 6 {
				t.Fatalf("csv value %s has more than 6 significant digits", x)
			}
		}
	}
	if a == b {
		t.Fatal("seeds 7 and 8 give the same series")
	}
}

// TestBadInputIsOneLineAndStatusTwo: every bad flag or file gives exit
// status 2 and a single short line naming what is wrong.
func TestBadInputIsOneLineAndStatusTwo(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.json")
	os.WriteFile(bad, []byte(`{"preset":"attach-storm","params":{"sgsn-wait-time":30}}`), 0o644)
	broken := filepath.Join(dir, "broken.json")
	os.WriteFile(broken, []byte(`{"model":`), 0o644)
	file := func(name, content string) string {
		f := filepath.Join(dir, name)
		os.WriteFile(f, []byte(content), 0o644)
		return f
	}
	big := file("big.json", `{"preset":"busy-hour"}`+strings.Repeat(" ", 8<<20))
	long := strings.Repeat("x", 1<<20)
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"fly"}, "unknown command"},
		{[]string{"run"}, "-preset"},
		{[]string{"run", "-preset", "nope"}, "preset"},
		{[]string{"run", "-preset", "busy-hour", "-format", "xml"}, "-format"},
		{[]string{"run", "-preset", "busy-hour", "-seed", "x"}, "seed"},
		{[]string{"run", "-preset", "busy-hour", "-duration", "0"}, "duration_s"},
		{[]string{"run", "-preset", "busy-hour", "-scenario", bad}, "not both"},
		{[]string{"run", "-scenario", bad}, "sgsn-wait-time"},
		{[]string{"run", "-scenario", broken}, "broken.json"},
		{[]string{"run", "-scenario", filepath.Join(dir, "missing.json")}, "missing.json"},
		{[]string{"scenario"}, "-preset"},
		{[]string{"presets", "extra"}, "unexpected argument"},
		// Limits, given vs not given, null, strict keys, fixed parameters.
		{[]string{"run", "-scenario", big}, "big.json: larger than 8 MiB"},
		{[]string{"run", "-scenario", "/dev/zero"}, "larger than 8 MiB"},
		{[]string{"run", "-preset", "busy-hour", "-duration", "-5"}, "duration_s: -5 is not allowed"},
		{[]string{"run", "-preset", "busy-hour", "-seed", "-1"}, "seed: -1 is not allowed"},
		{[]string{"sweep", "-preset", "scp-10-ssps", "-duration", "-5"}, "duration_s: -5 is not allowed"},
		{[]string{"sweep", "-preset", "scp-10-ssps", "-seed", "-1"}, "seed: -1 is not allowed"},
		{[]string{"run", "-scenario", file("null.json", `{"preset":"attach-storm","params":{"lab.cpu-guard":null}}`)}, "lab.cpu-guard: null is not allowed"},
		{[]string{"run", "-scenario", file("nullseed.json", `{"preset":"attach-storm","seed":null}`)}, "seed: null is not allowed"},
		{[]string{"run", "-scenario", file("case.json", `{"preset":"attach-storm","SEED":3}`)}, "SEED: an unknown field"},
		{[]string{"run", "-scenario", file("twice.json", `{"preset":"attach-storm","seed":3,"seed":4}`)}, "seed: a second value"},
		{[]string{"run", "-scenario", file("trail.json", `{"preset":"attach-storm"} {}`)}, "more than one value"},
		{[]string{"run", "-scenario", file("fixed.json", `{"preset":"attach-storm","timeline":[{"at_s":5,"param":"imsimgr-instances","value":2}]}`)}, "timeline[0].param"},
		{[]string{"run", "-preset", long}, `preset: "xxxxxxxx`},
		{[]string{"run", "-preset", "busy-hour", "-format", long}, "-format"},
		{[]string{"run", "-preset", "busy-hour", "-seed", long}, "-seed"},
		{[]string{long}, "unknown command"},
	} {
		out, errs, code := cli(t, tc.args...)
		if code != 2 || out != "" || strings.Count(errs, "\n") != 1 || !strings.Contains(errs, tc.want) || len(errs) > 1000 {
			t.Errorf("%.200q: code %d, stdout %q, stderr %.1000q (want one line with %q, under 1000 bytes)", tc.args, code, out, errs, tc.want)
		}
	}
}

// TestOverBudgetRunExitsTwo: a run past the pending-events cap stops with
// one line saying why and exit status 2, in every output format (csv after
// the rows it reached).
func TestOverBudgetRunExitsTwo(t *testing.T) {
	const file = "../../core/engine/sim/testdata/beyond-the-lab.json"
	for _, format := range []string{"text", "json", "csv"} {
		out, errs, code := cli(t, "run", "-scenario", file, "-format", format)
		if code != 2 || strings.Count(errs, "\n") != 1 || !strings.Contains(errs, "more than 1000000 pending events") {
			t.Errorf("%s: code %d, stderr %q", format, code, errs)
		}
		if rows := strings.Count(out, "\n"); (format == "csv") != (rows > 100) {
			t.Errorf("%s: %d lines on stdout", format, rows)
		}
	}
}

// Standard input is held to the same 8 MiB as a file, and says so.
func TestStdinOverEightMiB(t *testing.T) {
	f, err := os.Create(filepath.Join(t.TempDir(), "stdin"))
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString(`{"preset":"busy-hour"}` + strings.Repeat(" ", 8<<20))
	f.Seek(0, 0)
	saved := os.Stdin
	os.Stdin = f
	t.Cleanup(func() { os.Stdin = saved; f.Close() })
	_, errs, code := cli(t, "run", "-scenario", "-")
	if code != 2 || errs != "overloadlab run: standard input: larger than 8 MiB, the most a scenario file may hold\n" {
		t.Errorf("code %d, stderr %q", code, errs)
	}
}

// A file that names a preset inherits its timeline unless it says
// "timeline": []: the scenario command explains the rule in the file's
// "about", the file reads back as it is, and run -format text prints the
// timeline in force each way, with the preset's claims ✓/✗ at the end.
func TestTimelineInForceIsShown(t *testing.T) {
	out, _, code := cli(t, "scenario", "-preset", "attach-storm")
	if code != 0 || !strings.Contains(out, `"about": "A file that names a \"preset\"`) || !strings.Contains(out, `\"timeline\": [] drops it.`) {
		t.Fatalf("scenario output does not explain the inheritance (exit %d):\n%.300s", code, out)
	}
	dir := t.TempDir()
	write := func(name, content string) string {
		f := filepath.Join(dir, name)
		os.WriteFile(f, []byte(content), 0o644)
		return f
	}
	full := write("full.json", out)
	inherit := write("inherit.json", `{"preset":"attach-storm","duration_s":130}`)
	drop := write("drop.json", `{"preset":"attach-storm","duration_s":130,"timeline":[]}`)
	text, _, code := cli(t, "run", "-scenario", inherit, "-format", "text")
	if code != 0 || !strings.Contains(text, "timeline in force (6 changes):\n      2:00  rate.sgsn-attach = 175\n") {
		t.Errorf("inherited timeline not shown (exit %d):\n%.600s", code, text)
	}
	text, _, _ = cli(t, "run", "-scenario", drop, "-format", "text")
	if !strings.Contains(text, "timeline in force: none\n") {
		t.Errorf("dropped timeline not shown as none:\n%.400s", text)
	}
	if text, _, code = cli(t, "run", "-scenario", full, "-duration", "130", "-format", "text"); code != 0 || !strings.Contains(text, "timeline in force (6 changes)") {
		t.Errorf("the scenario command's file does not read back (exit %d):\n%.400s", code, text)
	}
	text, _, _ = cli(t, "run", "-preset", "busy-hour", "-duration", "60", "-format", "text")
	if !strings.Contains(text, "what this run shows (the preset's claims)\n  ✓ requests dropped: none (measured 0)\n") {
		t.Errorf("claims missing from the text summary:\n%s", text[strings.Index(text, "digest")-300:])
	}
}
