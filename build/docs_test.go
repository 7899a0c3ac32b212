package main

import (
	"os"
	"os/exec"
	"regexp"
	"strings"
	"testing"
)

// ARCHITECTURE.md's tables and folder tree name every package under
// core/, web/, build/ and wasm/, as go list finds them (for both targets:
// wasm's main builds only for js): a package by its path below its kind's
// folder in backticks (`oc`, `sim/simtest`, `report`), or as a folder
// ("headless/") in the tree. A new package that the page does not name
// fails here.
func TestArchitectureNamesEveryPackage(t *testing.T) {
	doc, err := os.ReadFile("../ARCHITECTURE.md")
	if err != nil {
		t.Fatal(err)
	}
	var pkgs []string
	for _, env := range [][]string{nil, {"GOOS=js", "GOARCH=wasm"}} {
		cmd := exec.Command("go", "list", "-e", "./...")
		cmd.Dir = ".."
		cmd.Env = append(os.Environ(), env...)
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("go list ./... %v: %v", env, err)
		}
		pkgs = append(pkgs, strings.Fields(string(out))...)
	}
	if len(pkgs) < 40 {
		t.Fatalf("go list found %d packages", len(pkgs))
	}
	folder := regexp.MustCompile(`(?m)^\s+([a-z0-9/]+)/\s`)
	folders := map[string]bool{}
	for _, m := range folder.FindAllStringSubmatch(string(doc), -1) {
		folders[m[1]] = true
	}
	seen := map[string]bool{}
	for _, p := range pkgs {
		rel, ok := strings.CutPrefix(p, "overloadlab/")
		if !ok || seen[rel] {
			continue
		}
		seen[rel] = true
		kind := strings.SplitN(rel, "/", 2)[0]
		if kind != "core" && kind != "web" && kind != "build" && kind != "wasm" {
			continue
		}
		name := rel
		for _, dir := range []string{"core/engine/", "core/control/", "core/node/", "core/", "web/", "build/", "wasm/"} {
			if n, ok := strings.CutPrefix(rel, dir); ok {
				name = n
				break
			}
		}
		if !strings.Contains(string(doc), "`"+name+"`") && !folders[name] && !folders[rel] {
			t.Errorf("ARCHITECTURE.md does not name package %s (as `%s` in a table or %s/ in the folders)", rel, name, name)
		}
	}
}
