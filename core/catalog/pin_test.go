package catalog

import (
	"bytes"
	"encoding/json"
	"flag"
	"maps"
	"os"
	"slices"
	"testing"

	"overloadlab/core/engine/jsonw"
	"overloadlab/core/engine/param"
	"overloadlab/core/engine/scenario"
)

var freeze = flag.Bool("freeze", false, "freeze the bases changed since testdata/bases.json into frozen.json and raise the catalog version")

// recordedBases is testdata/bases.json: every base a link can be made
// against (each preset, each model's defaults) as a whole scenario file, as
// of catalog version Version.
type recordedBases struct {
	Version int                        `json:"version"`
	Bases   map[string]json.RawMessage `json:"bases"`
}

// currentBases returns every base as today's catalog builds it.
func currentBases(t *testing.T) map[string]json.RawMessage {
	t.Helper()
	out := map[string]json.RawMessage{}
	for _, d := range Models {
		b, _ := json.Marshal(scenario.New(d.Name, d.Params))
		out[baseKey(d.Name, "")] = b
	}
	for _, p := range Presets() {
		s, err := Preset(p.Name)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := json.Marshal(s)
		out[baseKey(p.Model, p.Name)] = b
	}
	return out
}

// sameBase reports whether the base cur is the recorded base rec, leaving
// out the parameters added since rec: a new parameter's default keeps the
// old behaviour (as canonical in link_test.go assumes), and a frozen copy
// without it takes that default.
func sameBase(rec, cur json.RawMessage) bool {
	var r, c map[string]json.RawMessage
	var rp, cp map[string]json.RawMessage
	if json.Unmarshal(rec, &r) != nil || json.Unmarshal(cur, &c) != nil ||
		json.Unmarshal(r["params"], &rp) != nil || json.Unmarshal(c["params"], &cp) != nil {
		return false
	}
	for name := range cp {
		if _, ok := rp[name]; !ok {
			delete(cp, name)
		}
	}
	r["params"], _ = json.Marshal(rp)
	c["params"], _ = json.Marshal(cp)
	canon := func(m map[string]json.RawMessage) string {
		var b bytes.Buffer
		for _, k := range slices.Sorted(maps.Keys(m)) {
			b.WriteString(k)
			json.Compact(&b, m[k])
		}
		return b.String()
	}
	return canon(r) == canon(c)
}

// TestBasesArePinned: no preset and no model default changes without its
// old copy frozen, so that every link keeps opening the run it was made
// of. With -freeze it freezes the changed bases and raises the version.
func TestBasesArePinned(t *testing.T) {
	const file = "testdata/bases.json"
	var rec recordedBases
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, &rec); err != nil {
		t.Fatal(err)
	}
	if rec.Version != Version {
		t.Fatalf("%s is of catalog version %d, the catalog is at %d", file, rec.Version, Version)
	}
	// Every frozen copy still opens (a renamed parameter needs an alias).
	for _, f := range frozen {
		for key, raw := range f.Bases {
			if _, err := scenario.Decode(raw, Schemas, nil); err != nil {
				t.Errorf("frozen.json, version %d, %s: %v", f.Version, key, err)
			}
		}
	}
	now := currentBases(t)
	var changed, added []string
	for _, key := range slices.Sorted(maps.Keys(rec.Bases)) {
		if cur, ok := now[key]; !ok || !sameBase(rec.Bases[key], cur) {
			changed = append(changed, key)
		}
	}
	for _, key := range slices.Sorted(maps.Keys(now)) {
		if _, ok := rec.Bases[key]; !ok {
			added = append(added, key)
		}
	}
	if len(changed) == 0 && len(added) == 0 {
		return
	}
	if !*freeze {
		t.Fatalf("changed since catalog version %d: %v; not yet recorded: %v. Run go test ./core/catalog -run TestBasesArePinned -freeze: "+
			"it keeps the old copies of what changed in frozen.json and raises the version (links made before would otherwise silently mean another run), "+
			"and records what is new", Version, changed, added)
	}
	next := rec.Version
	if len(changed) > 0 {
		f := frozenVersion{Version: Version, Bases: map[string]jsonw.Raw{}}
		for _, key := range changed {
			f.Bases[key] = jsonw.Raw(rec.Bases[key])
		}
		all := append(slices.Clone(frozen), f)
		out, _ := json.MarshalIndent(all, "", " ")
		if err := os.WriteFile("frozen.json", append(out, '\n'), 0o644); err != nil {
			t.Fatal(err)
		}
		next++
	}
	out, _ := json.MarshalIndent(recordedBases{Version: next, Bases: now}, "", " ")
	if err := os.WriteFile(file, append(out, '\n'), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("froze %v at version %d; recorded %v; the catalog is now at version %d", changed, Version, added, next)
}

// presetDef returns the definition of the preset named name, for tests that
// change it.
func presetDef(t *testing.T, name string) *scenario.Preset {
	for _, p := range Presets() {
		if p.Name == name {
			return p
		}
	}
	t.Fatalf("no preset %s", name)
	return nil
}

func linkDigest(t *testing.T, link string) string {
	t.Helper()
	s, err := DecodeLink(link)
	if err != nil {
		t.Fatal(err)
	}
	return digestOf(t, s)
}

// TestOldLinkKeepsItsRunWhenAPresetChanges changes a preset's defaults as a
// later commit would, freezes the old copy as -freeze does, and checks
// that a link made before still opens the same run, while a new link gets
// the new preset.
func TestOldLinkKeepsItsRunWhenAPresetChanges(t *testing.T) {
	const name = "scp-overload-step"
	s, err := Preset(name)
	if err != nil {
		t.Fatal(err)
	}
	s.Seed = 5
	link, err := EncodeLink(s)
	if err != nil {
		t.Fatal(err)
	}
	want := linkDigest(t, link)
	old, _ := Preset(name)
	oldJSON, _ := json.Marshal(old)

	// A later catalog: the overload steps back at 200 s, at 2.5×, and runs 240 s.
	p := presetDef(t, name)
	saved, savedVersion, savedFrozen := *p, Version, frozen
	t.Cleanup(func() { *p, Version, frozen = saved, savedVersion, savedFrozen })
	p.Duration = 240
	p.Timeline = []scenario.Change{{At: 60, Param: "ssp.load", Value: param.Num(2.5)}, {At: 200, Param: "ssp.load", Value: param.Num(0.8)}}
	if linkDigest(t, link) == want {
		t.Fatal("changing the preset did not change the old link's run: the test proves nothing")
	}
	frozen = append(slices.Clone(frozen), frozenVersion{Version: Version, Bases: map[string]jsonw.Raw{baseKey("scp", name): oldJSON}})
	Version++

	if got := linkDigest(t, link); got != want {
		t.Errorf("the old link opens a run of digest %s, made as %s", got, want)
	}
	back, _ := DecodeLink(link)
	if back.Seed != 5 || back.Duration != old.Duration || len(back.Timeline) != 2 || back.Timeline[1].At != 190 {
		t.Errorf("the old link opens seed %d, %g s, timeline %v", back.Seed, back.Duration, back.Timeline)
	}
	now, _ := Preset(name)
	l2, _ := EncodeLink(now)
	if n, err := DecodeLink(l2); err != nil || n.Duration != 240 || n.Timeline[1].At != 200 {
		t.Errorf("a new link of the changed preset opens %v (%v)", n, err)
	}
	// A link from a newer catalog is refused, naming its version.
	if _, err := base("scp", name, Version+1); err == nil {
		t.Error("a link of a future catalog version opened")
	}
}
