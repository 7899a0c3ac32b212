// Package claim is the small vocabulary in which a preset states what its
// run shows, so that the tests and the page check every lesson:
//
//   - Share: the share of the intervals ending in the window (From, To]
//     in which a column is at least / below a value (or a parameter's
//     current value) lies in [Min, Max] percent;
//   - Counter: a counter of the run's summary ("group/counter") lies in
//     [Min, Max] (Min = Max: equals); with Per, the counter as a share of
//     another, 100·Counter/Per %. A counter claim without an upper bound
//     (Max +Inf, no Per) names a count that never decreases (messages or
//     events counted, a longest time so far): once it reaches Min it is
//     decided, before the run ends;
//   - Mean: the mean of a column over the intervals ending in the window
//     (From, To] lies in [Min, Max];
//   - Settle: after From, the column is at least / below the value in every
//     interval up to To from some time on; that time minus From (the time
//     to settle, s) lies in [Min, Max].
//
// A figure that truly varies from seed to seed is stated as the range it
// lies in on any seed (Min, Max: the run's verdict) and, with Most, the
// narrower range it lies in in most runs (at least MostRuns of them): the
// claim says both, a run's figure says when it falls outside the second,
// and the claims test checks over its seeds that most runs fall inside it.
//
// Claims are data declared beside each preset; an Evaluator reads a run's
// rows as they are measured, so it needs no stored series and gives the
// same verdict live, at the end, natively and in the browser. A claim is
// pending until its verdict can no longer change: the end of its window,
// or earlier when the rest of it cannot change it (a counter past its
// Min that only grows; "in every interval" after an interval that fails,
// "in no interval" after one that passes). Times of the run are written
// as the page's clock writes them (core/engine/clock).
package claim

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"overloadlab/core/engine/clock"
	"overloadlab/core/engine/metrics"
)

// Kind is what a claim measures.
type Kind int

const (
	Share   Kind = iota // share of intervals (%) in which a column passes a threshold
	Counter             // a summary counter
	Settle              // seconds from From until the column passes for good
	Mean                // the mean of a column over the window
)

// Op compares a column with the threshold.
type Op int

const (
	AtLeast Op = iota // column ≥ threshold
	Below             // column < threshold
	AtMost            // column ≤ threshold
	Above             // column > threshold
)

func (o Op) String() string { return [...]string{"≥", "<", "≤", ">"}[o] }

// test reports whether x passes the comparison with th.
func (o Op) test(x, th float64) bool {
	switch o {
	case Below:
		return x < th
	case AtMost:
		return x <= th
	case Above:
		return x > th
	}
	return x >= th
}

// Claim is one checked statement about a preset's run.
type Claim struct {
	Name string // short and stable: tours and tests name it (not shown in the page)
	Kind Kind   //
	// Step marks a claim that backs a tour step rather than the preset's
	// lesson: the page lists it while its step shows (and on request).
	Step bool
	// Fails marks a claim the preset's own run fails on any seed: it
	// decides a prediction's wrong choice (a usual misconception, measured)
	// or states a challenge's goal the preset as shipped does not reach
	// (scenario.Prediction, scenario.Challenge). The claims test checks
	// that it fails; the page shows it with its exercise, not in the
	// lesson's list (Result.Exercise).
	Fails bool
	// What is the claim's subject in plain words, without its range or
	// window: "overflow dropped by the 70 % guard" (Counter), "CPU at
	// least 99 %" (Share, Settle: the test), "IMSI Manager CPU" (Mean).
	// Empty: written from the column's label, the test and the threshold.
	// A Counter claim must say it (a counter's key is not plain words).
	What    string  //
	Column  string  // Share, Settle: the column read
	Op      Op      // Share, Settle
	Value   float64 // Share, Settle: the threshold …
	Param   string  // … or, when set, the current value of this parameter
	From    float64 // Share, Settle: the window starts (s); intervals ending after it count
	To      float64 // Share, Settle: the window ends (s), 0 = the end of the run
	Counter string  // Counter: "group/counter", e.g. "imsimgr/crashes" or "total/completed"
	Per     string  // Counter: when set, the figure is 100·Counter/Per, a share in %
	Min     float64 // the wanted range of the measured figure: a share in %,
	Max     float64 // a counter's value, or seconds to settle
	// Most, when set, is the range the figure lies in in most runs, inside
	// [Min, Max] and narrower: what a lesson says is typical ("about 70 %")
	// where one run may stray further. It does not change a run's verdict;
	// the claims test checks it over its seeds (MostRuns). A claim whose
	// figure no range holds on every seed (an estimator that now and then
	// mislearns) has Min −Inf, Max +Inf and says only what most runs show:
	// one run cannot fail it, its seeds can.
	Most *Range

	// Not comparable: nothing compares claims, and the == functions Go
	// writes for a comparable struct of strings and floats (and for every
	// array of them in the presets' literals) were 1.5 KB of the page.
	_ [0]func()
}

