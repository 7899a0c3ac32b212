package hlrmap

import (
	"slices"
	"testing"
)

func (t *table) check(tb testing.TB) {
	tb.Helper()
	var m, k int64
	for i := range t.mapped {
		if t.mapped[i] < 0 || t.kept[i] < 0 {
			tb.Fatalf("negative count at SessMgr %d", i)
		}
		m += t.mapped[i]
		k += t.kept[i]
	}
	if m != t.M || k != t.K || t.A() < 0 {
		tb.Fatalf("totals M=%d K=%d A=%d, sums %d %d", t.M, t.K, t.A(), m, k)
	}
}

func TestTableEvenStart(t *testing.T) {
	tab := newTable(1003, 10)
	tab.check(t)
	for i, m := range tab.mapped {
		want := int64(100)
		if i < 3 {
			want = 101
		}
		if m != want {
			t.Errorf("SessMgr %d hosts %d, want %d", i, m, want)
		}
	}
	if tab.M != 1003 || tab.K != 0 || tab.A() != 0 || tab.spread() != 1 {
		t.Errorf("M=%d K=%d A=%d spread=%d", tab.M, tab.K, tab.A(), tab.spread())
	}
}

// A reboot keeps round(hosted·share) sessions per Session Manager, without
// their mappings; the rest are away.
func TestTableReboot(t *testing.T) {
	tab := newTable(1003, 10) // 101, 101, 101, 100, …
	tab.reboot(0.25)          // 25.25 → 25, 25 → 25
	tab.check(t)
	if tab.M != 0 || tab.K != 250 || tab.A() != 753 {
		t.Errorf("after reboot M=%d K=%d A=%d, want 0 250 753", tab.M, tab.K, tab.A())
	}
	tab.reboot(0)
	if tab.K != 0 || tab.A() != 1003 {
		t.Errorf("reboot keeping nothing: K=%d A=%d", tab.K, tab.A())
	}
}

// The host of kept subscriber x is found exactly in proportion to the kept
// counts: enumerating every x gives each Session Manager its count.
func TestKeptHostProportional(t *testing.T) {
	tab := newTable(0, 7)
	tab.kept = []int64{3, 0, 5, 1, 0, 0, 9}
	tab.K = 18
	tab.rebuild()
	got := make([]int64, 7)
	for x := int64(0); x < tab.K; x++ {
		got[tab.keptHost(x)]++
	}
	for i := range got {
		if got[i] != tab.kept[i] {
			t.Errorf("SessMgr %d picked %d times, want %d", i, got[i], tab.kept[i])
		}
	}
	tab.relearn(2)
	tab.relearn(1) // nothing kept there: no change
	if tab.kept[2] != 4 || tab.mapped[2] != 1 || tab.K != 17 || tab.M != 1 || tab.kept[1] != 0 {
		t.Errorf("relearn: kept %v mapped %v", tab.kept, tab.mapped)
	}
	if tab.keptHost(3) != 2 || tab.keptHost(7) != 3 || tab.keptHost(8) != 6 {
		t.Error("Fenwick tree not updated by relearn")
	}
}

// New sessions go to the least loaded Session Manager, lowest index first:
// starting unbalanced, the loads become level and then stay within one.
func TestHostLeastLoaded(t *testing.T) {
	tab := newTable(1000, 4)
	tab.kept = []int64{5, 2, 0, 2}
	tab.mapped = []int64{0, 0, 0, 0}
	tab.K, tab.M = 9, 0
	tab.rebuild()
	var order []int
	for range 8 {
		order = append(order, tab.host())
	}
	// hosted 5 2 0 2 → 5 2 1 2 → 5 2 2 2 → 5 3 2 2 → 5 3 3 2 → 5 3 3 3 → 5 4 3 3 → 5 4 4 3 → 5 4 4 4
	want := []int{2, 2, 1, 2, 3, 1, 2, 3}
	if !slices.Equal(order, want) {
		t.Fatalf("host order %v, want %v", order, want)
	}
	for range 1000 - 9 - 8 {
		tab.host()
	}
	tab.check(t)
	if tab.A() != 0 || tab.spread() > 1 {
		t.Errorf("after hosting everyone: A=%d spread=%d", tab.A(), tab.spread())
	}
}

// The table's size depends on the Session Managers only, never on the
// subscribers.
func TestTableCompact(t *testing.T) {
	big, small := newTable(50_000_000, 384), newTable(1000, 384)
	if len(big.mapped) != len(small.mapped) || len(big.fen) != 385 || len(big.heap) != 384 {
		t.Error("table size depends on the population")
	}
}
