package barring

import (
	"errors"
	"fmt"
	"math"
	"strings"
	"testing"

	"overloadlab/core/engine/kernel"
	"overloadlab/core/engine/param"
)

// TS 36.331 §5.3.3.11: access classes 0–9 pass with probability
// ac-BarringFactor; a special class (11–15) passes unchecked when its bit
// in ac-BarringForSpecialAC is 0 and draws when it is 1; a cell that does
// not broadcast the configuration bars no one.
func TestPassByAccessClass(t *testing.T) {
	b := ACB{On: true, Factor: 0.30, Time: 64 * kernel.Second, SpecialAC: 0b00010} // bars AC 12
	for ac := 0; ac <= 9; ac++ {
		if p := b.Pass(ac); p != 0.30 {
			t.Errorf("AC %d passes with %v, want the factor 0.30", ac, p)
		}
	}
	for ac := 11; ac <= 15; ac++ {
		want := 1.0
		if ac == 12 {
			want = 0.30
		}
		if p := b.Pass(ac); p != want {
			t.Errorf("AC %d passes with %v, want %v", ac, p, want)
		}
	}
	b.On = false
	if p := b.Pass(3); p != 1 {
		t.Errorf("no barring broadcast: AC 3 passes with %v, want 1", p)
	}
}

// "If rand is lower than the value indicated by ac-BarringFactor, consider
// access to the cell as not barred": the boundary draw is barred, p00 bars
// every draw, and p95 lets 0.949… through.
func TestBarredIsRandNotBelowFactor(t *testing.T) {
	cases := []struct {
		factor, rand float64
		barred       bool
	}{
		{0.30, 0.2999, false}, {0.30, 0.30, true}, {0.30, 0.9, true},
		{0, 0, true}, {0, 0.5, true},
		{0.95, 0.949, false}, {0.95, 0.95, true},
	}
	for _, c := range cases {
		b := ACB{On: true, Factor: c.factor, Time: 4 * kernel.Second}
		if got := b.Barred(5, c.rand); got != c.barred {
			t.Errorf("factor %v, rand %v: barred %v, want %v", c.factor, c.rand, got, c.barred)
		}
	}
}

// Tbarring = (0.7 + 0.6·rand) × ac-BarringTime: a barred UE waits between
// 0.7 and 1.3 times the barring time, for every value of the list.
func TestBarringTimeBetween07And13(t *testing.T) {
	for _, s := range Times {
		b := ACB{On: true, Time: kernel.Seconds(s)}
		if got, want := b.BarringTime(0), kernel.Seconds(0.7*s); got != want {
			t.Errorf("s%v, rand 0: %v, want %v", s, got, want)
		}
		if got, want := b.BarringTime(0.5), kernel.Seconds(s); got != want {
			t.Errorf("s%v, rand 0.5: %v, want %v", s, got, want)
		}
		hi := b.BarringTime(math.Nextafter(1, 0))
		if hi >= kernel.Seconds(1.3*s) || hi < kernel.Seconds(1.3*s)-kernel.Microsecond {
			t.Errorf("s%v, rand → 1: %v, want just under %v", s, hi, kernel.Seconds(1.3*s))
		}
	}
	b := ACB{On: true, Time: 64 * kernel.Second}
	if got := b.BarringTime(0.25); got != kernel.Seconds(54.4) {
		t.Errorf("s64, rand 0.25: %v, want 54.4 s", got)
	}
}

// Over many draws of a stream, the share that passes is the factor and the
// mean barring time the barring time (E[0.7 + 0.6·U] = 1).
func TestBarringStatistics(t *testing.T) {
	s := kernel.NewStream(1, 2)
	b := ACB{On: true, Factor: 0.30, Time: 64 * kernel.Second}
	const n = 200000
	pass, sum := 0, 0.0
	for range n {
		if !b.Barred(0, s.Float64()) {
			pass++
		}
		w := b.BarringTime(s.Float64())
		if w < 44800*kernel.Millisecond || w >= 83200*kernel.Millisecond {
			t.Fatalf("barring time %v outside [44.8 s, 83.2 s)", w)
		}
		sum += w.Seconds()
	}
	// Binomial standard deviation √(n·0.3·0.7) ≈ 205: 5σ.
	if d := float64(pass) - 0.30*n; math.Abs(d) > 1025 {
		t.Errorf("%d of %d passed, want about %v", pass, n, 0.30*n)
	}
	// The mean of 0.7 + 0.6·U has deviation 0.6/√12/√n·64 s ≈ 0.025 s.
	if m := sum / n; math.Abs(m-64) > 0.125 {
		t.Errorf("mean barring time %.3f s, want 64 s", m)
	}
}

