package sim

import (
	"strings"

	"overloadlab/core/engine/claim"
	"overloadlab/core/engine/jsonw"
	"overloadlab/core/engine/metrics"
)

// Summary is the result of a run, as the CLI prints it and the page shows it.
type Summary struct {
	Scenario  string         `json:"scenario"` // preset name, or "custom"
	Model     string         `json:"model"`
	Seed      uint64         `json:"seed"`
	DurationS float64        `json:"duration_s"`
	Intervals int            `json:"intervals"`
	Classes   []ClassSummary `json:"classes"`
	Total     ClassSummary   `json:"total"`
	CPU       CPUSummary     `json:"cpu"`
	Controls  Controls       `json:"controls"`
	Digest    string         `json:"digest"`
	Claims    []claim.Result `json:"claims,omitempty"` // the preset's claims, checked over the run so far
	Error     string         `json:"error,omitempty"`  // why the run stopped early, if it did
	// Marks are the moments the node reported during the run so far
	// (Run.Marks), MarksLeftOut those past MaxMarks; not in the digest.
	Marks        []Event `json:"marks,omitempty"`
	MarksLeftOut int     `json:"marks_left_out,omitempty"`
}

// ClassSummary is one class's outcomes; Offered equals the sum of the rest.
type ClassSummary struct {
	Name      string  `json:"name"`
	Offered   int64   `json:"offered"`
	Completed int64   `json:"completed"` // in time
	Late      int64   `json:"late"`
	Rejected  int64   `json:"rejected"`
	Dropped   int64   `json:"dropped"`
	Throttled int64   `json:"throttled"`
	InFlight  int64   `json:"in_flight"`
	Goodput   float64 `json:"goodput_per_s"` // completed in time per second
}

// CPUSummary is the mean and max of the measured CPU occupancy, in percent.
type CPUSummary struct {
	Mean float64 `json:"mean"`
	Max  float64 `json:"max"`
}

// Controls are the controls' counters, in the order the node reports them.
type Controls []Group

// MarshalJSON writes {"group": {"counter": value, …}, …} in order.
func (c Controls) MarshalJSON() ([]byte, error) { return jsonw.Marshal(c) }

// AppendJSON writes c as MarshalJSON does; the counters as Go's %g writes
// them (1e+06), which JSON reads as numbers.
func (c Controls) AppendJSON(e *jsonw.Encoder) {
	e.Byte('{')
	for i, g := range c {
		e.Comma(i)
		e.String(g.Name)
		e.Text(":{")
		for j, n := range g.Counters {
			e.Comma(j)
			e.String(n.Name)
			e.Byte(':')
			e.GoFloat(n.Value)
		}
		e.Byte('}')
	}
	e.Byte('}')
}

func classSummary(name string, c *metrics.Counts, seconds float64) ClassSummary {
	s := ClassSummary{
		Name:      name,
		Offered:   c.Offered,
		Completed: c.Get(metrics.InTime),
		Late:      c.Get(metrics.Late),
		Rejected:  c.Get(metrics.Rejected),
		Dropped:   c.Get(metrics.Dropped),
		Throttled: c.Get(metrics.Throttled),
		InFlight:  c.InFlight(),
	}
	if seconds > 0 {
		s.Goodput = float64(s.Completed) / seconds
	}
	return s
}

// Summary returns the summary at the time reached.
func (r *Run) Summary() Summary {
	rep := r.Report()
	name := r.Scenario.Preset
	if name == "" {
		name = "custom"
	}
	s := Summary{
		Scenario:  name,
		Model:     r.Def.Name,
		Seed:      r.Scenario.Seed,
		DurationS: r.now.Seconds(),
		Intervals: r.rec.Intervals(),
		Controls:  rep.Controls,
		Digest:    r.rec.Digest(),
	}
	if len(r.env.marks) > 0 {
		s.Marks, s.MarksLeftOut = r.Marks(), r.env.lost
	}
	if r.err != nil {
		s.Error = r.err.Error()
	}
	var total metrics.Counts
	for _, c := range rep.Classes {
		s.Classes = append(s.Classes, classSummary(c.Name, &c.Counts, s.DurationS))
		total.Add(&c.Counts)
	}
	s.Total = classSummary("total", &total, s.DurationS)
	if n := r.rec.Intervals(); n > 0 {
		s.CPU = CPUSummary{Mean: r.cpuSum / float64(n), Max: r.cpuMax}
	}
	if r.claims != nil {
		s.Claims = r.claims.Results(r.now.Seconds(), r.end.Seconds(), s.Counter)
	}
	return s
}

// Counter looks up a figure of the summary by reference: "group/counter"
// for a control's counter (the group named exactly, or else the first whose
// name starts with group), "total/<outcome>" or "<class>/<outcome>" for
// outcomes (offered, completed, late, rejected, dropped, throttled,
// in_flight, goodput_per_s), "cpu/mean" or "cpu/max".
func (s *Summary) Counter(ref string) (float64, bool) {
	group, name, ok := strings.Cut(ref, "/")
	if !ok {
		return 0, false
	}
	for _, exact := range []bool{true, false} {
		for _, g := range s.Controls {
			if g.Name == group || !exact && strings.HasPrefix(g.Name, group) {
				for _, c := range g.Counters {
					if c.Name == name {
						return c.Value, true
					}
				}
				return 0, false
			}
		}
	}
	if group == "cpu" {
		switch name {
		case "mean":
			return s.CPU.Mean, true
		case "max":
			return s.CPU.Max, true
		}
		return 0, false
	}
	cs := &s.Total
	if group != "total" {
		cs = nil
		for i := range s.Classes {
			if s.Classes[i].Name == group {
				cs = &s.Classes[i]
			}
		}
		if cs == nil {
			return 0, false
		}
	}
	switch name {
	case "offered":
		return float64(cs.Offered), true
	case "completed":
		return float64(cs.Completed), true
	case "late":
		return float64(cs.Late), true
	case "rejected":
		return float64(cs.Rejected), true
	case "dropped":
		return float64(cs.Dropped), true
	case "throttled":
		return float64(cs.Throttled), true
	case "in_flight":
		return float64(cs.InFlight), true
	case "goodput_per_s":
		return cs.Goodput, true
	}
	return 0, false
}
