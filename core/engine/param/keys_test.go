package param

import (
	"strings"
	"testing"
)

func TestKeysReadTheirParameter(t *testing.T) {
	s := NewSet()
	a := s.Number(Spec{Name: "a", Kind: Number, Min: 0, Max: 10, Default: Num(2.5)})
	s.Add(Spec{Name: "shared.n", Kind: Integer, Min: 0, Max: 9, Default: Num(3)}, Spec{Name: "shared.on", Kind: Bool, Default: On(true)})
	c := s.Text(Spec{Name: "c", Kind: Choice, Choices: []string{"x", "y"}, Default: Str("y")})
	n, on := s.IntegerKey("shared.n"), s.BoolKey("shared.on")
	v := s.Defaults()
	if a.Of(v) != 2.5 || n.Of(v) != 3 || !on.Of(v) || c.Of(v) != "y" {
		t.Fatal(a.Of(v), n.Of(v), on.Of(v), c.Of(v))
	}
	if err := v.Put("shared.n", Num(7)); err != nil || n.Of(v) != 7 || n.Name() != "shared.n" || n.Spec().Max != 9 {
		t.Fatal(err, n.Of(v))
	}
	if names := []string{s.Specs()[0].Name, s.Specs()[1].Name, s.Specs()[3].Name}; strings.Join(names, " ") != "a shared.n c" {
		t.Fatal(names)
	}
	for name, f := range map[string]func(){
		"wrong kind":   func() { s.Number(Spec{Name: "b", Kind: Bool}) },
		"no such name": func() { s.NumberKey("nope") },
		"kind looked":  func() { s.NumberKey("shared.on") },
		"duplicate":    func() { s.Number(Spec{Name: "a", Kind: Number, Max: 1}) },
		"other set":    func() { a.Of(NewSet(Spec{Name: "a", Kind: Number, Max: 10}).Defaults()) },
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("%s: no panic", name)
				}
			}()
			f()
		}()
	}
}
