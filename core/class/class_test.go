package class

import (
	"math"
	"reflect"
	"strings"
	"testing"

	"overloadlab/core/catalog"
	"overloadlab/core/engine/numtext"
	"overloadlab/core/engine/scenario"
	"overloadlab/core/engine/sim"
)

// classLinks is a class's list: every challenge's preset as it is and with
// its solution (the solution on another seed too), a preset with
// predictions, a broken link and a foreign one.
func classLinks(t *testing.T) (links []string, solutions map[int]string) {
	t.Helper()
	solutions = map[int]string{}
	add := func(sc *scenario.Scenario) {
		l, err := catalog.EncodeLink(sc)
		if err != nil {
			t.Fatal(err)
		}
		links = append(links, l)
	}
	for _, p := range catalog.Presets() {
		for _, ch := range p.Challenges {
			sc, err := catalog.Preset(p.Name)
			if err != nil {
				t.Fatal(err)
			}
			add(sc)
			for _, seed := range []uint64{0, 7} {
				s := sc.Clone()
				s.Seed += seed
				for name, v := range ch.Solution {
					if err := s.Params.Put(name, v); err != nil {
						t.Fatal(err)
					}
				}
				add(s)
				solutions[len(links)-1] = ch.Name
			}
		}
	}
	sc, _ := catalog.Preset("sip-loss-5x")
	add(sc)
	links = append(links, links[0][:len(links[0])-4], "https://example.org/#q=1")
	return links, solutions
}

// TestRowsAreEachLinksOwn: the class view's rows, replayed on two workers,
// equal each link opened and run alone (the same digest, every goal's
// verdict and figure, every prediction's answer); the solutions solve
// their challenge and the presets as they are do not; a broken and a
// foreign link get their row with the reason, and the rest still run.
func TestRowsAreEachLinksOwn(t *testing.T) {
	links, solutions := classLinks(t)
	rows := Rows(links, 2)
	if len(rows) != len(links) {
		t.Fatalf("%d rows for %d links", len(rows), len(links))
	}
	for i, link := range links {
		row := rows[i]
		if row.Line != i+1 || row.Link != link {
			t.Errorf("row %d: line %d, link %q", i, row.Line, row.Link)
		}
		if !reflect.DeepEqual(row, RowOf(i+1, link)) {
			t.Errorf("row %d differs from the link's row alone", i+1)
		}
		sc, err := catalog.DecodeLink(LinkOf(link))
		if err != nil {
			if row.Error != err.Error() {
				t.Errorf("row %d: error %q, the link's own %q", i+1, row.Error, err)
			}
			continue
		}
		if row.Error != "" {
			t.Fatalf("row %d: %s", i+1, row.Error)
		}
		r, err := catalog.Start(sc, false)
		if err != nil {
			t.Fatal(err)
		}
		r.RunToEnd()
		s := r.Summary()
		if row.Digest != s.Digest {
			t.Errorf("row %d: digest %s, the link's own run %s", i+1, row.Digest, s.Digest)
		}
		p := r.Def.Preset(sc.Preset)
		for j, a := range row.Answers {
			if want, _ := p.Predictions[j].Answer(s.Claims); a.Choice != want {
				t.Errorf("row %d: prediction %s answers %d, the run alone %d", i+1, a.Prediction, a.Choice, want)
			}
		}
		for j, c := range row.Challenges {
			goals, solved := p.Challenges[j].GoalResults(s.Claims)
			for k, g := range c.Goals {
				if g.Holds != (goals[k].Holds && !goals[k].Pending) || g.Figure != goals[k].Figure {
					t.Errorf("row %d: goal %s: %v %q, the run alone %v %q", i+1, g.Name, g.Holds, g.Figure, goals[k].Holds, goals[k].Figure)
				}
			}
			if want := solutions[i] == c.Name; c.Solved != want || solved != want {
				t.Errorf("row %d: challenge %s solved %v (the run alone: %v), want %v; goals %+v", i+1, c.Name, c.Solved, solved, want, c.Goals)
			}
		}
	}
	broken, foreign := rows[len(rows)-2], rows[len(rows)-1]
	if broken.Error == "" || foreign.Error == "" || broken.Digest != "" || foreign.Digest != "" {
		t.Errorf("broken %+v, foreign %+v: want their reasons and no run", broken, foreign)
	}
	if last := rows[len(rows)-3]; last.Preset != "sip-loss-5x" || len(last.Answers) != 1 || last.Answers[0].Choice != 2 || !last.Answers[0].Applies {
		t.Errorf("sip-loss-5x's row: %+v", last)
	}
}

// A pasted address, "#" and the link, and the link alone open alike.
func TestLinkOf(t *testing.T) {
	for _, s := range []string{"2.abc", "#2.abc", "http://127.0.0.1:8080/#2.abc", "https://x.org/lab/?a=b#2%2Eabc", "#2.ab%63"} {
		if got := LinkOf(s); got != "2.abc" {
			t.Errorf("LinkOf(%q) = %q", s, got)
		}
	}
	if got := LinkOf("2.a%zz%4"); got != "2.a%zz%4" {
		t.Errorf("a mangled escape: %q", got)
	}
}

