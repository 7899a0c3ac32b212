package session

import (
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"overloadlab/core/catalog"
	"overloadlab/core/engine/compare"
	"overloadlab/core/engine/scenario"
	"overloadlab/core/engine/sim"
	"overloadlab/core/engine/sim/simtest"
)

// reopened returns the session opened from s's link (Share).
func reopened(t *testing.T, s *Session) *Session {
	t.Helper()
	link, err := s.Link()
	if err != nil {
		t.Fatal(err)
	}
	r, err := StartLink(link)
	if err != nil {
		t.Fatalf("StartLink(%q): %v", link, err)
	}
	return r
}

func runToEnd(t *testing.T, s *Session, slice float64) int {
	t.Helper()
	rows := 0
	for !s.Done() {
		rows += len(s.Advance(slice, nil)) / s.Width()
	}
	return rows
}

// Advancing in frame-sized slices gives the same run as running in one go.
func TestSlicesGiveTheSameRun(t *testing.T) {
	sc, err := catalog.Preset("busy-hour")
	if err != nil {
		t.Fatal(err)
	}
	r, err := catalog.Start(sc, false)
	if err != nil {
		t.Fatal(err)
	}
	r.RunToEnd()
	want := r.Summary()

	s, err := StartPreset("busy-hour")
	if err != nil {
		t.Fatal(err)
	}
	rows := runToEnd(t, s, 0.0167*60)
	got := s.Summary()
	if got.Digest != want.Digest {
		t.Errorf("digest in slices %s, in one go %s", got.Digest, want.Digest)
	}
	if rows != want.Intervals {
		t.Errorf("Advance returned %d rows, the run has %d intervals", rows, want.Intervals)
	}
}

// A deadline stops Advance early, at a measurement boundary, with every row
// handed out.
func TestAdvanceStopsAtDeadline(t *testing.T) {
	s, err := StartPreset("busy-hour")
	if err != nil {
		t.Fatal(err)
	}
	rows := s.Advance(1e9, func() bool { return true })
	if len(rows) != s.Width() || s.Now() != 1.001 {
		t.Errorf("one interval expected: %d values, now %g s", len(rows), s.Now())
	}
	if rows := s.Advance(0, nil); len(rows) != 0 {
		t.Errorf("Advance(0) returned %d values", len(rows))
	}
}

// A live change is recorded: the link replays the same run.
func TestLinkReplaysLiveChanges(t *testing.T) {
	s, err := StartPreset("attach-storm")
	if err != nil {
		t.Fatal(err)
	}
	for s.Now() < 200 {
		s.Advance(0.7, nil)
	}
	// Each change comes named as its marker shows it: the page's label is
	// the core's (sim.ChangeLabel), the page has no twin of it.
	for _, c := range []struct{ name, value, want string }{
		{"cpu.speed", "2", "CPU speed 1 → 2 ×"},
		{"lab.cpu-guard", "false", "CPU guard (70 %) off"},
	} {
		label, err := s.Set(c.name, c.value)
		if err != nil {
			t.Fatal(err)
		}
		if label != c.want {
			t.Errorf("Set(%s, %s) named %q, want %q", c.name, c.value, label, c.want)
		}
	}
	runToEnd(t, s, 37)
	want := s.Summary()
	r := reopened(t, s)
	runToEnd(t, r, 1e9)
	if got := r.Summary(); got.Digest != want.Digest || got.Total != want.Total {
		t.Errorf("replayed link: digest %s total %+v; live run: digest %s total %+v", got.Digest, got.Total, want.Digest, want.Total)
	}
	if v, _ := r.Values(); !strings.Contains(string(v), `"cpu.speed":2`) {
		t.Errorf("values at the end of the replay: %s", v)
	}
}

