// Package numtext writes numbers the one way the page writes them
// (static/ts/numbers.ts fmt and count), for what Go writes for a person:
// the report (web/report), the class view's tiles (core/class). Both sides
// are checked against the same cases (numtext_test.go and numbers.test.ts).
package numtext

import (
	"math"
	"strconv"
	"strings"
)

// Fmt writes a number as the page's fmt does: whole from 1000 on, one
// decimal from 10, two from 1, else two significant digits; thousands
// separated; "–" for no number.
func Fmt(v float64) string {
	a := math.Abs(v)
	switch {
	case math.IsNaN(v):
		return "–"
	case a >= 1e15:
		return Fixed(v, 0)
	case a >= 1000:
		return grouped(Fixed(v, 0))
	case a >= 10:
		return grouped(Fixed(v, 1))
	case a >= 1:
		return Fixed(v, 2)
	case a == 0:
		return "0.0"
	}
	// Two significant digits as JavaScript's toPrecision(2); one decimal
	// fewer when rounding reached the next power of ten (0.9996 → "1.0").
	e := int(math.Floor(math.Log10(a)))
	out := Fixed(v, 1-e)
	if r, _ := strconv.ParseFloat(out, 64); math.Abs(r) >= math.Pow(10, float64(e+1)) {
		out = Fixed(v, max(-e, 0))
	}
	return out
}

// grouped puts thousands separators in a number written by Fixed.
func grouped(s string) string {
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	whole, frac, dot := strings.Cut(s, ".")
	for i := len(whole) - 3; i > 0; i -= 3 {
		whole = whole[:i] + "," + whole[i:]
	}
	if dot {
		whole += "." + frac
	}
	if neg {
		return "-" + whole
	}
	return whole
}

// Fixed writes v with d decimals as the page's toLocaleString does (V8,
// through ICU): it rounds the shortest decimal that reads back as v, a tie
// away from zero. So 9.995 is "10.00" and 1.005 "1.01", where JavaScript's
// toFixed, from the exact binary value (9.99499…), writes "9.99" and
// "1.00" (the report did, before numtext). The two differ only when that
// shortest decimal ends in a 5 just after the d-th decimal: then v written
// with d+1 decimals reads back as v and ends in 5, and it is rounded up;
// otherwise the exact value rounds alike (a boundary strictly between v
// and its shortest decimal would itself be a shorter decimal of v).
// strconv's shortest formatting would say it directly, but weighs 6 KB of
// wasm that nothing else links.
func Fixed(v float64, d int) string {
	a := math.Abs(v)
	if a >= 1e21 {
		return strconv.FormatFloat(v, 'g', -1, 64)
	}
	exact := strconv.FormatFloat(a, 'f', 1100, 64) // every double's exact expansion
	dot := strings.IndexByte(exact, '.')
	digits := []byte(exact[:dot] + exact[dot+1:dot+1+d])
	up := exact[dot+1+d] >= '5'
	if t := strconv.FormatFloat(a, 'f', d+1, 64); !up && t[len(t)-1] == '5' {
		x, _ := strconv.ParseFloat(t, 64)
		up = x == a
	}
	if up {
		i := len(digits) - 1
		for ; i >= 0 && digits[i] == '9'; i-- {
			digits[i] = '0'
		}
		if i < 0 {
			digits = append([]byte{'1'}, digits...)
		} else {
			digits[i]++
		}
	}
	out := string(digits[:len(digits)-d])
	if d > 0 {
		out += "." + string(digits[len(digits)-d:])
	}
	if v < 0 && strings.Trim(out, "0.") != "" {
		out = "-" + out
	}
	return out
}

// Count writes a whole number with thousands separators, as the page's
// count: "12,345".
func Count(n int64) string {
	s := strconv.FormatInt(n, 10)
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	var b strings.Builder
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	if neg {
		return "-" + b.String()
	}
	return b.String()
}
