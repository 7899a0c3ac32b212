package doic

import (
	"math"
	"testing"

	"overloadlab/core/engine/kernel"
)

const s = kernel.Second

func olr(seq uint64, red uint32, validity int64) OLR {
	return OLR{Seq: seq, Type: HostReport, Reduction: red, Validity: validity}
}

func TestSequenceNumbers(t *testing.T) {
	st := NewState()
	if v := st.Receive(0, olr(5, 20, 30)); v != Accepted {
		t.Fatalf("first OLR: %v", v)
	}
	if v := st.Receive(1*s, olr(4, 80, 30)); v != Stale {
		t.Fatalf("older OLR: %v, want stale", v)
	}
	if v := st.Receive(1*s, olr(5, 80, 30)); v != Stale {
		t.Fatalf("same sequence number: %v, want stale", v)
	}
	if r := st.Reduction(2 * s); r != 20 {
		t.Fatalf("reduction after stale OLRs = %v, want 20 (unchanged)", r)
	}
	if v := st.Receive(10*s, olr(6, 40, 30)); v != Accepted {
		t.Fatalf("newer OLR: %v", v)
	}
	if r, exp := st.Reduction(11*s), st.Expires(); r != 40 || exp != 40*s {
		t.Fatalf("newer OLR: reduction %v expires %v, want 40 %% until 40 s (validity restarted)", r, exp)
	}
}

func TestValidityExpiryAndRecovery(t *testing.T) {
	st := NewState() // recovery 5 % per 1 s tick
	st.Receive(0, olr(1, 20, 10))
	for _, c := range []struct {
		at   kernel.Time
		want float64
	}{{9*s + 999, 20}, {10 * s, 15}, {10*s + 999*kernel.Millisecond, 15}, {11 * s, 10}, {12 * s, 5}, {13 * s, 0}, {20 * s, 0}} {
		if r := st.Reduction(c.at); r != c.want {
			t.Errorf("reduction at %v s = %v, want %v", c.at.Seconds(), r, c.want)
		}
	}
	rfc := State{} // recovery 0: ends at expiry (RFC 7683)
	rfc.Receive(0, olr(1, 20, 10))
	if rfc.Reduction(10*s-1) != 20 || rfc.Reduction(10*s) != 0 || rfc.Active(10*s) {
		t.Fatal("without recovery the state must end exactly at expiry")
	}
	// After the state ended a late, older OLR is still refused.
	if v := rfc.Receive(11*s, olr(1, 50, 10)); v != Stale {
		t.Fatalf("old OLR after expiry: %v, want stale", v)
	}
}

func TestZeroAndOverMax(t *testing.T) {
	st := NewState()
	st.Receive(0, olr(1, 30, 30))
	if v := st.Receive(1*s, olr(2, 0, 30)); v != Ended || st.Reduction(1*s) != 0 {
		t.Fatalf("reduction 0: %v, reduction %v; want ended, 0 at once (no recovery)", v, st.Reduction(1*s))
	}
	st.Receive(2*s, olr(3, 30, 30))
	if v := st.Receive(3*s, olr(4, 30, 0)); v != Ended || st.Active(3*s) {
		t.Fatalf("validity 0: %v; want ended", v)
	}
	if v := st.Receive(4*s, olr(5, 101, 30)); v != Ignored {
		t.Fatalf("reduction 101: %v, want ignored", v)
	}
	if seq, _ := st.Seq(); seq != 4 {
		t.Fatalf("an ignored OLR must not take the sequence number: %d", seq)
	}
	if v := st.Receive(5*s, olr(5, 100, 86401)); v != Accepted || st.Expires() != 35*s {
		t.Fatalf("validity 86401: %v expires %v, want accepted with 30 s", v, st.Expires().Seconds())
	}
	if v := st.Receive(5*s, olr(6, 100, 86400)); v != Accepted || st.Expires() != 5*s+86400*s {
		t.Fatalf("validity 86400 must be kept: expires %v", st.Expires().Seconds())
	}
	if v := st.Receive(5*s, olr(7, 100, AbsentValidity)); v != Accepted || st.Expires() != 35*s {
		t.Fatalf("absent validity: expires %v, want 35 s", st.Expires().Seconds())
	}
	if st.Reduction(6*s) != 100 {
		t.Fatal("reduction 100 = throttle all")
	}
}

