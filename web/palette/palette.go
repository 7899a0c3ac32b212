// Package palette is the one set of colours of the page, chosen so that
// colour carries meaning and survives colour-blindness: every outcome has
// the same colour on every chart (completed green, late orange, rejected
// vermillion, dropped purple, throttled sky blue; Okabe & Ito's
// colour-blind-safe set), a DOIC layer's colour is its hue family (greens
// for green traffic, ambers for yellow) and its priority its lightness
// (P4 darkest), and other series take the rest of the set in order. Each
// series also gets a second cue that does not depend on hue: a dash
// pattern for lines, a hatching for stacked areas.
//
// For gives the styles of a chart; the page only draws them, and the tests
// check every chart of every model for series too alike under normal and
// simulated colour-blind vision (Machado 2009).
package palette

import (
	"math"
	"slices"
	"strconv"
	"strings"

	"overloadlab/core/engine/sim"
)

// Style is how the page draws one series.
type Style struct {
	Light string `json:"light"`           // colour on the light page, "#rrggbb"
	Dark  string `json:"dark"`            // colour on the dark page
	Dash  []int  `json:"dash,omitempty"`  // a line's dash pattern, px on and off; none: solid
	Hatch string `json:"hatch,omitempty"` // a stacked area's hatching: "/", "\\", "x" or "|"; none: plain
}

// Styles are the styles of one chart's Series, Overlay and Lines, in order.
type Styles struct {
	Series  []Style `json:"series"`
	Overlay []Style `json:"overlay,omitempty"`
	Lines   []Style `json:"lines,omitempty"`
}

// The page's backgrounds (the chart panels) and the alpha of stacked areas:
// the style sheet and the chart code use the same.
const (
	LightPage = "#ffffff"
	DarkPage  = "#161b22"
	FillAlpha = 0.85
)

// Line dash patterns, in the order series take them.
var dashes = [][]int{nil, {7, 4}, {2, 3}, {12, 4, 2, 4}, {4, 2}, {1, 5}}

// Threshold lines are long-dashed, unlike any series.
var thresholdDash = [][]int{{10, 5}, {16, 4, 4, 4}, {3, 6}}

func pair(light, dark string) Style { return Style{Light: light, Dark: dark} }

// The Okabe–Ito set, each with a brighter twin for the dark page where the
// original is too dark to read against it.
var (
	blue      = pair("#0072b2", "#4aa3df")
	orange    = pair("#e69f00", "#e69f00")
	green     = pair("#009e73", "#1fbf8f")
	vermilion = pair("#d55e00", "#f07f2d")
	purple    = pair("#cc79a7", "#d98fbb")
	skyBlue   = pair("#56b4e9", "#86cdf5")
	ink       = pair("#1f2328", "#e6edf3") // the page's text colour
)

// thresholds colours the threshold lines: deep red, then ink and greys.
var thresholds = []Style{pair("#a4262c", "#ff8182"), ink, pair("#6e7781", "#b1bac4")}

// meaning gives an outcome its colour whatever its class or prefix (the
// last part of the name).
var meaning = map[string]Style{
	"completed": green,
	"late":      withHatch(orange, "/"),
	"rejected":  withHatch(vermilion, "\\"),
	"dropped":   withHatch(purple, "x"),
	"throttled": withHatch(skyBlue, "|"),
	"admitted":  blue,
	"offered":   ink,
	"arrivals":  ink,
}

// exact gives columns their colour by their whole name.
var exact = map[string]Style{"cpu": blue, "server.cpu": blue}

func withHatch(s Style, h string) Style { s.Hatch = h; return s }

// doicLayer reads a DOIC layer name ("…p3.yellow"): priority and colour.
func doicLayer(name string) (p int, colour string, ok bool) {
	parts := strings.Split(name, ".")
	if len(parts) < 2 {
		return 0, "", false
	}
	colour, pr := parts[len(parts)-1], parts[len(parts)-2]
	if (colour != "green" && colour != "yellow") || len(pr) != 2 || pr[0] != 'p' {
		return 0, "", false
	}
	p, err := strconv.Atoi(pr[1:])
	return p, colour, err == nil && p >= 0 && p <= 4
}