func TestBadInputNamesTheField(t *testing.T) {
	s, err := StartPreset("busy-hour")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ name, value, want string }{
		{"cpu.speed", "200", "cpu.speed: 200 is not allowed (allowed: a number from 0.1 to 10"},
		{"cpu.speed", "fast", `cpu.speed: "fast" is not allowed`},
		{"no.such", "1", "no.such: no such parameter"},
		{"lab.cpu-guard", "maybe", `lab.cpu-guard: "maybe" is not allowed (allowed: true or false)`},
	} {
		_, err := s.Set(c.name, c.value)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Set(%s, %s) = %v, want %q", c.name, c.value, err, c.want)
		}
	}
	s.Advance(1, nil) // changes during the run go to the timeline
	for i := 0; ; i++ {
		if _, err := s.Set("cpu.speed", "2"); err != nil {
			if !strings.Contains(err.Error(), "timeline: 2001 changes is not allowed (allowed: at most 2000 changes") {
				t.Errorf("change %d: %v", i, err)
			}
			break
		}
	}
	if _, err := s.Link(); err != nil {
		t.Errorf("link of a full timeline: %v", err)
	}
	s, _ = StartPreset("busy-hour")
	if len(s.Run().Live()) != 0 {
		t.Errorf("refused changes were recorded: %v", s.Run().Live())
	}
	for _, link := range []string{"", "garbage", "1.", "1.!!!!", "0.e30"} {
		if _, err := StartLink(link); err == nil {
			t.Errorf("StartLink(%q) started a run", link)
		}
	}
	if _, err := StartPreset("nope"); err == nil || !strings.Contains(err.Error(), "preset") {
		t.Errorf("StartPreset(nope) = %v", err)
	}
	if _, err := StartJSON([]byte(`{"preset":"busy-hour","duration_s":-1}`)); err == nil || !strings.Contains(err.Error(), "duration_s") {
		t.Errorf("negative duration: %v", err)
	}
	if _, err := s.Compare(99); err == nil || !strings.Contains(err.Error(), "compare: 99 is not allowed") {
		t.Errorf("Compare(99) = %v", err)
	}
	if err := s.SetWords("", strings.Repeat("x", 281)); err == nil || !strings.Contains(err.Error(), "note: 281 characters") {
		t.Errorf("a long note: %v", err)
	}
	sc := JSON(s.Info().Scenario)
	var w Sweeper
	for _, c := range []struct {
		sc, plan string
		v, i     int
		want     string
	}{
		{sc, `{"param":"nope","from":1,"to":2,"points":2,"seeds":1}`, 0, 0, "a numeric parameter of model imsimgr"},
		{sc, `{"param":"cpu.speed","from":1,"to":2,"points":2,"seeds":1}`, 0, 2, "sweep cell: variant 0, point 2, seed 0 is not allowed (allowed: variant < 1, point < 2, seed < 1)"},
		{sc, `{"param":"cpu.speed","from":1,"to":2,"points":2,"seeds":1}`, 1, 0, "sweep cell: variant 1, point 0, seed 0 is not allowed"},
		{sc, `[`, 0, 0, "not a valid sweep definition"},
		{`{"preset":"nope"}`, `{}`, 0, 0, "preset"},
	} {
		if _, err := w.Cell(c.sc, c.plan, c.v, c.i, 0); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Cell(%s, %d, %d, 0) = %v, want %q", c.plan, c.v, c.i, err, c.want)
		}
	}
}

// A point gathered cell by cell, in any order, equals the point of a
// native sweep: same mean, band and digest, and the model's lines at the
// point. Samples that are not the seeds of one point are refused, naming
// what is wrong.
func TestSweeperPoint(t *testing.T) {
	sc := `{"preset":"scp-10-ssps","duration_s":5}`
	plan := `{"param":"ssp.load","from":0.5,"to":2,"points":3,"seeds":3,"variants":[{"label":"adaptive","params":{"scp.control":"adaptive-acg"}}]}`
	var w Sweeper
	var raw []string
	for _, s := range []int{2, 0, 1} {
		x, err := w.Cell(sc, plan, 0, 1, s)
		if err != nil {
			t.Fatal(err)
		}
		raw = append(raw, JSON(&x))
	}
	got, err := w.Point(sc, plan, "["+strings.Join(raw, ",")+"]")
	if err != nil {
		t.Fatal(err)
	}
	base, _ := catalog.Decode([]byte(sc))
	def, _ := catalog.Model("scp")
	p, _ := sim.DecodePlan([]byte(plan), def.Params)
	want := simtest.Sweep(t, def, base, p)[1]
	want.Lines = []float64{base.Params.Num("scp.capacity"), 0.9 * base.Params.Num("scp.capacity")}
	if JSON(&got) != JSON(&want) {
		t.Errorf("point from cells:\n%s\nnative:\n%s", JSON(&got), JSON(&want))
	}
	for _, c := range []struct{ samples, want string }{
		{"[" + raw[0] + "]", "sweep samples: 1 is not allowed (allowed: one per seed, 3)"},
		{"[" + raw[0] + "," + raw[0] + "," + raw[1] + "]", "sweep samples: variant 0, point 1, seed 2 is not allowed (allowed: seeds 0 to 2 of one point (variant < 1, point < 3), each once)"},
		{"{", "sweep samples"},
	} {
		if _, err := w.Point(sc, plan, c.samples); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Point(%.60s) = %v, want %q", c.samples, err, c.want)
		}
	}
}

