package catalog

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"overloadlab/core/engine/scenario"
	"overloadlab/core/engine/sim"
)

// Every preset's run on its own seed has a readable snapshot beside the
// digests, testdata/snapshots/<model>/<preset>.txt: the outcomes' totals,
// the CPU, the headline tiles, every counter and every claim's measured
// figure, at 4 significant digits. The claims test compares each preset's
// first run with it (one run more would cost a sixth of that test), so a
// change that moves a run shows what moved, not only that a digest did;
// -snapshots rewrites them:
//
//	go test ./core/catalog -run TestEveryPresetsClaimsHold -snapshots
//
// Each line is keyed by what does not change when a text is reworded: a
// tile by its column, a counter by its group and key, a claim by its name.
var resnap = flag.Bool("snapshots", false, "rewrite testdata/snapshots/*/*.txt with every preset's run on its own seed")

// snapshot writes the run r of preset p of model d.
func snapshot(d *sim.Def, p *scenario.Preset, r *sim.Run) string {
	s := r.Summary()
	var b strings.Builder
	line := func(key string, x float64) { fmt.Fprintf(&b, "%s: %s\n", key, sig4(x)) }
	fmt.Fprintf(&b, "# %s (%s), seed %d, %g s: %d intervals, digest %s\n", p.Name, d.Name, s.Seed, s.DurationS, s.Intervals, s.Digest)
	if s.Error != "" {
		fmt.Fprintf(&b, "error: %s\n", s.Error)
	}
	t := s.Total
	for _, o := range []struct {
		name string
		n    int64
	}{{"offered", t.Offered}, {"completed", t.Completed}, {"late", t.Late}, {"rejected", t.Rejected}, {"dropped", t.Dropped}, {"throttled", t.Throttled}, {"in flight", t.InFlight}} {
		line("total "+o.name, float64(o.n))
	}
	line("total goodput /s", t.Goodput)
	line("cpu mean %", s.CPU.Mean)
	line("cpu max %", s.CPU.Max)
	for _, tile := range d.Tiles {
		if v, ok := r.Tile(tile); ok {
			key := "tile " + tile.Column
			if tile.Agg != sim.TileNow {
				key = "tile " + tile.Agg + " " + tile.Column
			}
			line(key, v)
		}
	}
	for _, g := range s.Controls {
		for _, c := range g.Counters {
			line("counter "+g.Name+"/"+c.Name, c.Value)
		}
	}
	for _, c := range s.Claims {
		line("claim "+c.Name, c.Measured)
	}
	return b.String()
}

// sig4 writes x at 4 significant digits.
func sig4(x float64) string { return strconv.FormatFloat(x, 'g', 4, 64) }

// checkSnapshot compares the snapshot of preset p's run r with the one in
// testdata, or rewrites it with -snapshots.
func checkSnapshot(t *testing.T, d *sim.Def, p *scenario.Preset, r *sim.Run) {
	path := filepath.Join("testdata", "snapshots", d.Name, p.Name+".txt")
	got := snapshot(d, p, r)
	if *resnap {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Errorf("%v: write it with -snapshots", err)
		return
	}
	if string(want) != got {
		t.Errorf("the run differs from its snapshot %s (- before, + now; rewrite it with -snapshots if the change is meant):\n%s", path, lineDiff(string(want), got))
	}
}

// lineDiff lists the lines of a missing from b (-) and of b missing from
// a (+), in order, by their longest common subsequence.
func lineDiff(a, b string) string {
	x, y := strings.Split(a, "\n"), strings.Split(b, "\n")
	// lcs[i][j]: the longest common subsequence of x[i:] and y[j:].
	lcs := make([][]int, len(x)+1)
	for i := range lcs {
		lcs[i] = make([]int, len(y)+1)
	}
	for i := len(x) - 1; i >= 0; i-- {
		for j := len(y) - 1; j >= 0; j-- {
			if x[i] == y[j] {
				lcs[i][j] = lcs[i+1][j+1] + 1
			} else {
				lcs[i][j] = max(lcs[i+1][j], lcs[i][j+1])
			}
		}
	}
	var out strings.Builder
	i, j := 0, 0
	for i < len(x) || j < len(y) {
		switch {
		case i < len(x) && j < len(y) && x[i] == y[j]:
			i, j = i+1, j+1
		case i < len(x) && (j == len(y) || lcs[i+1][j] >= lcs[i][j+1]):
			fmt.Fprintf(&out, "- %s\n", x[i])
			i++
		default:
			fmt.Fprintf(&out, "+ %s\n", y[j])
			j++
		}
	}
	return out.String()
}

func TestLineDiff(t *testing.T) {
	got := lineDiff("a: 1\nb: 2\nc: 3\n", "a: 1\nb: 2.5\nc: 3\nd: 4\n")
	if want := "- b: 2\n+ b: 2.5\n+ d: 4\n"; got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}
