package hlrmap

import "math"

// table is the IMSI Manager's IMSI→SessMgr mapping table over the S
// subscribers that the HLR has registered at this SGSN, kept as counts and
// never as one entry per subscriber, so memory is O(Session Managers) for
// any population and any run length. Each registered subscriber is in one
// of three states:
//
//   - mapped: hosted by Session Manager i and the mapping exists (mapped[i]);
//   - kept: hosted by Session Manager i, whose session survived the reboot,
//     but the IMSI Manager's table lost the mapping (kept[i]);
//   - away: hosted nowhere since its session was lost in the reboot; the HLR
//     still believes it is here until it re-attaches.
//
// Which subscriber a request or an attach concerns is drawn uniformly over
// the S subscribers, so a state has probability count/S: the presence of a
// mapping is modelled probabilistically, exactly as if the table held a
// uniformly random subset of M of the S subscribers.
type table struct {
	subs   int64   // S, constant during a run
	mapped []int64 // per Session Manager: hosted with a mapping
	kept   []int64 // per Session Manager: hosted without a mapping
	fen    []int64 // Fenwick tree over kept, for picking a host ∝ kept
	heap   []int32 // Session Managers in a min-heap by (hosted, index)
	M, K   int64   // totals of mapped and kept
}

// newTable spreads s subscribers evenly over n Session Managers, every
// mapping present (a node that has been up for long).
func newTable(s int64, n int) *table {
	t := &table{subs: s, mapped: make([]int64, n), kept: make([]int64, n), fen: make([]int64, n+1), heap: make([]int32, n)}
	for i := range t.mapped {
		t.mapped[i] = s / int64(n)
		if int64(i) < s%int64(n) {
			t.mapped[i]++
		}
	}
	t.M = s
	t.rebuild()
	return t
}

// A returns the subscribers hosted nowhere.
func (t *table) A() int64 { return t.subs - t.M - t.K }

func (t *table) hosted(i int32) int64 { return t.mapped[i] + t.kept[i] }

// reboot empties the mapping table. Each Session Manager keeps the share
// keep of its sessions (rounded to the nearest subscriber); the others are
// lost and their subscribers are away until they re-attach.
func (t *table) reboot(keep float64) {
	t.M, t.K = 0, 0
	for i, m := range t.mapped {
		k := int64(math.Round(float64(m+t.kept[i]) * keep))
		t.mapped[i], t.kept[i] = 0, k
		t.K += k
	}
	t.rebuild()
}

// rebuild recomputes the Fenwick tree and the heap from the counts.
func (t *table) rebuild() {
	clear(t.fen)
	for i, k := range t.kept {
		t.fenAdd(i, k)
	}
	for i := range t.heap {
		t.heap[i] = int32(i)
	}
	for i := len(t.heap)/2 - 1; i >= 0; i-- {
		t.down(i)
	}
}

// Subscriber states, as drawn by state.
const (
	stMapped = iota
	stKept
	stAway
)

// state returns the state of subscriber number x, 0 ≤ x < S.
func (t *table) state(x int64) int {
	switch {
	case x < t.M:
		return stMapped
	case x < t.M+t.K:
		return stKept
	}
	return stAway
}

// keptHost returns the Session Manager hosting kept subscriber number x,
// 0 ≤ x < K: the hosts are weighted by their kept counts.
func (t *table) keptHost(x int64) int {
	i := 0
	for step := highBit(len(t.kept)); step > 0; step >>= 1 {
		if j := i + step; j <= len(t.kept) && t.fen[j] <= x {
			i = j
			x -= t.fen[j]
		}
	}
	return i
}

// relearn puts back the mapping of a kept subscriber of Session Manager i
// (a positive broadcast answer, or a re-attach).
func (t *table) relearn(i int) {
	if t.kept[i] == 0 {
		return
	}
	t.kept[i]--
	t.mapped[i]++
	t.K--
	t.M++
	t.fenAdd(i, -1)
}

// host attaches an away subscriber: it gets a session on the least loaded
// Session Manager (fewest hosted subscribers, lowest index on a tie) and a
// mapping. It returns that Session Manager.
func (t *table) host() int {
	i := t.heap[0]
	t.mapped[i]++
	t.M++
	t.down(0)
	return int(i)
}

// spread returns max − min of the hosted subscribers per Session Manager.
func (t *table) spread() int64 {
	lo, hi := t.hosted(t.heap[0]), int64(0)
	for i := range t.mapped {
		hi = max(hi, t.hosted(int32(i)))
	}
	return hi - lo
}

func (t *table) fenAdd(i int, d int64) {
	for j := i + 1; j < len(t.fen); j += j & -j {
		t.fen[j] += d
	}
}

func highBit(n int) int {
	b := 1
	for b*2 <= n {
		b *= 2
	}
	return b
}

func (t *table) less(a, b int32) bool {
	ha, hb := t.hosted(a), t.hosted(b)
	return ha < hb || (ha == hb && a < b)
}

func (t *table) down(i int) {
	h := t.heap
	for {
		c := 2*i + 1
		if c >= len(h) {
			return
		}
		if c+1 < len(h) && t.less(h[c+1], h[c]) {
			c++
		}
		if !t.less(h[c], h[i]) {
			return
		}
		h[i], h[c] = h[c], h[i]
		i = c
	}
}
