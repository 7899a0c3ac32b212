// Package report writes the report of a run, or of a comparison, as one
// self-contained HTML file: inline CSS, charts as inline SVG, no script and
// no request to any host, so it opens offline and pastes into a design
// review. The page (through the worker) and `overloadlab report` write it
// with this same code, from the same runs.
//
// Charts are SVG written here, not by a plotting library: the report is
// also written inside the browser's WebAssembly, where gonum/plot's fonts
// and image packages, or templ's runtime (it imports net/http and
// crypto/tls), would several-fold the simulator's download, and a
// polyline per series on shared axes is all a report needs.
package report

import (
	"cmp"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"

	"overloadlab/core/catalog"
	"overloadlab/core/engine/claim"
	"overloadlab/core/engine/clock"
	"overloadlab/core/engine/compare"
	"overloadlab/core/engine/numtext"
	"overloadlab/core/engine/scenario"
	"overloadlab/core/engine/sim"
	"overloadlab/web/palette"
)

// CSP is the report's Content-Security-Policy: no script at all, nothing
// fetched, styles only its own (inline).
const CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'"

// WebPage reports whether page, the playground's address a report links
// to, is an http or https URL with a host (a javascript: or data: address
// would make the link a script).
//
// It reads the address as url.Parse would for these two schemes, without
// net/url, which brings net/netip and unique into the page's module
// (some 14 KB of brotli): the scheme, case-insensitive, then "//" and a
// host, the text up to the first '/', '?' or '#' less any "user@", that
// is not empty, whose port is digits, and with no control character in
// the address (TestWebPageAsURLParse, FuzzWebPage).
func WebPage(page string) bool {
	scheme, rest, ok := strings.Cut(page, "://")
	if !ok || !(strings.EqualFold(scheme, "http") || strings.EqualFold(scheme, "https")) {
		return false
	}
	if strings.IndexFunc(page, func(r rune) bool { return r < 0x20 || r == 0x7f }) >= 0 || strings.ContainsAny(page, " <>\"\\^`{|}") {
		return false
	}
	for i := strings.IndexByte(page, '%'); i >= 0; i = strings.IndexByte(page, '%') {
		if len(page) < i+3 || strings.Trim(page[i+1:i+3], "0123456789abcdefABCDEF") != "" {
			return false
		}
		page = page[i+3:]
	}
	host := rest
	if i := strings.IndexAny(rest, "/?#"); i >= 0 {
		host = rest[:i]
	}
	if strings.Contains(host, "%") { // escapes before the path: refused, not decoded
		return false
	}
	if i := strings.LastIndexByte(host, '@'); i >= 0 {
		if strings.Trim(host[:i], hostBytes+":@") != "" {
			return false
		}
		host = host[i+1:]
	}
	port := host
	if strings.HasPrefix(host, "[") {
		i := strings.IndexByte(host, ']')
		if i < 0 || !ipv6(host[1:i]) {
			return false
		}
		port = host[i+1:]
	} else {
		name := host
		if i := strings.IndexByte(host, ':'); i >= 0 {
			name, port = host[:i], host[i:]
		} else {
			port = ""
		}
		if strings.IndexFunc(name, func(r rune) bool { return r < 0x80 && !strings.ContainsRune(hostBytes, r) }) >= 0 {
			return false
		}
	}
	if port != "" && (port[0] != ':' || strings.Trim(port[1:], "0123456789") != "") {
		return false
	}
	return host != ""
}

// hostBytes are the ASCII a host name may hold (net/url's, RFC 3986's
// unreserved and sub-delims).
const hostBytes = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~!$&'()*+,;="

// ipv6 reports whether s is an IPv6 address as netip.ParseAddr reads
// one without a zone: eight groups of 1 to 4 hex digits, or fewer with
// one "::", the last two groups possibly an IPv4 address in dots.
func ipv6(s string) bool {
	groups, elided := 0, false
	if strings.HasPrefix(s, "::") {
		s, elided = s[2:], true
	}
	for s != "" {
		end := strings.IndexByte(s, ':')
		g := s
		if end >= 0 {
			g = s[:end]
		}
		if strings.Contains(g, ".") && end < 0 {
			if !ipv4(g) {
				return false
			}
			groups += 2
			break
		}
		if len(g) < 1 || len(g) > 4 || strings.Trim(g, "0123456789abcdefABCDEF") != "" {
			return false
		}
		groups++
		if end < 0 {
			break
		}
		s = s[end+1:]
		if strings.HasPrefix(s, ":") {
			if elided {
				return false
			}
			s, elided = s[1:], true
		} else if s == "" {
			return false
		}
	}
	return groups == 8 && !elided || groups < 8 && elided
}

