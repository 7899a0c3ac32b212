package scenario

import (
	"fmt"
	"strconv"

	"overloadlab/core/engine/param"
)

// Difference is one way a scenario differs from the one it was made from:
// a run-wide field or a parameter from the start (At = 0, Timed false), or
// a change of the timeline at a simulated time that the base does not have.
type Difference struct {
	Param string  `json:"param"`
	Label string  `json:"label"` // the parameter's label, with its unit
	Old   string  `json:"old"`   // the value in force before, as a user types it
	New   string  `json:"new"`
	At    float64 `json:"at_s"`
	Timed bool    `json:"timed"` // a change during the run, not from the start
}

// String writes the difference as a banner line: "param: old → new (at 120 s)".
func (d Difference) String() string {
	s := fmt.Sprintf("%s: %s → %s", d.Param, d.Old, d.New)
	if d.Timed {
		s += fmt.Sprintf(" at %s s", strconv.FormatFloat(d.At, 'g', -1, 64))
	}
	return s
}

// Differences lists how s differs from base: the run-wide fields, then the
// parameters in schema order, then the timeline's changes that base lacks,
// in time order, each with the value in force in s just before it. The
// list is never nil (the page reads a list).
func Differences(s, base *Scenario) []Difference {
	out := []Difference{}
	num := func(x float64) string { return strconv.FormatFloat(x, 'g', -1, 64) }
	for _, f := range []struct {
		name     string
		old, new float64
	}{{"seed", float64(base.Seed), float64(s.Seed)}, {"duration_s", base.Duration, s.Duration}, {"interval_s", base.Interval, s.Interval}} {
		if f.old != f.new {
			sp, _ := Fields.Lookup(f.name)
			out = append(out, Difference{Param: f.name, Label: label(sp), Old: num(f.old), New: num(f.new)})
		}
	}
	if s.Streams != base.Streams {
		out = append(out, Difference{Param: "streams", Label: "Random streams", Old: base.Streams.String(), New: s.Streams.String()})
	}
	schema := s.Params.Schema()
	for _, name := range s.Params.Diff(base.Params) {
		sp, _ := schema.Lookup(name)
		out = append(out, Difference{Param: name, Label: label(sp), Old: Show(sp, base.Params.Get(name)), New: Show(sp, s.Params.Get(name))})
	}
	// A timeline entry is new unless base has the same one not yet matched.
	used := make([]bool, len(base.Timeline))
	now := s.Params.Clone()
	for _, c := range s.Timeline {
		sp, ok := schema.Lookup(c.Param)
		if !ok {
			continue
		}
		old := now.Get(c.Param)
		_ = now.Put(c.Param, c.Value)
		known := false
		for i, b := range base.Timeline {
			if !used[i] && b == c {
				used[i], known = true, true
				break
			}
		}
		if !known {
			out = append(out, Difference{Param: c.Param, Label: label(sp), Old: Show(sp, old), New: Show(sp, c.Value), At: c.At, Timed: true})
		}
	}
	return out
}

// Show writes a value as a user reads it: numbers plain, switches on/off,
// choices unquoted.
func Show(sp *param.Spec, v param.Value) string {
	switch sp.Kind {
	case param.Bool:
		if v.Num != 0 {
			return "on"
		}
		return "off"
	case param.Choice, param.Text:
		return v.Text
	}
	return sp.Format(v)
}

func label(sp *param.Spec) string {
	if sp.Unit != "" {
		return sp.Label + " (" + sp.Unit + ")"
	}
	return sp.Label
}
