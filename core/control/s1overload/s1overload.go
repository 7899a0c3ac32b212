// Package s1overload is the S1AP overload procedure (TS 36.413 §8.7.6
// Overload Start, §8.7.7 Overload Stop; TS 23.401 §4.3.7.4.1): an
// overloaded MME asks a share of its eNodeBs to shed new RRC connections
// by establishment cause, and stops when its load falls.
//
// MME side (Reporter): the MME is in overload from the reading at which
// its CPU has been at or above the onset for the start hold time, until
// the reading at which it has been below the abatement for the stop hold
// time (vendor settings [R]). At the onset it sends OVERLOAD START to a
// share of its eNodeBs "selected at random" (so that two overloaded MMEs of
// a pool do not pick the same ones; Cisco's enodeb-percentage 1–100), with
// an OverloadAction and optionally a TrafficLoadReductionIndication
// (1–99 %); at the abatement OVERLOAD STOP to the same eNodeBs.
//
// eNodeB side (Overload): for each MME, whether it is in overload and the
// action and reduction it sent. An RRC connection request whose
// establishment cause the action names is rejected — all of them, or with
// a reduction r only the share r (the eNodeB "shall reduce the signalling
// traffic indicated as to be rejected by the indicated percentage") — with
// RRCConnectionReject and a waitTime (1–16 s; extendedWaitTime up to
// 1800 s for delay-tolerant access).
package s1overload

import "overloadlab/core/engine/kernel"

// Cause is an RRC establishment cause (TS 36.331 EstablishmentCause).
type Cause uint8

const (
	Emergency Cause = iota
	HighPriorityAccess
	MTAccess
	MOSignalling
	MOData
	DelayTolerantAccess
	numCauses
)

// Causes names the causes as TS 36.331 writes them.
var Causes = []string{"emergency", "highPriorityAccess", "mt-Access", "mo-Signalling", "mo-Data", "delayTolerantAccess"}

func (c Cause) String() string { return Causes[c] }

// Action is an OverloadAction (TS 36.413 §9.2.3.20).
type Action uint8

const (
	RejectNonEmergencyMODT      Action = iota // reject RRC connection establishments for non-emergency mobile originated data transfer
	RejectRRCCRSignalling                     // reject RRC connection establishments for signalling
	PermitEmergencyAndMTOnly                  // only permit emergency sessions and mobile terminated services
	PermitHighPriorityAndMTOnly               // only permit high priority sessions and mobile terminated services
	RejectDelayTolerantAccess                 // reject delay tolerant access
)

// Actions names the actions as the S1AP ASN.1 does.
var Actions = []string{
	"reject-non-emergency-mo-dt",
	"reject-rrc-cr-signalling",
	"permit-emergency-sessions-and-mobile-terminated-services-only",
	"permit-high-priority-sessions-and-mobile-terminated-services-only",
	"reject-delay-tolerant-access",
}

func (a Action) String() string { return Actions[a] }

// rejected is, per action, the set of causes it rejects (bit c for cause
// c), as TS 23.401 §4.3.7.4.1 lists them: "mo-data" and
// "delayTolerantAccess"; also "mo-signalling"; all but "emergency" and
// "mt-Access"; all but "highPriorityAccess" and "mt-Access";
// "delayTolerantAccess".
var rejected = [...]uint8{
	RejectNonEmergencyMODT:      1<<MOData | 1<<DelayTolerantAccess,
	RejectRRCCRSignalling:       1<<MOData | 1<<MOSignalling | 1<<DelayTolerantAccess,
	PermitEmergencyAndMTOnly:    (1<<numCauses - 1) &^ (1<<Emergency | 1<<MTAccess),
	PermitHighPriorityAndMTOnly: (1<<numCauses - 1) &^ (1<<HighPriorityAccess | 1<<MTAccess),
	RejectDelayTolerantAccess:   1 << DelayTolerantAccess,
}

// Rejects reports whether the action names the cause.
func (a Action) Rejects(c Cause) bool { return rejected[a]&(1<<c) != 0 }

// Overload is what an eNodeB holds for one MME after OVERLOAD START (and
// until OVERLOAD STOP).
type Overload struct {
	On        bool
	Action    Action
	Reduction float64 // share of the named requests to reject, 0..1: 1 when the indication is absent
}

// Applies reports whether the MME is in overload for requests of cause c:
// it is, and its action names c.
func (o *Overload) Applies(c Cause) bool { return o.On && o.Action.Rejects(c) }

// Reject decides one RRC connection request of cause c with the eNodeB's
// draw rand in [0, 1): rejected when the overload applies to c and rand <
// the reduction.
func (o *Overload) Reject(c Cause, rand float64) bool { return o.Applies(c) && rand < o.Reduction }

// ReporterConfig is the MME's overload reporting configuration.
type ReporterConfig struct {
	On                  bool
	Onset, Abatement    float64     // CPU occupancy 0..1; Abatement ≤ Onset
	HoldStart, HoldStop kernel.Time // how long the CPU must stay above the onset / below the abatement
	Share               float64     // share of the eNodeBs told, 0..1
	Message             Overload    // the content of OVERLOAD START
}

// Reporter is one MME's overload state.
type Reporter struct {
	cfg        ReporterConfig
	overloaded bool
	run        kernel.Time // start of the current run of readings past the threshold, -1 if none
	Starts     int64       // OVERLOAD START sent (to the chosen eNodeBs)
	Stops      int64       // OVERLOAD STOP sent
}

// NewReporter returns an MME that is not in overload.
func NewReporter(cfg ReporterConfig) *Reporter { return &Reporter{cfg: cfg, run: -1} }

// Configure changes the configuration; the state stays (switched off, the
// next reading stops an overload).
func (r *Reporter) Configure(cfg ReporterConfig) { r.cfg = cfg }

// Config returns the configuration.
func (r *Reporter) Config() ReporterConfig { return r.cfg }

// Overloaded reports whether the MME is in overload.
func (r *Reporter) Overloaded() bool { return r.overloaded }

// Observe takes the CPU occupancy ρ read at now and says whether the MME
// sends OVERLOAD START or OVERLOAD STOP now.
func (r *Reporter) Observe(now kernel.Time, rho float64) (start, stop bool) {
	if !r.cfg.On {
		if r.overloaded {
			r.overloaded, r.run = false, -1
			r.Stops++
			return false, true
		}
		return false, false
	}
	past, hold := rho >= r.cfg.Onset, r.cfg.HoldStart
	if r.overloaded {
		past, hold = rho < r.cfg.Abatement, r.cfg.HoldStop
	}
	switch {
	case !past:
		r.run = -1
		return false, false
	case r.run < 0:
		r.run = now
	}
	if now-r.run < hold {
		return false, false
	}
	r.overloaded, r.run = !r.overloaded, -1
	if r.overloaded {
		r.Starts++
		return true, false
	}
	r.Stops++
	return false, true
}

// Choose marks in told the eNodeBs an MME sends OVERLOAD START to: share
// of all len(told), rounded, at least one when share > 0, chosen uniformly
// at random from s (a partial Fisher–Yates shuffle over scratch, which
// holds len(told) indices). It returns how many it told.
func Choose(s *kernel.Stream, share float64, told []bool, scratch []int32) int {
	n := len(told)
	k := int(share*float64(n) + 0.5)
	if share > 0 {
		k = max(k, 1)
	}
	k = min(k, n)
	for i := range n {
		told[i] = false
		scratch[i] = int32(i)
	}
	for i := range k {
		j := i + s.Intn(n-i)
		scratch[i], scratch[j] = scratch[j], scratch[i]
		told[scratch[i]] = true
	}
	return k
}
