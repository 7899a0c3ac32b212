package sip

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"

	"overloadlab/core/control/oc"
	"overloadlab/core/engine/claim"
	"overloadlab/core/engine/kernel"
	"overloadlab/core/engine/metrics"
	"overloadlab/core/engine/param"
	"overloadlab/core/engine/scenario"
	"overloadlab/core/engine/sim"
	"overloadlab/core/engine/sim/simtest"
)

// quiet returns a started run with no traffic of its own (load 0), its
// node, so that a test can hand it transactions one by one.
func quiet(t *testing.T, set map[string]param.Value) *node {
	t.Helper()
	sc := scenario.New("sip", Def.Params)
	sc.Duration = 100
	if err := sc.Params.Put("load", param.Num(0)); err != nil {
		t.Fatal(err)
	}
	for k, v := range set {
		if err := sc.Params.Put(k, v); err != nil {
			t.Fatal(err)
		}
	}
	r, err := sim.Start(Def, sc, false)
	if err != nil {
		t.Fatal(err)
	}
	return r.Node().(*node)
}

// drive handles the node's events up to until; a copy reaching a server
// is handed to deliver, which says whether the server gets it (false: it
// is lost on the way, as if the server never answered). It returns the
// times the copies were sent.
func drive(n *node, until kernel.Time, deliver func(e kernel.Event) bool) (sent []float64) {
	q := n.env.Queue
	for q.Len() > 0 && q.Head().At <= until {
		e := q.Pop()
		if e.Kind < sim.FirstKind {
			continue // the run's own: measurement, timeline
		}
		if e.Kind == kindAtServer {
			sent = append(sent, (e.At - n.delay).Seconds())
			if !deliver(e) {
				n.inNet--
				n.release(e.Ref)
				continue
			}
		}
		n.Handle(e)
	}
	return sent
}

func never(kernel.Event) bool  { return false }
func always(kernel.Event) bool { return true }

func outcome(n *node, cls int) metrics.Counts { return *n.env.Out.Class(cls) }

// An INVITE never answered over UDP is sent at 0, 0.5, 1.5, 3.5, 7.5, 15.5
// and 31.5 s (Timer A from T1 = 500 ms, doubling), and Timer B ends it at
// 32 s (RFC 3261 §17.1.1.2).
func TestInviteRetransmissionSchedule(t *testing.T) {
	n := quiet(t, map[string]param.Value{"patience": param.Num(300)})
	n.arrive(0, 0, clsInvite)
	got := drive(n, kernel.Seconds(400), never)
	want := []float64{0, 0.5, 1.5, 3.5, 7.5, 15.5, 31.5}
	if !slices.Equal(got, want) {
		t.Errorf("copies at %v, want %v", got, want)
	}
	c := outcome(n, clsInvite)
	if c.Ended[metrics.Dropped] != 1 || c.InFlight() != 0 {
		t.Errorf("outcomes %+v: want one dropped by Timer B", c)
	}
	if len(n.free) != 1 {
		t.Errorf("%d transactions free, want the one, released", len(n.free))
	}
}

// A non-INVITE never answered: Timer E doubles up to T2 = 4 s, Timer F
// ends it at 64·T1 = 32 s (§17.1.2.2).
func TestNonInviteRetransmissionSchedule(t *testing.T) {
	n := quiet(t, nil)
	n.arrive(0, 0, clsNonInvite)
	got := drive(n, kernel.Seconds(100), never)
	want := []float64{0, 0.5, 1.5, 3.5, 7.5, 11.5, 15.5, 19.5, 23.5, 27.5, 31.5}
	if !slices.Equal(got, want) {
		t.Errorf("copies at %v, want %v", got, want)
	}
	if c := outcome(n, clsNonInvite); c.Ended[metrics.Dropped] != 1 {
		t.Errorf("outcomes %+v: want one dropped by Timer F", c)
	}
}

