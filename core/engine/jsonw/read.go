package jsonw

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf16"
	"unicode/utf8"
)

// maxDepth is encoding/json's limit on nested objects and arrays.
const maxDepth = 10000

// Valid reports whether data is one JSON value, with whitespace around it,
// exactly as encoding/json's Valid does.
func Valid(data []byte) bool {
	end, ok := ScanValue(data, SkipSpace(data, 0))
	return ok && SkipSpace(data, end) == len(data)
}

// SkipSpace returns the index of the first byte at or after p that is not
// JSON whitespace.
func SkipSpace(data []byte, p int) int {
	for p < len(data) && isSpace(data[p]) {
		p++
	}
	return p
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

// ScanValue reads the JSON value starting at p and returns the index just
// past it; ok is false when the bytes from p do not start with a complete
// value. What follows the value is not looked at, as json.Decoder reads the
// first value of a stream.
func ScanValue(data []byte, p int) (end int, ok bool) {
	return scan(data, p)
}

// scan reads the value at p without recursion: the containers open around
// the value being read are a stack of their opening bytes, so a value
// nested maxDepth deep costs maxDepth bytes of heap, not maxDepth calls
// (WebAssembly's call stack in a browser holds fewer than 8000 of them).
func scan(data []byte, p int) (int, bool) {
	var open []byte // '{' or '[' of every container around p
	for {
		// A value at p.
		if p >= len(data) {
			return p, false
		}
		var ok bool
		switch c := data[p]; {
		case c == '{' || c == '[':
			if len(open) == maxDepth {
				return p, false
			}
			close := byte('}')
			if c == '[' {
				close = ']'
			}
			if p = SkipSpace(data, p+1); p < len(data) && data[p] == close {
				p, ok = p+1, true // empty: a whole value
				break
			}
			open = append(open, c)
			if c == '{' {
				if p, ok = scanKey(data, p); !ok {
					return p, false
				}
			}
			continue
		case c == '"':
			p, ok = scanString(data, p)
		case c == '-' || '0' <= c && c <= '9':
			p, ok = scanNumber(data, p)
		case c == 't':
			p, ok = scanWord(data, p, "true")
		case c == 'f':
			p, ok = scanWord(data, p, "false")
		case c == 'n':
			p, ok = scanWord(data, p, "null")
		default:
			return p, false
		}
		if !ok {
			return p, false
		}
		// A value ended at p: close the containers it ends, and go on
		// to the next member or element of the innermost one left.
		for {
			if len(open) == 0 {
				return p, true
			}
			if p = SkipSpace(data, p); p >= len(data) {
				return p, false
			}
			top := open[len(open)-1]
			close := byte('}')
			if top == '[' {
				close = ']'
			}
			if data[p] == close {
				open = open[:len(open)-1]
				p++
				continue
			}
			if data[p] != ',' {
				return p, false
			}
			p = SkipSpace(data, p+1)
			if top == '{' {
				if p, ok = scanKey(data, p); !ok {
					return p, false
				}
			}
			break
		}
	}
}

// scanKey reads a member's key and its colon at p and returns the index
// of its value.
func scanKey(data []byte, p int) (int, bool) {
	if p >= len(data) || data[p] != '"' {
		return p, false
	}
	p, ok := scanString(data, p)
	if !ok {
		return p, false
	}
	if p = SkipSpace(data, p); p >= len(data) || data[p] != ':' {
		return p, false
	}
	return SkipSpace(data, p+1), true
}

func scanWord(data []byte, p int, w string) (int, bool) {
	if len(data)-p < len(w) || string(data[p:p+len(w)]) != w {
		return p, false
	}
	return p + len(w), true
}

// scanString reads a string literal at p: no control characters, only
// JSON's escapes; any other byte, invalid UTF-8 included, is taken.
func scanString(data []byte, p int) (int, bool) {
	for p++; p < len(data); p++ {
		switch c := data[p]; {
		case c == '"':
			return p + 1, true
		case c < ' ':
			return p, false
		case c == '\\':
			if p++; p >= len(data) {
				return p, false
			}
			switch data[p] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
			case 'u':
				for range 4 {
					if p++; p >= len(data) || !isHex(data[p]) {
						return p, false
					}
				}
			default:
				return p, false
			}
		}
	}
	return p, false
}

