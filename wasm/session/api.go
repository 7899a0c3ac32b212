package session

import (
	"fmt"

	"overloadlab/core/engine/compare"
	"overloadlab/core/engine/param"
)

// Func is one function of the bridge the worker calls, globalThis.overloadlab
// (wasm/main.go); every one returns its result or {error: "..."}, never
// throws. The table API is the one source of the bridge's API: the wasm
// main checks at start that it installs exactly its functions with these
// arities (wasm/bridge), and build/tsgen writes the worker's TypeScript
// interface from it.
type Func struct {
	Name   string
	Args   []Arg
	Result string // TypeScript type of the result: "string" (often JSON text) or "Float64Array"
	Doc    string
}

// Arg is one argument of a Func: its name and TypeScript type.
type Arg struct{ Name, Type string }

// Funcs is the table of a bridge's functions.
type Funcs []Func

// API lists the simulator's functions (globalThis.overloadlab).
var API = Funcs{
	{Name: "describe", Result: "string", Doc: "JSON Description of every model (catalog.Describe)"},
	{Name: "start", Args: []Arg{{"json", "string"}}, Result: "string", Doc: "start the run of a scenario file; JSON Info"},
	{Name: "startPreset", Args: []Arg{{"name", "string"}}, Result: "string", Doc: "start a preset's run; JSON Info"},
	{Name: "startLink", Args: []Arg{{"link", "string"}}, Result: "string", Doc: "start the run a what-if link holds; JSON Info"},
	{Name: "linkPreset", Args: []Arg{{"link", "string"}}, Result: "string", Doc: "the preset a link names, \"\" if none (to fall back on)"},
	{Name: "advance", Args: []Arg{{"seconds", "number"}, {"budgetMs", "number"}}, Result: "Float64Array", Doc: "run on; the new rows, flat (width = Info.columns)"},
	{Name: "set", Args: []Arg{{"name", "string"}, {"value", "string"}}, Result: "string", Doc: "change a parameter now (recorded for the link); the change named for its marker (sim.ChangeLabel)"},
	{Name: "values", Result: "string", Doc: "JSON Values in force"},
	{Name: "summary", Result: "string", Doc: "JSON Summary of the run so far"},
	{Name: "link", Result: "string", Doc: "the what-if link of what is on screen"},
	{Name: "shortLink", Result: "string", Doc: "the link without its timed live changes, comparison, note or sweep: a shorter QR code"},
	{Name: "export", Result: "string", Doc: "JSON Export of the run"},
	{Name: "rowsB", Result: "Float64Array", Doc: "B's rows of the last advance, in step with A's (comparing)"},
	{Name: "compare", Args: []Arg{{"i", "number"}}, Result: "Float64Array", Doc: "open B: a copy of A (i = -1) or the preset's variant i; B's rows so far"},
	{Name: "compareWithBase", Result: "string", Doc: "A: the preset, B: what is on screen, both from 0 s"},
	{Name: "valuesA", Result: "string", Doc: "JSON Values of A while comparing"},
	{Name: "endCompare", Result: "string", Doc: "close B"},
	{Name: "reset", Result: "string", Doc: "start the run again from 0 s"},
	{Name: "info", Result: "string", Doc: "JSON Info of the run on screen"},
	{Name: "setWords", Args: []Arg{{"title", "string"}, {"note", "string"}}, Result: "string", Doc: "the author's title and note of a comparison"},
	{Name: "comparison", Result: "string", Doc: "JSON Comparison of A and B"},
	{Name: "summaryB", Result: "string", Doc: "JSON Summary of B, or null when not comparing"},
	{Name: "setSweep", Args: []Arg{{"plan", "string"}}, Result: "string", Doc: "the page's sweep definition (JSON PlanJSON; \"\" for none), for the link; \"\" when done"},
	{Name: "sweepCell", Args: []Arg{{"scenario", "string"}, {"plan", "string"}, {"v", "number"}, {"i", "number"}, {"s", "number"}}, Result: "string", Doc: "JSON Sample: one run of a sweep, seed s of point i of variant v (no live run needed)"},
	{Name: "report", Args: []Arg{{"page", "string"}}, Result: "string", Doc: "the self-contained HTML report of what is on screen (page: the address, for the link)"},
	{Name: "setPick", Args: []Arg{{"name", "string"}, {"choice", "number"}}, Result: "string", Doc: "the choice picked for a prediction (from 0; -1 takes it back), for the link; \"\" when done"},
	{Name: "setAttempt", Args: []Arg{{"name", "string"}}, Result: "string", Doc: "the challenge the run attempts (\"\" none), for the link; \"\" when done"},
	{Name: "classRow", Args: []Arg{{"line", "number"}, {"link", "string"}}, Result: "string", Doc: "JSON ClassRow: a link replayed to its end for the class view (class.RowOf; no live run needed)"},
	{Name: "sweepPoint", Args: []Arg{{"scenario", "string"}, {"plan", "string"}, {"samples", "string"}}, Result: "string", Doc: "JSON PointStat: one point of a sweep from its seeds' samples (a JSON array of sweepCell's)"},
}

// Arity returns how many arguments the bridge function name takes; it
// panics on a name the table does not list (a programming error in the
// bridge).
func (fs Funcs) Arity(name string) int {
	for _, f := range fs {
		if f.Name == name {
			return len(f.Args)
		}
	}
	panic(fmt.Sprintf("session: bridge function %s is not in its table", name))
}

// CheckInstalled reports the first function of the table that installed
// lacks.
func (fs Funcs) CheckInstalled(installed map[string]bool) error {
	for _, f := range fs {
		if !installed[f.Name] {
			return fmt.Errorf("session: bridge function %s of its table is not installed", f.Name)
		}
	}
	return nil
}

// Compared is what the worker passes the page with every batch of A's rows
// while B is open (FromWorker's cmp), made of three bridge results: B's
// rows of the same advance (rowsB), A's values (valuesA) and the
// comparison (comparison).
type Compared struct {
	RowsB      Rows           `json:"rowsB"`
	ValuesA    param.Values   `json:"valuesA"`
	Comparison compare.Result `json:"comparison"`
}

// Rows are rows flat as the bridge returns them (advance, rowsB): a
// Float64Array in the page, whose width is Info.columns.
type Rows []float64
