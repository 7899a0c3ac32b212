package palette_test

import (
	"fmt"
	"math"
	"slices"
	"testing"

	"overloadlab/core/catalog"
	"overloadlab/core/engine/sim"
	"overloadlab/web/palette"
)

// The thresholds of the colour test, in OKLab ΔE (a distance of about 0.02
// is just noticeable side by side; CSS Color 4 uses 2 on its 0–100 scale).
// A chart's legend is matched to its marks across the chart, not side by
// side, so two series that differ in colour alone must differ by five
// just-noticeable steps; two that also differ in their second cue (a dash
// pattern, a hatching) by two and a half.
const (
	minSameCue = 0.10
	minDiffCue = 0.05
	// minContrast is WCAG 2's 3:1 for graphical objects (1.4.11), for every
	// line against the page it is drawn on.
	minContrast = 3.0
)

// mark is one thing drawn on a chart, as the test sees it.
type mark struct {
	name  string
	style palette.Style
	area  bool // a stacked area (drawn at FillAlpha); else a line
}

func marks(c sim.Chart, st palette.Styles) []mark {
	var out []mark
	for i, n := range c.Series {
		out = append(out, mark{n, st.Series[i], c.Stacked})
	}
	for i, n := range c.Overlay {
		out = append(out, mark{n, st.Overlay[i], false})
	}
	for i, l := range c.Lines {
		out = append(out, mark{"threshold " + l.Label, st.Lines[i], false})
	}
	return out
}

// drawn is the colour of a mark on a theme's page, as vision v sees it.
func drawn(t *testing.T, m mark, dark bool, v palette.Vision) palette.Lab {
	hex, page := m.style.Light, palette.LightPage
	if dark {
		hex, page = m.style.Dark, palette.DarkPage
	}
	c, err := palette.Hex(hex)
	if err != nil {
		t.Fatal(err)
	}
	if m.area {
		bg, _ := palette.Hex(page)
		c = c.Over(bg, palette.FillAlpha)
	}
	return c.Seen(v).Lab()
}

func sameCue(a, b mark) bool {
	return slices.Equal(a.style.Dash, b.style.Dash) && a.style.Hatch == b.style.Hatch
}

// TestEveryChartDistinguishable checks every pair of marks of a kind (areas
// with areas, lines with lines: a line is never mistaken for an area) on
// every chart of every model, on the light and the dark page, under normal
// vision and simulated deuteranopia, protanopia and tritanopia.
func TestEveryChartDistinguishable(t *testing.T) {
	worst := math.Inf(1)
	for _, d := range catalog.Models {
		for _, c := range d.Charts {
			st := palette.For(c)
			ms := marks(c, st)
			low := math.Inf(1)
			for i := range ms {
				for j := i + 1; j < len(ms); j++ {
					a, b := ms[i], ms[j]
					if a.area != b.area {
						continue
					}
					min := minSameCue
					if !sameCue(a, b) {
						min = minDiffCue
					}
					for _, dark := range []bool{false, true} {
						for _, v := range palette.Visions {
							dE := palette.Distance(drawn(t, a, dark, v), drawn(t, b, dark, v))
							low = math.Min(low, dE/min)
							if dE < min {
								t.Errorf("%s chart %q: %s and %s differ by ΔE %.3f under %s on the %s page, want ≥ %.2f",
									d.Name, c.ID, a.name, b.name, dE, v, theme(dark), min)
							}
						}
					}
				}
			}
			worst = math.Min(worst, low)
			t.Logf("%s/%s: worst pair at %.2f× its threshold", d.Name, c.ID, low)
		}
	}
	t.Logf("worst pair of any chart: %.2f× its threshold", worst)
}

func theme(dark bool) string {
	if dark {
		return "dark"
	}
	return "light"
}

// TestLinesStandOut checks that every line has 3:1 contrast with its page.
func TestLinesStandOut(t *testing.T) {
	for _, d := range catalog.Models {
		for _, c := range d.Charts {
			for _, m := range marks(c, palette.For(c)) {
				if m.area {
					continue
				}
				for _, dark := range []bool{false, true} {
					hex, page := m.style.Light, palette.LightPage
					if dark {
						hex, page = m.style.Dark, palette.DarkPage
					}
					if r := contrast(t, hex, page); r < minContrast {
						t.Errorf("%s chart %q: line %s %s on the %s page has contrast %.2f:1, want ≥ %.0f:1", d.Name, c.ID, m.name, hex, theme(dark), r, minContrast)
					}
				}
			}
		}
	}
}

