// Package catalog lists the node models of the lab and their presets, and
// turns a preset name or a scenario file into a runnable scenario.
package catalog

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"overloadlab/core/engine/jsonw"

	"overloadlab/core/engine/param"
	"overloadlab/core/engine/scenario"
	"overloadlab/core/engine/sim"
	"overloadlab/core/node/dsr"
	"overloadlab/core/node/hlrmap"
	"overloadlab/core/node/imsimgr"
	"overloadlab/core/node/mcswitch"
	"overloadlab/core/node/scp"
	"overloadlab/core/node/sip"
)

// Models are the node models, in the order the page and the CLI list them.
var Models = []*sim.Def{
	imsimgr.Def,
	hlrmap.Def,
	dsr.Def,
	scp.Def,
	mcswitch.Def,
	sip.Def,
}

// Model returns the model named name.
func Model(name string) (*sim.Def, bool) {
	i := slices.IndexFunc(Models, func(d *sim.Def) bool { return d.Name == name })
	if i < 0 {
		return nil, false
	}
	return Models[i], true
}

// Schemas finds a model's parameter schema.
func Schemas(model string) (*param.Set, bool) {
	d, ok := Model(model)
	if !ok {
		return nil, false
	}
	return d.Params, true
}

// Presets returns every preset of every model, in order.
func Presets() []*scenario.Preset {
	var out []*scenario.Preset
	for _, d := range Models {
		for i := range d.Presets {
			out = append(out, &d.Presets[i])
		}
	}
	return out
}

// PresetNames returns the preset names, for error messages.
func PresetNames() []string {
	var names []string
	for _, p := range Presets() {
		names = append(names, p.Name)
	}
	return names
}

// Preset builds the scenario of the preset named name.
func Preset(name string) (*scenario.Scenario, error) {
	for _, p := range Presets() {
		if p.Name == name {
			d, _ := Model(p.Model)
			return p.Build(d.Params)
		}
	}
	return nil, &param.Error{Field: "preset", Value: param.Quote(name), Allowed: presetsAllowed(name)}
}

// presetsAllowed says which presets there are without listing all of them
// on one line: the three names nearest the one given, and where the whole
// list is.
func presetsAllowed(name string) string {
	names := PresetNames()
	near := slices.Clone(names)
	sort.SliceStable(near, func(i, j int) bool { return distance(name, near[i]) < distance(name, near[j]) })
	return fmt.Sprintf("one of the %d presets, such as %s, %s or %s (the page's preset menu and `overloadlab presets` list them all)", len(names), near[0], near[1], near[2])
}

// distance is the edit distance of two names (Levenshtein, bytes).
func distance(a, b string) int {
	prev := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur := make([]int, len(b)+1)
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			sub := prev[j-1]
			if a[i-1] != b[j-1] {
				sub++
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, sub)
		}
		prev = cur
	}
	return prev[len(b)]
}

// Decode reads a scenario file (JSON). A file that names a preset starts
// from that preset; the fields it gives override it.
func Decode(data []byte) (*scenario.Scenario, error) {
	if members, err := param.DecodeObject(data, "", nil); err == nil && slices.ContainsFunc(members, isKey("link")) && slices.ContainsFunc(members, isKey("scenario")) {
		return decodeExport(members)
	}
	return decodeFile(data)
}

// exportFields are the keys of the page's JSON export (session.Export).
var exportFields = []string{"link", "title", "note", "scenario", "summary", "scenario_b", "comparison"}

func isKey(k string) func(param.Member) bool { return func(m param.Member) bool { return m.Key == k } }

// decodeExport reads the page's JSON export as the scenario it holds, A's
// (with the live changes made during the run in its timeline): the other
// keys are what the run gave, not read.
func decodeExport(members []param.Member) (*scenario.Scenario, error) {
	var sc jsonw.Raw
	for _, m := range members {
		if !slices.Contains(exportFields, m.Key) {
			return nil, &param.Error{Field: m.Key, Value: "an unknown field", Allowed: "the fields of a scenario file, or of the page's JSON export: " + strings.Join(exportFields, ", ")}
		}
		if m.Key == "scenario" {
			sc = m.Raw
		}
	}
	s, err := decodeFile(sc)
	if err != nil {
		return nil, fmt.Errorf("the page's JSON export: scenario: %w", err)
	}
	return s, nil
}

func decodeFile(data []byte) (*scenario.Scenario, error) {
	return scenario.Decode(data, Schemas, func(name string) (*scenario.Scenario, bool) {
		s, err := Preset(name)
		return s, err == nil
	})
}

// Start starts a run of sc.
func Start(sc *scenario.Scenario, live bool) (*sim.Run, error) {
	d, ok := Model(sc.Model)
	if !ok {
		return nil, &param.Error{Field: "model", Value: fmt.Sprintf("%q", sc.Model), Allowed: "the name of a node model"}
	}
	return sim.Start(d, sc, live)
}
