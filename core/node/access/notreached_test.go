package access_test

import (
	"testing"

	"overloadlab/core/engine/compare"
	"overloadlab/core/engine/kernel"
	"overloadlab/core/engine/param"
	"overloadlab/core/engine/sim"
	"overloadlab/core/engine/sim/simtest"
	"overloadlab/core/node/access"
)

// "Time to 95 % attached" has no value until reached: its tile has none
// (not the column's 0), and a comparison where a side has not reached it
// gives no numeric Δ but says which side reached it.
func TestTimeTo95NotReached(t *testing.T) {
	start := func(extra map[string]param.Value) *sim.Run {
		sc := simtest.Preset(t, access.Def, "outage-t3346-random")
		for k, v := range extra {
			if err := sc.Params.Put(k, v); err != nil {
				t.Fatal(err)
			}
		}
		r, err := sim.Start(access.Def, sc, false)
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	a := start(map[string]param.Value{"nas-congestion": param.On(false)}) // never reaches 95 %
	b := start(nil)
	var tile sim.Tile
	for _, x := range access.Def.Tiles {
		if x.Column == "t95" {
			tile = x
		}
	}
	if !tile.Unset {
		t.Fatalf("the t95 tile %+v is not Unset", tile)
	}
	row := func() compare.Row {
		for _, r := range compare.Headlines(a, b) {
			if r.Key == "headline:t95:" {
				return r
			}
		}
		t.Fatal("no t95 row")
		return compare.Row{}
	}
	check := func(at kernel.Time, want compare.Words) {
		t.Helper()
		a.AdvanceTo(at)
		b.AdvanceTo(at)
		r := row()
		if r.Words == nil || *r.Words != want || r.Delta != 0 || r.DeltaPct != nil {
			t.Fatalf("at %v: row %+v words %+v, want %+v and no numeric Δ", at, r, r.Words, want)
		}
	}
	check(kernel.Seconds(600), compare.Words{A: compare.NotReached, B: compare.NotReached, Delta: "neither reached"})
	if _, ok := b.Tile(tile); ok {
		t.Fatal("B's tile has a value at 10 min")
	}
	a.RunToEnd()
	b.RunToEnd()
	if x, ok := a.Tile(tile); ok {
		t.Fatalf("A's tile reads %g at the end: it never reached 95 %%", x)
	}
	vb, ok := b.Tile(tile)
	if !ok || vb <= 0 {
		t.Fatalf("B's tile %g, %v: B reaches 95 %%", vb, ok)
	}
	if vb != 1786 {
		t.Fatalf("B reached 95 %% at %g s, want 1786 (the claim's 1650–1900)", vb)
	}
	check(b.End(), compare.Words{A: compare.NotReached, B: "", Delta: "only B reached"})
	// Swapped, A reached it.
	a, b = b, a
	if r := row(); r.Words == nil || *r.Words != (compare.Words{A: "", B: compare.NotReached, Delta: "only A reached"}) || r.A != 1786 || r.Delta != 0 {
		t.Fatalf("swapped: %+v %+v", r, r.Words)
	}
}
