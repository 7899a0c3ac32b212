package sim

import (
	"fmt"

	"overloadlab/core/engine/param"
	"overloadlab/core/engine/scenario"
)

// CheckTimeline applies the model's cross-field rule (Def.Check) to the
// values in force after each change of the scenario's timeline, one change
// at a time and in order, as the run applies them (Run.set), so that a
// timeline the run would stop on is refused before the run starts, naming
// the change: "timeline[i] (at T s, name = value): …".
func CheckTimeline(def *Def, sc *scenario.Scenario) error {
	if def.Check == nil || len(sc.Timeline) == 0 {
		return nil
	}
	v := sc.Params.Clone()
	for i, c := range sc.Timeline {
		sp, ok := def.Params.Lookup(c.Param)
		if !ok {
			return fmt.Errorf("timeline[%d].param: %w", i, &param.UnknownError{Name: c.Param})
		}
		if err := v.Put(sp.Name, c.Value); err != nil {
			return fmt.Errorf("timeline[%d] (at %g s): %w", i, c.At, err)
		}
		if err := def.Check(v); err != nil {
			return fmt.Errorf("timeline[%d] (at %g s, %s = %s): %w", i, c.At, sp.Name, sp.Format(c.Value), err)
		}
	}
	return nil
}
