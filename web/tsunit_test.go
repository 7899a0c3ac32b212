//go:build !js

package web

import (
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/evanw/esbuild/pkg/api"
)

// The page's TypeScript unit tests (static/ts/*.test.ts, on functions that
// need no DOM: how numbers and axes are written) run under node's own test
// runner, each bundled by esbuild (as build/ bundles the page) into one ES
// module: `node --test` must pass them all.
func TestTypeScriptUnits(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		t.Fatal("node is not installed (make test needs Node.js)")
	}
	tests, _ := filepath.Glob("../static/ts/*.test.ts")
	if len(tests) == 0 {
		t.Fatal("no static/ts/*.test.ts")
	}
	dir := t.TempDir()
	var entries []api.EntryPoint
	var outs []string
	for _, f := range tests {
		name := strings.TrimSuffix(filepath.Base(f), ".ts")
		entries = append(entries, api.EntryPoint{InputPath: f, OutputPath: name})
		outs = append(outs, filepath.Join(dir, name+".mjs"))
	}
	res := api.Build(api.BuildOptions{
		EntryPointsAdvanced: entries,
		Outdir:              dir,
		OutExtension:        map[string]string{".js": ".mjs"},
		Bundle:              true,
		Write:               true,
		Platform:            api.PlatformNode,
		Format:              api.FormatESModule,
		Target:              api.ES2022,
		LogLevel:            api.LogLevelSilent,
	})
	if len(res.Errors) > 0 {
		t.Fatalf("esbuild:\n%s", strings.Join(api.FormatMessages(res.Errors, api.FormatMessagesOptions{Kind: api.ErrorMessage}), ""))
	}
	out, err := exec.Command(node, append([]string{"--test", "--test-reporter=spec"}, outs...)...).CombinedOutput()
	if err != nil {
		t.Fatalf("node --test: %v\n%s", err, out)
	}
	t.Logf("%s", out)
}