// doicStyle: hue by colour (greens, ambers), lightness by priority
// (P4 darkest), yellow traffic hatched.
func doicStyle(p int, colour string) Style {
	L := 0.34 + 0.13*float64(4-p) // P4 0.34 … P0 0.86
	if colour == "green" {
		c := LCh(L, 0.13, 180)
		return Style{Light: c.Hex(), Dark: c.Hex()}
	}
	c := LCh(L+0.03, 0.15, 70)
	return Style{Light: c.Hex(), Dark: c.Hex(), Hatch: "/"}
}

// of returns the meaning-bearing style of a column, if it has one.
func of(name string) (Style, bool) {
	if p, c, ok := doicLayer(name); ok {
		return doicStyle(p, c), true
	}
	if s, ok := exact[name]; ok {
		return s, true
	}
	s, ok := meaning[name[strings.LastIndex(name, ".")+1:]]
	return s, ok
}

// pool is what series without a meaning choose from: Okabe & Ito's set
// and Paul Tol's vibrant set, in that order of preference, then each of
// them a step darker and a step lighter.
var pool = withShades([]Style{
	blue, orange, green, vermilion, purple, skyBlue,
	pair("#0077bb", "#33bbee"), pair("#ee7733", "#ee7733"), pair("#009988", "#33ccbb"),
	pair("#cc3311", "#ff6644"), pair("#ee3377", "#ff77aa"), pair("#555555", "#bbbbbb"),
	pair("#882255", "#cc6699"), pair("#117733", "#44bb66"), pair("#332288", "#8877ee"),
	pair("#999933", "#cccc55"), pair("#44aa99", "#88ddcc"), pair("#aa4499", "#dd88cc"),
})

func withShades(base []Style) []Style {
	out := append([]Style(nil), base...)
	for _, dL := range []float64{0.15, -0.15} {
		for _, s := range base {
			out = append(out, shade(s, dL))
		}
	}
	return out
}

// The least OKLab distance (ΔE) between two series of a chart, on either
// page and under normal or simulated colour-blind vision. About 0.02 is
// just noticeable side by side (CSS Color 4 uses 2 on its 0–100 scale); a
// legend is matched to the marks across a chart, so two series that differ
// in colour alone must differ by five such steps, and two that also differ
// in their second cue (dash pattern, hatching) by two and a half.
const (
	MinSameCue = 0.10
	MinDiffCue = 0.05
)

// slot is one series of a chart while For styles it.
type slot struct {
	s           Style
	area, fixed bool // a stacked area; a colour by meaning
	kind        int  // its place in a grid group (0 first; 0 outside grids)
	seen        [8]Lab
}

// look is how a style's colours are seen: on the light then the dark
// page, under each of the Visions; areas as drawn, at FillAlpha.
func look(s Style, area bool) [8]Lab {
	var out [8]Lab
	for p, pg := range [][2]string{{s.Light, LightPage}, {s.Dark, DarkPage}} {
		c, _ := Hex(pg[0])
		if area {
			bg, _ := Hex(pg[1])
			c = c.Over(bg, FillAlpha)
		}
		for v, vision := range Visions {
			out[p*4+v] = c.Seen(vision).Lab()
		}
	}
	return out
}

// candidates holds the pool's colours for kind-0 areas and lines, made
// once: the shades and contrast searches are the costly part of For.
var candidates = func() (out [2][]slot) {
	for _, area := range []bool{true, false} {
		for p := range pool {
			out[boolIndex(area)] = append(out[boolIndex(area)], makeCandidate(p, 0, area))
		}
	}
	return out
}()

