//go:build !js

package web

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/evanw/esbuild/pkg/api"

	"overloadlab/core/catalog"
	"overloadlab/core/class"
	"overloadlab/core/engine/scenario"
)

// TestClassTableIsTheCores: the page's class table (static/ts/classtable.ts,
// under node) writes the CSV and the HTML report of `overloadlab class`
// (core/class/table.go) byte for byte, on the rows of real links (a
// challenge's solution with picks and the attempt, a broken link, a
// foreign one) and on rows made awkward by hand: quotes, commas, line
// breaks, a leading space or tab, `\.`, <&>'", ✓ and ✗ at a cell's start,
// every kind of answer and verdict. (TestClassView checks the page's
// exports of replayed links.)
func TestClassTableIsTheCores(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		t.Fatal("node is not installed (make test needs Node.js)")
	}
	sc, _ := catalog.Preset("switch-hotspot")
	plain, _ := catalog.EncodeLink(sc)
	st, _ := catalog.Preset("attach-storm")
	p := st.Clone()
	for _, pr := range catalog.Presets() {
		if pr.Name == "attach-storm" {
			for name, v := range pr.Challenges[0].Solution {
				p.Params.Put(name, v)
			}
		}
	}
	solved, _ := catalog.EncodeWhatIf(&scenario.WhatIf{A: p, Title: `Ann, "group 2"`, Note: "tried\nthe period", Picks: []scenario.Pick{{Name: "cpu-in-storm", Choice: 0}}, Attempt: "unpin-the-storm"})
	rows := class.Rows([]string{plain, solved, plain[:len(plain)-3], "https://example.org/#q=1"}, 2)
	rows = append(rows,
		class.Row{Line: 5, Link: " lead", Title: "\ttab", Note: `\.`, Model: "<&>'\"", Preset: "a,b", Seed: 1<<53 - 1, Changes: []string{"x: 1 → 2", "✓ odd"},
			Answers: []class.Answer{{Prediction: "p1", Question: "q", Choice: -1, Text: "no choice", Picked: 1}, {Prediction: "p2", Choice: 0, Text: "a, b", Applies: true, Picked: -1}},
			Challenges: []class.Challenge{{Name: "c1", Solved: true, Attempted: true, Goals: []class.Goal{{Name: "g", Holds: true, Figure: "12 %"}, {Name: "h", Figure: `"7"`}}},
				{Name: "c2", Breaks: "changes 3 parameters, the limit is 2", Goals: []class.Goal{}}, {Name: "c1b", Solved: true, Goals: []class.Goal{}}},
			Tiles: []class.Tile{{Label: "CPU, mean", Value: "12.5"}, {Label: "new", Value: "-3"}}, Digest: "ab"},
		class.Row{Line: 6, Link: "x", Changes: []string{}, Error: "cr\rx <b>"},
	)
	data, err := json.Marshal(rows)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	src, _ := filepath.Abs("../static/ts/classtable.ts")
	entry := filepath.Join(dir, "entry.ts")
	os.WriteFile(entry, []byte(`import { toCSV, toHTML } from `+jsonString(src)+`;
import { readFileSync, writeFileSync } from "node:fs";
const rows = JSON.parse(readFileSync(process.argv[2], "utf8"));
writeFileSync(process.argv[3], JSON.stringify({ csv: toCSV(rows), html: toHTML(rows) }));
`), 0o644)
	res := api.Build(api.BuildOptions{EntryPoints: []string{entry}, Outfile: filepath.Join(dir, "entry.mjs"), Bundle: true, Write: true,
		Platform: api.PlatformNode, Format: api.FormatESModule, Target: api.ES2022, LogLevel: api.LogLevelSilent})
	if len(res.Errors) > 0 {
		t.Fatalf("esbuild:\n%s", strings.Join(api.FormatMessages(res.Errors, api.FormatMessagesOptions{Kind: api.ErrorMessage}), ""))
	}
	in, out := filepath.Join(dir, "rows.json"), filepath.Join(dir, "out.json")
	os.WriteFile(in, data, 0o644)
	if b, err := exec.Command(node, filepath.Join(dir, "entry.mjs"), in, out).CombinedOutput(); err != nil {
		t.Fatalf("node: %v\n%s", err, b)
	}
	var got struct{ CSV, HTML string }
	b, _ := os.ReadFile(out)
	if err := json.Unmarshal(b, &got); err != nil {
		t.Fatal(err)
	}
	if want := class.CSV(rows); got.CSV != want {
		t.Errorf("the page's CSV\n%q\nthe core's\n%q", got.CSV, want)
	}
	if want := class.HTML(rows); got.HTML != want {
		t.Errorf("the page's HTML\n%q\nthe core's\n%q", got.HTML, want)
	}
	if !strings.Contains(got.CSV, "attempted: solved") || !strings.Contains(got.CSV, "picked 1 ✗") {
		t.Errorf("the solution's row is not as meant:\n%s", got.CSV)
	}
}

func jsonString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}
