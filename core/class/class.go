// Package class is the class view of issue 27: a trainer collects up to
// MaxLinks of the students' links and replays each, one row per link: its
// title or note, its changes from the preset in words, each prediction's
// answer as the run gives it, each challenge's goals ✓/✗ with their
// figures, and the model's headline tiles. A broken or foreign link gets
// its row with the reason and does not stop the rest.
//
// It is pure (no I/O): `overloadlab class` runs it on every core (Rows),
// the page in its sweep workers, one RowOf a link, and both write the
// table with CSV and HTML.
package class

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"overloadlab/core/catalog"
	"overloadlab/core/engine/clock"
	"overloadlab/core/engine/numtext"
	"overloadlab/core/engine/scenario"
	"overloadlab/core/engine/sim"
)

// MaxLinks is the most links a class view replays.
const MaxLinks = 60

// Row is one link's line of the class view.
type Row struct {
	Line   int    `json:"line"` // its place in the list, from 1
	Link   string `json:"link"` // as given
	Title  string `json:"title,omitempty"`
	Note   string `json:"note,omitempty"`
	Model  string `json:"model,omitempty"`
	Preset string `json:"preset,omitempty"`
	Seed   uint64 `json:"seed,omitempty"`
	// Changes are the scenario's differences from its preset (or the
	// model's defaults) in words: "Sampling period (s): 1 → 0.1".
	Changes    []string    `json:"changes"`
	Answers    []Answer    `json:"answers,omitempty"`
	Challenges []Challenge `json:"challenges,omitempty"`
	Tiles      []Tile      `json:"tiles,omitempty"`
	Digest     string      `json:"digest,omitempty"` // the run's digest, as opening the link alone gives it
	Error      string      `json:"error,omitempty"`  // why the link gives no run: the rest of the row is empty
}

// Answer is a prediction's answer as the link's run gives it.
type Answer struct {
	Prediction string `json:"prediction"`
	Question   string `json:"question"`
	Choice     int    `json:"choice"` // the index of the choice that holds, -1: none or more than one
	Text       string `json:"text"`   // that choice's words, or why none
	// Applies: the run is the preset's (no parameter changed), which the
	// prediction is about; a changed run answers for itself.
	Applies bool `json:"applies"`
	// Picked is the choice the student made before the run, as the link
	// holds it (-1: none), and Right whether it is the run's answer.
	Picked int  `json:"picked"`
	Right  bool `json:"right"`
}

// Challenge is a challenge of the preset judged on the link's run.
type Challenge struct {
	Name   string `json:"name"`
	Title  string `json:"title"`
	Solved bool   `json:"solved"` // every goal holds, and the attempt keeps to the challenge
	Goals  []Goal `json:"goals"`
	Breaks string `json:"breaks,omitempty"` // how the attempt breaks the challenge's rules ("" if it keeps them)
	// Attempted: the link names this challenge as the one its run attempts.
	Attempted bool `json:"attempted,omitempty"`
}

// Goal is one goal of a challenge with its verdict on the run.
type Goal struct {
	Name   string `json:"name"`
	Says   string `json:"says"`
	Holds  bool   `json:"holds"`
	Figure string `json:"figure"`
}

// Tile is a headline tile of the model with its value at the end.
type Tile struct {
	Label string `json:"label"`
	Value string `json:"value"`
}

// Links reads a class's links from text, one a line: blank lines and
// comments ("# " and words) are skipped, a line may be the link alone or the page's
// whole address (the link is its fragment, after #). More than MaxLinks is
// an error.
func Links(text string) ([]string, error) {
	var out []string
	for _, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || line == "#" || strings.HasPrefix(line, "# ") {
			continue
		}
		out = append(out, line)
	}
	if len(out) > MaxLinks {
		return nil, fmt.Errorf("%d links: a class view replays at most %d", len(out), MaxLinks)
	}
	return out, nil
}

// LinkOf reads the link in what a student pasted: the link itself, "#"
// and the link, or the page's address with the link as its fragment
// (percent-escapes undone, as the page does).
func LinkOf(s string) string {
	if i := strings.IndexByte(s, '#'); i >= 0 {
		s = s[i+1:]
	}
	return unescape(s)
}

