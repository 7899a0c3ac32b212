//go:build jsongen

package jsonw

// Appender is any value while build/jsongen runs (go run -tags jsongen):
// the generated methods are left out of that build, so that it compiles
// when they are stale, and nothing is written as JSON meanwhile.
type Appender = any

// Append is not to be called in a jsongen build.
func Append(dst []byte, v Appender) ([]byte, error) {
	panic("jsonw: a jsongen build writes no JSON")
}
