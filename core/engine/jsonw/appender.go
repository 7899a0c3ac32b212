//go:build !jsongen

package jsonw

// Appender is a value that writes itself as JSON: the generated AppendJSON
// methods and the ones written by hand beside a MarshalJSON.
type Appender interface {
	AppendJSON(e *Encoder)
}

// Append appends v to dst as encoding/json's Marshal writes it.
func Append(dst []byte, v Appender) ([]byte, error) {
	e := Encoder{buf: dst}
	v.AppendJSON(&e)
	if e.err != nil {
		return nil, e.err
	}
	return e.buf, nil
}
