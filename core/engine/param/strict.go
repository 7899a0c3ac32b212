package param

import (
	"bytes"
	"slices"
	"strconv"
	"strings"

	"overloadlab/core/engine/jsonw"
)

// Member is one name → value of a JSON object, its value undecoded.
type Member struct {
	Key string
	Raw jsonw.Raw
}

// DecodeObject reads data as one JSON object, strictly: nothing but
// whitespace after it, keys exactly as written (no case folding), no key
// twice, and, when allowed is not nil, no key outside it. Errors name where
// the object is (a field path such as "timeline[3]"; "" at the top). It
// walks the bytes once jsonw.Valid (encoding/json's Valid) has checked
// them.
func DecodeObject(data []byte, where string, allowed []string) ([]Member, error) {
	if !jsonw.Valid(data) {
		return nil, &Error{Field: orTop(where), Value: "malformed JSON, or more than one value", Allowed: "one JSON object {…}"}
	}
	var out []Member
	seen := map[string]bool{}
	isObject, err := jsonw.Object(jsonw.Trim(data), func(key string, value []byte) error {
		if allowed != nil && !slices.Contains(allowed, key) {
			return &Error{Field: join(where, key), Value: "an unknown field", Allowed: "the fields " + strings.Join(allowed, ", ")}
		}
		if seen[key] {
			return &Error{Field: join(where, key), Value: "a second value", Allowed: "each field once"}
		}
		seen[key] = true
		out = append(out, Member{Key: key, Raw: value})
		return nil
	})
	if !isObject {
		return nil, &Error{Field: orTop(where), Value: Clip(string(bytes.TrimSpace(data))), Allowed: "a JSON object {…}"}
	}
	if err != nil {
		return nil, err
	}
	return out, nil
}

// DecodeArray reads data as one JSON array, strictly, and returns its
// elements undecoded.
func DecodeArray(data []byte, where string) ([]jsonw.Raw, error) {
	out := []jsonw.Raw{}
	isArray := jsonw.Valid(data) && !isNull(data)
	if isArray {
		isArray, _ = jsonw.Array(jsonw.Trim(data), func(v []byte) error {
			out = append(out, v)
			return nil
		})
	}
	if !isArray {
		return nil, &Error{Field: orTop(where), Value: Quote(string(data)), Allowed: "a JSON array […]"}
	}
	return out, nil
}

// DecodeString reads a JSON string (not null).
func DecodeString(data []byte, where string) (string, error) {
	s, ok := "", jsonw.Valid(data) && !isNull(data)
	if ok {
		s, ok = jsonw.String(jsonw.Trim(data))
	}
	if !ok {
		return "", &Error{Field: where, Value: Quote(string(data)), Allowed: "a JSON string"}
	}
	return s, nil
}

// DecodeNumber reads a JSON number (not null).
func DecodeNumber(data []byte, where, allowed string) (float64, error) {
	x, ok := 0.0, jsonw.Valid(data) && !isNull(data)
	if ok {
		x, ok = jsonw.Number(jsonw.Trim(data))
	}
	if !ok {
		return 0, &Error{Field: where, Value: Quote(string(data)), Allowed: allowed}
	}
	return x, nil
}

func isNull(raw []byte) bool { return string(bytes.TrimSpace(raw)) == "null" }

func join(where, key string) string {
	if where == "" {
		return key
	}
	return where + "." + key
}

func orTop(where string) string {
	if where == "" {
		return "JSON"
	}
	return where
}

// MaxShown bounds how much of a refused value an error repeats.
const MaxShown = 80

// Quote returns s as a Go-quoted string for an error message, cut to
// MaxShown bytes (on a rune boundary) with "…" when longer.
func Quote(s string) string {
	if len(s) <= MaxShown {
		return strconv.Quote(s)
	}
	return strconv.Quote(s[:cut(s)]) + "…"
}

// Clip returns s (a JSON value, shown as written) cut like Quote.
func Clip(s string) string {
	if len(s) <= MaxShown {
		return s
	}
	return strings.ToValidUTF8(s[:cut(s)], "") + "…"
}

// cut returns where to cut s, a long text: at MaxShown bytes or the rune
// start before.
func cut(s string) int {
	n := MaxShown
	for n > 0 && !utf8RuneStart(s[n]) {
		n--
	}
	return n
}

func utf8RuneStart(b byte) bool { return b&0xC0 != 0x80 }
