package report

import (
	"cmp"
	"strconv"
	"strings"

	"overloadlab/core/engine/claim"
	"overloadlab/core/engine/scenario"
)

// attempt writes the challenge a run attempts (issue 27): what it asks,
// the changes the attempt made from the preset, each goal ✓ or ✗ with its
// figure, and the verdict, as the page and the class view judge it
// (Challenge.GoalResults, Challenge.Allows): solved when every goal holds
// at the end and the attempt keeps to the challenge's rules. (Written with
// few calls: each is bytes of the page's wasm.)
func (p *printer) attempt(ch *scenario.Challenge, ds []scenario.Difference, results []claim.Result, run float64) {
	free := strings.Join(ch.Free, ", ")
	if ch.Limit != "" {
		free += "; " + ch.Limit
	}
	p.raw(`<h2>Challenge</h2><p class="challenge">` + escape(ch.Title) + `</p><p>Free to change: ` + escape(free) + `.</p>`)
	p.differences("Changes made from the preset", ds, run)
	var changed []string
	for _, d := range ds {
		if d.Param != "seed" {
			changed = append(changed, d.Param)
		}
	}
	goals, solved := ch.GoalResults(results)
	p.raw(`<div class="scroll"><table class="diff claims" id="goals"><thead><tr><th>goal</th><th>wanted</th><th>this run</th></tr></thead><tbody>`)
	fails, pending := 0, 0
	for _, g := range goals {
		mark := "✓ "
		if g.Pending {
			mark = "not decided yet: "
			pending++
		} else if !g.Holds {
			mark = "✗ "
			fails++
		}
		p.raw(`<tr><td>` + escape(cmp.Or(g.Says, g.Name)) + `</td><td>` + escape(g.Wanted) + `</td><td>` + escape(mark+g.Figure) + `</td></tr>`)
	}
	verdict := "✓ Solved: every goal holds at the end of the run."
	if err := ch.Allows(changed); err != nil {
		verdict = "✗ Not solved: the attempt " + err.Error() + "."
	} else if fails > 0 {
		verdict = "✗ Not solved: " + strconv.Itoa(fails) + " of " + strconv.Itoa(len(goals)) + " goals fail."
	} else if !solved {
		verdict = "Not decided yet: " + strconv.Itoa(pending) + " goals wait for the run's end."
	}
	p.raw(`</tbody></table></div><p class="verdict">` + escape(verdict) + `</p>`)
}
