package param

import (
	"fmt"
	"slices"
	"strings"

	"overloadlab/core/engine/jsonw"
)

// Set is an ordered list of parameter specs, the schema of one node model.
type Set struct {
	specs []Spec
	index map[string]int
}

// NewSet builds a set of specs (none: a set to declare parameters in with
// Add, Number, Integer, Bool and Text); it panics on a duplicate name or a
// default outside its own range, which are programming errors.
func NewSet(specs ...Spec) *Set {
	s := &Set{specs: make([]Spec, 0, len(specs)), index: make(map[string]int, len(specs))}
	return s.Add(specs...)
}

// marker gives a parameter that does not name its marker the default
// (Spec.Marker).
func (s *Set) marker(sp *Spec) {
	if sp.Marker == "" {
		sp.Marker = strings.TrimSuffix(sp.Label, " "+sp.Unit)
		if sp.Kind == Bool {
			sp.Marker = strings.TrimSuffix(sp.Marker, " on")
		}
	}
}

// Specs returns the specs in order.
func (s *Set) Specs() []Spec { return s.specs }

// Lookup returns the spec named name (or formerly named name: an alias).
func (s *Set) Lookup(name string) (*Spec, bool) {
	i, ok := s.index[name]
	if !ok {
		return nil, false
	}
	return &s.specs[i], true
}

// Once returns the spec of name, a parameter given in the object where;
// given maps the specs already given there to the names they were given
// under: a parameter may be given once, under any of its names (a second,
// under a former name or not, is refused naming both, as keeping either
// would silently drop the other).
func (s *Set) Once(where, name string, given map[string]string) (*Spec, error) {
	sp, ok := s.Lookup(name)
	if !ok {
		return nil, &UnknownError{Name: name}
	}
	if first, dup := given[sp.Name]; dup {
		return nil, &Error{Field: join(where, name), Value: "a second value", Allowed: fmt.Sprintf("each parameter once (%s and %s both name %s)", Quote(first), Quote(name), sp.Name)}
	}
	given[sp.Name] = name
	return sp, nil
}

// UnknownError is returned for a parameter name the schema does not have.
type UnknownError struct{ Name string }

func (e *UnknownError) Error() string {
	if len(e.Name) > MaxShown {
		return fmt.Sprintf("%s: no such parameter", Quote(e.Name))
	}
	return fmt.Sprintf("%s: no such parameter", e.Name)
}

// Defaults returns the default values.
func (s *Set) Defaults() Values {
	v := Values{set: s, vals: make([]Value, len(s.specs))}
	for i := range s.specs {
		v.vals[i] = s.specs[i].Default
	}
	return v
}

// Values holds one value for every parameter of a set.
type Values struct {
	set  *Set
	vals []Value
}

// Set returns the schema of v.
func (v Values) Schema() *Set { return v.set }

// Clone returns an independent copy.
func (v Values) Clone() Values {
	return Values{set: v.set, vals: slices.Clone(v.vals)}
}

// Get returns the value of name; it panics on an unknown name, which is a
// programming error inside a model.
func (v Values) Get(name string) Value {
	i, ok := v.set.index[name]
	if !ok {
		panic("param: unknown " + name)
	}
	return v.vals[i]
}

// Has reports whether the schema of v has a parameter named name.
func (v Values) Has(name string) bool {
	_, ok := v.set.index[name]
	return ok
}

// Num returns a numeric value by name.
func (v Values) Num(name string) float64 { return v.Get(name).Num }

// Int returns an integer value by name.
func (v Values) Int(name string) int { return int(v.Get(name).Num) }

// Bool returns a Bool value by name.
func (v Values) Bool(name string) bool { return v.Get(name).Num != 0 }

// Text returns a text value by name.
func (v Values) Text(name string) string { return v.Get(name).Text }

// Put checks and stores a value.
func (v Values) Put(name string, x Value) error {
	i, ok := v.set.index[name]
	if !ok {
		return &UnknownError{name}
	}
	if err := v.set.specs[i].CheckValue(x); err != nil {
		return err
	}
	v.vals[i] = x
	return nil
}

// Diff lists the names whose value differs from base, in schema order.
func (v Values) Diff(base Values) []string {
	var out []string
	for i := range v.vals {
		if v.vals[i] != base.vals[i] {
			out = append(out, v.set.specs[i].Name)
		}
	}
	return out
}

// MarshalJSON writes every value as an object in schema order.
func (v Values) MarshalJSON() ([]byte, error) { return jsonw.Marshal(v) }

// AppendJSON writes v as MarshalJSON does.
func (v Values) AppendJSON(e *jsonw.Encoder) {
	e.Byte('{')
	for i := range v.vals {
		e.Comma(i)
		e.String(v.set.specs[i].Name)
		e.Byte(':')
		v.set.specs[i].AppendValue(e, v.vals[i])
	}
	e.Byte('}')
}

// DecodeInto reads a JSON object of name → value over v (names it does not
// list keep their value), strictly (see DecodeObject). Every error names the
// field.
func (v Values) DecodeInto(raw jsonw.Raw) error {
	members, err := DecodeObject(raw, "params", nil)
	if err != nil {
		return err
	}
	given := map[string]string{}
	for _, m := range members {
		sp, err := v.set.Once("params", m.Key, given)
		if err != nil {
			return err
		}
		x, err := sp.Decode(m.Raw)
		if err != nil {
			return err
		}
		v.vals[v.set.index[m.Key]] = x
	}
	return nil
}
