package catalog

import (
	"slices"

	"overloadlab/core/engine/claim"
	"testing"
)

// Every exercise is well formed: a prediction has three or four choices,
// each decided by claims the preset has, its deciding claims' windows close
// within the run, and it explains itself; a challenge's goals are claims the
// preset has, its free parameters exist, and its solution changes only free
// parameters, none it must keep, and no more of them than its limit allows.
// Exactly one choice names no claim marked Fails, and a challenge has a
// goal marked Fails. (That those claims fail on the preset's runs is the
// claims test's; that a solution solves is TestChallengesSolved's.)
func TestExercises(t *testing.T) {
	for _, d := range Models {
		for i := range d.Presets {
			p := &d.Presets[i]
			has := func(name string) bool {
				return slices.ContainsFunc(p.Claims, func(c claim.Claim) bool { return c.Name == name })
			}
			fails := func(name string) bool {
				return slices.ContainsFunc(p.Claims, func(c claim.Claim) bool { return c.Name == name && c.Fails })
			}
			for _, q := range p.Predictions {
				// Exactly one choice names no claim the preset's run fails
				// (Claim.Fails): the right one; every other is decided
				// wrong by a claim that fails, not by a missing one.
				right := 0
				for _, c := range q.Choices {
					if !slices.ContainsFunc(c.Claims, fails) {
						right++
					}
				}
				if right != 1 {
					t.Errorf("%s: prediction %s has %d choices without a failing claim, want exactly 1 (the right one)", p.Name, q.Name, right)
				}
				if n := len(q.Choices); n < 3 || n > 4 {
					t.Errorf("%s: prediction %s has %d choices, want 3 or 4", p.Name, q.Name, n)
				}
				if q.Name == "" || q.Question == "" || q.Explain == "" {
					t.Errorf("%s: prediction %q lacks a name, question or explanation", p.Name, q.Name)
				}
				for _, c := range q.Choices {
					if len(c.Claims) == 0 {
						t.Errorf("%s: prediction %s: choice %q names no deciding claim", p.Name, q.Name, c.Text)
					}
					for _, name := range c.Claims {
						if !has(name) {
							t.Errorf("%s: prediction %s: no claim %s", p.Name, q.Name, name)
							continue
						}
						for j := range p.Claims {
							if cl := &p.Claims[j]; cl.Name == name && cl.DecidedAt(p.Duration) > p.Duration {
								t.Errorf("%s: prediction %s: claim %s closes after the run", p.Name, q.Name, name)
							}
						}
					}
				}
			}
			for _, ch := range p.Challenges {
				if ch.Name == "" || ch.Title == "" || ch.Hint == "" || len(ch.Goals) == 0 || len(ch.Free) == 0 {
					t.Errorf("%s: challenge %q lacks a name, title, hint, goal or free parameter", p.Name, ch.Name)
				}
				if !slices.ContainsFunc(ch.Goals, fails) {
					t.Errorf("%s: challenge %s: no goal is a claim the preset's run fails (Fails): it is solved as shipped", p.Name, ch.Name)
				}
				for _, g := range ch.Goals {
					if !has(g) {
						t.Errorf("%s: challenge %s: no claim %s", p.Name, ch.Name, g)
					}
				}
				for _, name := range append(slices.Clone(ch.Free), ch.Keep...) {
					if _, ok := d.Params.Lookup(name); !ok {
						t.Errorf("%s: challenge %s: no parameter %s", p.Name, ch.Name, name)
					}
				}
				for name := range ch.Solution {
					if !slices.Contains(ch.Free, name) || slices.Contains(ch.Keep, name) {
						t.Errorf("%s: challenge %s: the solution changes %s, which is locked", p.Name, ch.Name, name)
					}
				}
				if ch.MaxChanges > 0 && len(ch.Solution) > ch.MaxChanges {
					t.Errorf("%s: challenge %s: the solution changes %d parameters, the limit is %d", p.Name, ch.Name, len(ch.Solution), ch.MaxChanges)
				}
				if len(ch.Solution) == 0 {
					t.Errorf("%s: challenge %s has no solution", p.Name, ch.Name)
				}
			}
		}
	}
}