// Range is a range of a claim's figure, Min to Max.
type Range struct{ Min, Max float64 }

// MostRuns is what "most runs" means: at least this share of them.
const MostRuns = 0.8

// OnlyMost reports whether the claim states only the range of most runs
// (Min −Inf, Max +Inf).
func (c *Claim) OnlyMost() bool {
	return c.Most != nil && math.IsInf(c.Min, -1) && math.IsInf(c.Max, 1)
}

// InMost reports whether a figure x lies in the claim's range of most
// runs (true when it has none).
func (c *Claim) InMost(x float64) bool {
	return c.Most == nil || x >= c.Most.Min && x <= c.Most.Max
}

// DecidedAt is the time of a run ending at end from which the claim's
// verdict no longer changes whatever the run shows: the end of its window,
// or the end of the run for a counter and for a window open to the end
// (Result.Pending also tells a verdict the rest of the run cannot change).
func (c *Claim) DecidedAt(end float64) float64 {
	if c.Kind == Counter || c.To == 0 || c.To > end {
		return end
	}
	return c.To
}

// Result is a claim checked over a run (or over the part of it run so far).
type Result struct {
	Name     string  `json:"name"`
	Says     string  `json:"says"`               // the claim in words
	Holds    bool    `json:"holds"`              // the measured figure lies in the wanted range
	Measured float64 `json:"measured"`           // the figure: a share in %, a counter, seconds (−1: never settled)
	Wanted   string  `json:"wanted"`             // the wanted range in words: "60–80 %", "= 0", "≤ 2 s"
	Figure   string  `json:"figure"`             // the measured figure in words: "71 %"
	Pending  bool    `json:"pending,omitempty"`  // the verdict may still change: the run has not passed the end of the claim's window, and what it measured so far does not decide it
	Step     bool    `json:"step,omitempty"`     // the claim backs a tour step (Claim.Step)
	Exercise bool    `json:"exercise,omitempty"` // the claim decides an exercise and the preset's run fails it (Claim.Fails): not the lesson's
	Unusual  bool    `json:"unusual,omitempty"`  // decided, and the figure lies outside the claim's range of most runs (Claim.Most)
}

// Counters looks up a summary counter by reference ("group/counter").
type Counters func(ref string) (float64, bool)

// state is what the evaluator keeps per claim.
type state struct {
	col        int     // index in the row, −1 for counter claims
	in, pass   int     // intervals in the window, and those passing
	sum        float64 // Mean: the column's sum over the window
	streak     float64 // start (s) of the current run of passing intervals, −1 if the last failed
	seen, done bool    // an interval of the window was seen; the window's end was reached
}

// Evaluator checks a preset's claims over a run's rows.
type Evaluator struct {
	claims []Claim
	cols   []metrics.Column // without the time column
	st     []state
	prevT  float64
}

