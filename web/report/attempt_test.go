package report

import (
	"strings"
	"testing"

	"overloadlab/core/catalog"
	"overloadlab/core/engine/kernel"
	"overloadlab/core/engine/param"
)

// TestAttemptReport: the report of a challenge attempt says the challenge,
// the changes made from the preset and each goal ✓/✗ with its figure, and
// the verdict: attach-storm's solution is solved, the preset as shipped
// is not (a goal ✗, its figure), an attempt over the limit (three changes
// of two allowed) is not, with the rule it breaks; half-way, the goals
// not yet decided say so; a report of no attempt has no such section.
func TestAttemptReport(t *testing.T) {
	pr := catalog.Presets()
	var ch = pr[0].Challenges
	for _, p := range pr {
		if p.Name == "attach-storm" {
			ch = p.Challenges
		}
	}
	c := ch[0]
	write := func(attempt string, to float64, set map[string]param.Value) string {
		t.Helper()
		sc, _ := catalog.Preset("attach-storm")
		for k, v := range set {
			if err := sc.Params.Put(k, v); err != nil {
				t.Fatal(err)
			}
		}
		r, err := catalog.Start(sc, false)
		if err != nil {
			t.Fatal(err)
		}
		if to > 0 {
			r.AdvanceTo(kernel.Seconds(to))
		} else {
			r.RunToEnd()
		}
		var b strings.Builder
		if err := Write(&b, &Input{A: r, Attempt: attempt}); err != nil {
			t.Fatal(err)
		}
		return b.String()
	}
	has := func(name, html string, want ...string) {
		t.Helper()
		for _, w := range want {
			if !strings.Contains(html, w) {
				t.Errorf("%s: the report lacks %q", name, w)
			}
		}
	}
	solved := write(c.Name, 0, c.Solution)
	has("the solution", solved, "<h2>Challenge</h2>", escape(c.Title), "cpu-guard.sampling-period: 1 → 0.1 from the start", "✓ Solved")
	if n := strings.Count(solved[strings.Index(solved, `id="goals"`):strings.Index(solved, `class="verdict"`)], "<td>✓ "); n != len(c.Goals) {
		t.Errorf("the solution: %d goals ✓, want %d", n, len(c.Goals))
	}
	shipped := write(c.Name, 0, nil)
	has("as shipped", shipped, "Changes made from the preset: none.", "<td>✗ ", "intervals)</td>", "✗ Not solved: 1 of 2 goals fail.")
	over := write(c.Name, 0, map[string]param.Value{"cpu-guard.sampling-period": param.Num(0.1), "sgsn-queue-size": param.Num(500), "mme-queue-size": param.Num(500)})
	has("over the limit", over, "✗ Not solved: the attempt changes 3 parameters, the limit is 2.")
	half := write(c.Name, 60, c.Solution)
	has("half-way", half, "not decided yet: ", "Not decided yet: ")
	if plain := write("", 0, nil); strings.Contains(plain, "<h2>Challenge</h2>") {
		t.Error("a report of no attempt has a challenge section")
	}
}
