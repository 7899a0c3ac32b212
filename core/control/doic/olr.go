// Package doic is the reacting node of Diameter Overload Indication
// Conveyance (RFC 7683, RFC 8581, RFC 8582) as a Diameter routing agent
// implements it: the overload state it keeps per (reporting host,
// application) from the overload reports (OC-OLR) in answers, and the
// abatement that decides, request by request, what is sent and what is
// abated (answered locally with DIAMETER_TOO_BUSY, or diverted).
//
// Abatement policies (Policy):
//   - plain-loss [S, RFC 7683]: abate R % of all requests, at random.
//   - priority-only, priority-within-colour, colour-within-priority [S, DSR]:
//     MaxETR = offered × (1 − R/100) [R]; discard from the lowest rank upward,
//     per class in discard order allowed = clamp(MaxETR − Σ rate(higher
//     ranked), 0, rate(class)); P4 is never abated.
//   - rate [R, RFC 8582]: a leaky bucket enforces OC-Maximum-Rate, with a
//     larger tolerance τ for higher priorities.
//
// Nothing here reads a clock: every call takes the virtual time.
package doic

import (
	"fmt"

	"overloadlab/core/engine/kernel"
)

// ReportType is OC-Report-Type.
type ReportType uint8

const (
	HostReport  ReportType = 0 // HOST_REPORT: requests with that Destination-Host
	RealmReport ReportType = 1 // REALM_REPORT: realm-routed requests (no Destination-Host)
	PeerReport  ReportType = 2 // PEER_REPORT (RFC 8581): requests sent to that peer
)

var reportTypeNames = [...]string{"host", "realm", "peer"}

func (t ReportType) String() string {
	if int(t) < len(reportTypeNames) {
		return reportTypeNames[t]
	}
	return fmt.Sprintf("report-type-%d", uint8(t))
}

// Limits of the OC-OLR AVPs [S].
const (
	MaxReduction       = 100                   // OC-Reduction-Percentage above this: the OLR is ignored
	DefaultValidity    = 30 * kernel.Second    // OC-Validity-Duration when absent or over the maximum
	MaxValidity        = 86400 * kernel.Second // the largest OC-Validity-Duration
	AbsentValidity     = -1                    // OLR.Validity when the AVP is absent
	DefaultRecovery    = 5.0                   // Abatement Recovery Rate, % per recovery tick (DSR default)
	DefaultRecoveryTck = 1 * kernel.Second     // [R] the recovery tick
)

// OLR is one OC-OLR AVP as the reacting node reads it.
type OLR struct {
	Seq       uint64     // OC-Sequence-Number: higher means newer
	Type      ReportType // OC-Report-Type
	Reduction uint32     // OC-Reduction-Percentage, 0–100 (loss algorithm)
	MaxRate   float64    // OC-Maximum-Rate, requests/s (rate algorithm, RFC 8582)
	Validity  int64      // OC-Validity-Duration in seconds; AbsentValidity if absent
}

// Verdict is what the reacting node did with an OLR.
type Verdict uint8

const (
	Accepted Verdict = iota // newer: reduction replaced, validity restarted
	Ended                   // newer, with reduction 0 or validity 0: the overload is over
	Stale                   // sequence number not newer than the stored one: ignored
	Ignored                 // reduction over 100: the whole OLR is ignored
)

var verdictNames = [...]string{"accepted", "ended", "stale", "ignored"}

func (v Verdict) String() string { return verdictNames[v] }

// State is the overload state of one (reporting host, application): the
// reduction or maximum rate in force and its validity.
//
// Rules [S, RFC 7683]: an OLR is taken only if OC-Sequence-Number > the
// stored one; it replaces the reduction and restarts the validity timer.
// Reduction > 100 ⇒ the OLR is ignored; reduction 0 ⇒ no abatement needed
// (the overload ends); validity 0 ⇒ the overload ends [R]; validity absent or
// > 86400 s ⇒ 30 s. The last sequence number is kept after the state ends,
// so a late, older OLR is still refused.
//
// Abatement recovery [S, DSR]: when the validity expires without a newer
// OLR, the reduction steps down by Recovery percentage points every
// RecoveryTick [R]: R(t) = R − Recovery·(1 + ⌊(t − expiry)/RecoveryTick⌋),
// and the state ends when it reaches 0. Recovery 0 ends it at expiry, as
// RFC 7683 does. An explicit end (reduction 0, validity 0) ends it at once.
type State struct {
	Recovery     float64     // percentage points per tick; 0 = end at expiry
	RecoveryTick kernel.Time // > 0

	seen      bool
	seq       uint64
	active    bool
	reduction float64
	maxRate   float64
	expires   kernel.Time
}