// unescape undoes percent-escapes ("%2E" → "."), as the page's
// decodeURIComponent does; a mangled one is left as it is, for the link's
// decoder to refuse. (Not net/url: the page's module does without it.)
func unescape(s string) string {
	if !strings.Contains(s, "%") {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '%' && i+2 < len(s) && hex(s[i+1]) >= 0 && hex(s[i+2]) >= 0 {
			b.WriteByte(byte(hex(s[i+1])<<4 | hex(s[i+2])))
			i += 2
			continue
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

func hex(c byte) int {
	switch {
	case '0' <= c && c <= '9':
		return int(c - '0')
	case 'a' <= c && c <= 'f':
		return int(c-'a') + 10
	case 'A' <= c && c <= 'F':
		return int(c-'A') + 10
	}
	return -1
}

// RowOf opens the link and runs it to its end: the row of the class view,
// with the reason when the link is broken or foreign.
func RowOf(line int, link string) Row {
	row := Row{Line: line, Link: link, Changes: []string{}}
	w, err := catalog.DecodeWhatIf(LinkOf(link))
	if err != nil {
		row.Error = err.Error()
		return row
	}
	sc := w.A
	row.Title, row.Note, row.Model, row.Preset, row.Seed = w.Title, w.Note, sc.Model, sc.Preset, sc.Seed
	base, err := catalog.Base(sc.Model, sc.Preset)
	if err != nil {
		row.Error = err.Error()
		return row
	}
	diffs := scenario.Differences(sc, base)
	var changed []string
	for _, d := range diffs {
		row.Changes = append(row.Changes, inWords(d, sc.Duration))
		if d.Param != "seed" && !slices.Contains(changed, d.Param) {
			changed = append(changed, d.Param)
		}
	}
	r, err := catalog.Start(sc, false)
	if err != nil {
		row.Error = err.Error()
		return row
	}
	r.RunToEnd()
	if err := r.Err(); err != nil {
		row.Error = err.Error()
		return row
	}
	s := r.Summary()
	row.Digest = s.Digest
	for _, t := range r.Def.Tiles {
		if v, ok := r.Tile(t); ok {
			row.Tiles = append(row.Tiles, Tile{Label: t.Label, Value: tileText(v, t.Agg)})
		}
	}
	p := r.Def.Preset(sc.Preset)
	if p == nil {
		return row
	}
	for i := range p.Predictions {
		q := &p.Predictions[i]
		a := Answer{Prediction: q.Name, Question: q.Question, Applies: len(changed) == 0, Picked: -1}
		a.Choice, _ = q.Answer(s.Claims)
		for _, pick := range w.Picks {
			if pick.Name == q.Name {
				a.Picked, a.Right = pick.Choice, pick.Choice == a.Choice
			}
		}
		if a.Choice >= 0 {
			a.Text = q.Choices[a.Choice].Text
		} else {
			a.Text = "no choice holds alone on this run"
		}
		row.Answers = append(row.Answers, a)
	}
	for i := range p.Challenges {
		ch := &p.Challenges[i]
		goals, solved := ch.GoalResults(s.Claims)
		c := Challenge{Name: ch.Name, Title: ch.Title, Solved: solved, Attempted: ch.Name == w.Attempt}
		if err := ch.Allows(changed); err != nil {
			c.Breaks, c.Solved = err.Error(), false
		}
		for _, g := range goals {
			c.Goals = append(c.Goals, Goal{Name: g.Name, Says: g.Says, Holds: g.Holds && !g.Pending, Figure: g.Figure})
		}
		row.Challenges = append(row.Challenges, c)
	}
	return row
}

// inWords writes a difference from the preset: "Label: old → new", and
// "at 2:00" for a change during the run.
func inWords(d scenario.Difference, end float64) string {
	s := d.Label + ": " + d.Old + " → " + d.New
	if d.Timed {
		s += " at " + clock.Format(d.At, end)
	}
	return s
}

// Rows replays the links on workers at a time (as a sweep's cells are
// run, by sim.Each) and returns their rows in the links' order.
func Rows(links []string, workers int) []Row {
	out := make([]Row, len(links))
	_ = sim.Each(len(links), workers, func(i int) error {
		out[i] = RowOf(i+1, links[i])
		return nil // a broken link's row says why: it does not stop the rest
	})
	return out
}

// tileText writes a tile's value as the page's tile shows it (compare.ts
// tileText): a total as a whole count, any other figure as the page's fmt.
func tileText(x float64, agg string) string {
	if agg == sim.TileSum {
		return numtext.Count(int64(math.Round(x)))
	}
	return numtext.Fmt(x)
}