// Over TCP a request is sent once; Timer B still ends it.
func TestTCPSendsOnce(t *testing.T) {
	n := quiet(t, map[string]param.Value{"sip.transport": param.Str("tcp"), "patience": param.Num(300)})
	n.arrive(0, 0, clsInvite)
	n.arrive(0, 1, clsNonInvite)
	if got := drive(n, kernel.Seconds(100), never); !slices.Equal(got, []float64{0, 0}) {
		t.Errorf("copies at %v, want one of each at 0", got)
	}
	if a, b := outcome(n, clsInvite), outcome(n, clsNonInvite); a.Ended[metrics.Dropped] != 1 || b.Ended[metrics.Dropped] != 1 {
		t.Errorf("outcomes %+v, %+v: want each dropped at 32 s", a, b)
	}
}

// A 100 Trying stops the copies of an INVITE: answered by an idle server
// within T1, it is sent once; its final answer 20 s later is past the
// caller's 10 s patience, so it ends late, and Timer B does not end it
// (it is Proceeding).
func TestTryingStopsCopies(t *testing.T) {
	n := quiet(t, map[string]param.Value{"downstream.delay": param.Num(20)})
	n.arrive(0, 0, clsInvite)
	got := drive(n, kernel.Seconds(100), always)
	if !slices.Equal(got, []float64{0}) {
		t.Errorf("copies at %v, want one at 0", got)
	}
	c := outcome(n, clsInvite)
	if c.Ended[metrics.Late] != 1 {
		t.Errorf("outcomes %+v: want one late (patience)", c)
	}
	if n.stray != 1 {
		t.Errorf("%d answers after giving up, want the 200 OK at 20 s", n.stray)
	}
	if n.srv[0].procNew != 1 || n.srv[0].procAnswer != 1 || n.srv[0].procCopy != 0 {
		t.Errorf("server processed new %d, answers %d, copies %d: want 1, 1, 0", n.srv[0].procNew, n.srv[0].procAnswer, n.srv[0].procCopy)
	}
}

// An answered INVITE completes in time: 2 link delays, its CPU, the
// downstream delay, then the relay.
func TestCallCompletes(t *testing.T) {
	n := quiet(t, nil)
	n.arrive(0, 0, clsInvite)
	n.arrive(0, 1, clsNonInvite)
	drive(n, kernel.Seconds(100), always)
	if a, b := outcome(n, clsInvite), outcome(n, clsNonInvite); a.Ended[metrics.InTime] != 1 || b.Ended[metrics.InTime] != 1 {
		t.Errorf("outcomes %+v, %+v: want both completed", a, b)
	}
	if len(n.free) != 2 || n.srv[0].n != 0 || n.inNet != 0 || n.resNet != 0 {
		t.Errorf("free %d, queued %d, in the network %d + %d: want everything released", len(n.free), n.srv[0].n, n.inNet, n.resNet)
	}
}

// A copy the server parses after its transaction began is absorbed: it
// costs a parse and answers nothing. The copies go at 0, 0.5 and 1.5 s;
// a CPU busy for 2 s with the first (the transaction's cost) takes the
// others after it and absorbs them; the 100 Trying at 2 s stops the fourth.
func TestCopyIsAbsorbed(t *testing.T) {
	n := quiet(t, map[string]param.Value{"cost.transaction": param.Num(20000), "cpu.speed": param.Num(0.1), "cpu.background": param.Num(90), "cost.parse": param.Num(0), "cost.trying": param.Num(0), "patience": param.Num(300)})
	n.arrive(0, 0, clsInvite)
	got := drive(n, kernel.Seconds(100), always)
	if !slices.Equal(got, []float64{0, 0.5, 1.5}) {
		t.Errorf("copies at %v, want 0, 0.5 and 1.5 s", got)
	}
	if n.srv[0].procNew != 1 || n.srv[0].procCopy != 2 {
		t.Errorf("new %d, absorbed %d: want 1 and 2", n.srv[0].procNew, n.srv[0].procCopy)
	}
	if c := outcome(n, clsInvite); c.Ended[metrics.InTime] != 1 {
		t.Errorf("outcomes %+v, want completed", c)
	}
}