func TestLinkPreset(t *testing.T) {
	s, _ := StartPreset("busy-hour")
	s.Set("cpu.speed", "2")
	link, _ := s.Link()
	if got := LinkPreset(link); got != "busy-hour" {
		t.Errorf("LinkPreset(%q) = %q", link, got)
	}
	for _, bad := range []string{"", "1.", "1.!!", link[:len(link)/2]} {
		if got := LinkPreset(bad); got != "" && got != "busy-hour" {
			t.Errorf("LinkPreset(%q) = %q", bad, got)
		}
	}
}

// Compare opens B as a copy of what is on screen: it runs in lockstep with
// A and ends as A does; a change then goes to B only, and the link of the
// comparison, opened afresh, gives both runs again with the words.
func TestCompareLockstepAndLink(t *testing.T) {
	s, err := StartPreset("attach-storm")
	if err != nil {
		t.Fatal(err)
	}
	for s.Now() < 100 {
		s.Advance(7, nil)
	}
	rowsB, err := s.Compare(-1)
	if err != nil {
		t.Fatal(err)
	}
	if n := len(rowsB) / s.Width(); n != s.Summary().Intervals {
		t.Errorf("B brought to A's time: %d rows, A has %d intervals", n, s.Summary().Intervals)
	}
	for s.Now() < 300 {
		a := len(s.Advance(11, nil))
		if b := len(s.RowsB()); a != b {
			t.Fatalf("at %g s: A gave %d values, B %d", s.Now(), a, b)
		}
	}
	if b, _ := s.SummaryB(); b.Digest != s.Summary().Digest {
		t.Errorf("B as a copy of A: digests %s and %s", b.Digest, s.Summary().Digest)
	}
	if _, err := s.Set("sgsn-new-connections-per-second", "800"); err != nil {
		t.Fatal(err)
	}
	if v, _ := s.Values(); !strings.Contains(string(v), `"sgsn-new-connections-per-second":800`) {
		t.Errorf("B's values: %s", v)
	}
	if s.Run().Values().Num("sgsn-new-connections-per-second") != 400 {
		t.Error("the change went to A")
	}
	if err := s.SetWords("Double N?", "fewer rejects"); err != nil {
		t.Fatal(err)
	}
	runToEnd(t, s, 60)
	res := s.Result()
	if res == nil || res.A.Digest == res.B.Digest || !slices.ContainsFunc(res.Table, func(r compare.Row) bool { return r.Key == "goodput" && r.A == res.A.Total.Goodput }) {
		t.Fatalf("comparison: %+v", res)
	}
	r := reopened(t, s)
	in := r.Info()
	if !in.Comparing || in.Words.Title != "Double N?" || in.Words.Note != "fewer rejects" {
		t.Errorf("link opened as %+v", in.Words)
	}
	if len(in.ChangedB) != 1 || in.ChangedB[0].String() != "sgsn-new-connections-per-second: 400 → 800 at 303 s" {
		t.Errorf("B's differences: %v", in.ChangedB)
	}
	runToEnd(t, r, 1e9)
	got := r.Result()
	if got.A.Digest != res.A.Digest || got.B.Digest != res.B.Digest {
		t.Errorf("replayed comparison: digests %s/%s, live %s/%s", got.A.Digest, got.B.Digest, res.A.Digest, res.B.Digest)
	}
	e, _ := r.Export()
	if e.Comparison == nil || e.ScenarioB == nil || e.Title != "Double N?" {
		t.Errorf("export without the comparison: %+v", e)
	}
	r.EndCompare()
	if r.Comparing() || r.Result() != nil {
		t.Error("EndCompare left B open")
	}
}