func isHex(c byte) bool { return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F' }

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

// scanNumber reads -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)? at p,
// as long as it goes.
func scanNumber(data []byte, p int) (int, bool) {
	if data[p] == '-' {
		p++
	}
	switch {
	case p >= len(data) || !isDigit(data[p]):
		return p, false
	case data[p] == '0':
		p++
	default:
		for p < len(data) && isDigit(data[p]) {
			p++
		}
	}
	if p < len(data) && data[p] == '.' {
		if p++; p >= len(data) || !isDigit(data[p]) {
			return p, false
		}
		for p < len(data) && isDigit(data[p]) {
			p++
		}
	}
	if p < len(data) && (data[p] == 'e' || data[p] == 'E') {
		if p++; p < len(data) && (data[p] == '+' || data[p] == '-') {
			p++
		}
		if p >= len(data) || !isDigit(data[p]) {
			return p, false
		}
		for p < len(data) && isDigit(data[p]) {
			p++
		}
	}
	return p, true
}

// Trim returns the value of data, one valid JSON value, without the
// whitespace around it.
func Trim(data []byte) []byte {
	p := SkipSpace(data, 0)
	end := len(data)
	for end > p && isSpace(data[end-1]) {
		end--
	}
	return data[p:end]
}

// Object calls f with each member of the object at the start of data, a
// valid JSON value without leading whitespace, in order: its key unquoted
// and its value's bytes. It returns false, calling f for none, when the
// value is not an object.
func Object(data []byte, f func(key string, value []byte) error) (bool, error) {
	if len(data) == 0 || data[0] != '{' {
		return false, nil
	}
	for p := SkipSpace(data, 1); data[p] != '}'; {
		end, _ := scanString(data, p)
		key, _ := Unquote(data[p:end])
		p = SkipSpace(data, SkipSpace(data, end)+1) // past the colon
		end, _ = scan(data, p)
		if err := f(key, data[p:end]); err != nil {
			return true, err
		}
		if p = SkipSpace(data, end); data[p] == ',' {
			p = SkipSpace(data, p+1)
		}
	}
	return true, nil
}

// Array calls f with the bytes of each element of the array at the start
// of data, a valid JSON value without leading whitespace. It returns
// false, calling f for none, when the value is not an array.
func Array(data []byte, f func(value []byte) error) (bool, error) {
	if len(data) == 0 || data[0] != '[' {
		return false, nil
	}
	for p := SkipSpace(data, 1); data[p] != ']'; {
		end, _ := scan(data, p)
		if err := f(data[p:end]); err != nil {
			return true, err
		}
		if p = SkipSpace(data, end); data[p] == ',' {
			p = SkipSpace(data, p+1)
		}
	}
	return true, nil
}

// IsNull reports whether v, a value without whitespace around it, is null.
func IsNull(v []byte) bool { return string(v) == "null" }

// Number decodes v, a JSON value without whitespace around it, as
// json.Unmarshal decodes it into a float64: a number in float64's range.
func Number(v []byte) (float64, bool) {
	if len(v) == 0 || !(v[0] == '-' || isDigit(v[0])) {
		return 0, false
	}
	x, err := strconv.ParseFloat(string(v), 64)
	return x, err == nil
}

// Int decodes v as json.Unmarshal decodes it into an int (64 bits): an
// integer literal in range.
func Int(v []byte) (int, bool) {
	if len(v) == 0 || !(v[0] == '-' || isDigit(v[0])) {
		return 0, false
	}
	x, err := strconv.ParseInt(string(v), 10, 64)
	return int(x), err == nil
}

// Bool decodes v as json.Unmarshal decodes it into a bool.
func Bool(v []byte) (b, ok bool) {
	switch string(v) {
	case "true":
		return true, true
	case "false":
		return false, true
	}
	return false, false
}

// String decodes v as json.Unmarshal decodes it into a string.
func String(v []byte) (string, bool) {
	if len(v) == 0 || v[0] != '"' {
		return "", false
	}
	return Unquote(v)
}

// SameKey reports whether a member's key names a struct field of the given
// JSON name as json.Unmarshal matches them: exactly, or else equal under
// Unicode case folding.
func SameKey(key, name string) bool { return key == name || strings.EqualFold(key, name) }

// Unquote converts a quoted JSON string literal into its text exactly as
// encoding/json does (invalid UTF-8 and lone surrogates become U+FFFD).
func Unquote(s []byte) (t string, ok bool) {
	if len(s) < 2 || s[0] != '"' || s[len(s)-1] != '"' {
		return
	}
	s = s[1 : len(s)-1]
	// No unusual characters: the bytes are the text.
	r := 0
	for r < len(s) {
		c := s[r]
		if c == '\\' || c == '"' || c < ' ' {
			break
		}
		rr, size := utf8.DecodeRune(s[r:])
		if rr == utf8.RuneError && size == 1 {
			break
		}
		r += size
	}
	if r == len(s) {
		return string(s), true
	}
	b := make([]byte, r, len(s)+2*utf8.UTFMax)
	copy(b, s[:r])
	for r < len(s) {
		switch c := s[r]; {
		case c == '\\':
			r++
			if r >= len(s) {
				return
			}
			switch s[r] {
			default:
				return
			case '"', '\\', '/', '\'':
				b = append(b, s[r])
				r++
			case 'b':
				b = append(b, '\b')
				r++
			case 'f':
				b = append(b, '\f')
				r++
			case 'n':
				b = append(b, '\n')
				r++
			case 'r':
				b = append(b, '\r')
				r++
			case 't':
				b = append(b, '\t')
				r++
			case 'u':
				r--
				rr := getu4(s[r:])
				if rr < 0 {
					return
				}
				r += 6
				if utf16.IsSurrogate(rr) {
					rr1 := getu4(s[r:])
					if dec := utf16.DecodeRune(rr, rr1); dec != unicode.ReplacementChar {
						// A valid pair; consume.
						r += 6
						b = utf8.AppendRune(b, dec)
						break
					}
					// Invalid surrogate; fall back to replacement rune.
					rr = unicode.ReplacementChar
				}
				b = utf8.AppendRune(b, rr)
			}
		// Quote, control characters are invalid.
		case c == '"', c < ' ':
			return
		case c < utf8.RuneSelf:
			b = append(b, c)
			r++
		// Coerce to well-formed UTF-8.
		default:
			rr, size := utf8.DecodeRune(s[r:])
			r += size
			b = utf8.AppendRune(b, rr)
		}
	}
	return string(b), true
}

// getu4 decodes \uXXXX from the beginning of s, returning the hex value,
// or it returns -1.
func getu4(s []byte) rune {
	if len(s) < 6 || s[0] != '\\' || s[1] != 'u' {
		return -1
	}
	var r rune
	for _, c := range s[2:6] {
		switch {
		case '0' <= c && c <= '9':
			c = c - '0'
		case 'a' <= c && c <= 'f':
			c = c - 'a' + 10
		case 'A' <= c && c <= 'F':
			c = c - 'A' + 10
		default:
			return -1
		}
		r = r*16 + rune(c)
	}
	return r
}

// KindOf names the kind of JSON value v as encoding/json's errors do.
func KindOf(v []byte) string {
	if len(v) == 0 {
		return "nothing"
	}
	switch v[0] {
	case '{':
		return "object"
	case '[':
		return "array"
	case '"':
		return "string"
	case 't', 'f':
		return "bool"
	case 'n':
		return "null"
	}
	return "number"
}

// Floats decodes v, a JSON value without whitespace around it, as
// json.Unmarshal decodes it into a []float64 holding dst: null gives nil;
// an array's elements overwrite dst's backing array, null elements
// leaving what it held.
func Floats(v []byte, dst []float64) ([]float64, bool) {
	if IsNull(v) {
		return nil, true
	}
	old := dst[:cap(dst)]
	out := dst[:0]
	ok := true
	isArray, _ := Array(v, func(e []byte) error {
		k := len(out)
		x := 0.0
		if k < len(old) {
			x = old[k]
		}
		if !IsNull(e) {
			var good bool
			if x, good = Number(e); !good {
				ok = false
			}
		}
		out = append(out, x)
		return nil
	})
	if !isArray || !ok {
		return dst, false
	}
	if out == nil {
		out = []float64{}
	}
	return out, true
}
