package scenario

import (
	"fmt"

	"overloadlab/core/engine/claim"
	"overloadlab/core/engine/param"
)

// Prediction is a question asked before a preset's run (issue 27): the
// student picks one of three or four choices, each written from a usual
// misconception or the right answer, and the run reveals which holds when
// the windows of the choices' deciding claims close (Claim.DecidedAt). A
// choice is right when all its deciding claims hold; exactly one is. The
// page reads it as JSON in its HTML, as it reads a tour's steps.
type Prediction struct {
	Name     string   `json:"name"`     // short and stable: links record the answer by it
	Question string   `json:"question"` // asked before the run starts
	Choices  []Choice `json:"choices"`  // three or four
	Explain  string   `json:"explain"`  // one or two sentences shown once revealed
}

// Choice is one answer of a Prediction.
type Choice struct {
	Text   string   `json:"text"`
	Claims []string `json:"claims"` // names of the preset's claims that decide it: all hold ⇔ the choice is right
}

// Challenge is a goal set on a preset (issue 27): change only the Free
// parameters (the rest are locked) so that all the Goals hold at the end
// of the run; the goals tick live as their claims' verdicts do.
type Challenge struct {
	Name  string   `json:"name"`  // short and stable: links record the attempt by it
	Title string   `json:"title"` // the goal in plain words
	Goals []string `json:"goals"` // names of the preset's claims that must all hold at the end
	Free  []string `json:"free"`  // the parameters the student may change
	// MaxChanges, when above 0, limits how many of the Free parameters may
	// differ from the preset's values.
	MaxChanges int `json:"max_changes,omitempty"`
	// Keep lists parameters that must keep the preset's value even though
	// the limit's words name them ("without turning the guard off").
	Keep     []string               `json:"keep,omitempty"`
	Limit    string                 `json:"limit,omitempty"` // the limit in words, "" when none
	Hint     string                 `json:"hint"`
	Solution map[string]param.Value `json:"solution"` // the parameters a solution sets over the preset
}

// Answer reads a run's claim results (sim.Summary.Claims) for the
// prediction: the index of the choice whose deciding claims all hold, and
// whether the answer is still pending (a deciding claim not yet decided).
// It is -1 when no choice or more than one holds (a run that strays from
// the preset: changed parameters, another seed), or a deciding claim is
// missing from results.
func (q *Prediction) Answer(results []claim.Result) (choice int, pending bool) {
	choice = -1
	for i, c := range q.Choices {
		all := true
		for _, name := range c.Claims {
			r := find(results, name)
			switch {
			case r == nil:
				return -1, false
			case r.Pending:
				pending = true
			}
			if r.Pending || !r.Holds {
				all = false
			}
		}
		if all {
			if choice >= 0 {
				return -1, pending
			}
			choice = i
		}
	}
	if pending {
		return -1, true
	}
	return choice, false
}

// GoalResults reads a run's claim results for the challenge: each goal's result,
// in the order of Goals (a missing claim's has only its name and Pending),
// and whether all hold and are decided (the challenge is solved).
func (c *Challenge) GoalResults(results []claim.Result) (goals []claim.Result, solved bool) {
	solved = true
	for _, name := range c.Goals {
		r := find(results, name)
		if r == nil {
			r = &claim.Result{Name: name, Pending: true, Figure: "not measured in this run"}
		}
		goals = append(goals, *r)
		if r.Pending || !r.Holds {
			solved = false
		}
	}
	return goals, solved
}

func find(results []claim.Result, name string) *claim.Result {
	for i := range results {
		if results[i].Name == name {
			return &results[i]
		}
	}
	return nil
}

// Allows says whether an attempt that changed the parameters changed (by
// name, from the preset's values) keeps to the challenge: only Free ones,
// none of Keep, at most MaxChanges of them; nil if it does, else why not.
func (c *Challenge) Allows(changed []string) error {
	n := 0
	for _, name := range changed {
		locked := true
		for _, f := range c.Free {
			locked = locked && f != name
		}
		for _, k := range c.Keep {
			locked = locked || k == name
		}
		if locked {
			return fmt.Errorf("changes %s, which the challenge locks", name)
		}
		n++
	}
	if c.MaxChanges > 0 && n > c.MaxChanges {
		return fmt.Errorf("changes %d parameters, the limit is %d", n, c.MaxChanges)
	}
	return nil
}