func contrast(t *testing.T, x, y string) float64 {
	a, err := palette.Hex(x)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := palette.Hex(y)
	return palette.Contrast(a, b)
}

// Outcomes look the same on every chart that shows them.
func TestOutcomesAlike(t *testing.T) {
	seen := map[string]palette.Style{}
	for _, d := range catalog.Models {
		for _, c := range d.Charts {
			st := palette.For(c)
			for i, n := range c.Series {
				switch n {
				case "completed", "late", "rejected", "dropped", "throttled":
					s := st.Series[i]
					s.Dash = nil
					if p, ok := seen[n]; ok && fmt.Sprint(p) != fmt.Sprint(s) {
						t.Errorf("%s chart %q draws %s as %v, elsewhere %v", d.Name, c.ID, n, s, p)
					}
					seen[n] = s
				}
			}
		}
	}
	if len(seen) < 5 {
		t.Errorf("outcomes seen on charts: %v, want all five", seen)
	}
}

// DOIC layers: the colour is the hue family and the priority the lightness.
func TestDOICLayers(t *testing.T) {
	c := sim.Chart{Stacked: true}
	for p := 4; p >= 0; p-- {
		c.Series = append(c.Series, fmt.Sprintf("shm.p%d.green", p), fmt.Sprintf("shm.p%d.yellow", p))
	}
	st := palette.For(c)
	lab := func(s palette.Style) palette.Lab { x, _ := palette.Hex(s.Light); return x.Lab() }
	hue := func(l palette.Lab) float64 { return math.Mod(math.Atan2(l.B, l.A)*180/math.Pi+360, 360) }
	for k := 0; k+2 < len(st.Series); k++ {
		a, b := lab(st.Series[k]), lab(st.Series[k+2]) // same colour, next lower priority
		if b.L <= a.L {
			t.Errorf("%s L %.2f is not lighter than %s L %.2f", c.Series[k+2], b.L, c.Series[k], a.L)
		}
	}
	for k, s := range st.Series {
		h := hue(lab(s))
		green := k%2 == 0
		if green && (h < 120 || h > 200) || !green && (h < 40 || h > 100) {
			t.Errorf("%s has hue %.0f°, want greens 120–200°, ambers 40–100°", c.Series[k], h)
		}
		if !green && s.Hatch == "" || green && s.Hatch != "" {
			t.Errorf("%s hatching %q: yellow traffic is hatched, green plain", c.Series[k], s.Hatch)
		}
	}
}

// The colour maths against published values.
func TestColourMaths(t *testing.T) {
	white, _ := palette.Hex("#ffffff")
	if l := white.Lab(); math.Abs(l.L-1) > 1e-4 || math.Abs(l.A) > 1e-4 || math.Abs(l.B) > 1e-4 {
		t.Errorf("white in OKLab = %+v, want L 1, a 0, b 0", l)
	}
	// Ottosson's reference: sRGB red is L 0.6280, a 0.2249, b 0.1258.
	red, _ := palette.Hex("#ff0000")
	if l := red.Lab(); math.Abs(l.L-0.6280) > 1e-3 || math.Abs(l.A-0.2249) > 1e-3 || math.Abs(l.B-0.1258) > 1e-3 {
		t.Errorf("red in OKLab = %+v", l)
	}
	if got := red.Lab().RGB().Hex(); got != "#ff0000" {
		t.Errorf("red through OKLab and back = %s", got)
	}
	// Deuteranopes and protanopes confuse red and green; tritanopes blue and green less.
	g, _ := palette.Hex("#00a000")
	r, _ := palette.Hex("#c06000")
	if d := palette.Distance(r.Seen(palette.Deuteranopia).Lab(), g.Seen(palette.Deuteranopia).Lab()); d > 0.08 {
		t.Errorf("red-orange and green under deuteranopia differ by %.3f, want them confused (< 0.08)", d)
	}
	if d := palette.Distance(r.Lab(), g.Lab()); d < 0.2 {
		t.Errorf("red-orange and green differ by %.3f under normal vision", d)
	}
	if white.Seen(palette.Tritanopia).Hex() != "#ffffff" || white.Seen(palette.Protanopia).Hex() != "#ffffff" {
		t.Error("white should stay white under every simulation")
	}
	if _, err := palette.Hex("#12345"); err == nil {
		t.Error("#12345 accepted")
	}
}