func TestTableKeepsHostAndRealmApart(t *testing.T) {
	tb := NewTable(NewState())
	tb.Receive(0, 1, 16777251, olr(1, 20, 30))
	tb.Receive(0, 1, 16777251, OLR{Seq: 1, Type: RealmReport, Reduction: 50, Validity: 30})
	tb.Receive(0, 2, 16777251, olr(9, 70, 30))
	if tb.Len() != 3 {
		t.Fatalf("states = %d, want 3", tb.Len())
	}
	if r := tb.Lookup(Key{HostReport, 1, 16777251}).Reduction(1); r != 20 {
		t.Fatalf("host 1: %v", r)
	}
	if r := tb.Lookup(Key{RealmReport, 1, 16777251}).Reduction(1); r != 50 {
		t.Fatalf("realm 1: %v", r)
	}
	if tb.Lookup(Key{HostReport, 1, 4}) != nil {
		t.Fatal("another application has no state")
	}
	if v := tb.Receive(0, 1, 1, OLR{Seq: 1, Type: 7, Reduction: 5}); v != Ignored {
		t.Fatalf("unknown report type: %v", v)
	}
}

func TestParsePolicy(t *testing.T) {
	for i, n := range Policies {
		if p, err := ParsePolicy(n); err != nil || p != Policy(i) || p.String() != n {
			t.Fatalf("%s: %v %v", n, p, err)
		}
	}
	if _, err := ParsePolicy("random"); err == nil {
		t.Fatal("unknown policy accepted")
	}
}

// mix: 100/s in all, P0 20 %, P1 30 %, P2 30 %, P3 10 %, P4 10 %, each
// half green and half yellow.
func mix() Rates {
	share := [Priorities]float64{20, 30, 30, 10, 10}
	var r Rates
	for p := range r {
		r[p][Green], r[p][Yellow] = share[p]/2, share[p]/2
	}
	return r
}

func near(a, b float64) bool { return math.Abs(a-b) < 1e-9 }

// The example of Oracle's DSR documentation: 10 % reduction, P0 is 20 % of the traffic: priority
// only discards half of P0 and nothing above it.
func TestPriorityOnlyDiscardsHalfOfP0(t *testing.T) {
	r := mix()
	var pl Plan
	pl.Compute(PriorityOnly, &r, 10, 0)
	if !near(pl.MaxETR, 90) {
		t.Fatalf("MaxETR = %v, want 90", pl.MaxETR)
	}
	for c := range Colours {
		if !near(pl.Fraction(0, c), 0.5) {
			t.Errorf("P0 %v sends %v, want 0.5", c, pl.Fraction(0, c))
		}
		for p := 1; p < Priorities; p++ {
			if pl.Fraction(p, c) != 1 {
				t.Errorf("P%d %v sends %v, want all", p, c, pl.Fraction(p, c))
			}
		}
	}
	// A configured Maximum ETR of 80 caps it: all of P0 goes.
	pl.Compute(PriorityOnly, &r, 10, 80)
	if pl.MaxETR != 80 || pl.Fraction(0, Green) != 0 || pl.Fraction(1, Green) != 1 {
		t.Fatalf("capped at 80: MaxETR %v, P0 %v, P1 %v", pl.MaxETR, pl.Fraction(0, Green), pl.Fraction(1, Green))
	}
	// 30 %: P0 whole, then a third of P1.
	pl.Compute(PriorityOnly, &r, 30, 0)
	if pl.Fraction(0, Green) != 0 || !near(pl.Fraction(1, Yellow), 2.0/3) || pl.Fraction(2, Green) != 1 {
		t.Fatalf("30 %%: P0 %v P1 %v P2 %v", pl.Fraction(0, Green), pl.Fraction(1, Yellow), pl.Fraction(2, Green))
	}
}

