// Package jsonw writes and reads JSON byte for byte as encoding/json does,
// without reflection, so that the page's WebAssembly does not carry
// encoding/json (some 77 KB compressed). It writes what Marshal writes
// (strings escaped for HTML, floats formatted as ES6 numbers, map keys
// sorted) through generated AppendJSON methods (build/jsongen), and reads
// what Valid accepts and Unmarshal decodes for the few shapes the core
// decodes. The tests compare both ways with encoding/json.
package jsonw

import (
	"errors"
	"math"
	"sort"
	"strconv"
	"unicode/utf8"
)

// Encoder accumulates JSON; the first error sticks (a NaN, an invalid raw
// value), as encoding/json's Marshal fails on it. Its writing methods are
// not inlined: the generated code calls them thousands of times, and each
// call inlined (an append that may grow) weighs some 100 bytes of wasm.
type Encoder struct {
	buf []byte
	err error
}

// Marshal returns v as encoding/json's Marshal writes it.
func Marshal(v Appender) ([]byte, error) { return Append(nil, v) }

// Bytes returns what was written.
func (e *Encoder) Bytes() []byte { return e.buf }

// Err returns the first error met.
func (e *Encoder) Err() error { return e.err }

// Fail records err unless an error is already recorded.
func (e *Encoder) Fail(err error) {
	if e.err == nil {
		e.err = err
	}
}

// Byte writes c as it is.
//
//go:noinline
func (e *Encoder) Byte(c byte) { e.buf = append(e.buf, c) }

// Text writes s, JSON text, as it is.
//
//go:noinline
func (e *Encoder) Text(s string) { e.buf = append(e.buf, s...) }

// Key writes a member's key, already quoted with its colon (`"name":`),
// after a comma unless it is the object's first.
//
//go:noinline
func (e *Encoder) Key(quoted string) {
	if n := len(e.buf); n > 0 && e.buf[n-1] != '{' {
		e.buf = append(e.buf, ',')
	}
	e.buf = append(e.buf, quoted...)
}

// Comma writes a comma before every element of an array but the first.
//
//go:noinline
func (e *Encoder) Comma(i int) {
	if i > 0 {
		e.buf = append(e.buf, ',')
	}
}

// Null writes null.
//
//go:noinline
func (e *Encoder) Null() { e.buf = append(e.buf, "null"...) }

// Bool writes true or false.
//
//go:noinline
func (e *Encoder) Bool(b bool) { e.buf = strconv.AppendBool(e.buf, b) }

// Int writes a signed integer.
//
//go:noinline
func (e *Encoder) Int(i int64) { e.buf = strconv.AppendInt(e.buf, i, 10) }

// Uint writes an unsigned integer.
//
//go:noinline
func (e *Encoder) Uint(u uint64) { e.buf = strconv.AppendUint(e.buf, u, 10) }

// Float writes f as encoding/json writes a float64; NaN and ±Inf fail.
//
//go:noinline
func (e *Encoder) Float(f float64) {
	var err error
	e.buf, err = AppendFloat(e.buf, f)
	if err != nil {
		e.Fail(err)
	}
}

// GoFloat writes f as Go's %g writes it (1e+06), which JSON reads as a
// number; NaN and ±Inf fail, as they are not JSON.
//
//go:noinline
func (e *Encoder) GoFloat(f float64) {
	if math.IsInf(f, 0) || math.IsNaN(f) {
		e.Fail(&UnsupportedValueError{strconv.FormatFloat(f, 'g', -1, 64)})
		return
	}
	e.buf = strconv.AppendFloat(e.buf, f, 'g', -1, 64)
}

// String writes s quoted, escaped as encoding/json escapes it.
//
//go:noinline
func (e *Encoder) String(s string) { e.buf = AppendString(e.buf, s) }

// Raw writes a JSON value given as bytes as encoding/json writes a
// json.RawMessage: nil as null, else compacted with HTML escaping; an
// invalid value fails.
//
//go:noinline
func (e *Encoder) Raw(b []byte) {
	if b == nil {
		e.Null()
		return
	}
	var err error
	e.buf, err = AppendCompact(e.buf, b)
	if err != nil {
		e.Fail(err)
	}
}

// UnsupportedValueError is encoding/json's error for NaN and ±Inf.
type UnsupportedValueError struct{ Str string }

func (u *UnsupportedValueError) Error() string { return "json: unsupported value: " + u.Str }

// AppendFloat appends f as encoding/json writes a float64: like %g, but
// with exponents only below 1e-6 and from 1e21 on, and unpadded.
func AppendFloat(b []byte, f float64) ([]byte, error) {
	if math.IsInf(f, 0) || math.IsNaN(f) {
		return b, &UnsupportedValueError{strconv.FormatFloat(f, 'g', -1, 64)}
	}
	abs := math.Abs(f)
	format := byte('f')
	if abs != 0 && (abs < 1e-6 || abs >= 1e21) {
		format = 'e'
	}
	b = strconv.AppendFloat(b, f, format, -1, 64)
	if format == 'e' {
		// clean up e-09 to e-9
		n := len(b)
		if n >= 4 && b[n-4] == 'e' && b[n-3] == '-' && b[n-2] == '0' {
			b[n-2] = b[n-1]
			b = b[:n-1]
		}
	}
	return b, nil
}

