package report

import (
	"bytes"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"overloadlab/core/catalog"
	"overloadlab/core/engine/clock"
	"overloadlab/core/engine/compare"
	"overloadlab/core/engine/param"
	"overloadlab/core/engine/sim"
	pal "overloadlab/web/palette"
)

// firstPresets is one preset of each model, run for at most five minutes.
func firstPresets(t *testing.T) []*sim.Run {
	t.Helper()
	var runs []*sim.Run
	seen := map[string]bool{}
	for _, p := range catalog.Presets() {
		if seen[p.Model] {
			continue
		}
		seen[p.Model] = true
		sc, err := catalog.Preset(p.Name)
		if err != nil {
			t.Fatal(err)
		}
		sc.Duration = min(sc.Duration, 300)
		r, err := catalog.Start(sc, false)
		if err != nil {
			t.Fatal(p.Name, err)
		}
		r.RunToEnd()
		runs = append(runs, r)
	}
	return runs
}

func write(t *testing.T, in *Input) string {
	t.Helper()
	var b bytes.Buffer
	if err := Write(&b, in); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

var (
	figureRe = regexp.MustCompile(`(?s)<figure class="chart" data-chart="([^"]+)">(.*?)</figure>`)
	layerRe  = regexp.MustCompile(`<path class="layer" data-series="([^"]+)" fill="([^"]+)"`)
	lineRe   = regexp.MustCompile(`<polyline class="(a|b)" data-series="([^"]+)" stroke="([^"]+)"`)
	yTickRe  = regexp.MustCompile(`class="ytick">([^<]+)<`)
	xTickRe  = regexp.MustCompile(`class="xtick">([^<]+)<`)
)

// The report's charts mean what the page's do: every series in the
// colour the page gives it (web/palette.For, the styles the page draws
// with), a stacked chart's layers filled areas and never lines, a
// percentage chart from 0 to 100 % and no higher, times as the run's
// clock writes them.
func TestChartsAsThePage(t *testing.T) {
	for _, r := range firstPresets(t) {
		page := write(t, &Input{A: r})
		checkCharts(t, r, page, false)
	}
}

func checkCharts(t *testing.T, r *sim.Run, page string, comparing bool) {
	t.Helper()
	run := r.Replay().Duration
	figs := figureRe.FindAllStringSubmatch(page, -1)
	if len(figs) != len(r.Def.Charts) {
		t.Fatalf("%s: %d charts, the model has %d", r.Def.Name, len(figs), len(r.Def.Charts))
	}
	for i, f := range figs {
		c := r.Def.Charts[i]
		where := r.Def.Name + " chart " + c.ID
		if f[1] != c.ID {
			t.Fatalf("%s: chart %d is %s", where, i, f[1])
		}
		st := pal.For(c)
		want := map[string]string{} // series → its light colour
		for k, name := range c.Series {
			want[name] = st.Series[k].Light
		}
		for k, name := range c.Overlay {
			want[name] = st.Overlay[k].Light
		}
		for k := range c.Lines {
			want["line:"+strconv.Itoa(k)] = st.Lines[k].Light
		}
		layers := 0
		for _, m := range layerRe.FindAllStringSubmatch(f[2], -1) {
			layers++
			if !c.Stacked || !slices.Contains(c.Series, m[1]) {
				t.Errorf("%s: %s drawn as an area, not a stacked layer", where, m[1])
			}
			if m[2] != want[m[1]] {
				t.Errorf("%s: layer %s in %s, the page's %s", where, m[1], m[2], want[m[1]])
			}
		}
		if c.Stacked && layers == 0 {
			t.Errorf("%s: a stacked chart without a filled layer", where)
		}
		for _, m := range lineRe.FindAllStringSubmatch(f[2], -1) {
			if c.Stacked && slices.Contains(c.Series, m[2]) {
				t.Errorf("%s: the stacked layer %s drawn as a line", where, m[2])
			}
			if m[3] != want[m[2]] {
				t.Errorf("%s: line %s in %s, the page's %s", where, m[2], m[3], want[m[2]])
			}
			if m[1] == "a" && !comparing {
				t.Errorf("%s: a faint line without a comparison", where)
			}
		}
		drawn := f[2]
		held := heldSeries(&c, r)
		for name := range want {
			_, _, recorded := r.Recorder().Series(name)
			if k := slices.Index(c.Series, name); k >= 0 && !held[k] {
				if strings.Contains(drawn, `data-series="`+name+`"`) {
					t.Errorf("%s: %s drawn, though the run does not have it", where, name)
				}
				continue
			}
			if c.Upto == "" && (recorded || strings.HasPrefix(name, "line:")) && !strings.Contains(drawn, `data-series="`+name+`"`) {
				t.Errorf("%s: %s not drawn in the page's style", where, name)
			}
		}
		top := 0.0
		for _, m := range yTickRe.FindAllStringSubmatch(f[2], -1) {
			v, err := strconv.ParseFloat(m[1], 64)
			if err != nil {
				t.Fatalf("%s: tick %q", where, m[1])
			}
			top = max(top, v)
		}
		if c.Unit == "%" && top != 100 {
			t.Errorf("%s: a percentage chart up to %g %%", where, top)
		}
		ticks := xTickRe.FindAllStringSubmatch(f[2], -1)
		if len(ticks) < 2 {
			t.Errorf("%s: %d time ticks", where, len(ticks))
		}
		for _, m := range ticks {
			if !clockText(m[1], run) {
				t.Errorf("%s: time tick %q is not in the run's clock (%s)", where, m[1], clock.Notation(run))
			}
		}
		if !strings.Contains(f[2], "simulated time ("+clock.Notation(run)+")") {
			t.Errorf("%s: the time axis does not name its notation", where)
		}
	}
}

// clockText tells whether s is a time as clock.Format writes one for a
// run lasting run seconds.
func clockText(s string, run float64) bool {
	re := `^\d+:\d\d$`
	if run > clock.Long {
		re = `^\d+:\d\d:\d\d$`
	}
	return regexp.MustCompile(re).MatchString(s)
}

// In a comparison A's lines are faint beside B's, and a stacked chart is
// drawn for each side in full: no layer of either becomes a line.
func TestComparisonChartsAsThePage(t *testing.T) {
	a, _ := catalog.Preset("doic-plain-vs-ranked")
	b, _ := catalog.Preset("doic-plain-vs-ranked")
	if err := b.Params.Put("doic.abatement", param.Str("priority-only")); err != nil {
		t.Fatal(err)
	}
	p, err := compare.Start(a, b, false)
	if err != nil {
		t.Fatal(err)
	}
	p.RunToEnd()
	page := write(t, &Input{A: p.A, B: p.B, LabelA: "plain", LabelB: "ranked"})
	checkCharts(t, p.A, page, true)
	for _, f := range figureRe.FindAllStringSubmatch(page, -1) {
		c, _ := chartOf(p.A.Def, f[1])
		if n := strings.Count(f[2], "<svg"); c.Stacked && n != 2 {
			t.Errorf("chart %s: a stacked chart in a comparison drawn %d times, want A's and B's", f[1], n)
		}
	}
	if !strings.Contains(page, `<polyline class="a"`) {
		t.Error("no faint line of A")
	}
}

// A series that does not exist in the scenario (SIP's alternate server
// when none is configured) is neither drawn at 0 nor in the legend; with
// the alternate, and beside it in a comparison, it is.
func TestAbsentSeriesNotDrawn(t *testing.T) {
	run := func(name string, alternate bool) *sim.Run {
		sc, err := catalog.Preset(name)
		if err != nil {
			t.Fatal(err)
		}
		sc.Duration = 20
		if err := sc.Params.Put("alternate.enabled", param.On(alternate)); err != nil {
			t.Fatal(err)
		}
		r, err := catalog.Start(sc, false)
		if err != nil {
			t.Fatal(err)
		}
		r.RunToEnd()
		return r
	}
	figure := func(page, id string) string {
		for _, f := range figureRe.FindAllStringSubmatch(page, -1) {
			if f[1] == id {
				return f[2]
			}
		}
		t.Fatalf("no chart %s", id)
		return ""
	}
	without, with := run("sip-503-retry-after", false), run("sip-503-alternate", true)
	for _, c := range []struct{ chart, series, words string }{
		{"cpu", "alternate.cpu", "alternate server occupancy"},
		{"queue", "alternate.delay", "the alternate's queue"},
		{"retry-after", "diverted", "sent to the alternate server"},
	} {
		for _, k := range []struct {
			what string
			page string
			want bool
		}{
			{"no alternate", write(t, &Input{A: without}), false},
			{"an alternate", write(t, &Input{A: with}), true},
			{"A with an alternate beside B without", write(t, &Input{A: with, B: without, LabelA: "A", LabelB: "B"}), true},
		} {
			f := figure(k.page, c.chart)
			if got := strings.Contains(f, `data-series="`+c.series+`"`); got != k.want {
				t.Errorf("%s: chart %s draws %s: %v, want %v", k.what, c.chart, c.series, got, k.want)
			}
			if got := strings.Contains(f, escape(c.words)); got != k.want {
				t.Errorf("%s: chart %s lists %q: %v, want %v", k.what, c.chart, c.words, got, k.want)
			}
		}
	}
}

func chartOf(d *sim.Def, id string) (sim.Chart, bool) {
	for _, c := range d.Charts {
		if c.ID == id {
			return c, true
		}
	}
	return sim.Chart{}, false
}

var rowRe = regexp.MustCompile(`<tr data-row="([^"]+)"><td>[^<]*</td><td class="num">([^<]*)</td></tr>`)

// The report's numbers are the summary's, written as the page writes
// them; a claim not yet decided says so in words.
func TestNumbersAreTheSummarys(t *testing.T) {
	for _, r := range firstPresets(t) {
		page := write(t, &Input{A: r})
		s := r.Summary()
		got := map[string]string{}
		for _, m := range rowRe.FindAllStringSubmatch(page, -1) {
			got[m[1]] = m[2]
		}
		for key, want := range map[string]string{
			"goodput": fmtNum(s.Total.Goodput), "offered": count(s.Total.Offered), "completed": count(s.Total.Completed),
			"late": count(s.Total.Late), "rejected": count(s.Total.Rejected), "dropped": count(s.Total.Dropped),
			"throttled": count(s.Total.Throttled), "cpu/mean": fmtNum(s.CPU.Mean), "cpu/max": fmtNum(s.CPU.Max),
		} {
			if got[key] != want {
				t.Errorf("%s: %s reads %q, the summary's %q", r.Def.Name, key, got[key], want)
			}
		}
		// And the words around them are the numbers' own, not a rounding:
		// the goodput written is within half a last digit of the summary's.
		if g, err := strconv.ParseFloat(strings.ReplaceAll(got["goodput"], ",", ""), 64); err != nil || math.Abs(g-s.Total.Goodput) > 0.5 {
			t.Errorf("%s: goodput %q, the summary's %g", r.Def.Name, got["goodput"], s.Total.Goodput)
		}
		for _, c := range s.Claims {
			if c.Exercise {
				continue // an exercise's claim: not in the lesson's table
			}
			if !strings.Contains(page, escape(c.Figure)) {
				t.Errorf("%s: claim %s: the figure %q is not in the report", r.Def.Name, c.Name, c.Figure)
			}
		}
		if strings.Contains(page, "<td>… ") {
			t.Errorf("%s: a pending claim marked by an unexplained …", r.Def.Name)
		}
	}
}

// styleRules reads a style sheet's rules, outside any @media and inside
// the one whose query is media: selector → property → value.
func styleRules(t *testing.T, page, media string) map[string]map[string]string {
	t.Helper()
	css := page[strings.Index(page, "<style>")+len("<style>") : strings.Index(page, "</style>")]
	var src strings.Builder
	for css != "" {
		open := strings.IndexByte(css, '{')
		if open < 0 {
			break
		}
		depth, end := 0, open
		for ; end < len(css); end++ {
			if css[end] == '{' {
				depth++
			} else if css[end] == '}' {
				if depth--; depth == 0 {
					break
				}
			}
		}
		prelude, block := strings.TrimSpace(css[:open]), css[:end+1]
		if query, ok := strings.CutPrefix(prelude, "@media "); ok {
			block = css[open+1 : end]
			if query != media {
				block = ""
			}
		} else if media != "" {
			block = ""
		}
		src.WriteString(block)
		css = css[min(end+1, len(css)):]
	}
	rules := map[string]map[string]string{}
	for _, r := range strings.Split(src.String(), "}") {
		sel, body, ok := strings.Cut(r, "{")
		if !ok {
			continue
		}
		for _, s := range strings.Split(sel, ",") {
			s = strings.TrimSpace(s)
			if rules[s] == nil {
				rules[s] = map[string]string{}
			}
			for _, d := range strings.Split(body, ";") {
				if k, v, ok := strings.Cut(d, ":"); ok {
					rules[s][strings.TrimSpace(k)] = strings.TrimSpace(v)
				}
			}
		}
	}
	return rules
}

var darkRe = regexp.MustCompile(`<polyline class="(?:a|b)" data-series="([^"]+)" stroke="[^"]+" style="--d:([^"]+)"`)

// The report follows the system's dark theme as the page does: in dark
// mode its charts are drawn on the page's dark panel (palette.DarkPage),
// every line in the dark page's colour web/palette gives it, which has
// 3:1 contrast with that panel (the palette test's check, WCAG 1.4.11),
// the axes' labels 4.5:1 (WCAG 1.4.3, small text) and the event markers
// 3:1, on either theme; the hatching's ink is the page's dark one.
func TestDarkThemeAsThePage(t *testing.T) {
	contrastOf := func(x, y string) float64 {
		a, err := pal.Hex(x)
		if err != nil {
			t.Fatalf("colour %q: %v", x, err)
		}
		b, err := pal.Hex(y)
		if err != nil {
			t.Fatalf("colour %q: %v", y, err)
		}
		return pal.Contrast(a, b)
	}
	for _, r := range firstPresets(t) {
		page := write(t, &Input{A: r})
		for _, th := range []struct {
			name, media, panel string
		}{{"dark", "(prefers-color-scheme:dark)", pal.DarkPage}, {"light", "", pal.LightPage}} {
			rules := styleRules(t, page, th.media)
			if got := rules["svg"]["background"]; got != th.panel {
				t.Fatalf("%s, %s theme: the charts' panel is %q, the page's %s", r.Def.Name, th.name, got, th.panel)
			}
			for _, k := range []struct {
				sel, prop string
				min       float64
			}{{".ytick", "fill", 4.5}, {".xtick", "fill", 4.5}, {".xlabel", "fill", 4.5}, {".event", "stroke", 3}} {
				c := rules[k.sel][k.prop]
				if c == "" {
					t.Fatalf("%s theme: %s has no %s", th.name, k.sel, k.prop)
				}
				if got := contrastOf(c, th.panel); got < k.min {
					t.Errorf("%s theme: %s %s %s has contrast %.2f:1 with the panel, want ≥ %g:1", th.name, k.sel, k.prop, c, got, k.min)
				}
			}
			if th.name == "dark" {
				if rules["polyline[style]"]["stroke"] != "var(--d)" {
					t.Errorf("dark theme: the lines are not drawn in their dark colours: %v", rules["polyline[style]"])
				}
				if rules["pattern path"]["stroke"] != "#000" || rules[".legend i"]["--k"] != "var(--d)" {
					t.Errorf("dark theme: hatching %v, legend marks %v", rules["pattern path"], rules[".legend i"])
				}
			}
		}
		for _, f := range figureRe.FindAllStringSubmatch(page, -1) {
			c, _ := chartOf(r.Def, f[1])
			st := pal.For(c)
			want := map[string]string{}
			for k, name := range c.Series {
				want[name] = st.Series[k].Dark
			}
			for k, name := range c.Overlay {
				want[name] = st.Overlay[k].Dark
			}
			for k := range c.Lines {
				want["line:"+strconv.Itoa(k)] = st.Lines[k].Dark
			}
			lines := 0
			for _, m := range darkRe.FindAllStringSubmatch(f[2], -1) {
				lines++
				if m[2] != want[m[1]] {
					t.Errorf("%s chart %s: line %s in %s on the dark page, the page's %s", r.Def.Name, c.ID, m[1], m[2], want[m[1]])
				}
				if got := contrastOf(m[2], pal.DarkPage); got < 3 {
					t.Errorf("%s chart %s: line %s %s has contrast %.2f:1 with the dark panel, want ≥ 3:1", r.Def.Name, c.ID, m[1], m[2], got)
				}
			}
			if n := strings.Count(f[2], "<polyline"); n != lines {
				t.Errorf("%s chart %s: %d of %d lines carry their dark colour", r.Def.Name, c.ID, lines, n)
			}
			if n := strings.Count(f[2], "<i style="); n != strings.Count(f[2], `<i style="--d:#`) || !strings.Contains(f[2], "var(--k,") {
				t.Errorf("%s chart %s: a legend mark without its dark colour", r.Def.Name, c.ID)
			}
		}
	}
}

// The difference table writes a flag counter in words, as the page does:
// the CPU guard switched off in B reads yes, no, changed.
func TestFlagRowInWords(t *testing.T) {
	a, _ := catalog.Preset("attach-storm")
	b, _ := catalog.Preset("attach-storm")
	if err := b.Params.Put("lab.cpu-guard", param.On(false)); err != nil {
		t.Fatal(err)
	}
	p, err := compare.Start(a, b, false)
	if err != nil {
		t.Fatal(err)
	}
	p.AdvanceTo(p.A.End() / 10)
	page := write(t, &Input{A: p.A, B: p.B, LabelA: "guard on", LabelB: "guard off"})
	row := regexp.MustCompile(`<tr data-row="counter:cpu guard \(70 %\):enabled"><td>[^<]*</td>((?:<td class="num">[^<]*</td>)*)</tr>`).FindStringSubmatch(page)
	if row == nil {
		t.Fatal("no row of the guard's flag in the difference table")
	}
	if want := `<td class="num">yes</td><td class="num">no</td><td class="num">changed</td><td class="num">–</td>`; row[1] != want {
		t.Errorf("the guard's flag: %s, want %s", row[1], want)
	}
}
