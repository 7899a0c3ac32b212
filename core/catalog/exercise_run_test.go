package catalog

import (
	"testing"

	"overloadlab/core/engine/claim"
	"overloadlab/core/engine/param"
	"overloadlab/core/engine/scenario"
	"overloadlab/core/engine/sim"
)

// exerciseSeeds is how many seeds the exercises' run tests check: the
// preset's own and the next ones (make claims checks the claims that
// decide them over many more).
const exerciseSeeds = 3

// runClaims runs the preset with the parameters set over it, on the seed
// k after its own, and returns the claims' results at the end.
func runClaims(t *testing.T, d *sim.Def, p *scenario.Preset, set map[string]param.Value, k uint64) []claim.Result {
	t.Helper()
	sc, err := p.Build(d.Params)
	if err != nil {
		t.Fatal(err)
	}
	sc.Seed += k
	for name, v := range set {
		if err := sc.Params.Put(name, v); err != nil {
			t.Fatal(err)
		}
	}
	if d.Check != nil {
		if err := d.Check(sc.Params); err != nil {
			t.Fatal(err)
		}
	}
	r, err := sim.Start(d, sc, false)
	if err != nil {
		t.Fatal(err)
	}
	r.RunToEnd()
	return r.Summary().Claims
}

// TestPredictionsDecide: on the preset's run and the next seeds' runs,
// every prediction's right choice (the one naming no Fails claim) holds,
// and each wrong choice is decided wrong by a claim that fails.
func TestPredictionsDecide(t *testing.T) {
	n := 0
	for _, d := range Models {
		for i := range d.Presets {
			p := &d.Presets[i]
			if len(p.Predictions) == 0 {
				continue
			}
			n++
			t.Run(p.Name, func(t *testing.T) {
				t.Parallel()
				fails := map[string]bool{}
				for _, c := range p.Claims {
					fails[c.Name] = c.Fails
				}
				for k := range uint64(exerciseSeeds) {
					res := runClaims(t, d, p, nil, k)
					for _, q := range p.Predictions {
						right := -1
						for ci, c := range q.Choices {
							wrong := false
							for _, name := range c.Claims {
								wrong = wrong || fails[name]
							}
							if !wrong {
								right = ci
							}
						}
						if got, pending := q.Answer(res); got != right || pending {
							t.Errorf("seed +%d: prediction %s: the run answers choice %d (pending %v), want %d %q", k, q.Name, got, pending, right, q.Choices[right].Text)
						}
						for ci, c := range q.Choices {
							for _, name := range c.Claims {
								r := find(res, name)
								if ci == right && (!r.Holds || r.Pending) {
									t.Errorf("seed +%d: prediction %s: the right choice's claim %s does not hold: %s", k, q.Name, name, r.Figure)
								}
								if fails[name] && (r.Holds || r.Pending) {
									t.Errorf("seed +%d: prediction %s: choice %q: claim %s holds (%s), the choice must be decided wrong", k, q.Name, c.Text, name, r.Figure)
								}
							}
						}
					}
				}
			})
		}
	}
	if n < 12 {
		t.Errorf("%d presets have predictions, want at least 12", n)
	}
}

// TestChallengesSolved: on the preset's run and the next seeds' runs, no
// challenge is solved as the preset is, and each is solved by its
// solution.
func TestChallengesSolved(t *testing.T) {
	n := 0
	models := map[string]bool{}
	for _, d := range Models {
		for i := range d.Presets {
			p := &d.Presets[i]
			for j := range p.Challenges {
				ch := &p.Challenges[j]
				n++
				models[d.Name] = true
				t.Run(p.Name+"/"+ch.Name, func(t *testing.T) {
					t.Parallel()
					for k := range uint64(exerciseSeeds) {
						if goals, solved := ch.GoalResults(runClaims(t, d, p, nil, k)); solved {
							t.Errorf("seed +%d: solved as the preset is: %v", k, goals)
						}
						goals, solved := ch.GoalResults(runClaims(t, d, p, ch.Solution, k))
						if !solved {
							for _, g := range goals {
								if !g.Holds || g.Pending {
									t.Errorf("seed +%d: the solution does not reach goal %s: %s, measured %s", k, g.Name, g.Says, g.Figure)
								}
							}
						}
					}
				})
			}
		}
	}
	if n < 6 || len(models) < len(Models) {
		t.Errorf("%d challenges over %d models, want at least 6 and one per model (%d)", n, len(models), len(Models))
	}
}

func find(results []claim.Result, name string) *claim.Result {
	for i := range results {
		if results[i].Name == name {
			return &results[i]
		}
	}
	return &claim.Result{Name: name, Pending: true, Figure: "no such claim in the run"}
}
