package catalog

import (
	"fmt"
	"strings"
	"testing"

	"overloadlab/core/engine/sim"
)

// claimSeeds is how many seeds every preset's claims are checked over: the
// preset's own seed and the next ones.
const claimSeeds = 5

// TestEveryPresetsClaimsHold runs every preset over five seeds and checks
// that each of its claims holds in each run: what a preset says its run
// shows, its runs show.
func TestEveryPresetsClaimsHold(t *testing.T) {
	for _, d := range Models {
		for i := range d.Presets {
			p := &d.Presets[i]
			t.Run(p.Name, func(t *testing.T) {
				t.Parallel()
				if len(p.Claims) == 0 {
					t.Fatal("no claims: every preset states what its run shows as checked claims")
				}
				var report []string
				for k := uint64(0); k < claimSeeds; k++ {
					sc, err := p.Build(d.Params)
					if err != nil {
						t.Fatal(err)
					}
					sc.Seed += k
					r, err := sim.Start(d, sc, false)
					if err != nil {
						t.Fatal(err)
					}
					r.RunToEnd()
					s := r.Summary()
					if len(s.Claims) != len(p.Claims) {
						t.Fatalf("seed %d: %d claims checked, the preset has %d", sc.Seed, len(s.Claims), len(p.Claims))
					}
					for _, c := range s.Claims {
						if !c.Holds || c.Pending {
							t.Errorf("seed %d: claim %s does not hold: %s; measured %s", sc.Seed, c.Name, c.Says, c.Figure)
						}
						report = append(report, fmt.Sprintf("seed %d %s: %s", sc.Seed, c.Name, c.Figure))
					}
				}
				if testing.Verbose() {
					t.Log("\n" + strings.Join(report, "\n"))
				}
			})
		}
	}
}