// EAB bars the EAB-configured UEs of the classes whose bit is 1, with no
// draw; the [R] rotation moves the bitmap by as many classes as it leaves
// free, so that every class is admitted in turn.
func TestEABBitmapAndRotation(t *testing.T) {
	bm, err := parseBits("1111111000", 10)
	if err != nil {
		t.Fatal(err)
	}
	e := EAB{On: true, Bitmap: bm, Rotate: 30 * kernel.Second, Since: 60 * kernel.Second}
	for ac := range 10 {
		if got, want := e.Barred(60*kernel.Second, ac), ac <= 6; got != want {
			t.Errorf("at the start, AC %d barred %v, want %v", ac, got, want)
		}
	}
	// After one period classes 0–2 are free, after two 6–9 … : 3 free each
	// period, and over 10 periods every class is free at least once.
	freed := [10]int{}
	for k := range 10 {
		now := 60*kernel.Second + kernel.Time(k)*30*kernel.Second + kernel.Second
		free := 0
		for ac := range 10 {
			if !e.Barred(now, ac) {
				free++
				freed[ac]++
			}
		}
		if free != 3 {
			t.Fatalf("period %d: %d classes free, want 3", k, free)
		}
	}
	for ac, n := range freed {
		if n == 0 {
			t.Errorf("AC %d never admitted over 10 periods", ac)
		}
	}
	for ac := range 3 {
		if e.Barred(90*kernel.Second, ac) {
			t.Errorf("after one period AC %d still barred", ac)
		}
	}
	if got := e.NextChange(75 * kernel.Second); got != 90*kernel.Second {
		t.Errorf("next change after 75 s: %v, want 90 s", got)
	}
	if got := e.NextChange(0); got != 90*kernel.Second {
		t.Errorf("next change before the start: %v, want 90 s", got)
	}
	e.Rotate = 0
	if e.NextChange(75*kernel.Second) != -1 || !e.Barred(1000*kernel.Second, 0) {
		t.Error("without rotation the bitmap never changes")
	}
	e.On = false
	if e.Barred(0, 0) {
		t.Error("EAB off bars no one")
	}
}

// The schema refuses what the standard's lists do not hold, naming the
// field, and a factor other than p00 while a special class is barred.
func TestCheckParams(t *testing.T) {
	set := param.NewSet(Params...)
	ok := set.Defaults()
	if err := CheckParams(ok); err != nil {
		t.Fatalf("defaults refused: %v", err)
	}
	bad := []struct {
		name  string
		value param.Value
		field string
	}{
		{Signalling + ".ac-BarringForSpecialAC", param.Str("01000"), Signalling + ".ac-BarringFactor"},
	}
	for _, name := range []string{Signalling + ".ac-BarringFactor", Data + ".ac-BarringTime"} {
		for _, x := range []param.Value{param.Str("p35"), param.Str("s100"), param.Num(30)} {
			var pe *param.Error
			if err := ok.Clone().Put(name, x); !errors.As(err, &pe) || pe.Field != name {
				t.Errorf("%s = %v: error %v, want one naming the field", name, x, err)
			}
		}
	}
	if fmt.Sprint(FactorNames) != "[p00 p05 p10 p15 p20 p25 p30 p40 p50 p60 p70 p75 p80 p85 p90 p95]" || fmt.Sprint(TimeNames) != "[s4 s8 s16 s32 s64 s128 s256 s512]" {
		t.Errorf("the lists read %v and %v", FactorNames, TimeNames)
	}
	if c := CellFrom(ok, 0); c.Signalling.Factor != 0.3 || c.Signalling.Time != 64*kernel.Second {
		t.Errorf("p30, s64 read as %v, %v", c.Signalling.Factor, c.Signalling.Time)
	}
	for _, c := range bad {
		v := set.Defaults()
		if err := v.Put(c.name, c.value); err != nil {
			t.Fatal(err)
		}
		var pe *param.Error
		if err := CheckParams(v); !errors.As(err, &pe) || pe.Field != c.field {
			t.Errorf("%s = %v: error %v, want one naming %s", c.name, c.value, err, c.field)
		}
	}
	v := set.Defaults()
	for name, x := range map[string]param.Value{Signalling: param.On(true), Signalling + ".ac-BarringForSpecialAC": param.Str("01000"), Signalling + ".ac-BarringFactor": param.Str("p00")} {
		if err := v.Put(name, x); err != nil {
			t.Fatal(err)
		}
	}
	if err := CheckParams(v); err != nil {
		t.Errorf("p00 with AC 12 barred refused: %v", err)
	}
	if c := CellFrom(v, 0); c.Signalling.SpecialAC != 0b00010 || c.Signalling.Pass(12) != 0 || c.Signalling.Pass(11) != 1 {
		t.Errorf("bitmap 01000 read as %05b", c.Signalling.SpecialAC)
	}
	sp, _ := set.Lookup(EABBitmap)
	if err := sp.CheckValue(param.Str("111")); err == nil || !strings.Contains(err.Error(), "10 bits") {
		t.Errorf("a 3-bit EAB bitmap: %v, want an error saying 10 bits", err)
	}
}
