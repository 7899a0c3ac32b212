package sim

import (
	"bytes"
	"encoding/json"
	"reflect"
	"testing"
)

// planSeeds are sweep definitions, good and bad, in the shapes
// encoding/json is lenient about: case, repeats, null, what follows.
var planSeeds = []string{
	`{"param":"ssp.load","from":0.5,"to":2,"points":3,"log":true,"seeds":3,"variants":[{"label":"adaptive","params":{"scp.control":"adaptive-acg"}}]}`,
	`{"param":"ssp.load","values":[0.5,1,null,2],"seeds":2}`,
	`{"PARAM":"x","From":1,"to":1e300,"Points":3,"LOG":false,"seeds":1}`,
	`{"param":"x","param":"y","values":[1,2,3],"values":[null],"variants":[{"label":"a","params":{"p":1}}],"variants":[{"params":{"q":2}},null]}`,
	`{"param":null,"values":null,"variants":null}`, `null`, ` null x`, `{"param":"x"} trailing`, `{"param":"x"}{"param":"y"}`,
	`123abc`, `[]`, `"plan"`, `{"nope":1}`, `{"nope":null}`, `{"points":1.5}`, `{"points":1e2}`, `{"from":"1"}`, `{"from":1e400}`,
	`{"log":1}`, `{"variants":[{"label":"a","extra":1}]}`, `{"variants":[{"params":[]}]}`, `{"variants":{}}`, `{"values":[1,"x"]}`,
	`{"variants":[{"label":null,"params":null}]}`, `{"variants":[]}`, `{"values":[]}`, ``, `   `, `{`, `{"param":"x"`, `{"param":"\u00e9\ud800"}`,
	`{"ſeeds":2}`, `{"\u017feeds":2}`, `{"K":1}`,
}

// FuzzPlanDecodeAsEncodingJSON: the plan decoder accepts exactly what a
// json.Decoder with DisallowUnknownFields accepted, and reads the same
// plan.
func FuzzPlanDecodeAsEncodingJSON(f *testing.F) {
	for _, s := range planSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, raw []byte) {
		var want PlanJSON
		dec := json.NewDecoder(bytes.NewReader(raw))
		dec.DisallowUnknownFields()
		errW := dec.Decode(&want)
		var got PlanJSON
		err := got.decode(raw)
		if (err == nil) != (errW == nil) {
			t.Fatalf("%q: %v; encoding/json: %v", raw, err, errW)
		}
		if err == nil && !reflect.DeepEqual(got, want) {
			t.Fatalf("%q: %#v; encoding/json: %#v", raw, got, want)
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
