package catalog

import (
	"flag"
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"
	"time"

	"overloadlab/core/engine/claim"
	"overloadlab/core/engine/kernel"
	"overloadlab/core/engine/scenario"
	"overloadlab/core/engine/sim"
)

// claimSeeds is how many seeds every preset's claims are checked over by
// make test: the preset's own seed and the next ones.
const claimSeeds = 5

// The long mode: go test ./core/catalog -run Claims -seeds 200 -timeout 0
// -v (make claims) checks every claim over 200 seeds and logs, per claim,
// the measured figure's distribution over them (minimum, 1st, 10th,
// 50th, 90th and 99th percentiles, maximum), and for a claim with a range
// of most runs how many fell in it. One model's or one preset's presets
// alone: -run 'TestEveryPresetsClaimsHold$/^doic-' (make claims
// PRESETS=^doic-). A claim meant to hold on any seed a user picks holds
// there with a margin; -firstseed checks it on other seeds than those it
// was fitted on.
var (
	seeds     = flag.Int("seeds", claimSeeds, "check every preset's claims over this many seeds (the long mode: 200)")
	firstSeed = flag.Uint64("firstseed", 0, "the first seed of the claims' check (0: the preset's own)")
)

// TestEveryPresetsClaimsHold runs every preset over the seeds and checks
// that each of its claims holds in each run, and that each claim marked
// Fails (an exercise's wrong choice or unreached goal) fails: what a
// preset says its run shows, its runs show.
func TestEveryPresetsClaimsHold(t *testing.T) {
	if *seeds < 1 {
		t.Fatalf("-seeds %d: at least 1", *seeds)
	}
	// About 0.35 s of one core per run on average (attach-storm's 1.3 s):
	// the default ten minutes' timeout cuts the long mode short.
	if dl, ok := t.Deadline(); ok && *seeds > claimSeeds {
		if need := time.Duration(*seeds) * 31 * 350 * time.Millisecond / 2; time.Until(dl) < need {
			t.Fatalf("-seeds %d takes about %v on two cores, the test's deadline is in %v: add -timeout 0 (make claims does)",
				*seeds, need.Round(time.Minute), time.Until(dl).Round(time.Minute))
		}
	}
	for _, d := range Models {
		for i := range d.Presets {
			p := &d.Presets[i]
			t.Run(p.Name, func(t *testing.T) {
				t.Parallel()
				if len(p.Claims) == 0 {
					t.Fatal("no claims: every preset states what its run shows as checked claims")
				}
				checkClaims(t, d, p)
			})
		}
	}
}