// New returns an evaluator of claims over rows of the columns cols (the
// time column first, as the recorder gives them). A claim naming a column
// that does not exist is an error.
func New(claims []Claim, cols []metrics.Column) (*Evaluator, error) {
	e := &Evaluator{claims: claims, cols: cols, st: make([]state, len(claims))}
	for i, c := range claims {
		e.st[i] = state{col: -1, streak: -1}
		if c.Kind == Counter {
			if !strings.Contains(c.Counter, "/") {
				return nil, fmt.Errorf("claim %s: counter %q is not group/counter", c.Name, c.Counter)
			}
			if c.What == "" {
				return nil, fmt.Errorf("claim %s: a counter claim says what it counts in words (What)", c.Name)
			}
			continue
		}
		for j, col := range cols {
			if col.Name == c.Column {
				e.st[i].col = j
			}
		}
		if e.st[i].col < 0 {
			return nil, fmt.Errorf("claim %s: no column %q", c.Name, c.Column)
		}
		if c.Param != "" && c.What == "" {
			return nil, fmt.Errorf("claim %s: a claim against a parameter says its test in words (What)", c.Name)
		}
	}
	for _, c := range claims {
		if c.Most == nil && math.IsInf(c.Min, -1) && math.IsInf(c.Max, 1) {
			return nil, fmt.Errorf("claim %s: no range: a claim that no run can fail states a range of most runs (Most)", c.Name)
		}
		if m := c.Most; m != nil && (m.Min > m.Max || m.Min < c.Min || m.Max > c.Max || m.Min == c.Min && m.Max == c.Max) {
			return nil, fmt.Errorf("claim %s: the range of most runs %g–%g is not a narrower part of %g–%g", c.Name, m.Min, m.Max, c.Min, c.Max)
		}
	}
	return e, nil
}

// Observe takes one interval's row (row[0]: its end time in seconds);
// value gives a parameter's current value.
func (e *Evaluator) Observe(row []float64, value func(name string) float64) {
	t, start := row[0], e.prevT
	e.prevT = t
	for i := range e.claims {
		c, s := &e.claims[i], &e.st[i]
		if c.Kind == Counter || t <= c.From || s.done {
			continue
		}
		if c.To > 0 && t >= c.To {
			s.done = true
			if t > c.To {
				continue
			}
		}
		s.seen = true
		s.in++
		if c.Kind == Mean {
			s.sum += row[s.col]
			continue
		}
		th := c.Value
		if c.Param != "" {
			th = value(c.Param)
		}
		ok := c.Op.test(row[s.col], th)
		switch {
		case !ok:
			s.streak = -1
		case s.streak < 0:
			s.pass++
			s.streak = max(start, c.From)
		default:
			s.pass++
		}
	}
}

// Results checks every claim at time now (s) of a run ending at end;
// counters gives the summary's counters.
func (e *Evaluator) Results(now, end float64, counters Counters) []Result {
	out := make([]Result, len(e.claims))
	for i := range e.claims {
		out[i] = e.result(i, now, end, counters)
	}
	return out
}

