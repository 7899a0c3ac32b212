package scenario

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"overloadlab/core/engine/param"
)

var testSchema = param.NewSet(
	param.Spec{Name: "rate", Kind: param.Number, Min: 0, Max: 100, Default: param.Num(10), Doc: "a rate"},
	param.Spec{Name: "n", Kind: param.Integer, Min: 1, Max: 8, Default: param.Num(1), Doc: "a count"},
	param.Spec{Name: "on", Kind: param.Bool, Default: param.On(true), Doc: "a switch"},
	param.Spec{Name: "mode", Kind: param.Choice, Choices: []string{"a", "b"}, Default: param.Str("a"), Doc: "a mode"},
	param.Spec{Name: "size", Kind: param.Integer, Min: 1, Max: 9, Default: param.Num(3), Fixed: true, Doc: "fixed during a run"},
)

func schemas(model string) (*param.Set, bool) {
	if model == "m" {
		return testSchema, true
	}
	return nil, false
}

func decode(s string) (*Scenario, error) { return Decode([]byte(s), schemas, nil) }

func TestDecodeRoundTrip(t *testing.T) {
	sc, err := decode(`{"model":"m","seed":9,"duration_s":30,"params":{"rate":55.5,"on":false,"mode":"b"},
		"timeline":[{"at_s":10,"param":"n","value":4}]}`)
	if err != nil {
		t.Fatal(err)
	}
	if sc.Seed != 9 || sc.Duration != 30 || sc.Interval != 1 || sc.Params.Num("rate") != 55.5 || sc.Params.Bool("on") ||
		sc.Params.Text("mode") != "b" || len(sc.Timeline) != 1 || sc.Timeline[0].Value.Num != 4 {
		t.Fatalf("%+v", sc)
	}
	b, err := json.Marshal(sc)
	if err != nil {
		t.Fatal(err)
	}
	back, err := Decode(b, schemas, nil)
	if err != nil {
		t.Fatal(err)
	}
	b2, _ := json.Marshal(back)
	if string(b) != string(b2) {
		t.Fatalf("round trip:\n%s\n%s", b, b2)
	}
}

// TestDecodeErrorsNameTheField checks that each bad input is refused with
// an error that names the field and, for values, the allowed range.
func TestDecodeErrorsNameTheField(t *testing.T) {
	for in, field := range map[string]string{
		`{"model":"x"}`:                                                "model",
		`{"model":"m","seed":-1}`:                                      "seed",
		`{"model":"m","seed":1.5}`:                                     "seed",
		`{"model":"m","duration_s":0}`:                                 "duration_s",
		`{"model":"m","duration_s":1e9}`:                               "duration_s",
		`{"model":"m","interval_s":0.01}`:                              "interval_s",
		`{"model":"m","params":{"rate":101}}`:                          "rate",
		`{"model":"m","params":{"rate":"fast"}}`:                       "rate",
		`{"model":"m","params":{"n":2.5}}`:                             "n",
		`{"model":"m","params":{"on":1}}`:                              "on",
		`{"model":"m","params":{"mode":"c"}}`:                          "mode",
		`{"model":"m","params":{"speed":1}}`:                           "speed",
		`{"model":"m","params":[]}`:                                    "params",
		`{"model":"m","timeline":[{"at_s":-1,"param":"n","value":2}]}`: "timeline[0].at_s",
		`{"model":"m","timeline":[{"at_s":5,"param":"zz","value":2}]}`: "zz",
		`{"model":"m","timeline":[{"at_s":5,"param":"n","value":99}]}`: "n",
		`{"model":"m","timeline":[{"at_s":5,"param":"n","value":2},{"at_s":4,"param":"n","value":2}]}`:    "timeline[1].at_s",
		`{"model":"m","timeline":[{"at_s":1,"param":"n","value":2},{"at_s":5,"param":"size","value":4}]}`: "timeline[1].param",
		`{"model":"m","colour":"red"}`: "colour",
		// Strict: null is not a value, keys are exact and given once, one object.
		`{"model":"m","seed":null}`:                                         "seed",
		`{"model":"m","params":{"on":null}}`:                                "on",
		`{"model":"m","params":{"mode":null}}`:                              "mode",
		`{"model":null}`:                                                    "model",
		`{"model":"m","params":null}`:                                       "params",
		`{"model":"m","timeline":null}`:                                     "timeline",
		`{"model":"m","timeline":[null]}`:                                   "timeline[0]",
		`{"model":"m","timeline":[{"at_s":null,"param":"n","value":2}]}`:    "timeline[0].at_s",
		`{"model":"m","timeline":[{"at_s":1,"param":"n","value":null}]}`:    "n",
		`{"model":"m","timeline":[{"at_s":1,"param":"n"}]}`:                 "timeline[0]",
		`{"model":"m","timeline":[{"at_s":1,"param":"n","value":2,"x":1}]}`: "timeline[0].x",
		`{"model":"m","SEED":3}`:                                            "SEED",
		`{"model":"m","seed":3,"seed":4}`:                                   "seed",
		`{"model":"m","params":{"rate":1,"rate":2}}`:                        "params.rate",
		`{"model":"m"} {"model":"m"}`:                                       "scenario",
		`{"model":"m"}x`:                                                    "scenario",
		`{"model":"m","params":{"rate":"1"}}`:                               "rate",
		`not json`:                                                          "scenario",
	} {
		_, err := decode(in)
		if err == nil {
			t.Errorf("%s: accepted", in)
			continue
		}
		if !strings.Contains(err.Error(), field) {
			t.Errorf("%s: error %q does not name %s", in, err, field)
		}
		var pe *param.Error
		if errors.As(err, &pe) && (pe.Allowed == "" || pe.Value == "") {
			t.Errorf("%s: error %q lacks the value or the allowed range", in, err)
		}
	}
}