// While a loss oc of 100 % is in force a client sends no new request,
// and still sends every copy of a request already sent: the control is
// for new requests only (RFC 7339 §5.2).
func TestOcNeverDropsACopy(t *testing.T) {
	n := quiet(t, map[string]param.Value{"control": param.Str("loss"), "patience": param.Num(300)})
	n.arrive(0, 0, clsInvite)
	n.clients[0].oc.Receive(0, oc.Feedback{Oc: 100, Algo: oc.Loss, Validity: kernel.Seconds(60), Seq: 1})
	n.arrive(kernel.Seconds(1), 0, clsInvite)
	got := drive(n, kernel.Seconds(100), never)
	if want := []float64{0, 0.5, 1.5, 3.5, 7.5, 15.5, 31.5}; !slices.Equal(got, want) {
		t.Errorf("copies at %v, want %v", got, want)
	}
	if c := outcome(n, clsInvite); c.Ended[metrics.Throttled] != 1 || n.ocDropped != 1 {
		t.Errorf("outcomes %+v, oc dropped %d: want the second request throttled", c, n.ocDropped)
	}
}

// A 503 with Retry-After R blocks the client for R s: the next new
// request is throttled at the source, or sent to the alternate.
func TestRetryAfterBlocks(t *testing.T) {
	for _, alt := range []bool{false, true} {
		n := quiet(t, map[string]param.Value{"control": param.Str("503"), "alternate.enabled": param.On(alt)})
		n.srv[0].ra.Measure(1) // over the threshold
		n.srv[1].ra.Measure(0)
		n.arrive(0, 0, clsInvite)
		drive(n, kernel.Seconds(1), always)
		n.arrive(kernel.Seconds(2), 0, clsInvite)
		n.arrive(kernel.Seconds(4), 0, clsInvite) // Retry-After 5 s from about 0.02 s: still blocked
		drive(n, kernel.Seconds(100), always)
		c := outcome(n, clsInvite)
		if !alt && (c.Ended[metrics.Rejected] != 1 || c.Ended[metrics.Throttled] != 2) {
			t.Errorf("no alternate: outcomes %+v, want one rejected (503) and two throttled", c)
		}
		if alt && (c.Ended[metrics.InTime] != 3 || n.diverted != 2 || n.redirected != 1 || n.srv[1].procNew != 3) {
			t.Errorf("alternate: outcomes %+v, diverted %d + %d, alternate served %d: want the refused one and two new there", c, n.redirected, n.diverted, n.srv[1].procNew)
		}
	}
}

// A feedback with an older oc-seq is ignored; oc-validity 0 ends the
// control: the server's feedback as the client reads it from responses.
func TestFeedbackThroughResponses(t *testing.T) {
	n := quiet(t, map[string]param.Value{"control": param.Str("loss")})
	sv := &n.srv[0]
	sv.seq = 2
	sv.fb[2] = oc.Feedback{Oc: 40, Algo: oc.Loss, Validity: kernel.Seconds(5), Seq: 2}
	sv.fb[1] = oc.Feedback{Oc: 90, Algo: oc.Loss, Validity: kernel.Seconds(5), Seq: 1}
	i := n.alloc()
	n.txns[i] = txn{client: 0, refs: 3}
	n.held[0]++
	n.resNet += 3
	n.atClient(0, i, resTrying, 0, 2)
	n.atClient(0, i, resTrying, 0, 1)
	if f, ok := n.clients[0].oc.InForce(0); !ok || f.Oc != 40 {
		t.Errorf("in force %+v %v, want oc 40 (seq 1 is older)", f, ok)
	}
	sv.fb[3] = oc.Feedback{Algo: oc.Loss, Validity: 0, Seq: 3}
	n.atClient(0, i, resTrying, 0, 3)
	if _, ok := n.clients[0].oc.InForce(0); ok {
		t.Error("oc-validity 0 did not end the control")
	}
	if n.verdicts[oc.Accepted] != 1 || n.verdicts[oc.Stale] != 1 || n.verdicts[oc.Ended] != 1 {
		t.Errorf("verdicts %v", n.verdicts)
	}
}

