package main

import (
	"encoding/json"
	"os"
	"strings"
	"testing"

	"overloadlab/core/catalog"
	"overloadlab/core/engine/scenario"
)

// The committed static/ts/gen/types.ts is what tsgen writes now: after a
// change to a Go type the page reads, run `go generate ./build/tsgen`.
func TestGeneratedTypesAreFresh(t *testing.T) {
	got, err := os.ReadFile("../../static/ts/gen/types.ts")
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != Generate() {
		t.Error("static/ts/gen/types.ts is stale: run go generate ./build/tsgen")
	}
}

// The Scenario interface, written by hand for scenario.Scenario's
// MarshalJSON, declares every key a scenario file has.
func TestScenarioShape(t *testing.T) {
	sc, err := catalog.Preset("attach-storm")
	if err != nil {
		t.Fatal(err)
	}
	sc.Streams = scenario.NumberedStreams // written only when numbered
	b, err := json.Marshal(sc)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	decl := header()
	decl = decl[strings.Index(decl, "export interface Scenario"):]
	decl = decl[:strings.Index(decl, "}")]
	for k := range m {
		if !strings.Contains(decl, "\n  "+k+":") && !strings.Contains(decl, "\n  "+k+"?:") {
			t.Errorf("scenario JSON has %q, the Scenario interface does not declare it", k)
		}
	}
	if len(m) < 6 {
		t.Errorf("attach-storm's scenario JSON has only %d keys", len(m))
	}
}
