package session

// TEMPORARY until catalog.Describe lands on main.

import (
	"overloadlab/core/catalog"
	"overloadlab/core/metrics"
	"overloadlab/core/param"
	"overloadlab/core/scenario"
	"overloadlab/core/sim"
)

type describedPreset struct {
	Name     string             `json:"name"`
	Summary  string             `json:"summary"`
	Teaches  string             `json:"teaches"`
	Scenario *scenario.Scenario `json:"scenario"`
	Compare  []scenario.Variant `json:"compare,omitempty"`
}

type describedModel struct {
	Name    string            `json:"name"`
	Title   string            `json:"title"`
	Doc     string            `json:"doc"`
	Params  []param.Spec      `json:"params"`
	Columns []metrics.Column  `json:"columns"`
	Charts  []sim.Chart       `json:"charts"`
	Panels  []sim.Panel       `json:"panels"`
	Sweeps  []sim.Sweep       `json:"sweeps,omitempty"`
	Presets []describedPreset `json:"presets"`
}

// Describe describes every model for the page.
func Describe() any {
	var out []describedModel
	for _, d := range catalog.Models {
		m := describedModel{Name: d.Name, Title: d.Title, Doc: d.Doc, Params: d.Params.Specs(),
			Columns: append([]metrics.Column{{Name: "t", Label: "time", Unit: "s"}}, d.Columns...),
			Charts:  d.Charts, Panels: d.Panels, Sweeps: d.Sweeps}
		for _, p := range d.Presets {
			sc, err := p.Build(d.Params)
			if err != nil {
				panic(err)
			}
			m.Presets = append(m.Presets, describedPreset{Name: p.Name, Summary: p.Summary, Teaches: p.Teaches, Scenario: sc, Compare: p.Compare})
		}
		out = append(out, m)
	}
	return out
}