const hex = "0123456789abcdef"

// AppendString appends s quoted as encoding/json's Marshal quotes it: <, >
// and & escaped for HTML, control characters escaped, invalid UTF-8 as
// U+FFFD, and U+2028 and U+2029 escaped.
func AppendString(dst []byte, s string) []byte {
	dst = append(dst, '"')
	start := 0
	for i := 0; i < len(s); {
		if b := s[i]; b < utf8.RuneSelf {
			if b >= ' ' && b != '"' && b != '\\' && b != '<' && b != '>' && b != '&' {
				i++
				continue
			}
			dst = append(dst, s[start:i]...)
			switch b {
			case '\\', '"':
				dst = append(dst, '\\', b)
			case '\b':
				dst = append(dst, '\\', 'b')
			case '\f':
				dst = append(dst, '\\', 'f')
			case '\n':
				dst = append(dst, '\\', 'n')
			case '\r':
				dst = append(dst, '\\', 'r')
			case '\t':
				dst = append(dst, '\\', 't')
			default:
				dst = append(dst, '\\', 'u', '0', '0', hex[b>>4], hex[b&0xF])
			}
			i++
			start = i
			continue
		}
		c, size := utf8.DecodeRuneInString(s[i:])
		if c == utf8.RuneError && size == 1 {
			dst = append(dst, s[start:i]...)
			dst = append(dst, `\ufffd`...)
			i += size
			start = i
			continue
		}
		if c == '\u2028' || c == '\u2029' {
			dst = append(dst, s[start:i]...)
			dst = append(dst, '\\', 'u', '2', '0', '2', hex[c&0xF])
			i += size
			start = i
			continue
		}
		i += size
	}
	dst = append(dst, s[start:]...)
	return append(dst, '"')
}

// ErrInvalid is the error for a raw value that is not valid JSON.
var ErrInvalid = errors.New("json: invalid raw value")

// AppendCompact appends src, one valid JSON value, without the whitespace
// outside its strings and with <, >, &, U+2028 and U+2029 escaped, as
// encoding/json writes a json.RawMessage.
func AppendCompact(dst, src []byte) ([]byte, error) {
	if !Valid(src) {
		return dst, ErrInvalid
	}
	inString := false
	start := 0
	for i := 0; i < len(src); i++ {
		c := src[i]
		switch {
		case c == '<' || c == '>' || c == '&':
			dst = append(dst, src[start:i]...)
			dst = append(dst, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xF])
			start = i + 1
		case c == 0xE2 && i+2 < len(src) && src[i+1] == 0x80 && src[i+2]&^1 == 0xA8:
			dst = append(dst, src[start:i]...)
			dst = append(dst, '\\', 'u', '2', '0', '2', hex[src[i+2]&0xF])
			i += 2
			start = i + 1
		case inString && c == '\\':
			i++ // the escaped byte cannot end the string
		case c == '"':
			inString = !inString
		case !inString && (c == ' ' || c == '\t' || c == '\n' || c == '\r'):
			dst = append(dst, src[start:i]...)
			start = i + 1
		}
	}
	return append(dst, src[start:]...), nil
}

// SortedKeys returns the keys of m in the order encoding/json writes them.
func SortedKeys[K ~string, V any](m map[K]V) []K {
	keys := make([]K, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Sort(byString[K](keys)) // not slices.Sort: its pdqsort instance for strings weighs 19 KB of wasm code
	return keys
}

// byString sorts strings with sort's one pdqsort, which the wasm carries anyway.
type byString[K ~string] []K

func (s byString[K]) Len() int           { return len(s) }
func (s byString[K]) Less(i, j int) bool { return s[i] < s[j] }
func (s byString[K]) Swap(i, j int)      { s[i], s[j] = s[j], s[i] }

// Raw is a JSON value kept as its bytes, as json.RawMessage is: written
// compacted and escaped for HTML, nil as null.
type Raw []byte

// AppendJSON writes r as encoding/json writes a json.RawMessage.
func (r Raw) AppendJSON(e *Encoder) { e.Raw(r) }

// MarshalJSON returns r, or null when nil (for encoding/json, natively).
func (r Raw) MarshalJSON() ([]byte, error) {
	if r == nil {
		return []byte("null"), nil
	}
	return r, nil
}

// UnmarshalJSON keeps a copy of data (for encoding/json, natively).
func (r *Raw) UnmarshalJSON(data []byte) error {
	*r = append((*r)[0:0], data...)
	return nil
}
