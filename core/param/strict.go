package param

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
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
// the object is (a field path such as "timeline[3]"; "" at the top).
func DecodeObject(data []byte, where string, allowed []string) ([]Member, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return nil, &Error{Field: orTop(where), Value: Quote(string(data)), Allowed: "a JSON object {…}"}
	}
	var out []Member
	seen := map[string]bool{}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, syntaxError(where, err)
		}
		key := tok.(string) // inside an object, the decoder only gives string keys
		if allowed != nil && !slices.Contains(allowed, key) {
			return nil, &Error{Field: join(where, key), Value: "an unknown field", Allowed: "the fields " + strings.Join(allowed, ", ")}
		}
		if seen[key] {
			return nil, &Error{Field: join(where, key), Value: "a second value", Allowed: "each field once"}
		}
		seen[key] = true
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			return nil, syntaxError(join(where, key), err)
		}
		out = append(out, Member{Key: key, Raw: raw})
	}
	if _, err := dec.Token(); err != nil {
		return nil, syntaxError(where, err)
	}
	if err := end(dec, where); err != nil {
		return nil, err
	}
	return out, nil
}

// end checks that dec has nothing left but whitespace.
func end(dec *json.Decoder, where string) error {
	if _, err := dec.Token(); err != io.EOF {
		return &Error{Field: orTop(where), Value: "more data after the value", Allowed: "one JSON value"}
	}
	return nil
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

func syntaxError(where string, err error) error {
	var se *json.SyntaxError
	if errors.As(err, &se) || errors.Is(err, io.ErrUnexpectedEOF) || err == io.EOF {
		return &Error{Field: orTop(where), Value: "malformed JSON (" + strings.TrimPrefix(err.Error(), "json: ") + ")", Allowed: "valid JSON"}
	}
	return fmt.Errorf("%s: %w", orTop(where), err)
}

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