// A preset's variant is named after its control; a change before the start
// changes B's scenario itself, and Reset keeps it.
func TestCompareVariant(t *testing.T) {
	s, err := StartPreset("switch-step-5x")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Compare(0); err != nil {
		t.Fatal(err)
	}
	if in := s.Info(); in.Words.LabelA != "ARO" || in.Words.LabelB != "OCC" || len(in.ChangedB) != 1 || in.ChangedB[0].String() != "overload.algorithm: aro → occ" {
		t.Errorf("variant: %+v, differences %v", in.Words, in.ChangedB)
	}
	if _, err := s.Set("cpu.speed", "2"); err != nil && !strings.Contains(err.Error(), "no such") {
		t.Fatal(err)
	}
	runToEnd(t, s, 10)
	want := s.Result()
	if err := s.Reset(); err != nil {
		t.Fatal(err)
	}
	runToEnd(t, s, 10)
	if got := s.Result(); got.A.Digest != want.A.Digest || got.B.Digest != want.B.Digest {
		t.Error("Reset did not give the same comparison")
	}
	d, _ := StartPreset("scp-standard-acg")
	d.Compare(0)
	if in := d.Info(); in.Words.LabelA != "standard-acg" {
		t.Errorf("derived label of A: %q", in.Words.LabelA)
	}
}

// A run past the pending-events cap, driven as the page drives it (one
// measurement interval per Advance), stops with the error the page shows,
// and keeps the user's scenario (its link opens the same scenario).
func TestBudgetStopsTheSessionIntervalByInterval(t *testing.T) {
	b, err := os.ReadFile("../../core/engine/sim/testdata/beyond-the-lab.json")
	if err != nil {
		t.Fatal(err)
	}
	s, err := StartJSON(b)
	if err != nil {
		t.Fatal(err)
	}
	for calls := 0; !s.Done(); calls++ {
		if s.Now() > 60 {
			t.Fatalf("still running at %g s: the pending-events cap did not fire", s.Now())
		}
		s.Advance(s.Info().IntervalS, nil)
	}
	sum := s.Summary()
	if !strings.Contains(sum.Error, "more than 1000000 pending events") || s.Now() >= s.Info().DurationS {
		t.Fatalf("stopped at %g s with error %q", s.Now(), sum.Error)
	}
	if rows := s.Advance(1, nil); len(rows) != 0 || s.Now() != sum.DurationS {
		t.Errorf("a stopped run advanced: %d values, now %g s", len(rows), s.Now())
	}
	link, err := s.Link()
	if err != nil {
		t.Fatal(err)
	}
	back, err := catalog.DecodeLink(link)
	if err != nil {
		t.Fatal(err)
	}
	if got := back.Params.Num("rate.mme-emergency"); got != 20000 || back.Interval != 0.1 {
		t.Errorf("the link of the stopped run opens rate %g, interval %g", got, back.Interval)
	}
}

// A run's info carries its markers: the timeline's changes and the model's
// derived events.
func TestInfoMarkers(t *testing.T) {
	s, err := StartPreset("attach-storm")
	if err != nil {
		t.Fatal(err)
	}
	want := []sim.Event{{At: 120, Label: "Traffic: 6 rates ×1.75"}, {At: 120, Label: "attach storm starts ×6"}, {At: 300, Label: "attach storm ends"}}
	if got := s.Info().Markers; !slices.Equal(got, want) {
		t.Errorf("markers %v, want %v", got, want)
	}
}

