package sim

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"
	"unicode"

	"overloadlab/core/engine/jsonw"
)

// planSeeds are sweep definitions, good and bad, in the shapes
// encoding/json is lenient about: case, repeats, null, what follows.
var planSeeds = []string{
	`{"param":"ssp.load","from":0.5,"to":2,"points":3,"log":true,"seeds":3,"variants":[{"label":"adaptive","params":{"scp.control":"adaptive-acg"}}]}`,
	`{"param":"ssp.load","values":[0.5,1,null,2],"seeds":2}`, `{"param":"ssp.load","values":[0.5,1,2],"seeds":2}`,
	`{"PARAM":"x","From":1,"to":1e300,"Points":3,"LOG":false,"seeds":1}`,
	`{"param":"x","param":"y","values":[1,2,3],"values":[null],"variants":[{"label":"a","params":{"p":1}}],"variants":[{"params":{"q":2}},null]}`,
	`{"param":null,"values":null,"variants":null}`, `null`, ` null x`, `{"param":"x"} trailing`, `{"param":"x"}{"param":"y"}`,
	`123abc`, `[]`, `"plan"`, `{"nope":1}`, `{"nope":null}`, `{"points":1.5}`, `{"points":1e2}`, `{"from":"1"}`, `{"from":1e400}`,
	`{"log":1}`, `{"variants":[{"label":"a","extra":1}]}`, `{"variants":[{"params":[]}]}`, `{"variants":{}}`, `{"values":[1,"x"]}`,
	`{"variants":[{"label":null,"params":null}]}`, `{"variants":[]}`, `{"values":[]}`, ``, `   `, `{`, `{"param":"x"`, `{"param":"\u00e9\ud800"}`,
	`{"ſeeds":2}`, `{"\u017feeds":2}`, `{"K":1}`, `{"variants":[{"label":"a\rb"}]}`, `{"variants":[{"label":"\u202e"}]}`,
	`{"variants":[{"label":"a","params":{"p":1,"p":2}}]}`,
}

// hasNull reports whether a JSON value holds null anywhere.
func hasNull(v any) bool {
	switch v := v.(type) {
	case nil:
		return true
	case []any:
		return slices.ContainsFunc(v, hasNull)
	case map[string]any:
		for _, x := range v {
			if hasNull(x) {
				return true
			}
		}
	}
	return false
}

// FuzzPlanDecodeStrict: the plan decoder (the sweep in a link, and what the
// page's pool is sent) accepts a subset of what a json.Decoder with
// DisallowUnknownFields accepted, reads it alike, and accepts no null, no
// key in another case, no label with a control character; what it reads
// writes back (EncodePlan's form) to a text it reads to the same plan.
func FuzzPlanDecodeStrict(f *testing.F) {
	for _, s := range planSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, raw []byte) {
		var got PlanJSON
		if err := got.decode(raw); err != nil {
			if err.Error() == "" {
				t.Fatal("empty error")
			}
			return
		}
		var want PlanJSON
		dec := json.NewDecoder(bytes.NewReader(raw))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&want); err != nil {
			t.Fatalf("%q: accepted; encoding/json: %v", raw, err)
		}
		if fmt.Sprintf("%v", got) != fmt.Sprintf("%v", want) { // an empty list and none print alike
			t.Fatalf("%q: %#v; encoding/json: %#v", raw, got, want)
		}
		var v any
		json.Unmarshal(raw, &v)
		if hasNull(v) {
			t.Fatalf("%q: accepted a null", raw)
		}
		for _, vw := range got.Variants {
			if strings.ContainsFunc(vw.Label, unicode.IsControl) {
				t.Fatalf("%q: accepted the label %q", raw, vw.Label)
			}
		}
		again, _ := jsonw.Marshal(&got)
		var back PlanJSON
		if err := back.decode(again); err != nil || fmt.Sprintf("%v", canonicalPlan(back)) != fmt.Sprintf("%v", canonicalPlan(got)) {
			t.Fatalf("%q written back as %s reads %#v, %v", raw, again, back, err)
		}
	})
}

// FuzzSamplesAsEncodingJSON: DecodeSamples accepts exactly what
// json.Unmarshal accepted into a []Sample, and reads the same samples.
func FuzzSamplesAsEncodingJSON(f *testing.F) {
	for _, s := range []string{
		`[{"Variant":0,"Point":1,"Seed":2,"x":0.5,"values":[1,2,3,4,5,6,7,8],"digest":"ab"}]`,
		`[{"variant":1,"POINT":2,"seed":3,"X":1,"Values":null,"Digest":null,"other":[1]},null]`,
		`[{"Seed":1,"Seed":2,"values":[1,2],"values":[null,null,3]}]`, `null`, `[]`, `{}`, `[1]`, `[{"x":"1"}]`, `[{"Seed":1.5}]`,
		`[{"values":{}}]`, `[{"Seed":1}] x`, ``, `[{"digest":"\ud800x"}]`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, raw []byte) {
		var want []Sample
		errW := json.Unmarshal(raw, &want)
		got, err := DecodeSamples(raw)
		if (err == nil) != (errW == nil) {
			t.Fatalf("%q: %v; encoding/json: %v", raw, err, errW)
		}
		if err == nil && !reflect.DeepEqual(got, want) {
			t.Fatalf("%q: %#v; encoding/json: %#v", raw, got, want)
		}
	})
}

// canonicalPlan writes the variants' raw values as encoding/json writes
// them (a written-back value escapes & < > as \u0026 …), so that plans
// compare by meaning.
func canonicalPlan(w PlanJSON) PlanJSON {
	vs := make([]VariantJSON, len(w.Variants))
	for i, v := range w.Variants {
		vs[i] = VariantJSON{Label: v.Label, Params: map[string]jsonw.Raw{}}
		for k, x := range v.Params {
			b, _ := json.Marshal(json.RawMessage(x))
			vs[i].Params[k] = b
		}
	}
	w.Variants = vs
	return w
}