func boolIndex(b bool) int {
	if b {
		return 0
	}
	return 1
}

func makeCandidate(p, kind int, area bool) slot {
	s := shade(pool[p], 0.08*float64(kind))
	if !area {
		s = readable(s)
	}
	return slot{s: s, area: area, seen: look(s, area)}
}

// candidate is pool colour p for a series of the kind, as area or line.
func candidate(p, kind int, area bool) slot {
	if kind == 0 {
		return candidates[boolIndex(area)][p]
	}
	return makeCandidate(p, kind, area)
}

// For returns the styles of a chart's series, overlays and thresholds.
// First the second cues: lines (plain series, overlays) take dash
// patterns in order, the first solid, or by kind when the series are a
// grid of groups and kinds ("heavy.carried", "heavy.desired",
// "light.carried", …); thresholds take long dashes; outcomes their
// hatching. Then the colours: series and overlays with a meaning take it,
// thresholds deep red and greys; every other series (or grid group, with
// its later kinds in shades farther from the page) takes the colour of
// the pool that keeps it farthest, relative to MinSameCue or MinDiffCue,
// from every colour the chart already has. Every line is darkened (light
// page) or lightened (dark page) until it has 3:1 contrast with the page
// (WCAG 1.4.11); areas are drawn alike on both pages.
func For(c sim.Chart) Styles {
	var sl []slot
	_, kind, nKinds := grid(c.Series)
	for i, name := range c.Series {
		s, ok := of(name)
		if !c.Stacked {
			if nKinds > 1 {
				s.Dash = dashes[kind[i]%len(dashes)]
			} else {
				s.Dash = dashes[i%len(dashes)]
			}
		}
		k := 0
		if nKinds > 1 && !c.Stacked {
			k = kind[i]
		}
		sl = append(sl, slot{s: s, area: c.Stacked, fixed: ok, kind: k})
	}
	lines := len(c.Series)
	if c.Stacked {
		lines = 0
	}
	for i, name := range c.Overlay {
		s, ok := of(name)
		s.Dash = dashes[(lines+i)%len(dashes)]
		sl = append(sl, slot{s: s, fixed: ok})
	}
	for k := range c.Lines {
		s := thresholds[k%len(thresholds)]
		s.Dash = thresholdDash[k%len(thresholdDash)]
		sl = append(sl, slot{s: s, fixed: true})
	}
	var chosen []slot
	for i := range sl {
		if !sl[i].area {
			sl[i].s = readable(sl[i].s)
		}
		sl[i].seen = look(sl[i].s, sl[i].area)
		if sl[i].fixed {
			chosen = append(chosen, sl[i])
		}
	}
	for i := range sl {
		if sl[i].fixed || sl[i].kind > 0 {
			continue
		}
		var fam []int // the slots of this group, kind 0 first
		for j := range sl {
			if j == i || !sl[j].fixed && sl[j].kind > 0 && sameGroup(c, i, j) {
				fam = append(fam, j)
			}
		}
		best, bestScore := []slot(nil), -1.0
		for p := range pool {
			try := make([]slot, len(fam))
			score := math.Inf(1)
			for k, j := range fam {
				try[k] = sl[j]
				colour := candidate(p, sl[j].kind, sl[j].area)
				try[k].s.Light, try[k].s.Dark, try[k].seen = colour.s.Light, colour.s.Dark, colour.seen
				for _, o := range append(chosen, try[:k]...) {
					score = math.Min(score, apart(try[k], o))
				}
			}
			if score > bestScore+1e-9 {
				best, bestScore = try, score
			}
		}
		for k, j := range fam {
			sl[j] = best[k]
		}
		chosen = append(chosen, best...)
	}
	var st Styles
	for i := range sl {
		s := sl[i].s
		if sl[i].area {
			s.Dark = s.Light
		}
		switch {
		case i < len(c.Series):
			st.Series = append(st.Series, s)
		case i < len(c.Series)+len(c.Overlay):
			st.Overlay = append(st.Overlay, s)
		default:
			st.Lines = append(st.Lines, s)
		}
	}
	return st
}

