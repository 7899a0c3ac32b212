package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"overloadlab/core/engine/sim"
)

// The report of a comparison, written from the command line, states the
// numbers `run -format json` gives for each side, and loads nothing.
func TestReportMatchesRun(t *testing.T) {
	dir := t.TempDir()
	a := filepath.Join(dir, "n400.json")
	b := filepath.Join(dir, "n800.json")
	os.WriteFile(a, []byte(`{"preset":"attach-storm"}`), 0o644)
	os.WriteFile(b, []byte(`{"preset":"attach-storm","params":{"sgsn-new-connections-per-second":800,"mme-new-connections-per-second":800}}`), 0o644)
	out := filepath.Join(dir, "report.html")
	if _, errs, code := cli(t, "report", "-scenario", a, "-compare", b, "-out", out, "-title", "Double N?", "-note", "fewer rejects"); code != 0 {
		t.Fatalf("report: status %d: %s", code, errs)
	}
	html, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	page := string(html)
	// A reference inside the file (url(#…), the areas' hatchings) loads nothing.
	for _, bad := range []string{"<script", "src=", "<link", "@import", "url("} {
		if strings.Contains(strings.ReplaceAll(page, "url(#", "#"), bad) {
			t.Errorf("the report holds %q: it must not load anything", bad)
		}
	}
	for _, want := range []string{"<h1>Double N?</h1>", "fewer rejects", "A: n400", "B: n800", "sgsn-new-connections-per-second: 400 → 800 from the start", "<svg", "#3."} {
		if !strings.Contains(page, want) {
			t.Errorf("report lacks %q", want)
		}
	}
	cells := map[string][]string{}
	for _, m := range regexp.MustCompile(`<tr data-row="([^"]+)">(.*?)</tr>`).FindAllStringSubmatch(page, -1) {
		for _, c := range regexp.MustCompile(`<td class="num">([^<]*)</td>`).FindAllStringSubmatch(m[2], -1) {
			cells[m[1]] = append(cells[m[1]], c[1])
		}
	}
	for k, file := range []string{a, b} {
		js, _, code := cli(t, "run", "-scenario", file, "-format", "json")
		if code != 0 {
			t.Fatal(code)
		}
		var s struct {
			Total  sim.ClassSummary
			CPU    sim.CPUSummary
			Digest string
		}
		if err := json.Unmarshal([]byte(js), &s); err != nil {
			t.Fatal(err)
		}
		num := func(row string) float64 {
			c, ok := cells[row]
			if !ok || len(c) != 4 {
				t.Fatalf("report row %q: %v", row, c)
			}
			x, err := strconv.ParseFloat(strings.ReplaceAll(c[k], ",", ""), 64)
			if err != nil {
				t.Fatalf("row %q: %v", row, err)
			}
			return x
		}
		for row, want := range map[string]int64{"offered": s.Total.Offered, "completed in time": s.Total.Completed, "rejected": s.Total.Rejected, "dropped": s.Total.Dropped, "throttled": s.Total.Throttled} {
			if got := num(row); got != float64(want) {
				t.Errorf("%s, side %d: report %g, run %d", row, k, got, want)
			}
		}
		for row, want := range map[string]float64{"goodput": s.Total.Goodput, "mean CPU": s.CPU.Mean, "max CPU": s.CPU.Max} {
			if got := num(row); got < want-0.05 || got > want+0.05 {
				t.Errorf("%s, side %d: report %g, run %g", row, k, got, want)
			}
		}
		if !strings.Contains(page, s.Digest) {
			t.Errorf("report lacks side %d's digest %s", k, s.Digest)
		}
	}
	// B must run on A's traffic.
	c := filepath.Join(dir, "seed2.json")
	os.WriteFile(c, []byte(`{"preset":"attach-storm","seed":2}`), 0o644)
	if _, errs, code := cli(t, "report", "-scenario", a, "-compare", c, "-out", out); code != 2 || !strings.Contains(errs, "same traffic") {
		t.Errorf("B with another seed: status %d, %q", code, errs)
	}
	if _, errs, code := cli(t, "report", "-preset", "busy-hour"); code != 2 || !strings.Contains(errs, "-out") {
		t.Errorf("no -out: status %d, %q", code, errs)
	}
}