// NewState returns an idle state with the DSR's default recovery.
func NewState() State {
	return State{Recovery: DefaultRecovery, RecoveryTick: DefaultRecoveryTck}
}

// Receive takes an OLR received at now.
func (s *State) Receive(now kernel.Time, o OLR) Verdict {
	if o.Reduction > MaxReduction {
		return Ignored
	}
	if s.seen && o.Seq <= s.seq {
		return Stale
	}
	s.seen, s.seq = true, o.Seq
	if o.Validity == 0 || (o.Reduction == 0 && o.MaxRate == 0) {
		s.active = false
		return Ended
	}
	validity := DefaultValidity
	if o.Validity > 0 && o.Validity <= int64(MaxValidity/kernel.Second) {
		validity = kernel.Time(o.Validity) * kernel.Second
	}
	s.active = true
	s.reduction = float64(o.Reduction)
	s.maxRate = o.MaxRate
	s.expires = now + validity
	return Accepted
}

// Seq returns the stored sequence number and whether there is one.
func (s *State) Seq() (uint64, bool) { return s.seq, s.seen }

// Expires returns when the validity of the OLR in force ends.
func (s *State) Expires() kernel.Time { return s.expires }

// Reduction returns the reduction (%) in force at now: the OLR's during
// its validity, then stepping down by the recovery rate; 0 when idle.
func (s *State) Reduction(now kernel.Time) float64 {
	if !s.active {
		return 0
	}
	if now < s.expires {
		return s.reduction
	}
	if s.Recovery <= 0 || s.RecoveryTick <= 0 {
		s.active = false
		return 0
	}
	r := s.reduction - s.Recovery*float64(1+(now-s.expires)/s.RecoveryTick)
	if r <= 0 {
		s.active = false
		return 0
	}
	return r
}

// MaxRate returns the OC-Maximum-Rate in force at now (rate algorithm) and
// whether one is. It ends at expiry: the recovery steps apply to loss only.
func (s *State) MaxRate(now kernel.Time) (float64, bool) {
	if !s.active || s.maxRate <= 0 {
		return 0, false
	}
	if now >= s.expires {
		s.active = false
		return 0, false
	}
	return s.maxRate, true
}

// Active reports whether an overload is in force at now (recovery included).
func (s *State) Active(now kernel.Time) bool {
	if s.maxRate > 0 {
		_, ok := s.MaxRate(now)
		return ok
	}
	return s.Reduction(now) > 0
}

// Key names one overload state: the report type, the host or realm it is
// about (as a small number) and the Diameter application.
type Key struct {
	Type ReportType
	ID   uint32 // the reporting host (HOST), realm (REALM) or peer (PEER)
	App  uint32 // Application-Id
}

// Table is the reacting node's overload states, one per Key. A HOST report
// applies to requests with that Destination-Host, a REALM report to
// realm-routed requests of that realm, so the two never mix.
type Table struct {
	proto  State
	keys   []Key
	states []State
}

// NewTable returns an empty table whose states recover as proto does.
func NewTable(proto State) *Table { return &Table{proto: proto} }

// Receive files an OLR about id (host, realm or peer, as o.Type says) and
// application app.
func (t *Table) Receive(now kernel.Time, id, app uint32, o OLR) Verdict {
	if o.Type > PeerReport {
		return Ignored
	}
	k := Key{o.Type, id, app}
	s := t.Lookup(k)
	if s == nil {
		t.keys = append(t.keys, k)
		t.states = append(t.states, t.proto)
		s = &t.states[len(t.states)-1]
	}
	return s.Receive(now, o)
}

// Lookup returns the state of k, or nil when no OLR about k was taken. The
// pointer stays valid until an OLR about a new key is filed.
func (t *Table) Lookup(k Key) *State {
	for i := range t.keys {
		if t.keys[i] == k {
			return &t.states[i]
		}
	}
	return nil
}

// Len returns the number of states kept.
func (t *Table) Len() int { return len(t.keys) }

// Injection is an overload report injected by hand, a reporting mode of the
// lab: from From until To the reporting node asks for Reduction % with
// OC-Validity-Duration Validity seconds, whatever its load, and then ends
// the overload. It lets abatement be studied at a chosen R without sizing
// the server so that its own rule asks for it.
type Injection struct {
	Reduction uint32
	Validity  int64 // seconds
	From, To  kernel.Time
}

// Active reports whether the injected overload is in force at now:
// From ≤ now < To.
func (in Injection) Active(now kernel.Time) bool { return now >= in.From && now < in.To }
