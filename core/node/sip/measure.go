package sip

import (
	"fmt"

	"overloadlab/core/control/oc"
	"overloadlab/core/engine/kernel"
	"overloadlab/core/engine/metrics"
	"overloadlab/core/engine/sim"
)

// The model's columns, after the outcome block of INVITE and non-INVITE.
var (
	cols        sim.Columns
	colSent     = cols.Add("sent", "new requests sent", "/s")
	colCopies   = cols.Add("retransmitted", "copies sent again by the retransmission timers", "/s")
	colReceived = cols.Add("server.received", "request copies reaching the server", "/s")
	colLost     = cols.Add("server.lost", "copies lost at the server's full ingress buffer", "/s")
	col503      = cols.Add("503", "503 answers sent", "/s")
	colStale    = cols.Add("server.stale", "messages processed for transactions their client had ended", "/s")
	colAmp      = cols.Add("amplification", "request copies reaching the servers per new request sent", "×")
	colGoodput  = cols.Add("goodput", "completed in time, as a share of the server's capacity", "%")
	colFailed   = cols.Add("failed", "transactions failed: late, refused with 503, given up unanswered (not those throttled at the clients)", "/s")
	colQueue    = cols.AddMax("server.queue", "messages in the server's queue", "msgs")
	colDelay    = cols.AddMax("server.delay", "the server's queue, in seconds of work", "s")
	colCPU      = cols.AddMax("server.cpu", "server occupancy", "%")
	colAltCPU   = cols.AddMax("alternate.cpu", "alternate server occupancy", "%")
	colAltQueue = cols.AddMax("alternate.delay", "the alternate's queue, in seconds of work", "s")
	colDiverted = cols.Add("diverted", "sent to the alternate server", "/s")
	colBlocked  = cols.Add("blocked", "clients blocked by a 503's Retry-After", "clients")
	colOcLoss   = cols.Add("oc.loss", "loss oc in force, mean over the clients", "%")
	colOcRate   = cols.Add("oc.rate", "rate oc in force, mean over the clients", "/s")
	colOcServer = cols.Add("oc.server", "oc the server sends (loss %, rate /s per client)", "")
	colPerCl    = clientColumns()
	colPerClOc  = clientOcColumns()
)

func clientColumns() (out [MaxClients]sim.Col) {
	for c := range out {
		out[c] = cols.Add(fmt.Sprintf("client%d.sent", c+1), fmt.Sprintf("client %d: new requests sent", c+1), "/s")
	}
	return out
}

// clientOcColumns are the oc in force at each client: the share it drops
// (loss) or the rate it is held to (rate), 0 while no feedback is valid.
func clientOcColumns() (out [MaxClients]sim.Col) {
	for c := range out {
		out[c] = cols.Add(fmt.Sprintf("client%d.oc", c+1), fmt.Sprintf("client %d: oc in force (loss %%, or rate /s)", c+1), "")
	}
	return out
}

// chartedClients is how many clients the "clients" chart draws: as many
// lines as the palette keeps apart (the instances chart of the IMSI
// Manager draws eight too); every client's column is in the data.
const chartedClients = 8

// clientSeries names the first chartedClients clients' columns of one
// kind, "client1.<what>" …
func clientSeries(what string) []string {
	out := make([]string, chartedClients)
	for c := range out {
		out[c] = fmt.Sprintf("client%d.%s", c+1, what)
	}
	return out
}

// Measure closes an interval.
func (n *node) Measure(row *sim.Row) {
	now := row.Now
	newSent := n.newSent - n.prevNew
	row.Delta(colSent, n.newSent, &n.prevNew)
	var received, lost, s503, stale int64
	for s := range n.srv {
		sv := &n.srv[s]
		received += sv.received - sv.prevReceived
		lost += sv.lost - sv.prevLost
		s503 += sv.sent503 - sv.prev503
		stale += sv.stale - sv.prevStale
		sv.prevReceived, sv.prevLost, sv.prev503, sv.prevStale = sv.received, sv.lost, sv.sent503, sv.stale
	}
	row.Rate(colReceived, received)
	row.Rate(colLost, lost)
	row.Rate(col503, s503)
	row.Rate(colStale, stale)
	row.Delta(colCopies, n.copiesSent, &n.prevCopies)
	amp := 0.0
	if newSent > 0 {
		amp = float64(received) / float64(newSent)
	}
	row.Set(colAmp, amp)
	goodput := 0.0
	if c := Capacity(n.v); c > 0 {
		goodput = 100 * (row.Ended(clsInvite, metrics.InTime) + row.Ended(clsNonInvite, metrics.InTime)) / c
	}
	row.Set(colGoodput, goodput)
	failed := 0.0
	for cls := range 2 {
		// Throttled at the clients (oc, a Retry-After block) is counted
		// apart, as the core's outcomes and the page's totals count it.
		for _, o := range []metrics.Outcome{metrics.Late, metrics.Rejected, metrics.Dropped} {
			failed += row.Ended(cls, o)
		}
	}
	row.Set(colFailed, failed)
	main, alt := &n.srv[0], &n.srv[1]
	row.Set(colQueue, float64(main.n))
	row.Set(colDelay, main.cpu.Backlog(now).Seconds()+n.queuedWork(0))
	row.Set(colCPU, 100*main.cpu.Measure(now))
	row.Set(colAltCPU, 100*alt.cpu.Measure(now))
	row.Set(colAltQueue, alt.cpu.Backlog(now).Seconds()+n.queuedWork(1))
	row.Delta(colDiverted, n.diverted+n.redirected, &n.prevDiverted)
	blocked := 0
	var loss, rate float64
	for c := range n.active {
		cl := &n.clients[c]
		if cl.block[0].Blocked(now) {
			blocked++
		}
		if f, ok := cl.oc.InForce(now); ok {
			if f.Algo == oc.Loss {
				loss += float64(f.Oc)
			} else {
				rate += float64(f.Oc)
			}
		}
	}
	row.Set(colBlocked, float64(blocked))
	row.Set(colOcLoss, loss/float64(n.active))
	row.Set(colOcRate, rate/float64(n.active))
	ocs := 0.0
	if main.ctrl {
		ocs = float64(main.fb[main.seq%fbRing].Oc)
	}
	row.Set(colOcServer, ocs)
	for c := range n.clients {
		cl := &n.clients[c]
		row.Delta(colPerCl[c], cl.sent, &cl.prev)
		f, ok := cl.oc.InForce(now)
		if !ok {
			f.Oc = 0
		}
		row.Set(colPerClOc[c], float64(f.Oc))
	}
}

