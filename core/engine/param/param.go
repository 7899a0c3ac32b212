// Package param is the one schema of every parameter of a scenario: its
// operator name, unit, range, default and one-line doc. The same schema
// renders the sliders, validates scenarios and links, and documents the CLI,
// so no range is restated by hand anywhere else.
package param

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"overloadlab/core/engine/jsonw"
)

// Kind says what values a parameter takes.
type Kind uint8

const (
	Number  Kind = iota // a real number in [Min, Max]
	Integer             // a whole number in [Min, Max]
	Bool                // on or off
	Choice              // one of Choices
	Text                // free text checked by Spec.Check (tables, lists)
)

func (k Kind) String() string {
	return [...]string{"number", "integer", "bool", "choice", "text"}[k]
}

// MarshalText names the kind in JSON.
func (k Kind) MarshalText() ([]byte, error) { return []byte(k.String()), nil }

// Spec describes one parameter.
type Spec struct {
	Name  string `json:"name"`  // operator name, e.g. "sgsn.new-connections-per-second"
	Label string `json:"label"` // short label for a slider
	// Marker names the parameter on the chart marker of a change, unique in
	// its model ("SGSN N" where the MME has an N too); empty: the label,
	// without a unit it ends in ("Load ×" → "Load") or a switch's " on".
	Marker  string   `json:"marker"`
	Group   string   `json:"group"`             // panel the slider belongs to
	Unit    string   `json:"unit,omitempty"`    // "/s", "s", "%", "µs", ...
	Kind    Kind     `json:"kind"`              // what values it takes
	Min     float64  `json:"min"`               // Number, Integer: lowest allowed value
	Max     float64  `json:"max"`               // Number, Integer: highest allowed value
	Step    float64  `json:"step,omitempty"`    // slider step
	Default Value    `json:"default"`           // value when a scenario does not say
	Choices []string `json:"choices,omitempty"` // Choice: allowed values
	// Numbers, for a Choice, are the numbers its choices stand for, in
	// their order (p30: 30): a sweep may then run the choice as a number.
	Numbers []float64 `json:"numbers,omitempty"`
	Doc     string    `json:"doc"` // one line: what it means
	// Fixed means fixed during a run: set before it starts; refused in a
	// timeline and as a live change.
	Fixed bool `json:"fixed,omitempty"`
	// Reconfigures is the part of the node a change during the run
	// reconfigures (Settings unless said otherwise): the model routes a
	// live change by it, not by the parameter's name.
	Reconfigures Part `json:"-"`
	// Aliases are former names of the parameter that scenarios and links
	// written before a rename still use; they read as this parameter.
	Aliases []string `json:"-"`
	// Check validates a Text value; nil accepts any text up to MaxText bytes.
	Check func(string) error `json:"-"`
}

// Part names the part of a node that a change of a parameter during the run
// reconfigures. A model gives its own parts numbers from FirstModelPart on.
type Part uint8

const (
	// Settings: the node re-reads its settings; nothing else is redone.
	Settings Part = iota
	// Sources: the traffic sources are redrawn from the moment of the change.
	Sources
	// FirstModelPart is the first part number a model may give its own
	// parts (a reboot, a burst schedule, …).
	FirstModelPart
)

// MaxText bounds the length of any text value.
const MaxText = 4096

// Value is a parameter value: a number (Bool is 0 or 1) or a text (Choice,
// Text).
type Value struct {
	Num  float64
	Text string
}

// Num returns a numeric value.
func Num(x float64) Value { return Value{Num: x} }

// On returns a Bool value.
func On(b bool) Value {
	if b {
		return Value{Num: 1}
	}
	return Value{}
}

// Str returns a text value.
func Str(s string) Value { return Value{Text: s} }

// MarshalJSON writes a number, or a string for text values. Bools are
// written by Set.Encode which knows the kind.
func (v Value) MarshalJSON() ([]byte, error) { return jsonw.Marshal(v) }

// AppendJSON writes v as MarshalJSON does.
func (v Value) AppendJSON(e *jsonw.Encoder) {
	if v.Text != "" {
		e.String(v.Text)
	} else {
		e.Float(v.Num)
	}
}

// Error is a refused value: it names the field, the value and what is
// allowed.
type Error struct {
	Field   string
	Value   string
	Allowed string
}

// Error says the field, the value and what is allowed. The field (which
// may hold a key the user wrote) and the value are cut to their first
// MaxShown bytes, so that no error repeats a huge input, whatever built it.
func (e *Error) Error() string {
	return fmt.Sprintf("%s: %s is not allowed (allowed: %s)", Clip(e.Field), clipShown(e.Value), e.Allowed)
}

// clipShown cuts a value already shown (Quote's output, a quoted string
// cut to MaxShown bytes with its quotes and "…") only when it is longer
// than that.
func clipShown(s string) string {
	if len(s) <= MaxShown+len(`""…`) {
		return s
	}
	return Clip(s)
}

