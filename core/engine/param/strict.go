package param

import (
	"bytes"
	"encoding/json"
	"slices"
	"strconv"
	"strings"
)

// Member is one name → value of a JSON object, its value undecoded.
type Member struct {
	Key string
	Raw json.RawMessage
}

// DecodeObject reads data as one JSON object, strictly: nothing but
// whitespace after it, keys exactly as written (no case folding), no key
// twice, and, when allowed is not nil, no key outside it. Errors name where
// the object is (a field path such as "timeline[3]"; "" at the top). It
// walks the bytes itself once json.Valid has checked them (json.Decoder's
// token API would weigh 8 KB more in the page's wasm).
func DecodeObject(data []byte, where string, allowed []string) ([]Member, error) {
	if !json.Valid(data) {
		return nil, &Error{Field: orTop(where), Value: "malformed JSON, or more than one value", Allowed: "one JSON object {…}"}
	}
	p := skipSpace(data, 0)
	if data[p] != '{' {
		return nil, &Error{Field: orTop(where), Value: Clip(string(bytes.TrimSpace(data))), Allowed: "a JSON object {…}"}
	}
	var out []Member
	seen := map[string]bool{}
	for p = skipSpace(data, p+1); data[p] != '}'; p = skipSpace(data, p+1) {
		end := skipValue(data, p) // the key: a string, as the JSON is valid
		var key string
		json.Unmarshal(data[p:end], &key)
		if allowed != nil && !slices.Contains(allowed, key) {
			return nil, &Error{Field: join(where, key), Value: "an unknown field", Allowed: "the fields " + strings.Join(allowed, ", ")}
		}
		if seen[key] {
			return nil, &Error{Field: join(where, key), Value: "a second value", Allowed: "each field once"}
		}
		seen[key] = true
		p = skipSpace(data, skipSpace(data, end)+1) // past the colon
		end = skipValue(data, p)
		out = append(out, Member{Key: key, Raw: data[p:end]})
		if p = skipSpace(data, end); data[p] == '}' {
			break
		}
	}
	return out, nil
}

// skipSpace returns the index of the first byte at or after p that is not
// JSON whitespace.
func skipSpace(data []byte, p int) int {
	for p < len(data) && (data[p] == ' ' || data[p] == '\t' || data[p] == '\n' || data[p] == '\r') {
		p++
	}
	return p
}

// skipValue returns the index just past the JSON value starting at p, in
// data already checked by json.Valid.
func skipValue(data []byte, p int) int {
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
				return p // the end of the enclosing object or array
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

// DecodeArray reads data as one JSON array, strictly, and returns its
// elements undecoded.
func DecodeArray(data []byte, where string) ([]json.RawMessage, error) {
	var out []json.RawMessage
	if isNull(data) || json.Unmarshal(data, &out) != nil {
		return nil, &Error{Field: orTop(where), Value: Quote(string(data)), Allowed: "a JSON array […]"}
	}
	return out, nil
}

// DecodeString reads a JSON string (not null).
func DecodeString(data []byte, where string) (string, error) {
	var s string
	if isNull(data) || json.Unmarshal(data, &s) != nil {
		return "", &Error{Field: where, Value: Quote(string(data)), Allowed: "a JSON string"}
	}
	return s, nil
}

// DecodeNumber reads a JSON number (not null).
func DecodeNumber(data []byte, where, allowed string) (float64, error) {
	var x float64
	if isNull(data) || json.Unmarshal(data, &x) != nil {
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
