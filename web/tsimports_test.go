//go:build !js

package web

import (
	"os"
	"path"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
)

// tsImport matches an import or re-export of a module of the page
// ("./store", "./gen/types"), type-only ones included: a circle of types
// is as hard to read as one of values.
var tsImport = regexp.MustCompile(`(?m)^\s*(?:import|export)\b[^;"']*?\bfrom\s*["'](\.{1,2}/[^"']+)["']|^\s*import\s*["'](\.{1,2}/[^"']+)["']`)

// tsImports reads which of static/ts's modules each one imports, by name
// relative to static/ts without ".ts" ("main", "gen/types").
func tsImports(t *testing.T, root string) map[string][]string {
	t.Helper()
	graph := map[string][]string{}
	err := filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".ts") || strings.HasSuffix(p, ".d.ts") {
			return err
		}
		src, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		name := strings.TrimSuffix(filepath.ToSlash(rel), ".ts")
		graph[name] = nil
		for _, m := range tsImport.FindAllStringSubmatch(string(src), -1) {
			spec := m[1] + m[2]
			if e := path.Ext(spec); e != "" && e != ".ts" {
				continue // data (a .json), not a module
			}
			graph[name] = append(graph[name], path.Join(path.Dir(name), strings.TrimSuffix(spec, ".ts")))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return graph
}

// tsCircle returns an import circle of the graph ("a", "b", "a"), or nil.
func tsCircle(graph map[string][]string) []string {
	const (
		unseen = iota
		open
		done
	)
	state := map[string]int{}
	var stack, circle []string
	var visit func(n string)
	visit = func(n string) {
		switch state[n] {
		case open:
			for k, m := range stack {
				if m == n {
					circle = append(append([]string{}, stack[k:]...), n)
					return
				}
			}
		case done:
			return
		}
		state[n] = open
		stack = append(stack, n)
		for _, m := range graph[n] {
			if circle == nil {
				visit(m)
			}
		}
		stack = stack[:len(stack)-1]
		state[n] = done
	}
	names := make([]string, 0, len(graph))
	for n := range graph {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		if circle == nil {
			visit(n)
		}
	}
	return circle
}

// The page's modules import each other without a circle (ARCHITECTURE's
// layering, as Go's compiler enforces it for the core): each can be read,
// and tested, after the ones it imports. A module named that is not there
// is a typo tsc would report too.
func TestTypeScriptHasNoImportCircle(t *testing.T) {
	graph := tsImports(t, "../static/ts")
	if len(graph["main"]) == 0 {
		t.Fatal("static/ts/main.ts imports nothing: the pattern reads no imports")
	}
	for n, deps := range graph {
		for _, d := range deps {
			if _, ok := graph[d]; !ok {
				t.Errorf("%s.ts imports %q, which is not a module of static/ts", n, d)
			}
		}
	}
	if c := tsCircle(graph); c != nil {
		t.Errorf("import circle: %s", strings.Join(c, " → "))
	}
}

// The check finds a circle, a type-only one and a re-export included.
func TestTypeScriptImportCircleIsFound(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"a.ts":     "import { b } from \"./b\";\nexport const a = 1;\n",
		"b.ts":     "import type { C } from \"./sub/c\";\nexport const b = 2;\n",
		"sub/c.ts": "export type * from \"../a\";\n",
		"d.ts":     "import \"./a\";\nimport x from \"../x.json\";\n",
	}
	for name, src := range files {
		os.MkdirAll(filepath.Join(dir, filepath.Dir(name)), 0o755)
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	g := tsImports(t, dir)
	if got, want := strings.Join(g["d"], ","), "a"; got != want {
		t.Errorf("d imports %q, want %q", got, want)
	}
	c := tsCircle(g)
	if got, want := strings.Join(c, " → "), "a → b → sub/c → a"; got != want {
		t.Errorf("circle %q, want %q", got, want)
	}
	os.WriteFile(filepath.Join(dir, "sub/c.ts"), []byte("export type C = number;\n"), 0o644)
	if c := tsCircle(tsImports(t, dir)); c != nil {
		t.Errorf("circle %v where there is none", c)
	}
}
