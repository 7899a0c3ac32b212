package report

import (
	"regexp"
	"strings"
	"testing"

	"overloadlab/core/catalog"
	"overloadlab/core/engine/compare"
	"overloadlab/core/engine/param"
)

var counterRowRe = regexp.MustCompile(`<tr data-row="counter:([^"]*)"><td>([^<]*)</td>`)

// The difference table names every counter in the model's words and unit
// (sim.Counters), never by its key, in every build: the page's worker
// writes the table and the report in WebAssembly, where the words must be
// too (make digests runs this test under node). Two models, with the
// words a reviewer looks for.
func TestCounterWordsInTheTable(t *testing.T) {
	for _, c := range []struct {
		preset, param string
		b             param.Value
		words         []string
	}{
		{"attach-storm", "sgsn-new-connections-per-second", param.Num(800), []string{
			"overflow dropped by the 70 % guard", "mean wait in the queue (seconds)", "stale drops (waited longer than the wait time)"}},
		{"scp-standard-acg", "ssp.load", param.Num(3), []string{
			"blocked while the SCP was under 90 % CPU", "capacity (queries per second)", "throughput (% of capacity)"}},
	} {
		a, err := catalog.Preset(c.preset)
		if err != nil {
			t.Fatal(err)
		}
		b := a.Clone()
		if err := b.Params.Put(c.param, c.b); err != nil {
			t.Fatal(c.preset, err)
		}
		p, err := compare.Start(a, b, false)
		if err != nil {
			t.Fatal(c.preset, err)
		}
		p.RunToEnd()
		d, _ := catalog.Model(a.Model)
		page := write(t, &Input{A: p.A, B: p.B, LabelA: "A", LabelB: "B"})
		rows := counterRowRe.FindAllStringSubmatch(page, -1)
		if len(rows) == 0 {
			t.Fatalf("%s: no counter in the difference table", c.preset)
		}
		names := ""
		for _, r := range rows {
			key := r[1][strings.LastIndexByte(r[1], ':')+1:]
			name := r[2]
			names += name + "\n"
			spaced := strings.ReplaceAll(key, "_", " ")
			for _, n := range d.Counters.List() {
				if n.Label == "" {
					t.Fatalf("%s: counter %s has no words in this build", c.preset, n.Name)
				}
				if n.Name != key {
					continue
				}
				if !strings.Contains(name, escape(n.Words())) {
					t.Errorf("%s: counter %s reads %q, not in its words %q", c.preset, key, name, n.Words())
				}
				if strings.Contains(key, "_") && !strings.Contains(n.Words(), spaced) && strings.Contains(name, spaced) {
					t.Errorf("%s: counter %s reads %q: its key, not its words", c.preset, key, name)
				}
			}
			if strings.Contains(name, key) && strings.Contains(key, "_") {
				t.Errorf("%s: counter %s reads %q: its key", c.preset, key, name)
			}
		}
		for _, w := range c.words {
			if !strings.Contains(names, escape(w)) {
				t.Errorf("%s: no row reads %q; the counters read:\n%s", c.preset, w, names)
			}
		}
	}
}
