//go:build !js

package web

import (
	"os/exec"
	"testing"
)

// The generated *_templ.go files are committed: they must match the .templ
// sources.
func TestTemplGeneratedIsFresh(t *testing.T) {
	// From the module root, as `go tool templ generate` is run: the
	// generated code names its source by the path from there.
	cmd := exec.Command("go", "tool", "templ", "generate", "-check")
	cmd.Dir = ".."
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("generated templ code is stale (run `go tool templ generate` at the root): %v\n%s", err, out)
	}
}
