package jsonw

import (
	"bytes"
	"encoding/json"
	"math"
	"testing"
)

// seeds are JSON texts, valid and not, that the fuzz targets start from.
var seeds = []string{
	``, ` `, `null`, `nul`, `nullx`, `true`, `tru`, `false`, `0`, `-0`, `01`, `-`, `1.`, `1.5`, `1e`, `1e+`, `1e-7`, `1E400`,
	`-12.5e+3`, `"`, `""`, `"a\"b"`, `"\u00e9\ud83d\ude00"`, `"\ud800"`, `"\ud800\u0041"`, `"\x"`, `"\'"`, `"tab	in"`,
	"\"\xff\xfe\"", `"<&>"`, "\"\u2028\u2029\"", `{}`, `{ }`, `{"a":1}`, `{"a":1,}`, `{"a" 1}`, `{a:1}`, `[]`, `[1,]`,
	`[1 2]`, `[[[]]]`, ` {"k": [1, "x", {"y": null}], "z": false} `, `{"a":1}{"b":2}`, `{"a":1} x`, "[\n1\r,\t2 ]",
	`{"param":"cpu.x","from":1,"to":2,"points":3,"seeds":2,"variants":[{"label":"A","params":{"a":1}}]}`,
}

func FuzzValid(f *testing.F) {
	for _, s := range seeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if got, want := Valid(data), json.Valid(data); got != want {
			t.Fatalf("Valid(%q) = %v, encoding/json says %v", data, got, want)
		}
	})
}

func TestDepth(t *testing.T) {
	for _, n := range []int{maxDepth - 1, maxDepth, maxDepth + 1} {
		for _, open := range []string{"[", `{"a":`} {
			close := map[string]string{"[": "]", `{"a":`: "}"}[open]
			data := []byte(string(bytes.Repeat([]byte(open), n)) + "1" + string(bytes.Repeat([]byte(close), n)))
			if got, want := Valid(data), json.Valid(data); got != want {
				t.Errorf("depth %d of %s: Valid = %v, encoding/json says %v", n, open, got, want)
			}
		}
	}
}

// FuzzDecode checks that the decoders read a valid value as json.Unmarshal
// reads it into a string, a float64, an int and a bool.
func FuzzDecode(f *testing.F) {
	for _, s := range seeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if !json.Valid(data) {
			return
		}
		v := Trim(data)
		if IsNull(v) {
			return // Unmarshal leaves the value as it is; the callers refuse null first
		}
		var s string
		errS := json.Unmarshal(data, &s)
		if got, ok := String(v); ok != (errS == nil) || ok && got != s {
			t.Errorf("String(%q) = %q, %v; encoding/json: %q, %v", data, got, ok, s, errS)
		}
		var x float64
		errX := json.Unmarshal(data, &x)
		if got, ok := Number(v); ok != (errX == nil) || ok && math.Float64bits(got) != math.Float64bits(x) {
			t.Errorf("Number(%q) = %v, %v; encoding/json: %v, %v", data, got, ok, x, errX)
		}
		var i int
		errI := json.Unmarshal(data, &i)
		if got, ok := Int(v); ok != (errI == nil) || ok && got != i {
			t.Errorf("Int(%q) = %v, %v; encoding/json: %v, %v", data, got, ok, i, errI)
		}
		var b bool
		errB := json.Unmarshal(data, &b)
		if got, ok := Bool(v); ok != (errB == nil) || ok && got != b {
			t.Errorf("Bool(%q) = %v, %v; encoding/json: %v, %v", data, got, ok, b, errB)
		}
		// Objects and arrays: the members and elements encoding/json finds.
		var m []json.RawMessage
		if json.Unmarshal(data, &m) == nil {
			var got []string
			Array(v, func(e []byte) error { got = append(got, string(e)); return nil })
			if len(got) != len(m) {
				t.Fatalf("Array(%q): %d elements, encoding/json %d", data, len(got), len(m))
			}
			for k := range m {
				if got[k] != string(m[k]) {
					t.Errorf("Array(%q)[%d] = %s, encoding/json %s", data, k, got[k], m[k])
				}
			}
		}
		var o map[string]json.RawMessage
		if json.Unmarshal(data, &o) == nil {
			got := map[string]string{}
			Object(v, func(k string, e []byte) error { got[k] = string(e); return nil })
			if len(got) != len(o) {
				t.Fatalf("Object(%q): %d members, encoding/json %d", data, len(got), len(o))
			}
			for k := range o {
				if got[k] != string(o[k]) {
					t.Errorf("Object(%q)[%q] = %s, encoding/json %s", data, k, got[k], o[k])
				}
			}
		}
	})
}

// FuzzScanValue checks that ScanValue finds the first value of a stream
// where json.Decoder does.
func FuzzScanValue(f *testing.F) {
	for _, s := range seeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var raw json.RawMessage
		err := json.NewDecoder(bytes.NewReader(data)).Decode(&raw)
		p := SkipSpace(data, 0)
		end, ok := ScanValue(data, p)
		if ok != (err == nil) || ok && string(data[p:end]) != string(raw) {
			t.Errorf("ScanValue(%q) = %q, %v; json.Decoder: %q, %v", data, data[p:end], ok, raw, err)
		}
	})
}

func FuzzAppendString(f *testing.F) {
	for _, s := range seeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		want, _ := json.Marshal(s)
		if got := AppendString(nil, s); string(got) != string(want) {
			t.Errorf("AppendString(%q) = %s, encoding/json %s", s, got, want)
		}
		if Valid([]byte(s)) {
			want, errW := json.Marshal(json.RawMessage(s))
			got, err := AppendCompact(nil, []byte(s))
			if (err == nil) != (errW == nil) || string(got) != string(want) {
				t.Errorf("AppendCompact(%q) = %s, %v; encoding/json %s, %v", s, got, err, want, errW)
			}
		}
	})
}

func FuzzAppendFloat(f *testing.F) {
	for _, x := range []float64{0, math.Copysign(0, -1), 1, -1.5, 1e-6, 9.99e-7, 1e-7, 1e20, 1e21, 123456789e13, math.MaxFloat64, math.SmallestNonzeroFloat64, 0.1, 1.0 / 3, math.NaN(), math.Inf(1), math.Inf(-1)} {
		f.Add(x)
	}
	f.Fuzz(func(t *testing.T, x float64) {
		want, errW := json.Marshal(x)
		got, err := AppendFloat(nil, x)
		if (err == nil) != (errW == nil) || err == nil && string(got) != string(want) {
			t.Errorf("AppendFloat(%v) = %s, %v; encoding/json %s, %v", x, got, err, want, errW)
		}
		if err != nil && err.Error() != errW.Error() {
			t.Errorf("AppendFloat(%v): error %q, encoding/json %q", x, err, errW)
		}
	})
}
