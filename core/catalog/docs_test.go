package catalog

import (
	"runtime"
	"testing"

	"overloadlab/core/engine/param"
)

// TestProse: natively every parameter of every model has its one-line doc
// and every "how it works" panel its formula and text (the page's HTML and
// the command line show them); in the WebAssembly build none has, but the
// free-text parameters, whose doc is their allowed values in error
// messages: they are written through prose.Page, which keeps them out of
// the module. Every counter has its words in both builds. make digests
// runs it as WebAssembly.
func TestProse(t *testing.T) {
	wasm := runtime.GOARCH == "wasm"
	for _, def := range Models {
		for _, sp := range def.Params.Specs() {
			switch {
			case !wasm && sp.Doc == "":
				t.Errorf("%s: %s has no doc", def.Name, sp.Name)
			case wasm && sp.Kind == param.Text && sp.Doc == "":
				t.Errorf("%s: %s, free text, lost the doc that its errors quote", def.Name, sp.Name)
			case wasm && sp.Kind != param.Text && sp.Doc != "":
				t.Errorf("%s: %s's doc is in the WebAssembly build: write it as prose.Page(%q)", def.Name, sp.Name, sp.Doc)
			}
		}
		// The counters' words are in both builds: the wasm writes the
		// difference table and the report, which name counters by them.
		for _, c := range def.Counters.List() {
			if c.Label == "" {
				t.Errorf("%s: counter %s has no words (in WebAssembly: %v): declare them without prose.Page", def.Name, c.Name, wasm)
			}
		}
		for _, p := range def.Panels {
			if wasm && (p.Formula != "" || p.Text != "") || !wasm && (p.Formula == "" || p.Text == "") {
				t.Errorf("%s: panel %q: formula %q, text %q (in WebAssembly: %v)", def.Name, p.Title, p.Formula, p.Text, wasm)
			}
		}
	}
}
