package retransmit

import (
	"testing"

	"overloadlab/core/engine/kernel"
)

const ms = kernel.Millisecond

// schedule returns the times at which a request started at start is sent
// when a provisional answer reaches the client at answered (kernel.Never:
// never answered): each firing of Timer A or E sends a copy if Retransmits
// says so in the state of that moment, and is set again from the state of
// the copy it sent.
func schedule(t Timers, m Method, start, answered kernel.Time) []kernel.Time {
	sent := []kernel.Time{start}
	for n := 1; ; n++ {
		last := sent[len(sent)-1]
		fire := t.Next(m, start, last, n, last >= answered)
		if fire == kernel.Never || !Retransmits(m, fire >= answered) {
			return sent
		}
		sent = append(sent, fire)
	}
}

func seconds(ts []kernel.Time, start kernel.Time) []float64 {
	out := make([]float64, len(ts))
	for i, x := range ts {
		out[i] = (x - start).Seconds()
	}
	return out
}

func same(a, b []float64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// RFC 3261 §17.1.1.2: an INVITE never answered is sent at 0, T1, 3·T1,
// 7·T1, 15·T1, 31·T1 and 63·T1 (7 copies), and Timer B gives up at 64·T1.
func TestInviteScheduleNeverAnswered(t *testing.T) {
	tm := Default()
	start := 3 * kernel.Second
	got := seconds(schedule(tm, Invite, start, kernel.Never), start)
	want := []float64{0, 0.5, 1.5, 3.5, 7.5, 15.5, 31.5}
	if !same(got, want) {
		t.Fatalf("INVITE copies at %v s, want %v", got, want)
	}
	if tm.Timeout() != 32*kernel.Second {
		t.Fatalf("Timer B = %v s, want 32", tm.Timeout().Seconds())
	}
}

// A 100 Trying stops Timer A: nothing after it.
func TestInviteNoneAfterTrying(t *testing.T) {
	tm := Default()
	got := seconds(schedule(tm, Invite, 0, 2*kernel.Second), 0)
	if want := []float64{0, 0.5, 1.5}; !same(got, want) {
		t.Fatalf("INVITE answered 100 Trying at 2 s: copies at %v s, want %v", got, want)
	}
	if n := tm.Next(Invite, 0, 1500*ms, 3, true); n != kernel.Never {
		t.Fatalf("INVITE in Proceeding sent again at %v", n.Seconds())
	}
	// Timer A set before the 100 Trying arrived fires, and sends nothing.
	if Retransmits(Invite, true) || !Retransmits(Invite, false) || !Retransmits(NonInvite, true) {
		t.Fatal("an INVITE in Proceeding sends no copy; a non-INVITE request does")
	}
}

// RFC 3261 §17.1.2.2: a non-INVITE request's Timer E doubles up to T2
// (4 s) and Timer F gives up at 64·T1: copies at 0, 0.5, 1.5, 3.5, 7.5,
// then every 4 s up to 31.5 s (11 copies).
func TestNonInviteScheduleNeverAnswered(t *testing.T) {
	got := seconds(schedule(Default(), NonInvite, 0, kernel.Never), 0)
	want := []float64{0, 0.5, 1.5, 3.5, 7.5, 11.5, 15.5, 19.5, 23.5, 27.5, 31.5}
	if !same(got, want) {
		t.Fatalf("non-INVITE copies at %v s, want %v", got, want)
	}
}

// A provisional answer does not stop a non-INVITE's retransmissions: Timer
// E, set before it arrived, still fires (1.5 s) and is then set to T2
// (Proceeding).
func TestNonInviteProceedingEveryT2(t *testing.T) {
	tm := Default()
	got := seconds(schedule(tm, NonInvite, 0, 1*kernel.Second), 0)
	want := []float64{0, 0.5, 1.5, 5.5, 9.5, 13.5, 17.5, 21.5, 25.5, 29.5}
	if !same(got, want) {
		t.Fatalf("non-INVITE answered 1xx at 1 s: copies at %v s, want %v", got, want)
	}
}

// Over TCP the request is sent once; the timeout is unchanged.
func TestReliableSendsOnce(t *testing.T) {
	tm := Default()
	tm.Reliable = true
	for _, m := range []Method{Invite, NonInvite} {
		if got := schedule(tm, m, 0, kernel.Never); len(got) != 1 {
			t.Errorf("method %d over TCP: %d copies, want 1", m, len(got))
		}
	}
	if tm.Timeout() != 32*kernel.Second {
		t.Errorf("Timer B over TCP = %v, want 32 s", tm.Timeout().Seconds())
	}
}

// Other values of T1 and T2 scale the schedule: T1 = 1 s, T2 = 2 s.
func TestOtherTimers(t *testing.T) {
	tm := Timers{T1: kernel.Second, T2: 2 * kernel.Second}
	if got, want := seconds(schedule(tm, Invite, 0, kernel.Never), 0), []float64{0, 1, 3, 7, 15, 31, 63}; !same(got, want) {
		t.Errorf("INVITE with T1 = 1 s: %v, want %v", got, want)
	}
	ni := seconds(schedule(tm, NonInvite, 0, kernel.Never), 0)
	if len(ni) != 33 || ni[1] != 1 || ni[2] != 3 || ni[3] != 5 || ni[32] != 63 {
		t.Errorf("non-INVITE with T1 = 1 s, T2 = 2 s: %v", ni)
	}
	// A far-off copy number cannot overflow the doubling.
	if d := tm.Interval(Invite, 70, false); d != 128*kernel.Second {
		t.Errorf("interval after the 70th copy = %v s", d.Seconds())
	}
}