// The share link carries the page's sweep; a run started from it hands the
// sweep back in its Info for the page to run.
func TestLinkSweep(t *testing.T) {
	s, err := StartPreset("scp-10-ssps")
	if err != nil {
		t.Fatal(err)
	}
	plain, _ := s.Link()
	plan := `{"param":"ssp.load","from":0.5,"to":3,"points":6,"seeds":3,"variants":[{"label":"adaptive","params":{"scp.control":"adaptive-acg"}}]}`
	if err := s.SetSweep(plan); err != nil {
		t.Fatal(err)
	}
	link, err := s.Link()
	if err != nil {
		t.Fatal(err)
	}
	if plain == link || !strings.HasPrefix(link, "2.") {
		t.Fatalf("the link did not change, or changed version: %s", link)
	}
	r, err := StartLink(link)
	if err != nil {
		t.Fatal(err)
	}
	if got := JSON(r.Info().Sweep); got != plan {
		t.Errorf("Info().Sweep = %s, want %s", got, plan)
	}
	if err := s.SetSweep(`{"param":"ssp.load","from":0.5,"to":3,"points":6,"seeds":0}`); err == nil || !strings.Contains(err.Error(), "sweep seeds: 0") {
		t.Errorf("bad sweep: %v", err)
	}
	if l, _ := s.Link(); l != link {
		t.Error("a refused sweep changed the link")
	}
	s.SetSweep("")
	if l, _ := s.Link(); l != plain {
		t.Error("no sweep: the link is not the plain one")
	}
}

// A run opened from a link of catalog version 1 draws from the numbered
// random streams of then; with a slider moved, its link (Share) still
// replays the same run, and the one-click comparison with the preset runs
// both sides on those streams.
func TestOldLinkKeepsItsStreams(t *testing.T) {
	const old = "1.BMDBDYAwCAXQXf5ZFmAbo8QQpZgv1kPT3X0DAYXH43EQCzp0IMKkWX3JU7Ibr1x3uZllW3k2aPG1Of8AAAD__w" // custom from defaults, kept
	s, err := StartLink(old)
	if err != nil {
		t.Fatal(err)
	}
	if s.run.Scenario.Streams != scenario.NumberedStreams {
		t.Fatalf("a link of catalog version 1 opens on streams %d", s.run.Scenario.Streams)
	}
	s.Advance(100, nil)
	if _, err := s.Set("cpu.speed", "2"); err != nil {
		t.Fatal(err)
	}
	runToEnd(t, s, 300)
	r := reopened(t, s)
	runToEnd(t, r, 1e9)
	if got, want := r.Summary().Digest, s.Summary().Digest; got != want {
		t.Errorf("shared again, the old link's run gives digest %s, not %s", got, want)
	}
	if err := r.CompareWithBase(); err != nil {
		t.Fatal(err)
	}
	w := r.WhatIf()
	if w.A.Streams != w.B.Streams || w.A.Streams != s.run.Scenario.Streams {
		t.Errorf("comparison with the base: streams %d and %d", w.A.Streams, w.B.Streams)
	}
	if _, err := r.Link(); err != nil {
		t.Error(err)
	}
}

// Report writes what is on screen: the comparison with its words at the
// time reached, and the page's sweep once the link holds one.
func TestReport(t *testing.T) {
	s, err := StartPreset("scp-10-ssps")
	if err != nil {
		t.Fatal(err)
	}
	if html, err := s.Report("http://localhost/"); err != nil || !strings.HasPrefix(html, "<!DOCTYPE html>") || strings.Contains(html, "<dt>Sweep</dt>") {
		t.Errorf("a report without a sweep: %v, %.40q, sweep named: %v", err, html, strings.Contains(html, "<dt>Sweep</dt>"))
	}
	if err := s.SetSweep(`{"param":"ssp.load","from":0.5,"to":3,"points":6,"log":true,"seeds":3,"variants":[{"label":"adaptive","params":{"scp.control":"adaptive-acg"}}]}`); err != nil {
		t.Fatal(err)
	}
	s.Advance(12, nil)
	if _, err := s.Compare(0); err != nil {
		t.Fatal(err)
	}
	if err := s.SetWords("Adaptive?", "a note"); err != nil {
		t.Fatal(err)
	}
	html, err := s.Report("http://localhost/")
	b, _ := s.SummaryB()
	for _, want := range []string{
		"<dt>Sweep</dt><dd>ssp.load from 0.5 to 3, 6 points (log), 3 seeds per point; curves: adaptive</dd>",
		"Adaptive?", "a note", s.Summary().Digest, b.Digest,
	} {
		if err != nil || !strings.Contains(html, want) {
			t.Errorf("report (%v) lacks %q", err, want)
		}
	}
}

