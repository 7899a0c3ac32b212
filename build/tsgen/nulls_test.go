package main

import (
	"encoding/json"
	"fmt"
	"reflect"
	"testing"

	"overloadlab/core/catalog"
	"overloadlab/wasm/session"
	"overloadlab/web/palette"
)

// nulls lists where the JSON v (decoded into any) holds null although the
// generated TypeScript type of Go type t says it never does: a list or a
// record (a nil slice or map) or an object (a nil struct pointer), which
// encoding/json writes null.
func nulls(t reflect.Type, v any, path string) []string {
	if v == nil {
		if t.Kind() == reflect.Interface || nullable(t) {
			return nil // unknown, or typed "| null"
		}
		return []string{path}
	}
	if _, ok := written[t]; ok {
		return nil
	}
	var out []string
	switch t.Kind() {
	case reflect.Pointer:
		return nulls(t.Elem(), v, path)
	case reflect.Slice, reflect.Array:
		for i, x := range v.([]any) {
			out = append(out, nulls(t.Elem(), x, fmt.Sprintf("%s[%d]", path, i))...)
		}
	case reflect.Map:
		for k, x := range v.(map[string]any) {
			out = append(out, nulls(t.Elem(), x, path+"."+k)...)
		}
	case reflect.Struct:
		m := v.(map[string]any)
		g := &gen{names: map[reflect.Type]string{}}
		for _, f := range g.fields(t) {
			if x, ok := m[f.name]; ok {
				out = append(out, nulls(f.goType, x, path+"."+f.name)...)
			}
		}
	}
	return out
}

// checkNoNull marshals x as the bridge does and fails where the page would
// read null for a type that says a list, a record or an object.
func checkNoNull(t *testing.T, what string, x any) {
	t.Helper()
	b, err := json.Marshal(x)
	if err != nil {
		t.Fatal(err)
	}
	var v any
	if err := json.Unmarshal(b, &v); err != nil {
		t.Fatal(err)
	}
	for _, p := range nulls(reflect.TypeOf(x), v, what) {
		t.Errorf("%s is null; its TypeScript type says it is not", p)
	}
}

// The JSON the core gives the page has no null where the generated types
// promise a list (a Go slice nobody filled): the description of every
// model, its chart styles and one point of each of its sweeps, and for
// every preset its tour steps, its Info, Summary and Export, a comparison
// with its first variant and the Info of its link opened.
func TestNoNullWhereTheTypesSayNot(t *testing.T) {
	d, err := catalog.Describe()
	if err != nil {
		t.Fatal(err)
	}
	checkNoNull(t, "Description", d)
	for _, def := range catalog.Models {
		for _, ch := range def.Charts {
			checkNoNull(t, "Styles of "+def.Name+"/"+ch.ID, palette.For(ch))
		}
		for _, sw := range def.Sweeps {
			sc := fmt.Sprintf(`{"preset":%q,"duration_s":3,"timeline":[]}`, def.Presets[0].Name)
			// Two of the study's own values: a choice parameter (a barring
			// factor) has no values between them.
			plan := fmt.Sprintf(`{"param":%q,"values":[%g,%g],"seeds":1}`, sw.Param, sw.Values[0], sw.Values[len(sw.Values)-1])
			var w session.Sweeper
			cell, err := w.Cell(sc, plan, 0, 1, 0)
			if err != nil {
				t.Fatalf("sweep %s: %v", sw.ID, err)
			}
			checkNoNull(t, "Sample of "+sw.ID, cell)
			samples, _ := json.Marshal([]any{cell})
			pt, err := w.Point(sc, plan, string(samples))
			if err != nil {
				t.Fatalf("sweep %s: %v", sw.ID, err)
			}
			checkNoNull(t, "PointStat of "+sw.ID, pt)
		}
	}
	for _, p := range catalog.Presets() {
		for i, st := range p.Tour {
			checkNoNull(t, fmt.Sprintf("%s: tour step %d", p.Name, i+1), st)
		}
		s, err := session.StartPreset(p.Name)
		if err != nil {
			t.Fatal(err)
		}
		checkNoNull(t, p.Name+": Info", s.Info())
		checkNoNull(t, p.Name+": Summary at 0 s", s.Summary())
		s.Advance(5, nil)
		checkNoNull(t, p.Name+": Summary", s.Summary())
		exp, err := s.Export()
		if err != nil {
			t.Fatal(err)
		}
		checkNoNull(t, p.Name+": Export", exp)
		if _, err := s.Compare(min(0, len(p.Compare)-1)); err != nil {
			t.Fatal(err)
		}
		s.Advance(5, nil)
		checkNoNull(t, p.Name+": Info comparing", s.Info())
		checkNoNull(t, p.Name+": Comparison", s.Result())
		link, err := s.Link()
		if err != nil {
			t.Fatal(err)
		}
		r, err := session.StartLink(link)
		if err != nil {
			t.Fatal(err)
		}
		checkNoNull(t, p.Name+": Info of its link", r.Info())
	}
}

// nulls names a nil list, and only it: a nil *float64 is typed "| null"
// and an omitted list is absent, not null.
func TestNullsNamesANilList(t *testing.T) {
	type inner struct {
		L []int `json:"l"`
	}
	type x struct {
		L []int    `json:"l"`
		P *float64 `json:"p"`
		O []int    `json:"o,omitempty"`
		I []inner  `json:"i"`
	}
	b, _ := json.Marshal(x{I: []inner{{L: []int{}}, {}}})
	var v any
	json.Unmarshal(b, &v)
	if got := nulls(reflect.TypeFor[x](), v, "x"); fmt.Sprint(got) != "[x.l x.i[1].l]" {
		t.Errorf("nulls of %s: %v", b, got)
	}
}
