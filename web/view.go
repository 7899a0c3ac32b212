// Package web renders the playground page from the core's models: the
// preset picker, the controls generated from each model's parameter schema,
// the "how it works" panels, and the places the script fills (tiles,
// charts). It also serves the built page (Handler).
package web

import (
	"encoding/json"
	"strconv"
	"strings"

	"overloadlab/core/catalog"
	"overloadlab/core/engine/param"
	"overloadlab/core/engine/scenario"
	"overloadlab/core/engine/sim"
	"overloadlab/web/palette"
)

// View is what the page is rendered from.
type View struct {
	Models  []*sim.Def
	Default string // the preset shown first
	// Styles is, as JSON, how every chart of every model draws its series
	// (palette.For), by model name and chart id: the page only draws them.
	Styles string
}

// NewView returns the view of every model of the catalog.
func NewView() (View, error) {
	v := View{Models: catalog.Models}
	if ps := catalog.Presets(); len(ps) > 0 {
		v.Default = ps[0].Name
	}
	styles := map[string]map[string]palette.Styles{}
	for _, d := range catalog.Models {
		styles[d.Name] = map[string]palette.Styles{}
		for _, c := range d.Charts {
			styles[d.Name][c.ID] = palette.For(c)
		}
	}
	b, err := json.Marshal(styles)
	if err != nil {
		return v, err
	}
	v.Styles = string(b)
	return v, nil
}

// group is the parameters of one Group, in schema order.
type group struct {
	Name  string
	Specs []param.Spec
}

// groups splits specs by Group, keeping the order of first appearance.
func groups(specs []param.Spec) []group {
	var out []group
	at := map[string]int{}
	for _, sp := range specs {
		i, ok := at[sp.Group]
		if !ok {
			i = len(out)
			at[sp.Group] = i
			out = append(out, group{Name: sp.Group})
		}
		out[i].Specs = append(out[i].Specs, sp)
	}
	return out
}

func num(x float64) string { return strconv.FormatFloat(x, 'g', -1, 64) }

func step(sp param.Spec) string {
	switch {
	case sp.Step > 0:
		return num(sp.Step)
	case sp.Kind == param.Integer:
		return "1"
	default:
		return "any"
	}
}

// inputID is the id of a parameter's input in the page (model names and
// parameter names are unique together).
func inputID(model string, sp param.Spec) string { return "p-" + model + "-" + sp.Name }

// rows is the height of a multi-line text's box: its lines and one more.
func rows(text string) string { return strconv.Itoa(strings.Count(text, "\n") + 2) }

// allowed says what a parameter takes and its default, from the schema.
func allowed(sp param.Spec) string {
	return sp.Allowed() + ", default " + sp.Format(sp.Default)
}

// tourStep writes a tour step as the page reads it (a TourStep: its time,
// charts and claims; the text is the element's content).
func tourStep(st scenario.Step) string {
	b, _ := json.Marshal(st) // a Step always marshals
	return string(b)
}