func (e *Evaluator) result(i int, now, end float64, counters Counters) Result {
	c, s := &e.claims[i], &e.st[i]
	r := Result{Name: c.Name, Says: e.says(i, end), Wanted: wanted(c), Step: c.Step, Exercise: c.Fails}
	if c.OnlyMost() {
		m := *c
		m.Min, m.Max = c.Most.Min, c.Most.Max
		r.Wanted = wanted(&m) + " in most runs"
	}
	// A window ending before the run does is decided once its last
	// interval is observed: a run paused at To has not measured it yet.
	r.Pending = now < c.DecidedAt(end) || c.Kind != Counter && c.To > 0 && c.To < end && !s.done
	switch c.Kind {
	case Counter:
		// A figure is in words: the counter's key is not (it names it
		// only for the tests, in Claim.Counter).
		v, ok := counters(c.Counter)
		if !ok {
			r.Figure = "not counted in this run"
			return r
		}
		r.Measured, r.Figure = v, num(v)
		if c.Per != "" {
			per, ok := counters(c.Per)
			if !ok {
				r.Figure = "not counted in this run"
				return r
			}
			if per == 0 {
				r.Figure = "none yet: nothing yet to take a share of"
				return r
			}
			r.Measured = 100 * v / per
			r.Figure = fmt.Sprintf("%s %% (%s of %s)", num(r.Measured), num(v), num(per))
		}
	case Share:
		if !s.seen {
			r.Figure = "no interval yet"
			return r
		}
		r.Measured = 100 * float64(s.pass) / float64(s.in)
		// 2699 of 2700 is written 99.9 %, never 100.0 %: a figure that
		// reads 100 fails "every interval" only when it is not all of them.
		shown := r.Measured
		if s.pass < s.in {
			shown = min(shown, 99.9)
		}
		r.Figure = fmt.Sprintf("%s %% (%d of %d intervals)", num(shown), s.pass, s.in)
	case Mean:
		if !s.seen {
			r.Figure = "no interval yet"
			return r
		}
		r.Measured = s.sum / float64(s.in)
		r.Figure = strings.TrimSpace(num(r.Measured) + " " + e.cols[s.col].Unit)
	case Settle:
		if s.streak < 0 {
			r.Measured, r.Figure = -1, "not settled"
			return r
		}
		r.Measured = s.streak - c.From
		r.Figure = num(r.Measured) + " s"
	}
	r.Holds = r.Measured >= c.Min && r.Measured <= c.Max
	if r.Pending && e.decided(i, r) {
		r.Pending = false
		if r.Holds {
			r.Figure += " so far: " + inWords(c) + " reached, decided"
		} else {
			r.Figure += " so far: decided"
		}
	}
	if !r.Pending && r.Holds && !c.InMost(r.Measured) {
		r.Unusual = true
		r.Figure += ", outside the range of most runs"
	}
	return r
}

// decided reports whether the rest of the run cannot change the verdict r
// of claim i: a count that only grows (Max +Inf, no Per) at Min or more;
// "in every interval" once one failed, "in no interval" once one passed.
func (e *Evaluator) decided(i int, r Result) bool {
	c, s := &e.claims[i], &e.st[i]
	switch c.Kind {
	case Counter:
		// (With a range of most runs, its figure may yet leave that range.)
		return r.Holds && c.Per == "" && math.IsInf(c.Max, 1) && c.Most == nil
	case Share:
		return s.seen && (c.Min >= 100 && s.pass < s.in || c.Max <= 0 && s.pass > 0)
	}
	return false
}

// says writes the claim in plain words from its data: its subject (What,
// or the column's label, test and threshold), then the wanted range and
// the window, its times as the clock of a run ending at end reads them:
// "IMSI Manager crashes: none", "IMSI Manager CPU at least 99 % in 60 to
// 80 % of the intervals from 0:02:00 to 0:05:00".
func (e *Evaluator) says(i int, end float64) string {
	c := &e.claims[i]
	unit := ""
	if c.Kind == Mean {
		unit = e.cols[e.st[i].col].Unit
	}
	if c.OnlyMost() {
		// "… in most runs": the claim's range is that of most runs.
		m := *c
		m.Min, m.Max, m.Most = c.Most.Min, c.Most.Max, nil
		return e.saysRange(&m, i, end) + " in most runs"
	}
	return e.saysRange(c, i, end) + mostWords(c, unit)
}

// mostWords writes the range of most runs, when the claim has one: ", in
// most runs 70 to 76 %", ", in most runs none"; unit follows a mean's.
func mostWords(c *Claim, unit string) string {
	if c.Most == nil {
		return ""
	}
	m := *c
	m.Min, m.Max, m.Most = c.Most.Min, c.Most.Max, nil
	w := inWords(&m)
	switch {
	case c.Kind == Share && m.Min >= 100:
		w = "every interval"
	case c.Kind == Share && m.Max <= 0:
		w = "no interval"
	}
	return strings.TrimSpace(", in most runs " + w + " " + unit)
}

