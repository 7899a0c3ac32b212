package pacing

import (
	"testing"

	"overloadlab/core/engine/kernel"
)

const ms = kernel.Millisecond

func cfg(rate float64, size int, wait kernel.Time, a Action) Config {
	return Config{Rate: rate, Size: size, Wait: wait, Action: a}
}

// drain releases everything it can until t, at the queue's own release
// times, and returns the release times and tags.
func drain(q *Queue, from, until kernel.Time) (times []kernel.Time, tags []int32, stale []int32) {
	now := from
	for q.Len() > 0 {
		at := q.ReadyAt(now)
		if at > until {
			break
		}
		now = at
		tag, _, released, _ := q.Release(now)
		if released {
			times = append(times, now)
			tags = append(tags, tag)
		} else {
			stale = append(stale, tag)
		}
	}
	return
}

func TestReleasesAtMostNPerSecondInFIFOOrder(t *testing.T) {
	q := New(cfg(100, 1000, 5*kernel.Second, Drop))
	for i := int32(0); i < 300; i++ {
		if v := q.Offer(0, i, false); v != Queued {
			t.Fatalf("offer %d: %v", i, v)
		}
	}
	times, tags, stale := drain(q, 0, kernel.Second)
	// Releases at 0, 10 ms, …, 1000 ms: exactly 101 in the closed second,
	// i.e. N per second with a burst of one.
	if len(times) != 101 || len(stale) != 0 {
		t.Fatalf("released %d (stale %d) in [0, 1 s], want 101", len(times), len(stale))
	}
	for i, at := range times {
		if at != kernel.Time(i)*10*ms || tags[i] != int32(i) {
			t.Fatalf("release %d: tag %d at %v, want tag %d at %v", i, tags[i], at, i, kernel.Time(i)*10*ms)
		}
	}
}

func TestStaleAfterWaitTime(t *testing.T) {
	// N = 50/s: one release every 20 ms. W = 1 s. Requests queued at 0 are
	// released at 0, 20, …, 1000 ms (waited exactly W: not stale); the one
	// whose turn comes at 1020 ms waited more than W and is dropped, as is
	// every later one from that batch, without using a release slot.
	q := New(cfg(50, 1000, kernel.Second, Reject))
	for i := int32(0); i < 60; i++ {
		q.Offer(0, i, false)
	}
	q.Offer(1010*ms, 1000, false) // a fresh request behind the stale ones
	times, tags, stale := drain(q, 0, 2*kernel.Second)
	if len(times) != 52 || len(stale) != 9 {
		t.Fatalf("released %d, stale %d; want 52 and 9", len(times), len(stale))
	}
	if times[50] != 1000*ms || tags[50] != 50 {
		t.Fatalf("51st release: tag %d at %v, want tag 50 at 1 s", tags[50], times[50])
	}
	if times[51] != 1020*ms || tags[51] != 1000 {
		t.Fatalf("after the stale ones: tag %d at %v, want the fresh request 1000 at 1.02 s", tags[51], times[51])
	}
	if q.Stats.Stale != 9 || q.Stats.Released != 52 {
		t.Fatalf("stats %+v", q.Stats)
	}
}

func TestOverflowAction(t *testing.T) {
	for _, tc := range []struct {
		action  Action
		highCPU bool
		want    Verdict
	}{
		{Drop, false, OverflowDropped},
		{Reject, false, OverflowRejected},
		// The CPU guard: at high CPU overflow is dropped, even when the
		// configured action is reject.
		{Reject, true, OverflowDroppedCPU},
		{Drop, true, OverflowDroppedCPU},
	} {
		q := New(cfg(50, 2, kernel.Second, tc.action))
		if q.Offer(0, 1, tc.highCPU) != Queued || q.Offer(0, 2, tc.highCPU) != Queued {
			t.Fatal("a request was refused below the queue size (the guard acts on overflow only)")
		}
		if v := q.Offer(0, 3, tc.highCPU); v != tc.want {
			t.Errorf("action %v, high CPU %v: %v, want %v", tc.action, tc.highCPU, v, tc.want)
		}
		if q.Len() != 2 {
			t.Errorf("overflow entered the queue")
		}
	}
}

func TestStatsCountEachVerdict(t *testing.T) {
	q := New(cfg(50, 1, kernel.Second, Reject))
	q.Offer(0, 1, false)
	q.Offer(0, 2, false)
	q.Offer(0, 3, true)
	q.Offer(0, 4, true)
	want := Stats{Queued: 1, OverflowRejected: 1, OverflowDroppedCPU: 2}
	if q.Stats != want {
		t.Fatalf("stats %+v, want %+v", q.Stats, want)
	}
}

func TestReconfigureKeepsWaitingRequests(t *testing.T) {
	q := New(cfg(100, 10, kernel.Second, Drop))
	for i := int32(0); i < 10; i++ {
		q.Offer(0, i, false)
	}
	q.Configure(cfg(200, 4, kernel.Second, Drop))
	if q.Len() != 10 {
		t.Fatalf("Len %d after shrinking, want the 10 waiting", q.Len())
	}
	if q.Offer(0, 99, false) != OverflowDropped {
		t.Fatal("accepted beyond the new size")
	}
	_, tags, _ := drain(q, 0, kernel.Second)
	for i, tag := range tags {
		if tag != int32(i) {
			t.Fatalf("order lost after reconfiguring: %v", tags)
		}
	}
}

func TestFlushLosesEverything(t *testing.T) {
	q := New(cfg(100, 10, kernel.Second, Drop))
	for i := int32(0); i < 7; i++ {
		q.Offer(0, i, false)
	}
	var lost []int32
	q.Flush(func(tag int32) { lost = append(lost, tag) })
	if len(lost) != 7 || q.Len() != 0 || lost[6] != 6 {
		t.Fatalf("lost %v, Len %d", lost, q.Len())
	}
}
