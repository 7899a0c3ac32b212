package sim

import (
	"fmt"
	"math"
	"slices"
	"sort"
	"strconv"

	"overloadlab/core/engine/param"
	"overloadlab/core/engine/scenario"
)

// Event is a labelled moment of a run: every time chart of the page draws
// it as a vertical marker at At.
type Event struct {
	At float64 `json:"at_s"`
	// Until, when set, ends a span that starts at At (a burst): the charts
	// shade it.
	Until float64 `json:"until_s,omitempty"`
	Label string  `json:"label"`
	// Names is the parameter whose timeline change at At this event names
	// in the model's words ("SGSN reboots" for reboot on): that change gets
	// no marker of its own.
	Names string `json:"-"`
}

// Markers lists the events of sc, sorted by time: the timeline's changes,
// one marker per moment ("SGSN N 400 → 800"; several changes at once are
// named together), and the events the model derives from the parameters
// (Def.Events: "storm starts", "60-minute window ends"). Events past the
// end of the run are left out. The list is never nil (the page reads a
// list).
func Markers(d *Def, sc *scenario.Scenario) []Event {
	var named []Event
	if d.Events != nil {
		named = d.Events(sc)
	}
	// A change the model names in its own words is left to its event.
	isNamed := func(c scenario.Change) bool {
		return slices.ContainsFunc(named, func(e Event) bool { return e.Names == c.Param && e.At == c.At })
	}
	out := []Event{}
	v := sc.Params.Clone()
	tl := slices.Clone(sc.Timeline)
	sort.Stable(changesByTime(tl))
	for i := 0; i < len(tl); {
		j := i
		for j < len(tl) && tl[j].At == tl[i].At {
			j++
		}
		if cs := slices.DeleteFunc(slices.Clone(tl[i:j]), isNamed); len(cs) > 0 {
			out = append(out, Event{At: tl[i].At, Label: changesLabel(v, cs)})
		}
		for _, c := range tl[i:j] {
			v.Put(c.Param, c.Value)
		}
		i = j
	}
	out = append(out, named...)
	out = slices.DeleteFunc(out, func(e Event) bool { return e.At < 0 || e.At > sc.Duration })
	sort.Stable(eventsByTime(out))
	return out
}

// changesByTime and eventsByTime sort by time, keeping the order of
// simultaneous ones (sort.Stable: one sort in the wasm for every type,
// where each instance of slices.SortStableFunc weighs some 10 KB).
type (
	changesByTime []scenario.Change
	eventsByTime  []Event
)

func (c changesByTime) Len() int           { return len(c) }
func (c changesByTime) Less(i, j int) bool { return c[i].At < c[j].At }
func (c changesByTime) Swap(i, j int)      { c[i], c[j] = c[j], c[i] }
func (e eventsByTime) Len() int            { return len(e) }
func (e eventsByTime) Less(i, j int) bool  { return e[i].At < e[j].At }
func (e eventsByTime) Swap(i, j int)       { e[i], e[j] = e[j], e[i] }

// changesLabel names the changes made at one moment: one change by
// ChangeLabel; several that scale one group of the schema by one factor by
// the group, what they are and the factor, in an operator's words ("Traffic:
// 6 rates ×1.75" for six class rates raised 1.75×, the neighbour site's
// failure); else the first and a count.
func changesLabel(v param.Values, cs []scenario.Change) string {
	first := ChangeLabel(v, cs[0].Param, cs[0].Value)
	if len(cs) == 1 {
		return first
	}
	var group string
	ratio := math.NaN()
	rates := true
	for k, c := range cs {
		sp, ok := v.Schema().Lookup(c.Param)
		old := v.Num(c.Param)
		if !ok || (sp.Kind != param.Number && sp.Kind != param.Integer) || old == 0 || (k > 0 && sp.Group != group) {
			return fmt.Sprintf("%s (+%d more)", first, len(cs)-1)
		}
		r := c.Value.Num / old
		if k > 0 && math.Abs(r-ratio) > 1e-9*math.Abs(ratio) {
			return fmt.Sprintf("%s (+%d more)", first, len(cs)-1)
		}
		group, ratio = sp.Group, r
		rates = rates && sp.Unit == "/s"
	}
	what := "values"
	if rates {
		what = "rates"
	}
	return fmt.Sprintf("%s: %d %s ×%s", group, len(cs), what, strconv.FormatFloat(ratio, 'g', 4, 64))
}

// ChangeLabel names a change of the parameter name from its value in v to
// x by the parameter's marker name: "SGSN N 400 → 800 /s".
func ChangeLabel(v param.Values, name string, x param.Value) string {
	sp, ok := v.Schema().Lookup(name)
	if !ok {
		return name
	}
	unit := ""
	if sp.Unit != "" && (sp.Kind == param.Number || sp.Kind == param.Integer) {
		unit = " " + sp.Unit
	}
	if sp.Kind == param.Bool {
		if x.Num != 0 {
			return sp.Marker + " on"
		}
		return sp.Marker + " off"
	}
	return sp.Marker + " " + plain(sp, v.Get(name)) + " → " + plain(sp, x) + unit
}

// plain writes a value without the quotes of Spec.Format.
func plain(sp *param.Spec, x param.Value) string {
	if s, err := strconv.Unquote(sp.Format(x)); err == nil {
		return s
	}
	return sp.Format(x)
}

// ProfileEvents names the moments of a rate profile (traffic.Shapes) whose
// times are parameters: "<what> starts ×f" at at, and for a burst "<what>
// ends" at at + length, for a ramp "<what> reaches ×f".
func ProfileEvents(what, shape string, at, length, factor float64) []Event {
	f := "×" + strconv.FormatFloat(factor, 'g', 4, 64)
	switch shape {
	case "step":
		return []Event{{At: at, Label: what + " starts " + f}}
	case "burst":
		return []Event{{At: at, Label: what + " starts " + f}, {At: at + length, Label: what + " ends"}}
	case "ramp":
		return []Event{{At: at, Label: what + " ramp starts"}, {At: at + length, Label: what + " reaches " + f}}
	}
	return nil
}