// TestPicksAndAttemptRideTheLink: a pick and an attempt set on the session
// go into its link, and opening the link gives them back in Info; a
// prediction or challenge the preset lacks, or a choice it has not, is
// refused and changes nothing; -1 takes a pick back.
func TestPicksAndAttemptRideTheLink(t *testing.T) {
	i := slices.IndexFunc(catalog.Presets(), func(p *scenario.Preset) bool { return p.Name == "attach-storm" })
	p := catalog.Presets()[i]
	if len(p.Predictions) == 0 || len(p.Challenges) == 0 {
		t.Skip("attach-storm has no prediction or challenge yet")
	}
	s, err := StartPreset(p.Name)
	if err != nil {
		t.Fatal(err)
	}
	q, c := p.Predictions[0], p.Challenges[0]
	if err := s.SetPick(q.Name, 1); err != nil {
		t.Fatal(err)
	}
	if err := s.SetAttempt(c.Name); err != nil {
		t.Fatal(err)
	}
	for _, bad := range []func() error{
		func() error { return s.SetPick("no-such-prediction", 0) },
		func() error { return s.SetPick(q.Name, len(q.Choices)) },
		func() error { return s.SetAttempt("no-such-challenge") },
	} {
		if bad() == nil {
			t.Error("a pick or attempt the preset lacks was taken")
		}
	}
	link, err := s.Link()
	if err != nil {
		t.Fatal(err)
	}
	o, err := StartLink(link)
	if err != nil {
		t.Fatal(err)
	}
	in := o.Info()
	if len(in.Picks) != 1 || in.Picks[0] != (scenario.Pick{Name: q.Name, Choice: 1}) || in.Attempt != c.Name {
		t.Errorf("the link gives back picks %v, attempt %q", in.Picks, in.Attempt)
	}
	if err := o.SetPick(q.Name, -1); err != nil || len(o.Info().Picks) != 0 {
		t.Errorf("taking the pick back: %v, picks %v", err, o.Info().Picks)
	}
}

// TestShortLink: the short link of a run with a change before Play and
// twelve during it keeps the change from the start, the preset's own
// timeline, the title, the pick and the attempt, and drops the live
// changes and the note: it opens the same run as the long link without
// them, and is shorter.
func TestShortLink(t *testing.T) {
	s, err := StartPreset("attach-storm")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Set("cpu-guard.sampling-period", "0.5"); err != nil {
		t.Fatal(err)
	}
	s.SetWords("Ann", "a long note that the short form leaves out")
	s.SetPick("cpu-in-storm", 2)
	s.SetAttempt("unpin-the-storm")
	for k := range 12 {
		for s.Now() < float64(30+20*k) {
			s.Advance(0.7, nil)
		}
		if _, err := s.Set("cpu.speed", fmt.Sprint(1+0.1*float64(k%3))); err != nil {
			t.Fatal(err)
		}
	}
	long, _ := s.Link()
	short, err := s.ShortLink()
	if err != nil {
		t.Fatal(err)
	}
	if len(short) >= len(long) {
		t.Errorf("short link %d characters, the link %d", len(short), len(long))
	}
	o, err := StartLink(short)
	if err != nil {
		t.Fatal(err)
	}
	in := o.Info()
	if in.Words.Title != "Ann" || in.Words.Note != "" || len(in.Picks) != 1 || in.Attempt != "unpin-the-storm" {
		t.Errorf("the short link's words %+v, picks %v, attempt %q", in.Words, in.Picks, in.Attempt)
	}
	base, _ := catalog.Base("imsimgr", "attach-storm")
	sc := o.run.Scenario
	if !slices.Equal(sc.Timeline, base.Timeline) || sc.Params.Get("cpu-guard.sampling-period").Num != 0.5 || sc.Params.Get("cpu.speed").Num != 1 {
		t.Errorf("the short link's scenario: timeline %v (the preset's %v), params %v", sc.Timeline, base.Timeline, sc.Params.Diff(base.Params))
	}
}