// Links skips blank lines and comments, and refuses more than MaxLinks.
func TestLinks(t *testing.T) {
	got, err := Links("\n# the class of Tuesday\n2.a\n  #2.b \n\n#\nhttp://h/#2.c\n")
	if err != nil || !reflect.DeepEqual(got, []string{"2.a", "#2.b", "http://h/#2.c"}) {
		t.Errorf("Links: %q, %v", got, err)
	}
	if _, err := Links(strings.Repeat("2.a\n", MaxLinks+1)); err == nil {
		t.Errorf("%d links accepted", MaxLinks+1)
	}
}

// The CSV and HTML tables have a header and a row a link, the goals'
// verdicts and a broken link's reason in them.
func TestTables(t *testing.T) {
	sc, _ := catalog.Preset("switch-hotspot")
	link, _ := catalog.EncodeLink(sc)
	rows := Rows([]string{link, "nonsense"}, 1)
	csv := CSV(rows)
	if lines := strings.Split(strings.TrimSpace(csv), "\n"); len(lines) != 3 {
		t.Fatalf("CSV has %d lines, want 3:\n%s", len(lines), csv)
	}
	for _, want := range []string{"goal:catch-the-burst/not-pinned-after-burst", "✗ 100 %", "not an overloadlab link", "none: the preset as it is"} {
		if !strings.Contains(csv, want) {
			t.Errorf("CSV lacks %q:\n%s", want, csv)
		}
	}
	h := HTML(rows)
	if strings.Count(h, "<tr") != 3 || !strings.Contains(h, `class="broken"`) || !strings.Contains(h, `class="fails"`) {
		t.Errorf("HTML:\n%s", h)
	}
}

// A link's picks and attempt show in its row: the choice picked, whether
// the run agrees, and the challenge attempted.
func TestRowShowsPicks(t *testing.T) {
	sc, _ := catalog.Preset("attach-storm")
	right, _ := catalog.EncodeWhatIf(&scenario.WhatIf{A: sc, Picks: []scenario.Pick{{Name: "cpu-in-storm", Choice: 2}}, Attempt: "unpin-the-storm"})
	wrong, _ := catalog.EncodeWhatIf(&scenario.WhatIf{A: sc, Picks: []scenario.Pick{{Name: "cpu-in-storm", Choice: 0}}})
	rows := Rows([]string{right, wrong}, 2)
	a, b := rows[0].Answers[0], rows[1].Answers[0]
	if a.Picked != 2 || !a.Right || a.Choice != 2 || b.Picked != 0 || b.Right {
		t.Errorf("answers %+v, %+v", a, b)
	}
	if !rows[0].Challenges[0].Attempted || rows[1].Challenges[0].Attempted || rows[0].Challenges[0].Solved {
		t.Errorf("challenges %+v, %+v", rows[0].Challenges, rows[1].Challenges)
	}
	if c := rows[0].Cell("prediction:cpu-in-storm"); !strings.HasPrefix(c, "picked 3 ✓; the run: 3. ") {
		t.Errorf("cell %q", c)
	}
	if c := rows[0].Cell("challenge:unpin-the-storm"); c != "attempted: not solved" {
		t.Errorf("cell %q", c)
	}
}

// A row's tiles are written as the page's tiles write them
// (numtext, the page's fmt and count): a mean as fmt ("80.0" for SIP's
// goodput from 0:20), a total as a whole count with separators, never
// in a format of the class view's own.
func TestTilesAsThePage(t *testing.T) {
	for _, name := range []string{"sip-loss-3x", "hlr-storm-after-reboot", "attach-storm"} {
		sc, err := catalog.Preset(name)
		if err != nil {
			t.Fatal(err)
		}
		sc.Duration = min(sc.Duration, 300)
		link, err := catalog.EncodeLink(sc)
		if err != nil {
			t.Fatal(err)
		}
		row := RowOf(1, link)
		r, err := catalog.Start(sc, false)
		if err != nil {
			t.Fatal(err)
		}
		r.RunToEnd()
		if len(row.Tiles) != len(r.Def.Tiles) {
			t.Fatalf("%s: %d tiles, the model has %d", name, len(row.Tiles), len(r.Def.Tiles))
		}
		for k, tl := range r.Def.Tiles {
			v, _ := r.Tile(tl)
			want := numtext.Fmt(v)
			if tl.Agg == sim.TileSum {
				want = numtext.Count(int64(math.Round(v)))
			}
			if got := row.Tiles[k]; got.Label != tl.Label || got.Value != want {
				t.Errorf("%s: tile %q reads %q, the page writes %q", name, got.Label, got.Value, want)
			}
		}
	}
}
