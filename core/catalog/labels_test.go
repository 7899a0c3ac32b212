package catalog

import (
	"fmt"
	"slices"

	"overloadlab/core/engine/scenario"
	"regexp"
	"strings"
	"testing"
)

// A label a user reads is in words: no counter key or formula symbol
// ("X_n", "ρ_target", "min_th"), no "= value" aside ("stop all = 1000"), no
// unit written as a symbol in parentheses ("(/s)", "(s)"), no abbreviation
// the page spells out elsewhere ("SessMgr"), and no letter standing alone
// for a parameter ("SGSN Q", "CPU ≥ P", "waited > W").
var unreadable = []struct {
	re  *regexp.Regexp
	why string
}{
	{regexp.MustCompile(`_`), "a key or a subscript (an underscore)"},
	{regexp.MustCompile(`\s=\s`), "an equation"},
	{regexp.MustCompile(`\((/s|s|[a-z]+/s)\)`), "a unit as a symbol"},
	{regexp.MustCompile(`SessMgr|\bETR\b\s*$|^Max ETR$`), "an abbreviation"},
	{regexp.MustCompile(`(^|[\s≥>≤<(])[A-Z]($|[\s:)])|^[α-ωΛ]`), "a letter standing for a parameter"},
	{regexp.MustCompile(`[α-ωΛ]\S*_|\S̄|\bf\*`), "a formula symbol"},
}

func readable(t *testing.T, where, label string) {
	t.Helper()
	// DIAMETER_TOO_BUSY is the protocol's name, given after the words.
	l := strings.ReplaceAll(label, "(DIAMETER_TOO_BUSY)", "")
	for _, u := range unreadable {
		if u.re.MatchString(l) {
			t.Errorf("%s: %q: %s", where, label, u.why)
		}
	}
}

func TestLabelsInWords(t *testing.T) {
	for _, d := range Models {
		for _, c := range d.AllColumns() {
			readable(t, d.Name+" column "+c.Name, c.Label)
		}
		for _, c := range d.Charts {
			for _, l := range c.Lines {
				readable(t, d.Name+" chart "+c.ID+" line", l.Label)
			}
		}
		for _, c := range d.Counters.List() {
			readable(t, d.Name+" counter "+c.Name, c.Words())
		}
		for _, tile := range d.Tiles {
			readable(t, d.Name+" tile", tile.Label)
			readable(t, d.Name+" tile "+tile.Label, tile.Doc)
		}
		for _, s := range d.Sweeps {
			for _, l := range s.Lines {
				readable(t, d.Name+" sweep line", l.Label)
			}
			for _, v := range s.Curves {
				readable(t, d.Name+" sweep curve", v.Label)
			}
		}
	}
}

// A preset's lesson is read before any comparison runs: it speaks of the
// run on screen, not of "both sides"; and a preset named "x-vs-y" offers y
// under that name, or its lesson says which variant is y.
func TestLessonsBeforeComparing(t *testing.T) {
	for _, p := range Presets() {
		if strings.HasPrefix(strings.ToLower(p.Teaches), "both") {
			t.Errorf("%s: the lesson begins with both sides before there is a second: %q", p.Name, p.Teaches)
		}
		_, other, ok := strings.Cut(p.Name, "-vs-")
		if !ok || len(p.Compare) == 0 {
			continue
		}
		named := false
		for _, v := range p.Compare {
			named = named || strings.Contains(v.Label, other) || strings.Contains(p.Teaches, other+" abatement ("+v.Label+")")
		}
		if !named {
			t.Errorf("%s: no variant to compare with is called %q, or said to be one in the lesson", p.Name, other)
		}
	}
}

// One curve, one name: a preset's variant and its model's study curve
// that set the same parameters are offered (in the sweep's list, on the
// compare button) under the same label, and one label never names two.
func TestOneCurveOneName(t *testing.T) {
	key := func(v scenario.Variant) string {
		var ks []string
		for k, x := range v.Params {
			ks = append(ks, fmt.Sprintf("%s=%v", k, x))
		}
		slices.Sort(ks)
		// A curve whose parameters follow the swept one (T3346's min
		// at its max: fixed) is another curve than the same parameters
		// alone (random in [min, max]).
		for _, f := range v.Follow {
			ks = append(ks, "follow "+f)
		}
		return strings.Join(ks, ",")
	}
	for _, p := range Presets() {
		d, _ := Model(p.Model)
		byKey, byLabel := map[string]string{}, map[string]string{}
		vs := slices.Clone(p.Compare)
		for _, sw := range d.Sweeps {
			vs = append(vs, sw.Curves...)
		}
		for _, v := range vs {
			k := key(v)
			if l, ok := byKey[k]; ok && l != v.Label {
				t.Errorf("%s: one curve (%s) offered as %q and %q", p.Name, k, l, v.Label)
			}
			if o, ok := byLabel[v.Label]; ok && o != k {
				t.Errorf("%s: %q names two curves (%s; %s)", p.Name, v.Label, o, k)
			}
			byKey[k], byLabel[v.Label] = v.Label, k
		}
	}
}

// An unknown preset's message names a few presets, the nearest first,
// not all of them on one line.
func TestUnknownPresetMessage(t *testing.T) {
	_, err := Preset("scp-10-sps")
	if err == nil {
		t.Fatal("no error")
	}
	msg := err.Error()
	named := 0
	for _, n := range PresetNames() {
		if strings.Contains(msg, n+" ") || strings.Contains(msg, n+",") {
			named++
		}
	}
	if named > 3 || !strings.Contains(msg, "such as scp-10-ssps,") || !strings.Contains(msg, "overloadlab presets") {
		t.Errorf("names %d presets: %s", named, msg)
	}
}