// messages checks that every request copy a client sent is in the
// network, lost at a full buffer, in a queue or on a CPU, or processed;
// and every downstream answer likewise.
func messages(n *node) error {
	var received, lost, queued, processed, answers int64
	for s := range n.srv {
		sv := &n.srv[s]
		received += sv.received
		lost += sv.lost
		queued += int64(sv.n)
		processed += sv.procNew + sv.procCopy + sv.proc503 + sv.procAnswer
		answers += sv.answersIn // a message on the CPU is counted processed
	}
	sent := n.newSent + n.copiesSent + n.redirected
	if sent != received+n.inNet {
		return fmt.Errorf("sent %d copies, received %d + in the network %d", sent, received, n.inNet)
	}
	if received-lost+answers != processed+queued {
		return fmt.Errorf("received %d, lost %d, answers %d: processed %d + queued %d", received, lost, answers, processed, queued)
	}
	live := int64(0)
	for i := range n.txns {
		if n.txns[i].refs < 0 {
			return fmt.Errorf("transaction %d: %d references", i, n.txns[i].refs)
		}
		if !n.txns[i].ended {
			live++
		}
	}
	if live != n.held[0]+n.held[1] {
		return fmt.Errorf("%d transactions not ended, held %v", live, n.held)
	}
	return nil
}

// Every message is counted once, all along a run, for every control and
// transport, over capacity.
func TestMessagesConserved(t *testing.T) {
	for _, ctl := range Controls {
		for _, tr := range []string{"udp", "tcp"} {
			sc := simtest.Preset(t, Def, "sip-collapse-udp")
			sc.Duration = 40
			sc.Params.Put("control", param.Str(ctl))
			sc.Params.Put("sip.transport", param.Str(tr))
			sc.Params.Put("load", param.Num(3))
			sc.Params.Put("alternate.enabled", param.On(true))
			r, err := sim.Start(Def, sc, false)
			if err != nil {
				t.Fatal(err)
			}
			for !r.Done() {
				r.AdvanceTo(r.Now() + kernel.Seconds(1.7))
				if err := messages(r.Node().(*node)); err != nil {
					t.Fatalf("%s %s at %.1f s: %v", ctl, tr, r.Now().Seconds(), err)
				}
				if err := simtest.Conserved(r); err != nil {
					t.Fatalf("%s %s at %.1f s: %v", ctl, tr, r.Now().Seconds(), err)
				}
			}
		}
	}
}

// A bad cross-field value names its field.
func TestCheck(t *testing.T) {
	v := Def.Params.Defaults()
	v.Put("oc.abatement", param.Num(90))
	var pe *param.Error
	if err := check(v); !errors.As(err, &pe) || pe.Field != "oc.abatement" {
		t.Errorf("abatement above onset: %v", err)
	}
}

// The capacity follows the costs and the mix: 250 transactions/s of the
// defaults' (4 ms an INVITE, 3.2 ms a non-INVITE, 10 % of them).
func TestCapacity(t *testing.T) {
	v := Def.Params.Defaults()
	if got, want := Capacity(v), 1/(0.9*0.004+0.1*0.0032); got < want-1e-9 || got > want+1e-9 {
		t.Errorf("capacity %v, want %v", got, want)
	}
}

