package param

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

func TestParseAndAllowed(t *testing.T) {
	n := Spec{Name: "wait-time", Kind: Integer, Min: 1, Max: 15, Unit: "s", Default: Num(5)}
	if v, err := n.Parse("7"); err != nil || v.Num != 7 {
		t.Fatal(v, err)
	}
	_, err := n.Parse("16")
	if err == nil || err.Error() != `wait-time: 16 is not allowed (allowed: a whole number from 1 to 15 s)` {
		t.Fatalf("error %v", err)
	}
	for _, bad := range []string{"x", "NaN", "Inf", "2.5", ""} {
		if _, err := n.Parse(bad); err == nil || !strings.Contains(err.Error(), "wait-time") {
			t.Errorf("%q: %v", bad, err)
		}
	}
	b := Spec{Name: "on", Kind: Bool}
	if v, err := b.Parse("on"); err != nil || v.Num != 1 {
		t.Fatal(v, err)
	}
	c := Spec{Name: "action", Kind: Choice, Choices: []string{"drop", "reject"}, Default: Str("drop")}
	if _, err := c.Parse("ignore"); err == nil || !strings.Contains(err.Error(), "one of drop, reject") {
		t.Fatal(err)
	}
}

func TestSetDefaultsAndDiff(t *testing.T) {
	s := NewSet(Spec{Name: "a", Kind: Number, Min: 0, Max: 1, Default: Num(0.5)}, Spec{Name: "b", Kind: Bool, Default: On(true)})
	v := s.Defaults()
	w := v.Clone()
	if err := w.Put("b", On(false)); err != nil {
		t.Fatal(err)
	}
	if d := w.Diff(v); len(d) != 1 || d[0] != "b" || !v.Bool("b") {
		t.Fatalf("diff %v", d)
	}
	if err := w.Put("c", Num(1)); err == nil || err.Error() != "c: no such parameter" {
		t.Fatal(err)
	}
	b, _ := w.MarshalJSON()
	if string(b) != `{"a":0.5,"b":false}` {
		t.Fatal(string(b))
	}
}

func TestBadDefaultPanics(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Fatal("a default outside its range was accepted")
		}
	}()
	NewSet(Spec{Name: "x", Kind: Number, Min: 1, Max: 2, Default: Num(3)})
}

// A hostile object of many keys is read in linear time, and every refusal
// names its place.
func TestDecodeObjectStrict(t *testing.T) {
	var b strings.Builder
	b.WriteString("{")
	for i := range 100_000 {
		if i > 0 {
			b.WriteString(",")
		}
		fmt.Fprintf(&b, `"k%d":1`, i)
	}
	b.WriteString("}")
	if m, err := DecodeObject([]byte(b.String()), "params", nil); err != nil || len(m) != 100_000 {
		t.Fatalf("%d members, %v", len(m), err)
	}
	for in, want := range map[string]string{
		`{"a":1,"a":2}`: `params.a: a second value is not allowed`,
		`{"A":1}`:       `params.A: an unknown field is not allowed (allowed: the fields a, b)`,
		`{"a":1} {}`:    `params: malformed JSON, or more than one value is not allowed`,
		`[1]`:           `params: [1] is not allowed (allowed: a JSON object {…})`,
		`{"a":1`:        `params: malformed JSON`,
		`{"a":}`:        `params: malformed JSON`,
		`null`:          `params: null is not allowed`,
		`{"b":{"a":1,"a":2},"a":[1,{"x":"}"}],"b":0}`: `params.b: a second value`,
		` { "a" : "x\"}" , "b" : 1 , "a" : 2 } `:      `params.a: a second value`,
	} {
		_, err := DecodeObject([]byte(in), "params", []string{"a", "b"})
		if err == nil || !strings.HasPrefix(err.Error(), want) {
			t.Errorf("%s: %v, want %q…", in, err, want)
		}
	}
}

// A refused value is shown cut to MaxShown bytes, whatever its kind.
func TestLongValuesAreCut(t *testing.T) {
	long := strings.Repeat("é", 1<<19)
	c := Spec{Name: "action", Kind: Choice, Choices: []string{"drop"}, Default: Str("drop")}
	n := Spec{Name: "rate", Kind: Number, Max: 1}
	_, e1 := c.Parse(long)
	_, e2 := n.Parse(long)
	_, e3 := c.Decode([]byte(`"` + long + `"`))
	for _, err := range []error{e1, e2, e3, c.CheckValue(Str(long))} {
		if err == nil || len(err.Error()) > 300 || !strings.Contains(err.Error(), "…") {
			t.Errorf("error of %d bytes: %.120s", len(fmt.Sprint(err)), fmt.Sprint(err))
		}
	}
}

// The walker gives each member's value exactly as written.
func TestDecodeObjectValues(t *testing.T) {
	in := ` {"a" : "x\"}\\" , "b":[1,{"c":"]"}],"c" :{"d":{}} ,"d":-1.5e3,"e":true,"f":null} `
	m, err := DecodeObject([]byte(in), "", nil)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"a", `"x\"}\\"`, "b", `[1,{"c":"]"}]`, "c", `{"d":{}}`, "d", "-1.5e3", "e", "true", "f", "null"}
	var got []string
	for _, x := range m {
		got = append(got, x.Key, string(x.Raw))
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("members %q, want %q", got, want)
	}
}

// FuzzDecodeObject: what the walker accepts, encoding/json reads as the
// same members with the same values.
func FuzzDecodeObject(f *testing.F) {
	f.Add(`{"a":1,"b":[1,2,{"c":"}"}],"d":"\"","e":{}}`)
	f.Add(`{}`)
	f.Add(`{"a":1,"a":2}`)
	f.Fuzz(func(t *testing.T, in string) {
		m, err := DecodeObject([]byte(in), "x", nil)
		if err != nil {
			return
		}
		var want map[string]json.RawMessage
		if json.Unmarshal([]byte(in), &want) != nil || len(want) != len(m) {
			t.Fatalf("%q: %d members, encoding/json reads %d", in, len(m), len(want))
		}
		for _, x := range m {
			var a, b any
			if json.Unmarshal(x.Raw, &a) != nil || json.Unmarshal(want[x.Key], &b) != nil || fmt.Sprint(a) != fmt.Sprint(b) {
				t.Fatalf("%q: %s = %s, encoding/json reads %s", in, x.Key, x.Raw, want[x.Key])
			}
		}
	})
}

// A parameter's marker name is its own, or its label without a unit it
// ends in or a switch's " on".
func TestMarkerNames(t *testing.T) {
	s := NewSet(
		Spec{Name: "a.n", Label: "N: new connections", Marker: "SGSN N", Kind: Integer, Max: 10},
		Spec{Name: "a.on", Label: "Pacing on", Kind: Bool},
		Spec{Name: "load", Label: "Load ×", Unit: "×", Kind: Number, Max: 10},
		Spec{Name: "clr", Label: "CLR: Cancel Location", Unit: "/s", Kind: Number, Max: 10},
	)
	want := []string{"SGSN N", "Pacing", "Load", "CLR: Cancel Location"}
	for i, sp := range s.Specs() {
		if sp.Marker != want[i] {
			t.Errorf("%s: marker %q, want %q", sp.Name, sp.Marker, want[i])
		}
	}
}
