package catalog

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"testing"

	"overloadlab/core/engine/claim"
	"overloadlab/core/engine/clock"
	"overloadlab/core/engine/kernel"
	"overloadlab/core/engine/metrics"
	"overloadlab/core/engine/param"
	"overloadlab/core/engine/scenario"
	"overloadlab/core/engine/sim"
)

// Every preset has a pace that plays it in 30 to 60 s of wall time, a chart
// to watch that the model draws, and a tour of three to six steps in time
// order, each inside the run and pointing at charts that exist. The run is
// played to each step's time (as the page pauses there) and must reach it
// without error. A step that states a result names the preset's claims
// that back it (DESIGN.md, principle 7), and each is decided by the time the
// step shows (its window has ended; a counter, or a window open to the end
// of the run, only on a step at the end) and holds. That a step without
// claims states no result is read by hand: see the tours.go files.
func TestTours(t *testing.T) {
	for _, d := range Models {
		charts := map[string]bool{}
		for _, c := range d.Charts {
			charts[c.ID] = true
		}
		for i := range d.Presets {
			p := &d.Presets[i]
			t.Run(p.Name, func(t *testing.T) {
				if !slices.Contains(scenario.Paces, p.Pace) {
					t.Errorf("pace %g is not one the page offers %v", p.Pace, scenario.Paces)
				} else if wall := p.Duration / p.Pace; wall < 30 || wall > 60 {
					t.Errorf("pace %g plays the %g s run in %g s of wall time, want 30 to 60 s", p.Pace, p.Duration, wall)
				}
				if !charts[p.Watch] {
					t.Errorf("watch %q: the model has no such chart", p.Watch)
				}
				if n := len(p.Tour); n < 3 || n > 6 {
					t.Errorf("tour of %d steps, want 3 to 6", n)
				}
				sc, err := p.Build(d.Params)
				if err != nil {
					t.Fatal(err)
				}
				r, err := sim.Start(d, sc, false)
				if err != nil {
					t.Fatal(err)
				}
				// A claim that backs a tour step (listed in the page while its
				// step shows) is named by one.
				for _, c := range p.Claims {
					if c.Step && !slices.ContainsFunc(p.Tour, func(st scenario.Step) bool { return slices.Contains(st.Claims, c.Name) }) {
						t.Errorf("claim %s backs a tour step, but no step names it", c.Name)
					}
				}
				prev := 0.0
				for k, st := range p.Tour {
					where := fmt.Sprintf("step %d (at %g s)", k+1, st.At)
					if st.At <= prev || st.At > p.Duration {
						t.Errorf("%s: not after the step before (%g s) and inside the run (%g s)", where, prev, p.Duration)
					}
					prev = st.At
					if st.Text == "" || len(st.Charts) == 0 {
						t.Errorf("%s: no text or no chart to look at", where)
					}
					for _, c := range st.Charts {
						if !charts[c] {
							t.Errorf("%s: chart %q: the model has no such chart", where, c)
						}
					}
					for _, name := range st.Claims {
						k := slices.IndexFunc(p.Claims, func(c claim.Claim) bool { return c.Name == name })
						if k < 0 {
							t.Errorf("%s: claim %q: the preset has no such claim", where, name)
						} else if at := p.Claims[k].DecidedAt(p.Duration); at > st.At {
							t.Errorf("%s: claim %q is decided only at %g s, after the step shows", where, name, at)
						}
					}
					r.AdvanceTo(kernel.Seconds(st.At))
					if r.Err() != nil || r.Now() != kernel.Seconds(st.At) {
						t.Fatalf("%s: the run stopped at %v: %v", where, r.Now(), r.Err())
					}
					// The claims the step names are decided and hold when it shows
					// (the claims test checks them all at the end, over five seeds).
					for _, res := range r.Summary().Claims {
						if slices.Contains(st.Claims, res.Name) && (res.Pending || !res.Holds) {
							t.Errorf("%s: claim %s is pending or does not hold: %s, measured %s", where, res.Name, res.Says, res.Figure)
						}
					}
				}
			})
		}
	}
}

// Each model declares two to six headline tiles over columns it records
// (six fill the tile row as two rows of three or three of two: web's
// TestLayout checks none is alone in its row).
func TestTiles(t *testing.T) {
	for _, d := range Models {
		if n := len(d.Tiles); n < 2 || n > 6 {
			t.Errorf("%s: %d tiles, want 2 to 6", d.Name, n)
		}
		for _, tl := range d.Tiles {
			if !slices.ContainsFunc(d.AllColumns(), func(c metrics.Column) bool { return c.Name == tl.Column }) {
				t.Errorf("%s: tile %q reads column %q, which the model does not record", d.Name, tl.Label, tl.Column)
			}
			if !slices.Contains([]string{sim.TileNow, sim.TileMax, sim.TileSum, sim.TileMean}, tl.Agg) {
				t.Errorf("%s: tile %q: aggregation %q", d.Name, tl.Label, tl.Agg)
			}
			if (tl.From != 0) != (tl.Agg == sim.TileMean) {
				t.Errorf("%s: tile %q: From %g with aggregation %q (a window is a mean's)", d.Name, tl.Label, tl.From, tl.Agg)
			}
			// A mean says its window, as the preset's clock writes it.
			for _, p := range Presets() {
				if w := "mean from " + clock.Format(tl.From, p.Duration) + " on"; p.Model == d.Name && tl.Agg == sim.TileMean && !strings.Contains(tl.Doc, w) {
					t.Errorf("%s: tile %q: doc %q does not say its window (%q)", p.Name, tl.Label, tl.Doc, w)
				}
			}
		}
	}
}

