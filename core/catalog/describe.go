package catalog

import (
	"overloadlab/core/engine/jsonw"
	"overloadlab/core/engine/metrics"
	"overloadlab/core/engine/param"
	"overloadlab/core/engine/scenario"
	"overloadlab/core/engine/sim"
)

// Description is what the page needs to know of every model: the schema
// that renders the sliders, the columns and charts, the panels, the
// presets and sweeps.
type Description struct {
	Models []ModelDescription `json:"models"`
}

// ModelDescription describes one model.
type ModelDescription struct {
	Name    string              `json:"name"`
	Title   string              `json:"title"`
	Doc     string              `json:"doc"`
	Fields  []ParamDescription  `json:"fields"` // run-wide: seed, duration_s, interval_s
	Params  []ParamDescription  `json:"params"`
	Columns []metrics.Column    `json:"columns"` // "t" first
	CPU     string              `json:"cpu"`
	Charts  []sim.Chart         `json:"charts"`
	Panels  []sim.Panel         `json:"panels"`
	Sweeps  []SweepDesc         `json:"sweeps,omitempty"`
	Presets []PresetDescription `json:"presets"`
}

// ParamDescription is a param.Spec with its default written by kind (a
// Bool as true/false).
type ParamDescription struct {
	param.Spec
	Default jsonw.Raw `json:"default"`
	Allowed string    `json:"allowed"`
}

// PresetDescription describes a preset; Scenario is its full scenario.
type PresetDescription struct {
	Name     string             `json:"name"`
	Summary  string             `json:"summary"`
	Teaches  string             `json:"teaches"`
	Scenario *scenario.Scenario `json:"scenario"`
	Compare  []VariantDesc      `json:"compare,omitempty"`
	Claims   []string           `json:"claims,omitempty"` // names of the preset's checked claims (a tour step may list them)
}

// SweepDesc is a model's study with its curves' values written by kind.
type SweepDesc struct {
	sim.Sweep
	Curves []VariantDesc `json:"curves"`
}

// VariantDesc is a variant with its values written by kind.
type VariantDesc struct {
	Label  string               `json:"label"`
	Params map[string]jsonw.Raw `json:"params"`
	Follow []string             `json:"follow,omitempty"`
}

func describeParams(set *param.Set) []ParamDescription {
	var out []ParamDescription
	for _, sp := range set.Specs() {
		out = append(out, ParamDescription{Spec: sp, Default: sp.Encode(sp.Default), Allowed: sp.Allowed()})
	}
	return out
}

// Describe describes every model.
func Describe() (Description, error) {
	var d Description
	for _, def := range Models {
		m := ModelDescription{
			Name: def.Name, Title: def.Title, Doc: def.Doc,
			Fields:  describeParams(scenario.Fields),
			Params:  describeParams(def.Params),
			Columns: metrics.NewRecorder(def.AllColumns(), false).Columns(),
			CPU:     def.CPU,
			Charts:  def.Charts,
			Panels:  def.Panels,
		}
		for _, sw := range def.Sweeps {
			sd := SweepDesc{Sweep: sw}
			for _, v := range sw.Curves {
				sd.Curves = append(sd.Curves, variantDesc(def.Params, v))
			}
			m.Sweeps = append(m.Sweeps, sd)
		}
		for i := range def.Presets {
			p := &def.Presets[i]
			sc, err := p.Build(def.Params)
			if err != nil {
				return d, err
			}
			pd := PresetDescription{Name: p.Name, Summary: p.Summary, Teaches: p.Teaches, Scenario: sc}
			for _, c := range p.Claims {
				pd.Claims = append(pd.Claims, c.Name)
			}
			for _, v := range p.Compare {
				pd.Compare = append(pd.Compare, variantDesc(def.Params, v))
			}
			m.Presets = append(m.Presets, pd)
		}
		d.Models = append(d.Models, m)
	}
	return d, nil
}

// variantDesc writes v's values by kind.
func variantDesc(schema *param.Set, v scenario.Variant) VariantDesc {
	vd := VariantDesc{Label: v.Label, Params: map[string]jsonw.Raw{}, Follow: v.Follow}
	for name, x := range v.Params {
		if sp, ok := schema.Lookup(name); ok {
			vd.Params[name] = sp.Encode(x)
		}
	}
	return vd
}