// queuedWork is the CPU seconds the messages in server s's queue will
// take, at the cost each has now, on its processor.
func (n *node) queuedWork(s int) float64 {
	sv := &n.srv[s]
	w := 0.0
	for k := range sv.n {
		m := sv.queue[(sv.head+k)%len(sv.queue)]
		c := n.c.parse
		switch {
		case m.kind == msgAnswer:
			c += n.c.response
		case n.txns[m.txn].flags[s]&srvSeen != 0:
		case n.txns[m.txn].class == clsInvite:
			c += n.c.transaction + n.c.trying
		default:
			c += n.c.transaction + n.c.response
		}
		w += c
	}
	return w / (pCpuSpeed.Of(n.v) * sv.factor * (1 - pCpuBackground.Of(n.v)/100))
}

// Report returns the controls' counters and what the node holds.
func (n *node) Report(now kernel.Time) sim.Report {
	rep := sim.Report{Held: []int64{n.held[0], n.held[1]}}
	rep.Controls = append(rep.Controls,
		sim.Group{Name: "clients", Counters: []sim.Counter{
			cNewRequestsSent.Is(float64(n.newSent)),
			cCopiesSentAgain.Is(float64(n.copiesSent)),
			cOcDropped.Is(float64(n.ocDropped)),
			cBlockedByRetryAfter.Is(float64(n.blocked)),
			cDivertedToAlternate.Is(float64(n.diverted)),
			cRefusedSentToAlternate.Is(float64(n.redirected)),
			cAnswersAfterGivingUp.Is(float64(n.stray)),
			cOcAccepted.Is(float64(n.verdicts[oc.Accepted])),
			cOcEnded.Is(float64(n.verdicts[oc.Ended])),
			cOcStale.Is(float64(n.verdicts[oc.Stale])),
			cOcIgnored.Is(float64(n.verdicts[oc.Ignored])),
		}},
	)
	for s, name := range []string{"server", "alternate"} {
		sv := &n.srv[s]
		rep.Controls = append(rep.Controls, sim.Group{Name: name, Counters: []sim.Counter{
			cCopiesReceived.Is(float64(sv.received)),
			cLostBufferFull.Is(float64(sv.lost)),
			cNewTransactions.Is(float64(sv.procNew)),
			cCopiesAbsorbed.Is(float64(sv.procCopy)),
			cRefused503.Is(float64(sv.proc503)),
			cAnswersRelayed.Is(float64(sv.procAnswer)),
			cStaleMessages.Is(float64(sv.stale)),
			cQueued.Is(float64(sv.n)),
			cOcSeq.Is(float64(sv.seq)),
		}})
	}
	return rep
}

// The counters Report writes, declared with their plain words (for the
// page's Details: natively only) and written by handle.
var (
	counters                sim.Counters
	cNewRequestsSent        = counters.Add("new_requests_sent", "new requests sent by the clients", "")
	cCopiesSentAgain        = counters.Add("copies_sent_again", "copies sent again by the retransmission timers", "")
	cOcDropped              = counters.Add("oc_dropped", "new requests dropped by the clients for oc", "")
	cBlockedByRetryAfter    = counters.Add("blocked_by_retry_after", "new requests throttled at the client: the server blocked by Retry-After, no alternate", "")
	cDivertedToAlternate    = counters.Add("diverted_to_alternate", "new requests sent to the alternate server", "")
	cRefusedSentToAlternate = counters.Add("refused_sent_to_alternate", "requests refused with 503, sent again to the alternate", "")
	cAnswersAfterGivingUp   = counters.Add("answers_after_giving_up", "final answers that came after the caller gave up", "")
	cOcAccepted             = counters.Add("oc_accepted", "feedbacks taken (a newer oc-seq)", "")
	cOcEnded                = counters.Add("oc_ended", "feedbacks ending the control (oc-validity 0)", "")
	cOcStale                = counters.Add("oc_stale", "feedbacks not newer than the one taken", "")
	cOcIgnored              = counters.Add("oc_ignored", "feedbacks ignored (a loss oc over 100)", "")
	cCopiesReceived         = counters.Add("copies_received", "request copies received", "")
	cLostBufferFull         = counters.Add("lost_buffer_full", "copies lost at the full ingress buffer", "")
	cNewTransactions        = counters.Add("new_transactions", "new transactions processed", "")
	cCopiesAbsorbed         = counters.Add("copies_absorbed", "copies parsed and absorbed (the transaction was known)", "")
	cRefused503             = counters.Add("refused_503", "new requests refused with 503", "")
	cAnswersRelayed         = counters.Add("answers_relayed", "downstream answers relayed", "")
	cStaleMessages          = counters.Add("stale_messages", "messages processed after their caller gave up", "")
	cQueued                 = counters.Add("queued", "messages in the queue", "")
	cOcSeq                  = counters.Add("oc_seq", "last oc-seq sent", "")
)