// Allowed describes the allowed values of s in words.
func (s *Spec) Allowed() string {
	switch s.Kind {
	case Number:
		return fmt.Sprintf("a number from %s to %s%s", fmtNum(s.Min), fmtNum(s.Max), unitSuffix(s.Unit))
	case Integer:
		return fmt.Sprintf("a whole number from %s to %s%s", fmtNum(s.Min), fmtNum(s.Max), unitSuffix(s.Unit))
	case Bool:
		return "true or false"
	case Choice:
		return "one of " + strings.Join(s.Choices, ", ")
	default:
		return s.Doc
	}
}

func unitSuffix(u string) string {
	if u == "" {
		return ""
	}
	return " " + u
}

// fmtNum writes a bound: a whole number in full (a seed's 9007199254740991,
// not 9.007199254740991e+15), any other in its shortest form.
func fmtNum(x float64) string {
	if x == math.Trunc(x) && math.Abs(x) < 1<<53 {
		return strconv.FormatFloat(x, 'f', -1, 64)
	}
	return strconv.FormatFloat(x, 'g', -1, 64)
}

// Check validates v against s.
func (s *Spec) CheckValue(v Value) error {
	switch s.Kind {
	case Number, Integer:
		if v.Text != "" || math.IsNaN(v.Num) || v.Num < s.Min || v.Num > s.Max ||
			(s.Kind == Integer && v.Num != math.Trunc(v.Num)) {
			return s.refuse(v)
		}
	case Bool:
		if v.Text != "" || (v.Num != 0 && v.Num != 1) {
			return s.refuse(v)
		}
	case Choice:
		if !slices.Contains(s.Choices, v.Text) {
			return s.refuse(v)
		}
	case Text:
		if len(v.Text) > MaxText {
			return &Error{Field: s.Name, Value: fmt.Sprintf("a text of %d bytes", len(v.Text)), Allowed: fmt.Sprintf("at most %d bytes", MaxText)}
		}
		if s.Check != nil {
			if err := s.Check(v.Text); err != nil {
				return &Error{Field: s.Name, Value: Quote(v.Text), Allowed: err.Error()}
			}
		}
	}
	return nil
}

func (s *Spec) refuse(v Value) error {
	shown := s.Format(v)
	if v.Text != "" {
		shown = Quote(v.Text) // a long text is cut
	}
	return &Error{Field: s.Name, Value: shown, Allowed: s.Allowed()}
}

// Format writes v the way a user would type it.
func (s *Spec) Format(v Value) string {
	switch s.Kind {
	case Bool:
		if v.Text == "" && v.Num == 1 {
			return "true"
		} else if v.Text == "" && v.Num == 0 {
			return "false"
		}
	case Number, Integer:
		if v.Text == "" {
			return fmtNum(v.Num)
		}
	default:
		return strconv.Quote(v.Text)
	}
	if v.Text != "" {
		return strconv.Quote(v.Text)
	}
	return fmtNum(v.Num)
}

// Parse reads a value typed as text (a CLI flag, a link) for s and checks it.
func (s *Spec) Parse(text string) (Value, error) {
	var v Value
	switch s.Kind {
	case Number, Integer:
		x, err := strconv.ParseFloat(strings.TrimSpace(text), 64)
		if err != nil || math.IsInf(x, 0) {
			return v, &Error{Field: s.Name, Value: Quote(text), Allowed: s.Allowed()}
		}
		v.Num = x
	case Bool:
		switch strings.TrimSpace(text) {
		case "true", "on", "1":
			v.Num = 1
		case "false", "off", "0":
		default:
			return v, &Error{Field: s.Name, Value: Quote(text), Allowed: s.Allowed()}
		}
	default:
		v.Text = text
	}
	return v, s.CheckValue(v)
}

// Decode reads a JSON value for s and checks it: a number for Number and
// Integer, true or false for Bool, a string otherwise; null is refused.
func (s *Spec) Decode(raw jsonw.Raw) (Value, error) {
	var v Value
	ok := !isNull(raw) && jsonw.Valid(raw)
	if ok {
		switch t := jsonw.Trim(raw); s.Kind {
		case Number, Integer:
			v.Num, ok = jsonw.Number(t)
		case Bool:
			var b bool
			b, ok = jsonw.Bool(t)
			v = On(b)
		default:
			v.Text, ok = jsonw.String(t)
		}
	}
	if !ok {
		return v, &Error{Field: s.Name, Value: Clip(string(raw)), Allowed: s.Allowed()}
	}
	return v, s.CheckValue(v)
}

// Encode writes v as JSON for s (Bools as true/false); nil for a number
// JSON cannot hold (NaN, ±Inf), as encoding/json refuses it.
func (s *Spec) Encode(v Value) jsonw.Raw {
	var e jsonw.Encoder
	s.AppendValue(&e, v)
	if e.Err() != nil {
		return nil
	}
	return e.Bytes()
}

// AppendValue writes v as Encode does.
func (s *Spec) AppendValue(e *jsonw.Encoder, v Value) {
	switch s.Kind {
	case Bool:
		e.Bool(v.Num != 0)
	case Number, Integer:
		e.Float(v.Num)
	default:
		e.String(v.Text)
	}
}
