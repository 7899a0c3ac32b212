package catalog

import (
	"runtime"
	"testing"

	"overloadlab/core/engine/param"
)

// TestParamDocs: natively every parameter of every model has its one-line
// doc (the page's HTML and the command line show it); in the WebAssembly
// build none has, but the free-text ones, whose doc is their allowed
// values in error messages: the docs are written through prose.Page, which
// keeps them out of the module. make digests runs it as WebAssembly.
func TestParamDocs(t *testing.T) {
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
	}
}