// sameGroup tells whether series i and j of a grid chart are one group.
func sameGroup(c sim.Chart, i, j int) bool {
	if i == j {
		return true
	}
	if i >= len(c.Series) || j >= len(c.Series) {
		return false
	}
	return group(c.Series[i]) == group(c.Series[j])
}

// apart is how far apart two slots are seen, as a multiple of the least
// distance they need (areas and lines are never confused: +Inf).
func apart(x, y slot) float64 {
	if x.area != y.area {
		return math.Inf(1)
	}
	need := MinDiffCue
	if slices.Equal(x.s.Dash, y.s.Dash) && x.s.Hatch == y.s.Hatch {
		need = MinSameCue
	}
	d := math.Inf(1)
	for k := range x.seen {
		d = math.Min(d, Distance(x.seen[k], y.seen[k]))
	}
	return d / need
}

// grid reads names as "group.kind" and numbers the kinds when the names
// form a full grid of at least two groups and two kinds; else every name
// is of kind 0.
func grid(names []string) (group, kind []int, nKinds int) {
	group, kind = make([]int, len(names)), make([]int, len(names))
	gs, ks := map[string]int{}, map[string]int{}
	for i, n := range names {
		d := strings.LastIndex(n, ".")
		if d < 0 {
			return group, make([]int, len(names)), 1
		}
		g, k := n[:d], n[d+1:]
		if _, ok := gs[g]; !ok {
			gs[g] = len(gs)
		}
		if _, ok := ks[k]; !ok {
			ks[k] = len(ks)
		}
		group[i], kind[i] = gs[g], ks[k]
	}
	if len(gs) < 2 || len(ks) < 2 || len(gs)*len(ks) != len(names) {
		return group, make([]int, len(names)), 1
	}
	return group, kind, len(ks)
}

func group(name string) string { return name[:max(0, strings.LastIndex(name, "."))] }

// shade moves a style's colours by dL in OKLab lightness away from their
// pages: darker on the light page, lighter on the dark one.
func shade(s Style, dL float64) Style {
	f := func(hex string, dL float64) string {
		c, _ := Hex(hex)
		l := c.Lab()
		l.L += dL
		return clipped(l).Hex()
	}
	s.Light, s.Dark = f(s.Light, -dL), f(s.Dark, dL)
	return s
}

// clipped is the colour nearest l in lightness and hue that fits sRGB.
func clipped(l Lab) RGB {
	for k := 1.0; k > 0; k -= 0.02 {
		if c := (Lab{l.L, l.A * k, l.B * k}).RGB(); inGamut(c) {
			return c
		}
	}
	return Lab{l.L, 0, 0}.RGB()
}

// readable darkens a line's light-page colour and lightens its dark-page
// colour until each has 3:1 contrast with its page (WCAG 1.4.11).
func readable(s Style) Style {
	s.Light = withContrast(s.Light, LightPage, -1)
	s.Dark = withContrast(s.Dark, DarkPage, +1)
	return s
}

func withContrast(hex, page string, dir float64) string {
	c, _ := Hex(hex)
	bg, _ := Hex(page)
	l := c.Lab()
	for range 100 {
		// Judged as drawn: the colour rounded to its hex, which can
		// fall just under 3:1 when the exact colour is just over.
		if r, _ := Hex(c.Hex()); Contrast(r, bg) >= 3 {
			return c.Hex()
		}
		l.L += dir * 0.01
		c = clipped(l)
	}
	return c.Hex()
}

// Contrast is the WCAG 2 contrast ratio of two colours (1 to 21).
func Contrast(x, y RGB) float64 {
	a, b := x.Luminance(), y.Luminance()
	if a < b {
		a, b = b, a
	}
	return (a + 0.05) / (b + 0.05)
}