// The calls-failed tile counts what the core counts as failed: the
// transactions late, refused (503, no alternate) or given up unanswered,
// and not those throttled at the clients (oc, or a Retry-After block),
// which the page's totals count apart: over a run, the failed column
// summed is the core's late, rejected and dropped columns summed.
func TestFailedTileCountsFailures(t *testing.T) {
	for _, name := range []string{"sip-loss-5x", "sip-503-retry-after", "sip-collapse-udp"} {
		i := slices.IndexFunc(presets, func(p scenario.Preset) bool { return p.Name == name })
		sc, err := presets[i].Build(Def.Params)
		if err != nil {
			t.Fatal(err)
		}
		sc.Duration = 60
		r, err := sim.Start(Def, sc, false)
		if err != nil {
			t.Fatal(err)
		}
		r.RunToEnd()
		sum := func(col string) float64 {
			ts, v, ok := r.Recorder().Series(col)
			if !ok {
				t.Fatalf("no column %s", col)
			}
			s, prev := 0.0, 0.0
			for k := range v {
				s += v[k] * (ts[k] - prev)
				prev = ts[k]
			}
			return s
		}
		failed, throttled := sum("late")+sum("rejected")+sum("dropped"), sum("throttled")
		if got := sum("failed"); math.Abs(got-failed) > 0.5 {
			t.Errorf("%s: failed column sums to %g, the core's late + rejected + dropped %g (throttled %g)", name, got, failed, throttled)
		}
		if throttled < 1000 && name != "sip-collapse-udp" {
			t.Errorf("%s: %g throttled: the test needs some", name, throttled)
		}
	}
	for _, tl := range Def.Tiles {
		if tl.Column == "failed" && (!strings.Contains(tl.Doc, "not") || !strings.Contains(tl.Doc, "throttled")) {
			t.Errorf("tile %q: %q does not say that throttled requests are left out", tl.Label, tl.Doc)
		}
	}
}

// The goodput tile shows the figure of the claims on goodput from 0:20
// (sip-loss-3x, sip-rate-join-leave): its mean over the same intervals,
// not one interval's value; before its window ends it has no value.
func TestGoodputTileIsTheClaimsWindow(t *testing.T) {
	i := slices.IndexFunc(Def.Tiles, func(tl sim.Tile) bool { return tl.Column == "goodput" })
	tile := Def.Tiles[i]
	for _, name := range []string{"sip-loss-3x", "sip-rate-join-leave"} {
		p := presets[slices.IndexFunc(presets, func(p scenario.Preset) bool { return p.Name == name })]
		c := p.Claims[slices.IndexFunc(p.Claims, func(c claim.Claim) bool { return c.Name == "goodput-near-capacity" })]
		if c.Kind != claim.Mean || c.From != tile.From || c.To != 0 {
			t.Fatalf("%s: claim %s measures %v from %g to %g; the tile, the mean from %g on", name, c.Name, c.Kind, c.From, c.To, tile.From)
		}
		sc, err := p.Build(Def.Params)
		if err != nil {
			t.Fatal(err)
		}
		r, err := sim.Start(Def, sc, false)
		if err != nil {
			t.Fatal(err)
		}
		r.AdvanceTo(kernel.Seconds(tile.From))
		if v, ok := r.Tile(tile); ok {
			t.Errorf("%s: the tile shows %g at %g s, before its window has an interval", name, v, tile.From)
		}
		r.RunToEnd()
		v, ok := r.Tile(tile)
		res := r.Summary().Claims
		k := slices.IndexFunc(res, func(x claim.Result) bool { return x.Name == c.Name })
		if !ok || math.Abs(v-res[k].Measured) > 1e-9 {
			t.Errorf("%s: the tile shows %g (%v), the claim %s measured %g", name, v, ok, c.Name, res[k].Measured)
		}
		if _, last, _ := r.Recorder().Series("goodput"); math.Abs(last[len(last)-1]-v) < 1e-9 {
			t.Errorf("%s: the tile shows the last interval's %g: the test tells the two apart on another seed only", name, v)
		}
	}
}