// Priority within colour: yellow of every priority goes before any green.
func TestPriorityWithinColourYellowFirst(t *testing.T) {
	r := mix()
	var pl Plan
	pl.Compute(PriorityWithinColour, &r, 40, 0) // MaxETR 60: P4 10, green 40, yellow P3 5
	for p := range P4 {
		if pl.Fraction(p, Green) != 1 {
			t.Errorf("P%d green abated before all yellow: %v", p, pl.Fraction(p, Green))
		}
	}
	if pl.Fraction(0, Yellow) != 0 || pl.Fraction(1, Yellow) != 0 || pl.Fraction(2, Yellow) != 0 || pl.Fraction(3, Yellow) != 1 || pl.Fraction(P4, Yellow) != 1 {
		t.Errorf("yellow fractions: %v %v %v %v P4 %v", pl.Fraction(0, Yellow), pl.Fraction(1, Yellow), pl.Fraction(2, Yellow), pl.Fraction(3, Yellow), pl.Fraction(P4, Yellow))
	}
	pl.Compute(PriorityWithinColour, &r, 50, 0) // all yellow P0-P3 (45) then 5 of green P0 (10)
	if pl.Fraction(3, Yellow) != 0 || !near(pl.Fraction(0, Green), 0.5) || pl.Fraction(1, Green) != 1 {
		t.Errorf("50 %%: P3 yellow %v, P0 green %v, P1 green %v", pl.Fraction(3, Yellow), pl.Fraction(0, Green), pl.Fraction(1, Green))
	}
}

// Colour within priority: P0 yellow, P0 green, P1 yellow, …
func TestColourWithinPriorityOrder(t *testing.T) {
	r := mix()
	var pl Plan
	pl.Compute(ColourWithinPriority, &r, 25, 0) // P0 (20) whole, then 5 of P1 yellow (15)
	if pl.Fraction(0, Yellow) != 0 || pl.Fraction(0, Green) != 0 || !near(pl.Fraction(1, Yellow), 2.0/3) || pl.Fraction(1, Green) != 1 {
		t.Fatalf("P0 y %v g %v, P1 y %v g %v", pl.Fraction(0, Yellow), pl.Fraction(0, Green), pl.Fraction(1, Yellow), pl.Fraction(1, Green))
	}
}

// P4 is never abated, even at 100 %; every other class is.
func TestP4NeverAbatedAndConservation(t *testing.T) {
	r := mix()
	for _, pol := range []Policy{PriorityOnly, PriorityWithinColour, ColourWithinPriority} {
		for _, red := range []float64{0, 5, 10, 33, 50, 90, 100} {
			var pl Plan
			pl.Compute(pol, &r, red, 0)
			sent := 0.0
			for p := range r {
				for c := range r[p] {
					sent += pl.Allowed[p][c]
				}
			}
			want := max(pl.MaxETR, r[P4][Green]+r[P4][Yellow])
			if !near(sent, want) {
				t.Errorf("%v at %v %%: sent %v, want max(MaxETR, P4) = %v", pol, red, sent, want)
			}
			if pl.Fraction(P4, Green) != 1 || pl.Fraction(P4, Yellow) != 1 {
				t.Errorf("%v at %v %%: P4 abated", pol, red)
			}
		}
	}
}

// The credit counter sends exactly the planned fraction, evenly.
func TestPlanAdmitIsExact(t *testing.T) {
	r := mix()
	var pl Plan
	pl.Compute(PriorityOnly, &r, 10, 0)
	sent := 0
	for range 1000 {
		if pl.Admit(0, Green) {
			sent++
		}
	}
	if sent != 500 {
		t.Fatalf("sent %d of 1000 P0 at fraction 0.5", sent)
	}
}

func TestLossAbatesFraction(t *testing.T) {
	n := 0
	for i := range 1000 {
		if LossAbates(10, float64(i)/1000) {
			n++
		}
	}
	if n != 100 {
		t.Fatalf("abated %d of 1000 evenly spread u at 10 %%", n)
	}
}

// The leaky bucket: at 100/s with no tolerance a request every 5 ms sends
// every second one; P4 always goes; a higher priority bursts further.
func TestLeakyBucket(t *testing.T) {
	b := LeakyBucket{Burst: 0, BurstStep: 0}
	b.SetRate(100)
	sent := 0
	for i := range 200 {
		if b.Allow(kernel.Time(i)*5*kernel.Millisecond, 0) {
			sent++
		}
	}
	if sent != 100 {
		t.Fatalf("sent %d of 200 at twice the rate, want 100", sent)
	}
	burst := func(p int) int {
		b := LeakyBucket{Burst: 2, BurstStep: 3}
		b.SetRate(100)
		n := 0
		for range 50 { // all at the same instant
			if b.Allow(kernel.Second, p) {
				n++
			}
		}
		return n
	}
	// τ_p = (2 + 3p)·T: x starts at 0, a request is sent while x ≤ τ_p.
	for p, want := range []int{3, 6, 9, 12, 50} {
		if got := burst(p); got != want {
			t.Errorf("burst of P%d = %d, want %d", p, got, want)
		}
	}
}

