package scenario

import "overloadlab/core/engine/param"

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
