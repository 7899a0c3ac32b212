package oc

import (
	"testing"

	"overloadlab/core/engine/kernel"
)

const (
	s  = kernel.Second
	ms = kernel.Millisecond
)

func loss(oc uint32, seq uint64, validity kernel.Time) Feedback {
	return Feedback{Oc: oc, Algo: Loss, Validity: validity, Seq: seq}
}

// An oc-seq that is not newer than the one in force is ignored, and so is a
// late one after the control ended.
func TestOlderSeqIgnored(t *testing.T) {
	var c Client
	if v := c.Receive(0, loss(20, 5, 10*s)); v != Accepted {
		t.Fatalf("first feedback: %v", v)
	}
	if v := c.Receive(1*s, loss(80, 4, 10*s)); v != Stale {
		t.Fatalf("older oc-seq: %v, want stale", v)
	}
	if v := c.Receive(1*s, loss(80, 5, 10*s)); v != Stale {
		t.Fatalf("the same oc-seq: %v, want stale", v)
	}
	if f, ok := c.InForce(2 * s); !ok || f.Oc != 20 {
		t.Fatalf("after stale feedback: oc %v (in force %v), want 20", f.Oc, ok)
	}
	if v := c.Receive(3*s, loss(40, 6, 10*s)); v != Accepted {
		t.Fatalf("newer oc-seq: %v", v)
	}
	if f, _ := c.InForce(12*s - 1); f.Oc != 40 {
		t.Fatalf("newer feedback: oc %v, want 40 until 13 s", f.Oc)
	}
	if _, ok := c.InForce(13 * s); ok {
		t.Fatal("the validity restarted at the newer feedback (3 s + 10 s) must have ended at 13 s")
	}
	if v := c.Receive(14*s, loss(90, 6, 10*s)); v != Stale {
		t.Fatalf("a late feedback after expiry: %v, want stale", v)
	}
}

// oc-validity 0 ends the control at once, whatever the oc; the oc-seq is
// kept, so an older feedback cannot start it again.
func TestValidityZeroEnds(t *testing.T) {
	var c Client
	c.Receive(0, loss(50, 1, 10*s))
	if v := c.Receive(1*s, loss(70, 2, 0)); v != Ended {
		t.Fatalf("oc-validity 0: %v, want ended", v)
	}
	if _, ok := c.InForce(1 * s); ok {
		t.Fatal("control still in force after oc-validity 0")
	}
	var rs kernel.Stream
	for i := range 100 {
		if !c.Admit(1*s+kernel.Time(i), false, &rs) {
			t.Fatal("a new request dropped after the control ended")
		}
	}
	if v := c.Receive(2*s, loss(50, 1, 10*s)); v != Stale {
		t.Fatalf("the older feedback again: %v, want stale", v)
	}
}

// An absent oc-validity holds 500 ms.
func TestAbsentValidityIs500ms(t *testing.T) {
	var c Client
	c.Receive(10*s, loss(30, 1, AbsentValidity))
	if _, ok := c.InForce(10*s + 500*ms - 1); !ok {
		t.Fatal("ended before 500 ms")
	}
	if _, ok := c.InForce(10*s + 500*ms); ok {
		t.Fatal("still in force at 500 ms")
	}
}

// A loss oc above 100 is ignored and does not take the oc-seq.
func TestLossOverHundredIgnored(t *testing.T) {
	var c Client
	if v := c.Receive(0, loss(101, 1, s)); v != Ignored {
		t.Fatalf("oc 101: %v, want ignored", v)
	}
	if _, seen := c.Seq(); seen {
		t.Fatal("an ignored feedback took the oc-seq")
	}
	if v := c.Receive(0, loss(100, 1, s)); v != Accepted {
		t.Fatalf("oc 100 with the same oc-seq: %v, want accepted", v)
	}
}

// A client never drops a retransmission for oc: with oc = 100 (loss) or
// oc = 0 (rate) every new request is dropped and every retransmission sent.
func TestRetransmissionsNeverDropped(t *testing.T) {
	for _, f := range []Feedback{loss(100, 1, 60*s), {Oc: 0, Algo: Rate, Validity: 60 * s, Seq: 1}} {
		c := Client{Tau: DefaultTau}
		c.Receive(0, f)
		rs := kernel.NewStream(1, 2)
		for i := range 1000 {
			now := kernel.Time(i) * ms
			if c.Admit(now, false, rs) {
				t.Fatalf("%v oc %d: a new request sent at %v", f.Algo, f.Oc, now)
			}
			if !c.Admit(now, true, rs) {
				t.Fatalf("%v oc %d: a retransmission dropped at %v", f.Algo, f.Oc, now)
			}
		}
	}
}

// RFC 7339 §7: the loss algorithm drops a new request with probability
// oc/100, decided by 100·u < oc on the caller's stream.
func TestLossDropsOcPercent(t *testing.T) {
	var c Client
	c.Receive(0, loss(30, 1, 60*s))
	a, b := kernel.NewStream(7, 7), kernel.NewStream(7, 7)
	dropped := 0
	for i := range 100000 {
		got := c.Admit(kernel.Time(i)*100*kernel.Microsecond, false, a)
		want := 100*b.Float64() >= 30
		if got != want {
			t.Fatalf("request %d: sent %v, want %v (100·u < oc drops)", i, got, want)
		}
		if !got {
			dropped++
		}
	}
	if dropped < 29500 || dropped > 30500 {
		t.Fatalf("dropped %d of 100000 at oc 30, want about 30000", dropped)
	}
}

// Without feedback, or with oc 0 (loss), nothing is dropped and no draw is
// made.
func TestNoControlNoDraw(t *testing.T) {
	var c Client
	var zero kernel.Stream
	if !c.Admit(0, false, nil) {
		t.Fatal("dropped without feedback")
	}
	c.Receive(0, loss(0, 1, s))
	if !c.Admit(0, false, nil) || zero != (kernel.Stream{}) {
		t.Fatal("loss oc 0 must send without drawing")
	}
}