// ipv4 reports whether s is four decimal bytes in dots, without leading
// zeros, as netip reads the tail of an IPv6 address.
func ipv4(s string) bool {
	parts := strings.Split(s, ".")
	if len(parts) != 4 {
		return false
	}
	for _, p := range parts {
		if p == "" || len(p) > 3 || strings.Trim(p, "0123456789") != "" || len(p) > 1 && p[0] == '0' {
			return false
		}
		if n, _ := strconv.Atoi(p); n > 255 {
			return false
		}
	}
	return true
}

// Input is what a report shows: run A, optionally B beside it, both
// advanced to the same time, and the author's words.
type Input struct {
	A, B   *sim.Run
	LabelA string
	LabelB string
	Title  string
	Note   string
	// Link is the what-if link (the part after '#'); Page the address of
	// the playground it opens in.
	Link string
	Page string
	// Sweep is the page's sweep, if one was run: the report names it (the
	// link holds it).
	Sweep *sim.Plan
	// Attempt is the challenge of the preset the run attempts ("" none):
	// the report judges it (attempt.go).
	Attempt string
}

// Write writes the report of in to w.
func Write(w io.Writer, in *Input) error {
	var b strings.Builder
	p := &printer{b: &b}
	a := in.A
	sc := a.Replay()
	title := cmp.Or(in.Title, "overloadlab — "+cmp.Or(sc.Preset, "custom scenario"))
	p.raw(`<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="` + CSP + `"><meta name="viewport" content="width=device-width, initial-scale=1">`)
	p.raw(`<title>`).text(title).raw(`</title><style>` + sheet + `</style></head><body>`)
	p.raw(`<h1>`).text(title).raw(`</h1>`)
	if in.Note != "" {
		p.raw(`<p class="note">`).text(in.Note).raw(`</p>`)
	}
	s := a.Summary()
	p.raw(`<p class="meta">Model `).text(a.Def.Title).raw(` · scenario `).text(cmp.Or(sc.Preset, "custom")).
		raw(` · seed `).text(strconv.FormatUint(sc.Seed, 10)).raw(` · simulated to `).text(clock.Format(s.DurationS, sc.Duration)).raw(` of `).text(clock.Format(sc.Duration, sc.Duration)).raw(` (`).text(clock.Notation(sc.Duration)).raw(`)</p>`)

	// The scenario and its differences.
	p.raw(`<h2>Scenario</h2>`)
	if base, err := catalog.Base(sc.Model, sc.Preset); err == nil {
		p.differences("Differences of A from "+cmp.Or(sc.Preset, "the model defaults"), scenario.Differences(sc, base), sc.Duration)
	}
	if pr := a.Def.Preset(sc.Preset); pr != nil && in.Attempt != "" {
		for i := range pr.Challenges {
			if ch := &pr.Challenges[i]; ch.Name == in.Attempt {
				base, _ := catalog.Base(sc.Model, sc.Preset)
				p.attempt(ch, scenario.Differences(sc, base), s.Claims, sc.Duration)
			}
		}
	}
	var res *compare.Result
	if in.B != nil {
		p.differences("Differences of B from A", scenario.Differences(in.B.Replay(), sc), sc.Duration)
		pair := compare.Pair{A: a, B: in.B}
		r := pair.Result(cmp.Or(in.LabelA, "A"), cmp.Or(in.LabelB, "B"))
		res = &r
	}

	// The numbers.
	if res != nil {
		p.raw(`<h2>A against B</h2><p>`).text(side("A", res.LabelA)).raw(` (faint lines in the charts) · `).text(side("B", res.LabelB)).raw(` (solid lines). A stacked chart is drawn once for A and once for B, on one scale. Same seed, same traffic.</p>`)
		p.table(res.Table)
	} else {
		p.raw(`<h2>Results</h2>`)
		p.summary(&s)
	}

	// The claims, checked over the run.
	if len(s.Claims) > 0 {
		p.raw(`<h2>Claims</h2>`)
		var claimsB []claim.Result
		if in.B != nil {
			claimsB = in.B.Summary().Claims
		}
		p.claims(s.Claims, claimsB)
	}

	// The charts, with the events of A (and B's own) as markers, the
	// moments the model marked during the run among them, listed first.
	p.raw(`<h2>Charts</h2>`)
	p.marks(a, "", sc.Duration)
	events := append(sim.Markers(a.Def, sc), a.Marks()...)
	if in.B != nil {
		p.marks(in.B, "B: ", sc.Duration)
		for _, e := range append(sim.Markers(a.Def, in.B.Replay()), in.B.Marks()...) {
			if !slices.Contains(events, e) {
				e.Label = "B: " + e.Label
				events = append(events, e)
			}
		}
	}
	sides := [2]string{side("A", cmp.Or(in.LabelA, "A")), side("B", cmp.Or(in.LabelB, "B"))}
	for i := range a.Def.Charts {
		p.chart(&a.Def.Charts[i], a, in.B, events, sides)
	}

	// Where it comes from.
	p.raw(`<h2>Reproduce</h2><dl class="repro"><dt>Seed</dt><dd>`).text(strconv.FormatUint(sc.Seed, 10)).raw(`</dd><dt>Digest A</dt><dd><code>`).text(s.Digest).raw(`</code></dd>`)
	if in.B != nil {
		p.raw(`<dt>Digest B</dt><dd><code>`).text(in.B.Summary().Digest).raw(`</code></dd>`)
	}
	if in.Sweep != nil {
		p.raw(`<dt>Sweep</dt><dd>`).text(in.Sweep.String()).raw(`</dd>`)
	}
	if in.Link != "" {
		url := in.Page + "#" + in.Link
		if WebPage(in.Page) {
			p.raw(`<dt>Link</dt><dd><a href="`).text(url).raw(`">`).text(url).raw(`</a></dd>`)
		} else {
			p.raw(`<dt>Link</dt><dd>`).text(url).raw(`</dd>`) // not an http(s) address: shown, not followed
		}
	}
	p.raw(`</dl><p class="foot">Written by overloadlab: the same scenario and seed give the same run, natively and in the page.</p></body></html>`)
	_, err := io.WriteString(w, b.String())
	return err
}

