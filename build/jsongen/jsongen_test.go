package main

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// The committed jsonw_gen.go files are what jsongen writes now, and no
// package keeps one it no longer needs: after a change to a type the page
// or a link reads, run `go generate ./build/jsongen`.
func TestGeneratedMethodsAreFresh(t *testing.T) {
	files := Generate()
	for path, want := range files {
		got, err := os.ReadFile(filepath.Join("../..", path))
		if err != nil || string(got) != string(want) {
			t.Errorf("%s is stale: run go generate ./build/jsongen", path)
		}
	}
	var stale []string
	filepath.WalkDir("../..", func(path string, d os.DirEntry, err error) error {
		if err == nil && d.Name() == "jsonw_gen.go" {
			rel, _ := filepath.Rel("../..", path)
			if _, ok := files[rel]; !ok {
				stale = append(stale, rel)
			}
		}
		if err == nil && d.IsDir() && d.Name() == "node_modules" {
			return filepath.SkipDir
		}
		return nil
	})
	if len(stale) > 0 {
		slices.Sort(stale)
		t.Errorf("generated files jsongen no longer writes: %v", stale)
	}
}
