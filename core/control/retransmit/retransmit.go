// Package retransmit is the retransmission of a SIP request by its client
// transaction over an unreliable transport (UDP), RFC 3261 §17.1: when each
// copy of the request is sent, and when the transaction gives up.
//
// INVITE (§17.1.1.2): Timer A fires T1 after the first copy and doubles
// after each one, with no cap, until a provisional answer (100 Trying) or a
// final one arrives; Timer B ends the transaction 64·T1 after the first
// copy. With T1 = 500 ms the copies go at 0, 0.5, 1.5, 3.5, 7.5, 15.5 and
// 31.5 s, and Timer B fires at 32 s.
//
// Non-INVITE (§17.1.2.2, REGISTER, OPTIONS): Timer E starts at T1 and
// doubles up to T2 (4 s); a provisional answer does not stop it but sets it
// to T2 (the Proceeding state); Timer F ends the transaction at 64·T1.
//
// Over a reliable transport (TCP, SCTP) Timers A and E are not started:
// the request is sent once; Timers B and F still run.
package retransmit

import "overloadlab/core/engine/kernel"

// Method is the kind of client transaction.
type Method uint8

const (
	Invite    Method = iota // INVITE: Timers A and B
	NonInvite               // every other request: Timers E and F
)

// Default values of T1 and T2 (§17.1.1.1, Table 4).
const (
	DefaultT1 = 500 * kernel.Millisecond // an estimate of the round-trip time
	DefaultT2 = 4 * kernel.Second        // the longest interval between a non-INVITE request's copies
)

// Timers are a client transaction's timer values and its transport.
type Timers struct {
	T1, T2   kernel.Time
	Reliable bool // TCP or SCTP: Timers A and E are not started
}

// Default returns RFC 3261's values over UDP.
func Default() Timers { return Timers{T1: DefaultT1, T2: DefaultT2} }

// Timeout is how long after its first copy a transaction with no answer
// gives up: Timer B (INVITE) and Timer F (non-INVITE), both 64·T1.
func (t *Timers) Timeout() kernel.Time { return 64 * t.T1 }

// Interval is the wait between the n-th copy of the request (n ≥ 1) and
// the next: T1·2^(n−1) for an INVITE (Timer A); min(T1·2^(n−1), T2) for
// another request, and T2 once a provisional answer has arrived (Timer E).
func (t *Timers) Interval(m Method, n int, proceeding bool) kernel.Time {
	if m == NonInvite && proceeding {
		return t.T2
	}
	// From the 7th copy on the interval exceeds the timeout (64·T1): the
	// shift is capped there so that it cannot overflow.
	d := t.T1 << min(max(n-1, 0), 7)
	if m == NonInvite {
		d = min(d, t.T2)
	}
	return d
}

// Retransmits reports whether a firing of Timer A or E sends a copy of the
// request, in the state the transaction is in when it fires: an INVITE in
// Proceeding (a provisional answer arrived) sends no more copies
// (§17.1.1.2); any other request still does (§17.1.2.2).
func Retransmits(m Method, proceeding bool) bool { return m == NonInvite || !proceeding }

// Next returns when Timer A or E fires after the n-th copy of the request
// of a transaction started at start went at last, in the state proceeding
// of that moment: last + Interval, or kernel.Never when it is not set: over
// a reliable transport, for an INVITE once a provisional answer has
// arrived, or when the transaction times out first (Timer B or F fires at
// start + 64·T1, before or with it).
func (t *Timers) Next(m Method, start, last kernel.Time, n int, proceeding bool) kernel.Time {
	if t.Reliable || m == Invite && proceeding {
		return kernel.Never
	}
	next := last + t.Interval(m, n, proceeding)
	if next >= start+t.Timeout() {
		return kernel.Never
	}
	return next
}