// A TTP fed the DSR documentation's mix at 1000/s with a 10 % reduction abates half of
// P0 and nothing above it, within SHM error; plain loss abates the same
// total from every priority.
func TestTTPPriorityOnlyVersusPlainLoss(t *testing.T) {
	share := [Priorities]int{2, 3, 3, 1, 1} // in tenths: P0 20 %, …
	run := func(pol Policy) (offered, abated [Priorities]int) {
		tp, err := NewTTP(pol, kernel.Second, 5, 5, 0)
		if err != nil {
			t.Fatal(err)
		}
		tp.Receive(0, olr(1, 10, 30))
		i := 0
		for now := kernel.Time(0); now < 20*kernel.Second; now += 10 * kernel.Millisecond {
			for p := range Priorities { // 10 requests per 10 ms, in the mix
				for range share[p] {
					i++
					c := Colour(i % 2)
					u := float64((i*7919)%1000) / 1000
					if now >= 2*kernel.Second {
						offered[p]++
					}
					if tp.Decide(now, p, c, u) == Abate && now >= 2*kernel.Second {
						abated[p]++
					}
				}
			}
		}
		return
	}
	off, ab := run(PriorityOnly)
	if ab[0] != off[0]/2 {
		t.Errorf("priority-only: abated %d of %d P0, want half", ab[0], off[0])
	}
	for p := 1; p < Priorities; p++ {
		if ab[p] != 0 {
			t.Errorf("priority-only: abated %d of P%d, want 0", ab[p], p)
		}
	}
	offL, abL := run(PlainLoss)
	total, totalL := 0, 0
	for p := range Priorities {
		total += ab[p]
		totalL += abL[p]
		if abL[p] == 0 {
			t.Errorf("plain loss abated nothing of P%d", p)
		}
	}
	if total != totalL || total != 1800 {
		t.Errorf("abated in 18 s: ranked %d, plain loss %d, want both 1800 (10 %% of %d)", total, totalL, offL[0]*5)
	}
}

func TestTTPExpiryStopsAbatementAndBadConvergence(t *testing.T) {
	tp, _ := NewTTP(PriorityOnly, kernel.Second, 5, 5, 0)
	tp.State.Recovery = 0
	tp.Receive(0, olr(1, 50, 2))
	abated := [2]int{}
	for now := kernel.Time(0); now < 4*kernel.Second; now += 10 * kernel.Millisecond {
		for p := range 2 { // P0 and P1, 100/s each
			if tp.Decide(now, p, Green, 0) == Abate {
				abated[now/(2*kernel.Second)]++
				if p != 0 {
					t.Fatalf("P1 abated at %v s", now.Seconds())
				}
			}
		}
	}
	if abated[0] < 180 || abated[1] != 0 {
		t.Fatalf("abated %d P0 while valid (want all but the first bucket's), %d after expiry (want 0)", abated[0], abated[1])
	}
	if _, err := NewTTP(PriorityOnly, 20*kernel.Second, 5, 5, 0); err == nil {
		t.Fatal("a 20 s convergence time must be refused")
	}
}

func TestDecideDoesNotAllocate(t *testing.T) {
	for _, pol := range []Policy{PlainLoss, PriorityOnly, PriorityWithinColour, ColourWithinPriority, RateBased} {
		tp, _ := NewTTP(pol, kernel.Second, 5, 5, 0)
		tp.Receive(0, OLR{Seq: 1, Reduction: 10, MaxRate: 500, Validity: 30})
		now := kernel.Time(0)
		i := 0
		if n := testing.AllocsPerRun(5000, func() {
			now += 100 * kernel.Microsecond
			i++
			tp.Decide(now, i%Priorities, Colour(i&1), 0.5)
		}); n != 0 {
			t.Errorf("%v: %v allocs per decision", pol, n)
		}
	}
}
