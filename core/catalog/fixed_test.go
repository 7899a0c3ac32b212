package catalog

import (
	"errors"
	"strings"
	"testing"

	"overloadlab/core/engine/kernel"
	"overloadlab/core/engine/param"
	"overloadlab/core/engine/scenario"
)

// TestFixedParametersRefusedDuringARun checks, for every parameter marked
// fixed in every model, that a timeline entry setting it is refused when
// the scenario is validated (naming the entry) and that a live change is
// refused without stopping the run.
func TestFixedParametersRefusedDuringARun(t *testing.T) {
	seen := 0
	for _, d := range Models {
		for _, sp := range d.Params.Specs() {
			if !sp.Fixed {
				continue
			}
			seen++
			sc := scenario.New(d.Name, d.Params)
			sc.Duration = 20
			free := firstFree(d.Params)
			sc.Timeline = []scenario.Change{
				{At: 1, Param: free, Value: d.Params.Defaults().Get(free)},
				{At: 2, Param: sp.Name, Value: sp.Default},
			}
			err := sc.Validate()
			var pe *param.Error
			if !errors.As(err, &pe) || pe.Field != "timeline[1].param" || !strings.Contains(err.Error(), sp.Name) {
				t.Errorf("%s: timeline entry for fixed %s: error %v, want one naming timeline[1].param", d.Name, sp.Name, err)
			}
			sc.Timeline = nil
			r, err := Start(sc, false)
			if err != nil {
				t.Fatal(err)
			}
			r.AdvanceTo(5 * kernel.Second)
			err = r.Set(sp.Name, sp.Default)
			if !errors.As(err, &pe) || pe.Field != sp.Name || !strings.Contains(pe.Allowed, "before the run starts") {
				t.Errorf("%s: live change of fixed %s: error %v", d.Name, sp.Name, err)
			}
			r.RunToEnd()
			if r.Err() != nil || !r.Done() || len(r.Live()) != 0 {
				t.Errorf("%s: after a refused change of %s: err %v, done %v, %d live changes", d.Name, sp.Name, r.Err(), r.Done(), len(r.Live()))
			}
		}
	}
	// imsimgr-instances, subscribers, sessmgr-count, ssp.count.
	if seen != 4 {
		t.Errorf("%d fixed parameters, want 4", seen)
	}
}

// firstFree returns the first parameter of set that may change during a run.
func firstFree(set *param.Set) string {
	for _, sp := range set.Specs() {
		if !sp.Fixed {
			return sp.Name
		}
	}
	panic("no free parameter")
}