// The markers of a preset name its timeline's changes and the moments the
// model derives from its parameters, in time order.
func TestMarkers(t *testing.T) {
	for _, tc := range []struct {
		preset string
		want   []sim.Event
	}{
		{"attach-storm", []sim.Event{
			{At: 120, Label: "Traffic: 6 rates ×1.75"},
			{At: 120, Label: "attach storm starts ×6"},
			{At: 300, Label: "attach storm ends"},
		}},
		{"hlr-storm-after-reboot", []sim.Event{
			{At: 300, Label: "SGSN reboots", Names: "reboot"},
			{At: 2100, Label: "HLR storm ends"},
			{At: 3900, Label: "60-minute window ends"},
		}},
		{"switch-overload-steps", []sim.Event{
			{At: 30, Label: "Load 0.8 → 2 ×"},
			{At: 60, Label: "Load 2 → 5 ×"},
			{At: 90, Label: "Load 5 → 10 ×"},
		}},
		{"doic-overload-and-recovery", []sim.Event{
			{At: 20, Label: "Load 1 → 1.5 ×"},
			{At: 60, Label: "Load 1.5 → 0.7 ×"},
		}},
		{"doic-shm-bursty", []sim.Event{
			{At: 8, Until: 10, Label: "P0 burst ×3"}, {At: 18, Until: 20, Label: "P0 burst ×3"}, {At: 28, Until: 30, Label: "P0 burst ×3"},
			{At: 38, Until: 40, Label: "P0 burst ×3"}, {At: 48, Until: 50, Label: "P0 burst ×3"}, {At: 58, Until: 60, Label: "P0 burst ×3"},
		}},
		{"busy-hour", nil},
	} {
		sc, err := Preset(tc.preset)
		if err != nil {
			t.Fatal(err)
		}
		d, _ := Model(sc.Model)
		if got := sim.Markers(d, sc); !slices.Equal(got, tc.want) {
			t.Errorf("%s: markers\n%v\nwant\n%v", tc.preset, got, tc.want)
		}
	}
}

// Every counter a model reports has a plain name, and every plain name is
// of a counter the model reports (in some preset).
func TestCounterNames(t *testing.T) {
	for _, d := range Models {
		reported := map[string]bool{}
		for i := range d.Presets {
			sc, err := d.Presets[i].Build(d.Params)
			if err != nil {
				t.Fatal(err)
			}
			r, err := sim.Start(d, sc, false)
			if err != nil {
				t.Fatal(err)
			}
			r.AdvanceTo(kernel.Seconds(min(5, sc.Duration)))
			for _, g := range r.Report().Controls {
				for _, c := range g.Counters {
					reported[c.Name] = true
				}
			}
		}
		named := func(key string) bool {
			return slices.ContainsFunc(d.Counters.List(), func(n sim.CounterName) bool {
				return n.Name == key || (strings.HasSuffix(n.Name, ".") && strings.HasPrefix(key, n.Name))
			})
		}
		for key := range reported {
			if !named(key) {
				t.Errorf("%s: counter %q has no plain name", d.Name, key)
			}
		}
		for _, n := range d.Counters.List() {
			if !slices.ContainsFunc(slices.Collect(maps.Keys(reported)), func(key string) bool {
				return key == n.Name || (strings.HasSuffix(n.Name, ".") && strings.HasPrefix(key, n.Name))
			}) {
				t.Errorf("%s: plain name of %q, which no preset reports", d.Name, n.Name)
			}
		}
	}
}

// Every parameter of a model has its own marker name, so a live change's
// marker says which part changed ("SGSN N 400 → 800 /s", not "N: new
// connections").
func TestMarkerNamesUnique(t *testing.T) {
	for _, d := range Models {
		seen := map[string]string{}
		for _, sp := range d.Params.Specs() {
			if other, dup := seen[sp.Marker]; dup {
				t.Errorf("%s: %s and %s both read %q on a marker", d.Name, other, sp.Name, sp.Marker)
			}
			seen[sp.Marker] = sp.Name
		}
	}
	sc, _ := Preset("attach-storm")
	if got := sim.ChangeLabel(sc.Params, "sgsn-new-connections-per-second", param.Num(800)); got != "SGSN N 400 → 800 /s" {
		t.Errorf("the SGSN's N changed reads %q", got)
	}
}
