package param

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"
)

// The strict decoders as they were on encoding/json, to check that jsonw's
// accept and refuse the same texts with the same errors and read the same
// values.

func refDecodeObject(data []byte, where string, allowed []string) ([]Member, error) {
	if !json.Valid(data) {
		return nil, &Error{Field: orTop(where), Value: "malformed JSON, or more than one value", Allowed: "one JSON object {…}"}
	}
	p := refSkipSpace(data, 0)
	if data[p] != '{' {
		return nil, &Error{Field: orTop(where), Value: Clip(string(bytes.TrimSpace(data))), Allowed: "a JSON object {…}"}
	}
	var out []Member
	seen := map[string]bool{}
	for p = refSkipSpace(data, p+1); data[p] != '}'; p = refSkipSpace(data, p+1) {
		end := refSkipValue(data, p)
		var key string
		json.Unmarshal(data[p:end], &key)
		if allowed != nil && !slices.Contains(allowed, key) {
			return nil, &Error{Field: join(where, key), Value: "an unknown field", Allowed: "the fields " + strings.Join(allowed, ", ")}
		}
		if seen[key] {
			return nil, &Error{Field: join(where, key), Value: "a second value", Allowed: "each field once"}
		}
		seen[key] = true
		p = refSkipSpace(data, refSkipSpace(data, end)+1)
		end = refSkipValue(data, p)
		out = append(out, Member{Key: key, Raw: data[p:end]})
		if p = refSkipSpace(data, end); data[p] == '}' {
			break
		}
	}
	return out, nil
}

func refSkipSpace(data []byte, p int) int {
	for p < len(data) && (data[p] == ' ' || data[p] == '\t' || data[p] == '\n' || data[p] == '\r') {
		p++
	}
	return p
}

func refSkipValue(data []byte, p int) int {
	depth := 0
	for ; p < len(data); p++ {
		c := data[p]
		switch c {
		case '"':
			for p++; p < len(data) && data[p] != '"'; p++ {
				if data[p] == '\\' {
					p++
				}
			}
		case '{', '[':
			depth++
		case '}', ']':
			depth--
			if depth < 0 {
				return p
			}
		case ',', ' ', '\t', '\n', '\r', ':':
			if depth == 0 {
				return p
			}
		}
		if depth == 0 && (c == '"' || c == '}' || c == ']') {
			return p + 1
		}
	}
	return p
}

func refDecodeArray(data []byte, where string) ([]json.RawMessage, error) {
	var out []json.RawMessage
	if isNull(data) || json.Unmarshal(data, &out) != nil {
		return nil, &Error{Field: orTop(where), Value: Quote(string(data)), Allowed: "a JSON array […]"}
	}
	return out, nil
}

func refDecodeString(data []byte, where string) (string, error) {
	var s string
	if isNull(data) || json.Unmarshal(data, &s) != nil {
		return "", &Error{Field: where, Value: Quote(string(data)), Allowed: "a JSON string"}
	}
	return s, nil
}

func refDecodeNumber(data []byte, where, allowed string) (float64, error) {
	var x float64
	if isNull(data) || json.Unmarshal(data, &x) != nil {
		return 0, &Error{Field: where, Value: Quote(string(data)), Allowed: allowed}
	}
	return x, nil
}

func refSpecDecode(s *Spec, raw []byte) (Value, error) {
	var v Value
	var err error
	switch {
	case isNull(raw):
		err = fmt.Errorf("null")
	case s.Kind == Number || s.Kind == Integer:
		err = json.Unmarshal(raw, &v.Num)
	case s.Kind == Bool:
		var b bool
		err = json.Unmarshal(raw, &b)
		v = On(b)
	default:
		err = json.Unmarshal(raw, &v.Text)
	}
	if err != nil {
		return v, &Error{Field: s.Name, Value: Clip(string(raw)), Allowed: s.Allowed()}
	}
	return v, s.CheckValue(v)
}

func errText(err error) string {
	if err == nil {
		return "<nil>"
	}
	return err.Error()
}

// FuzzStrictAsEncodingJSON: every strict decoder gives what it gave on
// encoding/json (the same members, values and errors).
func FuzzStrictAsEncodingJSON(f *testing.F) {
	for _, s := range []string{
		`{"a":1,"b":[1,2,{"c":"}"}],"d":"\"","e":{}}`, `{}`, `{"a":1,"a":2}`, `{"A":1}`, ` {"a" : "x\u00e9\ud800" } `, `{"a":1}x`,
		`[1, "a", [2], {"b": null}]`, `[]`, `null`, ` null `, `"text"`, `"a\"b\\c\/\b\f\n\r\t\u0041"`, "\"\xff\"", `12.5e-3`, `-0`,
		`1e400`, `01`, `true`, `false`, `tru`, `{"a":}`, `[1,]`, ``, `  `, `"\u2028<&>"`,
	} {
		f.Add([]byte(s))
	}
	specs := []Spec{
		{Name: "n", Kind: Number, Min: -1e300, Max: 1e300}, {Name: "i", Kind: Integer, Min: -100, Max: 100},
		{Name: "b", Kind: Bool}, {Name: "c", Kind: Choice, Choices: []string{"x", "é"}, Default: Str("x")}, {Name: "t", Kind: Text},
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, allowed := range [][]string{nil, {"a", "b"}} {
			got, err := DecodeObject(data, "o", allowed)
			want, errW := refDecodeObject(data, "o", allowed)
			if errText(err) != errText(errW) || fmt.Sprintf("%q", got) != fmt.Sprintf("%q", want) {
				t.Fatalf("DecodeObject(%q) = %q, %v; before: %q, %v", data, got, err, want, errW)
			}
		}
		got, err := DecodeArray(data, "l")
		want, errW := refDecodeArray(data, "l")
		if errText(err) != errText(errW) || fmt.Sprintf("%q", got) != fmt.Sprintf("%q", want) {
			t.Fatalf("DecodeArray(%q) = %q, %v; before: %q, %v", data, got, err, want, errW)
		}
		s, err := DecodeString(data, "s")
		sW, errW := refDecodeString(data, "s")
		if errText(err) != errText(errW) || s != sW {
			t.Fatalf("DecodeString(%q) = %q, %v; before: %q, %v", data, s, err, sW, errW)
		}
		x, err := DecodeNumber(data, "x", "a number")
		xW, errW := refDecodeNumber(data, "x", "a number")
		if errText(err) != errText(errW) || x != xW {
			t.Fatalf("DecodeNumber(%q) = %v, %v; before: %v, %v", data, x, err, xW, errW)
		}
		for i := range specs {
			v, err := specs[i].Decode(data)
			vW, errW := refSpecDecode(&specs[i], data)
			if errText(err) != errText(errW) || err == nil && v != vW {
				t.Fatalf("%s Decode(%q) = %v, %v; before: %v, %v", specs[i].Name, data, v, err, vW, errW)
			}
		}
	})
}
