package catalog

import (
	"reflect"
	"strings"
	"testing"

	"overloadlab/core/engine/param"
	"overloadlab/core/engine/scenario"
	"overloadlab/core/engine/sim"
)

// A link may carry the page's sweep: it comes back as it went, checked
// against the model; a link without one opens with none; a bad one is
// refused naming the sweep's field.
func TestLinkSweep(t *testing.T) {
	sc, err := Preset("scp-10-ssps")
	if err != nil {
		t.Fatal(err)
	}
	sc.Seed = 9
	plan := &sim.Plan{Param: "ssp.load", From: 0.5, To: 10, Points: 7, Log: true, Seeds: 4, Variants: []scenario.Variant{
		{Label: "adaptive", Params: map[string]param.Value{"scp.control": param.Str("adaptive-acg")}},
		{Label: "as set"},
	}}
	d, _ := Model("scp")
	link, err := EncodeWhatIf(&scenario.WhatIf{A: sc, Sweep: sim.EncodePlan(plan, d.Params)})
	if err != nil {
		t.Fatal(err)
	}
	w, err := DecodeWhatIf(link)
	if err != nil {
		t.Fatal(err)
	}
	gotPlan, err := SweepOf(w)
	if err != nil || !strings.HasPrefix(link, "2.") {
		t.Fatal(link, err)
	}
	if w.A.Seed != 9 || w.A.Preset != "scp-10-ssps" {
		t.Errorf("scenario %+v", w.A)
	}
	plan.Variants[1].Params = map[string]param.Value{}
	if !reflect.DeepEqual(gotPlan, plan) {
		t.Errorf("plan %+v, want %+v", gotPlan, plan)
	}
	plain, _ := EncodeLink(sc)
	if w, err := DecodeWhatIf(plain); err != nil || w.Sweep != nil {
		t.Errorf("a link without a sweep: %v, %v", w, err)
	}
	if s, err := DecodeLink(link); err != nil || s.Seed != 9 {
		t.Errorf("DecodeLink of a link with a sweep: %v", err)
	}
	bad := *plan
	bad.Points = 0
	if _, err := EncodeWhatIf(&scenario.WhatIf{A: sc, Sweep: sim.EncodePlan(&bad, d.Params)}); err == nil || !strings.Contains(err.Error(), "sweep points: 0 is not allowed") {
		t.Errorf("encoding a bad sweep: %v", err)
	}
	for _, raw := range []string{`{"param":"ssp.load","from":1,"to":2,"points":0,"seeds":1}`, `{"param":"ssp.load","nope":1}`, `[]`} {
		b, _ := base("scp", "scp-10-ssps", Version)
		l := scenario.EncodeWhatIf(&scenario.WhatIf{A: sc, Sweep: []byte(raw)}, b, Version)
		if _, err := DecodeWhatIf(l); err == nil || !strings.HasPrefix(err.Error(), "link: sweep") {
			t.Errorf("%s: %v", raw, err)
		}
	}
}
