package main

import (
	"os"
	"path/filepath"
	"testing"
)

// Every model's committed presets_js.go is what presetgen writes now from
// its presets.go: after a change to a preset, its claims or exercises,
// run `go generate ./build/presetgen`.
func TestGeneratedPresetsAreFresh(t *testing.T) {
	for _, d := range Models() {
		want, err := Generate(d)
		if err != nil {
			t.Errorf("%s: %v", d.Name, err)
			continue
		}
		got, err := os.ReadFile(filepath.Join("..", "..", File(d)))
		if err != nil {
			t.Errorf("%s: %v (run go generate ./build/presetgen)", d.Name, err)
			continue
		}
		if string(got) != string(want) {
			t.Errorf("%s is stale: run go generate ./build/presetgen", File(d))
		}
	}
}