// marks lists the moments the model marked during run r (Run.Marks), as
// the page labels them beside their lines: the time, a span's end, the
// words; and how many past sim.MaxMarks were left out.
func (p *printer) marks(r *sim.Run, side string, run float64) {
	ms := r.Marks()
	if len(ms) == 0 {
		return
	}
	p.raw(`<p class="marks">`).text(side + "Marked during the run: ")
	for i, m := range ms {
		if i > 0 {
			p.raw(` · `)
		}
		at := clock.Format(m.At, run)
		if m.Until > m.At {
			at += "–" + clock.Format(m.Until, run)
		}
		p.raw(`<span data-at="`).text(strconv.FormatFloat(m.At, 'g', -1, 64)).raw(`">`).text(at + " " + m.Label).raw(`</span>`)
	}
	if n := r.MarksLeftOut(); n > 0 {
		p.text(fmt.Sprintf(" · and %d more, past the %d a run keeps", n, sim.MaxMarks))
	}
	p.raw(`</p>`)
}

// escape writes s as HTML text or attribute value (the html package would
// bring its table of entities into the wasm).
func escape(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch r {
		case '&':
			b.WriteString("&amp;")
		case '<':
			b.WriteString("&lt;")
		case '>':
			b.WriteString("&gt;")
		case '"':
			b.WriteString("&#34;")
		case '\'':
			b.WriteString("&#39;")
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

type printer struct{ b *strings.Builder }

func (p *printer) raw(s string) *printer  { p.b.WriteString(s); return p }
func (p *printer) text(s string) *printer { p.b.WriteString(escape(s)); return p }

func (p *printer) differences(head string, ds []scenario.Difference, run float64) {
	p.raw(`<p>`).text(head).raw(`:`)
	if len(ds) == 0 {
		p.raw(` none.</p>`)
		return
	}
	p.raw(`</p><ul class="diffs">`)
	for _, d := range ds {
		p.raw(`<li>`).text(fmt.Sprintf("%s: %s → %s", d.Param, d.Old, d.New))
		if d.Timed {
			p.text(" at " + clock.Format(d.At, run))
		} else {
			p.text(" from the start")
		}
		p.raw(`</li>`)
	}
	p.raw(`</ul>`)
}

// table writes the difference table, its numbers written as the page
// writes them.
func (p *printer) table(rows []compare.Row) {
	p.raw(`<div class="scroll"><table class="diff" id="diff-table"><thead><tr><th></th><th>A</th><th>B</th><th>Δ = B − A</th><th>Δ %</th></tr></thead><tbody>`)
	// The head names the sides in the text above it.
	for _, r := range rows {
		name := r.Name
		if r.Unit != "" && r.Unit != "msgs" {
			name += " (" + r.Unit + ")"
		}
		p.raw(`<tr data-row="`).text(r.Key).raw(`"><td>`).text(name).raw(`</td>`)
		delta := "0"
		if r.Delta != 0 {
			delta = signed(r, r.Delta)
		}
		pct := "–"
		if r.DeltaPct != nil {
			pct = signedPct(*r.DeltaPct)
		}
		cells := []string{cell(r, r.A), cell(r, r.B), delta, pct}
		if w := r.Words; w != nil { // a flag: yes/no (on/off), changed or same; a time not reached
			cells = []string{or(w.A, cells[0]), or(w.B, cells[1]), w.Delta, "–"}
		}
		for _, c := range cells {
			p.raw(`<td class="num">`).text(c).raw(`</td>`)
		}
		p.raw(`</tr>`)
	}
	p.raw(`</tbody></table></div>`)
}

// or is s, or else when s is "" (a Words cell that is its number).
func or(s, otherwise string) string {
	if s == "" {
		return otherwise
	}
	return s
}

// claims lists the preset's claims with ✓ or ✗ for A (and B).
func (p *printer) claims(a, b []claim.Result) {
	p.raw(`<p>✓ the run shows it, ✗ it does not; “not decided yet” while the run has not reached the end of the claim's window.</p>`)
	p.raw(`<div class="scroll"><table class="diff claims"><thead><tr><th>claim</th><th>wanted</th><th>A</th>`)
	if b != nil {
		p.raw(`<th>B</th>`)
	}
	p.raw(`</tr></thead><tbody>`)
	mark := func(c claim.Result) string {
		switch {
		case c.Pending:
			return "not decided yet: " + c.Figure
		case c.Holds:
			return "✓ " + c.Figure
		}
		return "✗ " + c.Figure
	}
	for i, c := range a {
		if c.Exercise {
			continue // an exercise's claim, not the lesson's
		}
		p.raw(`<tr><td>`).text(c.Says).raw(`</td><td>`).text(c.Wanted).raw(`</td><td>`).text(mark(c)).raw(`</td>`)
		if b != nil && i < len(b) {
			p.raw(`<td>`).text(mark(b[i])).raw(`</td>`)
		}
		p.raw(`</tr>`)
	}
	p.raw(`</tbody></table></div>`)
}

func (p *printer) summary(s *sim.Summary) {
	t := s.Total
	p.raw(`<div class="scroll"><table class="diff" id="results"><tbody>`)
	for _, r := range []struct {
		key, name, v string
	}{
		{"goodput", "goodput: completed in time per second, mean over the run", fmtNum(t.Goodput)},
		{"offered", "offered (requests over the run)", count(t.Offered)},
		{"completed", "completed in time", count(t.Completed)},
		{"late", "completed late", count(t.Late)},
		{"rejected", "rejected", count(t.Rejected)},
		{"dropped", "dropped", count(t.Dropped)},
		{"throttled", "throttled", count(t.Throttled)},
		{"cpu/mean", "CPU, mean over the intervals (%)", fmtNum(s.CPU.Mean)},
		{"cpu/max", "CPU, highest interval (%)", fmtNum(s.CPU.Max)},
	} {
		p.raw(`<tr data-row="`).text(r.key).raw(`"><td>`).text(r.name).raw(`</td><td class="num">`).text(r.v).raw(`</td></tr>`)
	}
	p.raw(`</tbody></table></div>`)
}

const (
	chartW, chartH         = 760, 230
	padL, padR, padT, padB = 60, 16, 12, 34
)

// A curve is one series of a chart as the report draws it: a stacked
// layer (an area between lo and v) or a line, in the page's style
// (web/palette.For).
type curve struct {
	name, label string // the column (or "line:<k>") and its words
	st          palette.Style
	t, v, lo    []float64
	area        bool
	ghost       bool // A's line in a comparison: drawn faint
	dash        []int
}

// curves returns what a chart draws for one run, as the page draws it:
// the series as stacked areas (each layer filled from the one below it,
// the first at the bottom) or as lines, then the overlays, then the
// thresholds as steps.
func curves(c *sim.Chart, r *sim.Run, st palette.Styles, ghost bool) []curve {
	var out []curve
	var sums []float64
	series := c.Series
	if c.Upto != "" {
		if k := int(r.Values().Num(c.Upto)); k >= 0 && k < len(series) {
			series = series[:k]
		}
	}
	held := heldSeries(c, r)
	for i, name := range series {
		t, v, ok := r.Recorder().Series(name)
		if !ok || !held[i] {
			continue
		}
		k := curve{name: name, label: label(r, name), st: style(st.Series, i), t: t, v: v, ghost: ghost}
		if c.Stacked {
			if sums == nil {
				sums = make([]float64, len(v))
			}
			k.area, k.lo, k.v = true, slices.Clone(sums), make([]float64, len(v))
			for j := range v {
				if !math.IsNaN(v[j]) {
					sums[j] += v[j]
				}
				k.v[j] = sums[j]
			}
		} else {
			k.dash = k.st.Dash
		}
		out = append(out, k)
	}
	for i, name := range c.Overlay {
		if t, v, ok := r.Recorder().Series(name); ok {
			s := style(st.Overlay, i)
			out = append(out, curve{name: name, label: label(r, name), st: s, t: t, v: v, ghost: ghost, dash: s.Dash})
		}
	}
	for k, l := range c.Lines {
		t, v := threshold(l, r)
		if t != nil {
			s := style(st.Lines, k)
			out = append(out, curve{name: "line:" + strconv.Itoa(k), label: l.Label, st: s, t: t, v: v, ghost: ghost, dash: s.Dash})
		}
	}
	return out
}

// style is the i-th style of a chart's list, ink when it has none.
func style(ss []palette.Style, i int) palette.Style {
	if i < len(ss) {
		return ss[i]
	}
	return palette.Style{Light: "#1f2328", Dark: "#e6edf3"}
}

func label(r *sim.Run, name string) string {
	for _, c := range r.Recorder().Columns() {
		if c.Name == name {
			return c.Label
		}
	}
	return name
}

// heldSeries says, for each of the chart's series, whether its condition
// (sim.Chart.If) holds at some time of run r, following the timeline: the
// page neither draws nor lists a series that does not exist in the run.
func heldSeries(c *sim.Chart, r *sim.Run) []bool {
	held := make([]bool, len(c.Series))
	sc := r.Replay()
	vals := sc.Params.Clone()
	mark := func() {
		for i := range held {
			held[i] = held[i] || c.SeriesOn(i, vals)
		}
	}
	mark()
	end := r.Now().Seconds()
	for _, ch := range sc.Timeline {
		if ch.At > end {
			break
		}
		if len(c.If) != 0 && vals.Put(ch.Param, ch.Value) == nil {
			mark()
		}
	}
	return held
}

// threshold returns a line's value over the run as steps: a fixed value,
// or a parameter's value, following the timeline; NaN while its switch is
// off.
func threshold(l sim.Line, r *sim.Run) (t, v []float64) {
	sc := r.Replay()
	vals := sc.Params.Clone()
	at := func() float64 {
		if !l.On(vals) {
			return math.NaN()
		}
		if l.Param != "" {
			return vals.Num(l.Param)
		}
		return l.Value
	}
	end := r.Now().Seconds()
	t, v = []float64{0}, []float64{at()}
	for _, c := range sc.Timeline {
		if c.At > end {
			break
		}
		if vals.Put(c.Param, c.Value) == nil {
			t, v = append(t, c.At, c.At), append(v, v[len(v)-1], at())
		}
	}
	return append(t, end), append(v, v[len(v)-1])
}

// scale is a chart's y axis: 0 to top, ticks every step.
type scale struct{ top, step float64 }

// yScale is the page's y range: 0 to 100 on a percentage chart (values
// above are drawn at the top, as the page clips them), else from 0 to the
// highest value and 8 % more, on round ticks.
func yScale(percent bool, hi float64) scale {
	if percent {
		return scale{100, 25}
	}
	if !(hi > 0) {
		hi = 1
	}
	step := niceStep(hi * 1.08 / 4)
	return scale{math.Ceil(hi*1.08/step-1e-9) * step, step}
}

// niceStep rounds a tick spacing up to 1, 2, 2.5 or 5 × 10^k.
func niceStep(v float64) float64 {
	e := math.Pow(10, math.Floor(math.Log10(v)))
	for _, m := range []float64{1, 2, 2.5, 5} {
		if v <= m*e*(1+1e-9) {
			return m * e
		}
	}
	return 10 * e
}

// timeStep is the spacing of the time axis's ticks, as the page's
// (clock.Ticks, which TestTimeStepIsTheClocks checks this list against:
// calling it here weighs 0.8 KB of brotli in the wasm): seconds and
// minutes in a short run, whole minutes in a long one; at most six
// intervals.
func timeStep(xmax, run float64) float64 {
	steps := []float64{1, 2, 5, 10, 15, 20, 30, 60, 120, 300, 600, 900, 1200, 1800, 3600, 7200, 10800, 21600, 43200, 86400}
	if run > clock.Long {
		steps = steps[7:]
	}
	for _, s := range steps {
		if xmax/s <= 6 {
			return s
		}
	}
	return steps[len(steps)-1]
}

// chart writes one chart as SVG in the page's colours, stacking, scale and
// time notation. In a comparison, A's lines are faint and B's solid on one
// pair of axes; a stacked chart is drawn twice on one scale, A's stack then
// B's, since a stack's layer drawn as a line would read as its own value.
func (p *printer) chart(c *sim.Chart, a, b *sim.Run, events []sim.Event, sides [2]string) {
	st := palette.For(*c)
	var panels [][]curve
	var names []string
	switch {
	case b == nil:
		panels = [][]curve{curves(c, a, st, false)}
		names = []string{""}
	case c.Stacked:
		panels = [][]curve{curves(c, a, st, false), curves(c, b, st, false)}
		names = sides[:]
	default:
		panels = [][]curve{append(curves(c, a, st, true), curves(c, b, st, false)...)}
		names = []string{""}
	}
	percent := c.Unit == "%"
	hi := 0.0
	for _, cs := range panels {
		for _, k := range cs {
			for _, y := range k.v {
				if !math.IsNaN(y) {
					hi = max(hi, y)
				}
			}
		}
	}
	ys := yScale(percent, hi)
	run := a.Replay().Duration
	title := c.Title
	if c.Unit != "" {
		title += " (" + unitWords(c.Unit) + ")"
	}
	p.raw(`<figure class="chart" data-chart="`).text(c.ID).raw(`"><figcaption>`).text(title).raw(`</figcaption>`)
	for i, cs := range panels {
		if names[i] != "" {
			p.raw(`<p class="side">`).text(names[i]).raw(`</p>`)
		}
		p.svg(c, cs, ys, percent, a.Now().Seconds(), run, events, title, names[i])
	}
	if percent && hi > 100 {
		p.raw(`<p class="clip">Above 100 % at times: drawn at the top, as the page draws it.</p>`)
	}
	// The legend as the page's: a stack's top layer first.
	p.raw(`<p class="legend">`)
	seen := map[string]bool{}
	last := panels[len(panels)-1]
	var order []curve
	for i := len(last) - 1; i >= 0; i-- {
		if last[i].area {
			order = append(order, last[i])
		}
	}
	for _, k := range last {
		if !k.area {
			order = append(order, k)
		}
	}
	for _, k := range order {
		if seen[k.name] {
			continue
		}
		seen[k.name] = true
		p.raw(`<span><i style="` + markCSS(k) + `"></i>`).text(k.label).raw(`</span>`)
	}
	p.raw(`</p></figure>`)
}

// svg writes one panel of a chart.
func (p *printer) svg(c *sim.Chart, cs []curve, ys scale, percent bool, xmax, run float64, events []sim.Event, title, side string) {
	if xmax <= 0 {
		xmax = 1
	}
	x := func(t float64) float64 { return padL + t/xmax*(chartW-padL-padR) }
	y := func(v float64) float64 {
		return chartH - padB - min(v, ys.top)/ys.top*(chartH-padT-padB)
	}
	id := c.ID + side
	aria := title
	if side != "" {
		aria = side + ": " + title
	}
	fmt.Fprintf(p.b, `<svg viewBox="0 0 %d %d" width="100%%" role="img" aria-label="%s" xmlns="http://www.w3.org/2000/svg">`, chartW, chartH, escape(aria))
	// The hatchings of the stacked areas, as the page's (charts.ts hatchTile):
	// light strokes over the layer's colour, 8 px tiles.
	p.raw(`<defs>`)
	for _, h := range []struct{ key, d string }{{"fw", "M-8,8L0,0M0,8L8,0M8,8L16,0"}, {"bw", "M-8,0L0,8M0,0L8,8M8,0L16,8"}, {"x", "M-8,8L0,0M0,8L8,0M8,8L16,0M-8,0L0,8M0,0L8,8M8,0L16,8"}, {"v", "M4,0L4,8"}} {
		fmt.Fprintf(p.b, `<pattern id="h-%s-%s" width="8" height="8" patternUnits="userSpaceOnUse"><path d="%s" stroke="#fff" stroke-opacity=".7" stroke-width="1"/></pattern>`, escape(id), h.key, h.d)
	}
	p.raw(`</defs>`)
	// Axes with ticks: one y scale for both runs.
	for v := 0.0; v <= ys.top+ys.step/1e6; v += ys.step {
		fmt.Fprintf(p.b, `<line x1="%d" x2="%d" y1="%.1f" y2="%.1f" class="grid"/><text x="%d" y="%.1f" class="ytick">%s</text>`, padL, chartW-padR, y(v), y(v), padL-6, y(v)+4, tick(v))
	}
	step := timeStep(xmax, run)
	for t := 0.0; t <= xmax+1e-9; t += step {
		fmt.Fprintf(p.b, `<text x="%.1f" y="%d" class="xtick">%s</text>`, x(t), chartH-padB+16, clock.Format(t, run))
	}
	fmt.Fprintf(p.b, `<text x="%d" y="%d" class="xlabel">simulated time (%s)</text>`, chartW-padR, chartH-4, clock.Notation(run))
	// Event markers: the timeline's changes, the model's own events and
	// marks; a span shaded to its end (or the time reached), as the page's.
	for _, e := range events {
		if e.At > xmax {
			continue
		}
		if u := min(e.Until, xmax); u > e.At {
			fmt.Fprintf(p.b, `<rect x="%.1f" y="%d" width="%.1f" height="%d" class="span"/>`, x(e.At), padT, x(u)-x(e.At), chartH-padB-padT)
		}
		fmt.Fprintf(p.b, `<line x1="%.1f" x2="%.1f" y1="%d" y2="%d" class="event"><title>%s</title></line>`, x(e.At), x(e.At), padT, chartH-padB, escape(clock.Format(e.At, run)+": "+e.Label))
	}
	for _, k := range cs {
		if k.area {
			// The layer between the one below (lo) and its top (v).
			var d strings.Builder
			for j := range k.t {
				cmd := "L"
				if j == 0 {
					cmd = "M"
				}
				fmt.Fprintf(&d, "%s%.1f,%.1f", cmd, x(k.t[j]), y(k.v[j]))
			}
			for j := len(k.t) - 1; j >= 0; j-- {
				fmt.Fprintf(&d, "L%.1f,%.1f", x(k.t[j]), y(k.lo[j]))
			}
			d.WriteString("Z")
			fmt.Fprintf(p.b, `<path class="layer" data-series="%s" fill="%s" fill-opacity="%g" d="%s"><title>%s</title></path>`, escape(k.name), k.st.Light, palette.FillAlpha, d.String(), escape(k.label))
			if h := hatchKey(k.st.Hatch); h != "" {
				fmt.Fprintf(p.b, `<path class="hatch" fill="url(#h-%s-%s)" d="%s"/>`, escape(id), h, d.String())
			}
			continue
		}
		var pts strings.Builder
		for j := range k.t {
			if math.IsNaN(k.v[j]) {
				continue
			}
			fmt.Fprintf(&pts, "%.1f,%.1f ", x(k.t[j]), y(k.v[j]))
		}
		cls := "b"
		if k.ghost {
			cls = "a"
		}
		dash := ""
		if len(k.dash) > 0 {
			dash = ` stroke-dasharray="` + strings.Trim(fmt.Sprint(k.dash), "[]") + `"`
		}
		// The light page's colour as the attribute, the dark page's as
		// --d, which the style sheet's dark media query draws with.
		fmt.Fprintf(p.b, `<polyline class="%s" data-series="%s" stroke="%s" style="--d:%s"%s points="%s"><title>%s</title></polyline>`, cls, escape(k.name), k.st.Light, k.st.Dark, dash, strings.TrimSpace(pts.String()), escape(k.label))
	}
	p.raw(`</svg>`)
}

// hatchKey names a hatching's pattern ("" for none).
func hatchKey(h string) string {
	switch h {
	case "/":
		return "fw"
	case "\\":
		return "bw"
	case "x":
		return "x"
	case "|":
		return "v"
	}
	return ""
}

// markCSS is a legend mark as the page's (charts.ts markerCSS): the
// colour, hatched as the area is, or dashed as the line is.
// Its colours are the light page's unless the dark media query sets --k
// (to the dark page's colour, --d) and --hk (the hatching's ink).
func markCSS(k curve) string {
	c := "var(--k," + k.st.Light + ")"
	const ink = "var(--hk,rgba(255,255,255,0.7))"
	pre := "--d:" + k.st.Dark + ";"
	if k.area {
		switch k.st.Hatch {
		case "/", "\\", "|":
			angle := map[string]string{"/": "45deg", "\\": "-45deg", "|": "90deg"}[k.st.Hatch]
			return pre + "background:repeating-linear-gradient(" + angle + "," + ink + " 0 1.5px,transparent 1.5px 5px)," + c
		case "x":
			return pre + "background:repeating-linear-gradient(-45deg," + ink + " 0 1.5px,transparent 1.5px 5px),repeating-linear-gradient(45deg," + ink + " 0 1.5px,transparent 1.5px 5px)," + c
		}
		return pre + "background:" + c
	}
	if len(k.dash) > 0 {
		return pre + "background:repeating-linear-gradient(90deg," + c + " 0 4px,transparent 4px 7px) center/100% 3px no-repeat"
	}
	return pre + "background:" + c + " center/100% 3px no-repeat"
}

// unitWords writes a chart's unit for its title: "/s" as "per second".
func unitWords(u string) string {
	if rest, ok := strings.CutPrefix(u, "/"); ok && rest == "s" {
		return "per second"
	}
	if rest, ok := strings.CutSuffix(u, "/s"); ok {
		return rest + " per second"
	}
	if u == "s" {
		return "seconds"
	}
	return u
}

// side names a side of a comparison: "A", or "A: its label".
func side(k, label string) string {
	if label == k {
		return k
	}
	return k + ": " + label
}

// tick writes an axis value: whole numbers plainly, others in at most 4
// significant digits.
func tick(v float64) string {
	if v == math.Trunc(v) && math.Abs(v) < 1e9 {
		return strconv.FormatFloat(v, 'f', 0, 64)
	}
	return strconv.FormatFloat(v, 'g', 4, 64)
}

// fmtNum writes a number as the page does (numtext.Fmt).
func fmtNum(v float64) string { return numtext.Fmt(v) }

// sign is the sign of a difference as the page writes it.
func sign(x float64) string {
	switch {
	case x > 0:
		return "+"
	case x < 0:
		return "−"
	}
	return "±"
}

// signed writes a difference with its sign, as the page does: written as
// the row's values are (cell).
func signed(r compare.Row, x float64) string { return sign(x) + cell(r, math.Abs(x)) }

// signedPct writes Δ % as the page does (never with separators).
func signedPct(x float64) string { return sign(x) + fmtNum(math.Abs(x)) + " %" }

// cell writes a table value: counts with thousands separators, rates and
// percentages as fmtNum.
func cell(r compare.Row, x float64) string {
	if x == math.Trunc(x) && r.Unit != "%" && r.Unit != "/s" && math.Abs(x) < 1e15 {
		return count(int64(x))
	}
	return fmtNum(x)
}

// count writes a whole number as the page does (numtext.Count).
func count(n int64) string { return numtext.Count(n) }

// The report's theme, as the page's style sheet's (static/style.css):
// text, muted text (the axes' labels), the chart's grid and the markers of
// the timeline's events, on the light page and the dark one. The charts'
// panels are palette.LightPage and palette.DarkPage, as the page's.
const (
	lightInk, darkInk     = "#1f2328", "#e6edf3"
	lightMuted, darkMuted = "#57606a", "#9198a1"
	lightGrid, darkGrid   = "#eaeef2", "#262c36"
	lightEvent, darkEvent = "#8c6d1f", "#d29922"
)

const sheet = `body{font:15px/1.45 system-ui,sans-serif;color:` + lightInk + `;background:#fff;max-width:820px;margin:24px auto;padding:0 16px}
h1{font-size:1.6em;margin:.2em 0}h2{font-size:1.2em;margin-top:1.6em;border-bottom:1px solid #d0d7de}
.note{font-size:1.05em;background:#f6f8fa;border-left:4px solid #1f6feb;padding:8px 12px}
.meta,.foot{color:` + lightMuted + `}.diffs li{font-family:ui-monospace,monospace;font-size:.92em}
.scroll{overflow-x:auto;max-width:100%}
table.diff{border-collapse:collapse;width:100%}table.diff td,table.diff th{padding:3px 8px;border-bottom:1px solid #eaeef2;text-align:left;vertical-align:top}
table.diff td:first-child{overflow-wrap:anywhere}
table.diff td.num,table.diff th.num,#diff-table th:not(:first-child){text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
.side{margin:.4em 0 0;font-weight:600;font-size:.9em}.clip{font-size:12px;color:` + lightMuted + `;margin:.2em 0}
@media (max-width:520px){body{font-size:14px;padding:0 8px}table.diff td,table.diff th{padding:3px 4px}table.diff{font-size:.9em}}
figure{margin:1em 0}figcaption{font-weight:600}svg{background:` + palette.LightPage + `}
.grid{stroke:` + lightGrid + `}.ytick{font-size:11px;text-anchor:end;fill:` + lightMuted + `}.xtick{font-size:11px;text-anchor:middle;fill:` + lightMuted + `}
.xlabel{font-size:11px;text-anchor:end;fill:` + lightMuted + `}.event{stroke:` + lightEvent + `;stroke-dasharray:3 3}.span{fill:` + lightEvent + `;fill-opacity:.12}
polyline{fill:none;stroke-width:1.6}polyline.a{stroke-width:1.2;opacity:.35}
.legend span{display:inline-block;margin-right:12px;font-size:12px}.legend i{display:inline-block;width:12px;height:10px;margin-right:4px}
.repro code{font-size:.9em}a{color:#0969da;word-break:break-all}
@media (prefers-color-scheme:dark){body{background:#0d1117;color:` + darkInk + `}.note{background:#161b22}h2{border-color:#30363d}table.diff td,table.diff th{border-color:#30363d}.meta,.foot,.clip{color:` + darkMuted + `}a{color:#58a6ff}` +
	`svg{background:` + palette.DarkPage + `}.grid{stroke:` + darkGrid + `}.ytick,.xtick,.xlabel{fill:` + darkMuted + `}.event{stroke:` + darkEvent + `}.span{fill:` + darkEvent + `}` +
	`polyline[style]{stroke:var(--d)}pattern path{stroke:#000;stroke-opacity:.55}.legend i{--k:var(--d);--hk:rgba(0,0,0,.55)}}`
