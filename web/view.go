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
	// Each model's parts (controls, panels, headline, tours, exercises,
	// chart styles) are in a file of their own (Part,
	// dist/model/NAME.html), which the page fetches when it first shows
	// the model, the default preset's included: a link to another model
	// then fetches only that one's.
}

// NewView returns the view of every model of the catalog.
func NewView() (View, error) {
	v := View{Models: catalog.Models}
	if ps := catalog.Presets(); len(ps) > 0 {
		v.Default = ps[0].Name
	}
	return v, nil
}

// PartPath is where a model's parts are in dist/, as the page fetches them
// (static/ts/parts.ts).
func PartPath(model string) string { return "model/" + model + ".html" }

// modelData is what the page's scripts read of a model from its parts, as
// JSON: each preset's exercises (predict.ts, challenge.ts) and how each
// chart draws its series (palette.For, by chart id: theme.ts).
type modelData struct {
	Exercises map[string]exercise       `json:"exercises"`
	Styles    map[string]palette.Styles `json:"styles"`
}

func dataOf(d *sim.Def) modelData {
	m := modelData{Exercises: exercises(d), Styles: map[string]palette.Styles{}}
	for _, c := range d.Charts {
		m.Styles[c.ID] = palette.For(c)
	}
	return m
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
