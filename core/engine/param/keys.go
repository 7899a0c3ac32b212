package param

import "fmt"

// A model declares each of its parameters with a typed handle, and its
// node reads the value by that handle, never by a string, so that a
// misspelt read does not compile:
//
//	var params = param.NewSet()
//	var stormFactor = params.Number(param.Spec{Name: "storm.factor", Kind: param.Number, …})
//	…
//	factor := stormFactor.Of(v) // a float64
//
// A parameter of a shared group (added with Add: the CPU's, the retries',
// a control's) is named once, where its handle is looked up (NumberKey, …),
// which panics when the package is initialised if the name is not in the
// set.

// NumKey is a handle on a Number parameter.
type NumKey struct{ key }

// IntKey is a handle on an Integer parameter.
type IntKey struct{ key }

// BoolKey is a handle on a Bool parameter.
type BoolKey struct{ key }

// TextKey is a handle on a Choice or Text parameter.
type TextKey struct{ key }

// key is a parameter's place in its set.
type key struct {
	set *Set
	i   int
}

// Name returns the parameter's name.
func (k key) Name() string { return k.set.specs[k.i].Name }

// Spec returns the parameter's spec.
func (k key) Spec() *Spec { return &k.set.specs[k.i] }

// value returns the parameter's value in v, which must be of k's set.
func (k key) value(v Values) Value {
	if v.set != k.set {
		panic("param: " + k.Name() + " read from the values of another set")
	}
	return v.vals[k.i]
}

// Of returns the parameter's value in v.
func (k NumKey) Of(v Values) float64 { return k.value(v).Num }

// Of returns the parameter's value in v.
func (k IntKey) Of(v Values) int { return int(k.value(v).Num) }

// Of returns the parameter's value in v.
func (k BoolKey) Of(v Values) bool { return k.value(v).Num != 0 }

// Of returns the parameter's value in v.
func (k TextKey) Of(v Values) string { return k.value(v).Text }

// Add appends specs to the set, in order; it panics as NewSet does. A set
// is built when its package is initialised and never changes afterwards.
// It returns s.
//
//go:noinline
func (s *Set) Add(specs ...Spec) *Set {
	for _, sp := range specs {
		s.add(sp)
	}
	return s
}

// add appends sp and returns its place.
func (s *Set) add(sp Spec) key {
	if s.index == nil {
		s.index = map[string]int{}
	}
	i := len(s.specs)
	for _, name := range append([]string{sp.Name}, sp.Aliases...) {
		if _, dup := s.index[name]; dup {
			panic("param: duplicate " + name)
		}
		s.index[name] = i
	}
	if err := sp.CheckValue(sp.Default); err != nil {
		panic("param: bad default: " + err.Error())
	}
	s.specs = append(s.specs, sp)
	s.marker(&s.specs[i])
	return key{s, i}
}

// declare appends sp, which must be of one of kinds, and returns its place.
func (s *Set) declare(sp Spec, kinds ...Kind) key {
	s.mustBe(sp.Name, sp.Kind, kinds)
	return s.add(sp)
}

// lookup returns the place of the parameter named name, which must be in
// the set and of one of kinds.
func (s *Set) lookup(name string, kinds ...Kind) key {
	i, ok := s.index[name]
	if !ok {
		panic("param: no parameter " + name + " in the set")
	}
	s.mustBe(name, s.specs[i].Kind, kinds)
	return key{s, i}
}

func (s *Set) mustBe(name string, k Kind, kinds []Kind) {
	for _, want := range kinds {
		if k == want {
			return
		}
	}
	panic(fmt.Sprintf("param: %s is a %s parameter, not a %s", name, k, kinds[0]))
}

// Number appends sp, a Number parameter, and returns its handle.
//
//go:noinline
func (s *Set) Number(sp Spec) NumKey { return NumKey{s.declare(sp, Number)} }

// Integer appends sp, an Integer parameter, and returns its handle.
//
//go:noinline
func (s *Set) Integer(sp Spec) IntKey { return IntKey{s.declare(sp, Integer)} }

// Bool appends sp, a Bool parameter, and returns its handle.
//
//go:noinline
func (s *Set) Bool(sp Spec) BoolKey { return BoolKey{s.declare(sp, Bool)} }

// Text appends sp, a Choice or Text parameter, and returns its handle.
//
//go:noinline
func (s *Set) Text(sp Spec) TextKey { return TextKey{s.declare(sp, Choice, Text)} }

// NumberKey returns the handle of the Number parameter name, added before.
//
//go:noinline
func (s *Set) NumberKey(name string) NumKey { return NumKey{s.lookup(name, Number)} }

// IntegerKey returns the handle of the Integer parameter name, added before.
//
//go:noinline
func (s *Set) IntegerKey(name string) IntKey { return IntKey{s.lookup(name, Integer)} }

// BoolKey returns the handle of the Bool parameter name, added before.
//
//go:noinline
func (s *Set) BoolKey(name string) BoolKey { return BoolKey{s.lookup(name, Bool)} }

// TextKey returns the handle of the Choice or Text parameter name, added
// before.
//
//go:noinline
func (s *Set) TextKey(name string) TextKey { return TextKey{s.lookup(name, Choice, Text)} }