// FuzzDecode decodes, encodes and decodes again: what is accepted must
// read back to the same scenario.
func FuzzDecode(f *testing.F) {
	f.Add(`{"model":"m","seed":9,"params":{"rate":5},"timeline":[{"at_s":1,"param":"n","value":2}]}`)
	f.Add(`{"model":"m","params":{"mode":"b","on":true}}`)
	f.Add(`{}`)
	f.Add(`{"model":"m","seed":null}`)
	f.Add(`{"model":"m","seed":1,"seed":2}`)
	f.Add(`{"model":"m","Seed":1}`)
	f.Add(`{"model":"m"}{}`)
	f.Add(`{"model":"m","timeline":[{"at_s":1,"param":"n","value":2,"extra":0}]}`)
	f.Add(`{"model":"m","timeline":[]}`)
	f.Add(`{"model":"m","streams":"numbered"}`)
	f.Add(`{"model":"m","streams":"nope"}`)
	f.Fuzz(func(t *testing.T, in string) {
		sc, err := decode(in)
		if err != nil {
			if err.Error() == "" {
				t.Fatal("empty error")
			}
			return
		}
		if err := sc.Validate(); err != nil {
			t.Fatalf("decoded an invalid scenario: %v", err)
		}
		b, err := json.Marshal(sc)
		if err != nil {
			t.Fatal(err)
		}
		back, err := Decode(b, schemas, nil)
		if err != nil {
			t.Fatalf("re-encoded scenario does not decode: %v\n%s", err, b)
		}
		if b2, _ := json.Marshal(back); string(b2) != string(b) {
			t.Fatalf("decoded again as\n%s\nnot\n%s", b2, b)
		}
	})
}

// A file says "streams": "numbered" for a run on the numbered random
// streams of catalog version 1 (one opened from an old link), and nothing
// for named streams, as files written before the field; any other value is
// refused naming the field.
func TestFileStreams(t *testing.T) {
	sc, err := decode(`{"model":"m","streams":"numbered"}`)
	if err != nil || sc.Streams != NumberedStreams {
		t.Fatalf("numbered: %v %v", sc, err)
	}
	b, _ := json.Marshal(sc)
	if !strings.Contains(string(b), `"streams":"numbered"`) {
		t.Errorf("numbered written as %s", b)
	}
	if back, err := Decode(b, schemas, nil); err != nil || back.Streams != NumberedStreams {
		t.Errorf("read back: %v %v", back, err)
	}
	for in, want := range map[string]Streams{`{"model":"m"}`: NamedStreams, `{"model":"m","streams":"named"}`: NamedStreams} {
		sc, err := decode(in)
		if err != nil || sc.Streams != want {
			t.Fatalf("%s: %v %v", in, sc, err)
		}
		if b, _ := json.Marshal(sc); strings.Contains(string(b), "streams") {
			t.Errorf("%s written as %s", in, b)
		}
	}
	for _, in := range []string{`{"model":"m","streams":"old"}`, `{"model":"m","streams":1}`} {
		var pe *param.Error
		if _, err := decode(in); !errors.As(err, &pe) || pe.Field != "streams" {
			t.Errorf("%s: %v", in, err)
		}
	}
}
