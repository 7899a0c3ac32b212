//go:build !js

package web

import (
	"os/exec"
	"testing"
)

// The generated *_templ.go files are committed: they must match the .templ
// sources.
func TestTemplGeneratedIsFresh(t *testing.T) {
	out, err := exec.Command("go", "tool", "templ", "generate", "-check", "-path", ".").CombinedOutput()
	if err != nil {
		t.Fatalf("generated templ code is stale (run `go tool templ generate -path web`): %v\n%s", err, out)
	}
}