// checkClaims runs the preset over the seeds, fails naming every claim
// that does not hold in a run, and logs each claim's figures over them
// (in the long mode, or with -v).
func checkClaims(t *testing.T, d *sim.Def, p *scenario.Preset) {
	sc, err := p.Build(d.Params)
	if err != nil {
		t.Fatal(err)
	}
	from := sc.Seed
	if *firstSeed > 0 {
		from = *firstSeed
	}
	measured := make([][]float64, len(p.Claims))
	failed := make([]int, len(p.Claims))
	typical := make([]int, len(p.Claims)) // runs whose figure lies in the claim's range of most runs
	runsFailed := 0
	for k := range uint64(*seeds) {
		sc, _ := p.Build(d.Params)
		sc.Seed = from + k
		r, err := sim.Start(d, sc, false)
		if err != nil {
			t.Fatal(err)
		}
		r.RunToEnd()
		if k == 0 && *firstSeed == 0 {
			checkSnapshot(t, d, p, r) // the preset's own seed
		}
		s := r.Summary()
		if len(s.Claims) != len(p.Claims) {
			t.Fatalf("seed %d: %d claims checked, the preset has %d", sc.Seed, len(s.Claims), len(p.Claims))
		}
		bad := false
		for j, c := range s.Claims {
			measured[j] = append(measured[j], c.Measured)
			if p.Claims[j].InMost(c.Measured) {
				typical[j]++
			}
			switch {
			case c.Pending:
				t.Errorf("seed %d: claim %s is still pending at the end: %s; measured %s", sc.Seed, c.Name, c.Says, c.Figure)
			case p.Claims[j].Fails && c.Holds:
				// An exercise's claim that the preset's run fails (a wrong
				// choice, a goal not reached) fails on every seed.
				t.Errorf("seed %d: claim %s holds, the preset's run must fail it (Fails): %s; measured %s", sc.Seed, c.Name, c.Says, c.Figure)
			case !p.Claims[j].Fails && !c.Holds:
				t.Errorf("seed %d: claim %s does not hold: %s; measured %s", sc.Seed, c.Name, c.Says, c.Figure)
			default:
				continue
			}
			failed[j]++
			bad = true
		}
		if bad {
			runsFailed++
		}
	}
	// "In most runs": at least claim.MostRuns of the seeds' figures lie in
	// the claim's range of most runs.
	for j, c := range p.Claims {
		if c.Most != nil && float64(typical[j]) < claim.MostRuns*float64(*seeds) {
			t.Errorf("claim %s: %d of %d runs in the range of most runs %g..%g, want at least %g %%",
				c.Name, typical[j], *seeds, c.Most.Min, c.Most.Max, 100*claim.MostRuns)
		}
	}
	if !testing.Verbose() && *seeds == claimSeeds {
		return
	}
	lines := []string{fmt.Sprintf("%s: %d seeds (%d to %d), %d runs with a failing claim", p.Name, *seeds, from, from+uint64(*seeds)-1, runsFailed)}
	for j, c := range p.Claims {
		line := "  " + spread(&c, measured[j], failed[j])
		if c.Most != nil {
			line += fmt.Sprintf("; most runs %g..%g: %d of %d", c.Most.Min, c.Most.Max, typical[j], *seeds)
		}
		lines = append(lines, line)
	}
	t.Log("\n" + strings.Join(lines, "\n"))
}

// spread writes a claim's measured figures over the seeds: the wanted
// range, then the minimum, the 1st, 10th, 50th (median), 90th and 99th
// percentiles and the maximum, and how many runs failed it.
func spread(c *claim.Claim, xs []float64, failed int) string {
	s := slices.Sorted(slices.Values(xs))
	at := func(q float64) float64 { return s[int(math.Round(q*float64(len(s)-1)))] }
	return fmt.Sprintf("%-28s wanted %g..%g: min %.4g  p1 %.4g  p10 %.4g  median %.4g  p90 %.4g  p99 %.4g  max %.4g; %d failed",
		c.Name, c.Min, c.Max, s[0], at(0.01), at(0.1), at(0.5), at(0.9), at(0.99), s[len(s)-1], failed)
}

// TestGrowingCountersNeverDecrease backs the rule that decides a counter
// claim without an upper bound (Max +Inf, no Per) as soon as it reaches
// its Min: every such counter of every preset never decreases, read at 60
// times of the preset's run.
func TestGrowingCountersNeverDecrease(t *testing.T) {
	n := 0
	for _, d := range Models {
		for i := range d.Presets {
			p := &d.Presets[i]
			var refs []string
			for _, c := range p.Claims {
				// (A range of most runs keeps a claim from being decided early.)
				if c.Kind == claim.Counter && c.Per == "" && math.IsInf(c.Max, 1) && c.Most == nil {
					refs = append(refs, c.Counter)
				}
			}
			if len(refs) == 0 {
				continue
			}
			n += len(refs)
			t.Run(p.Name, func(t *testing.T) {
				t.Parallel()
				sc, err := p.Build(d.Params)
				if err != nil {
					t.Fatal(err)
				}
				r, err := sim.Start(d, sc, false)
				if err != nil {
					t.Fatal(err)
				}
				last := make([]float64, len(refs))
				for k := 1; k <= 60; k++ {
					r.AdvanceTo(r.End() * kernel.Time(k) / 60)
					s := r.Summary()
					for j, ref := range refs {
						v, ok := s.Counter(ref)
						if !ok {
							t.Fatalf("no counter %s", ref)
						}
						if v < last[j] {
							t.Errorf("%s fell from %g to %g by %g s: a claim without an upper bound must name a count that only grows", ref, last[j], v, r.Now().Seconds())
						}
						last[j] = v
					}
				}
			})
		}
	}
	if n == 0 {
		t.Fatal("no counter claim without an upper bound")
	}
}
