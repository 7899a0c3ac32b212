package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestLinkRunsAsThePreset: `link` prints a preset's link, `run -link` runs
// it with the preset's digest, from the link alone, after # or in the
// page's whole address.
func TestLinkRunsAsThePreset(t *testing.T) {
	link, _, code := cli(t, "link", "-preset", "switch-hotspot")
	link = strings.TrimSpace(link)
	if code != 0 || !strings.HasPrefix(link, "2.") {
		t.Fatalf("link: code %d, %q", code, link)
	}
	digest := func(args ...string) string {
		out, errs, code := cli(t, append([]string{"run", "-format", "json"}, args...)...)
		if code != 0 {
			t.Fatalf("run %v: code %d: %s", args, code, errs)
		}
		var s struct{ Digest string }
		if err := json.Unmarshal([]byte(out), &s); err != nil {
			t.Fatal(err)
		}
		return s.Digest
	}
	want := digest("-preset", "switch-hotspot")
	for _, l := range []string{link, "#" + link, "http://127.0.0.1:8080/#" + link} {
		if got := digest("-link", l); got != want {
			t.Errorf("run -link %s: digest %s, the preset's %s", l, got, want)
		}
	}
	if _, errs, code := cli(t, "run", "-link", link, "-preset", "busy-hour"); code != 2 || !strings.Contains(errs, "one of") {
		t.Errorf("-link and -preset: code %d, %s", code, errs)
	}
}

// TestClassRows: `class` gives one row per link, a broken one with its
// reason, as CSV, JSON and HTML.
func TestClassRows(t *testing.T) {
	link, _, _ := cli(t, "link", "-preset", "switch-hotspot")
	file := filepath.Join(t.TempDir(), "links.txt")
	os.WriteFile(file, []byte("# three links\n"+link+"not-a-link\n"+link), 0o644)
	out, errs, code := cli(t, "class", "-links", file)
	if code != 0 {
		t.Fatalf("code %d: %s", code, errs)
	}
	if lines := strings.Split(strings.TrimSpace(out), "\n"); len(lines) != 4 || !strings.Contains(lines[2], "not an overloadlab link") {
		t.Fatalf("CSV:\n%s", out)
	}
	out, _, _ = cli(t, "class", "-links", file, "-format", "json")
	var rows []struct {
		Digest, Error string
	}
	if err := json.Unmarshal([]byte(out), &rows); err != nil || len(rows) != 3 || rows[0].Digest == "" || rows[0].Digest != rows[2].Digest || rows[1].Error == "" {
		t.Fatalf("JSON rows %+v, %v", rows, err)
	}
	if out, _, _ = cli(t, "class", "-links", file, "-format", "html"); strings.Count(out, "<tr") != 4 {
		t.Errorf("HTML:\n%s", out)
	}
	if _, errs, code := cli(t, "class"); code != 2 || !strings.Contains(errs, "-links") {
		t.Errorf("no -links: code %d, %s", code, errs)
	}
}