func (e *Evaluator) saysRange(c *Claim, i int, end float64) string {
	if c.Kind == Counter {
		return c.What + ": " + inWords(c)
	}
	col := e.cols[e.st[i].col]
	what := c.What
	if what == "" && c.Kind == Mean {
		what = "mean " + col.Label
	}
	if what == "" {
		op := c.Op.words()
		if c.Op == AtMost && c.Value == 0 {
			op = "at" // "at most 0" of a rate or a count
		}
		what = strings.TrimSpace(col.Label + " " + op + " " + num(c.Value) + " " + col.Unit)
	}
	win := window(c.From, c.To, end)
	switch c.Kind {
	case Mean:
		return strings.TrimSpace(what + " " + win + ": " + inWords(c) + " " + col.Unit)
	case Settle:
		return what + " for good " + inWords(c) + " after " + clock.Format(c.From, end)
	}
	switch {
	case c.Min >= 100:
		return what + " in every interval " + win
	case c.Max <= 0:
		return what + " in no interval " + win
	}
	return what + " in " + inWords(c) + " of the intervals " + win
}

// words writes the comparison in words.
func (o Op) words() string {
	return [...]string{"at least", "below", "at most", "above"}[o]
}

// window writes the window (From, To] of a run ending at end in words,
// its times as the run's clock reads them.
func window(from, to, end float64) string {
	switch {
	case to > 0:
		if from == 0 {
			return "up to " + clock.Format(to, end)
		}
		return "from " + clock.Format(from, end) + " to " + clock.Format(to, end)
	case from > 0:
		return "from " + clock.Format(from, end) + " on"
	}
	return "over the run"
}

// inWords writes the wanted range in words: "none", "at least 1", "at
// most 2 s", "48 to 52 %".
func inWords(c *Claim) string {
	w := wanted(c)
	if c.Min == 0 && c.Max == 0 {
		return "none"
	}
	if c.Kind == Settle && c.Min <= 0 {
		return w
	}
	for _, r := range [][2]string{{"= ", "exactly "}, {"≥ ", "at least "}, {"≤ ", "at most "}, {"–", " to "}} {
		w = strings.Replace(w, r[0], r[1], 1)
	}
	return w
}

// wanted writes the wanted range.
func wanted(c *Claim) string {
	unit := ""
	switch c.Kind {
	case Share:
		unit = " %"
	case Counter:
		if c.Per != "" {
			unit = " %"
		}
	case Settle:
		unit = " s"
	}
	switch {
	case c.Min == c.Max:
		return "= " + num(c.Min) + unit
	case c.Kind == Settle && c.Min <= 0:
		return "within " + num(c.Max) + unit
	case unit == " %" && c.Max >= 100 || math.IsInf(c.Max, 1):
		return "≥ " + num(c.Min) + unit
	case unit == " %" && c.Min <= 0:
		return "≤ " + num(c.Max) + unit
	}
	return num(c.Min) + "–" + num(c.Max) + unit
}

// num writes x briefly: whole numbers as they are, others with one
// decimal from 10 on and three significant digits below.
func num(x float64) string {
	switch {
	case x == math.Trunc(x) && math.Abs(x) < 1e15:
		return strconv.FormatFloat(x, 'f', -1, 64)
	case math.Abs(x) >= 10:
		return strconv.FormatFloat(x, 'f', 1, 64)
	}
	return strconv.FormatFloat(x, 'g', 3, 64)
}

// Failing returns c marked Fails: a claim the preset's own run fails on
// any seed (a prediction's wrong choice, a challenge's unreached goal).
func (c Claim) Failing() Claim {
	c.Fails = true
	return c
}

// Named returns c named name.
func (c Claim) Named(name string) Claim {
	c.Name = name
	return c
}
