// Package oc is SIP overload control by feedback in the Via header, RFC
// 7339 (the loss algorithm) and RFC 7415 (the rate algorithm): a server
// puts oc, oc-algo, oc-validity and oc-seq in the topmost Via of its
// responses, and each client that advertised support acts on what it hears
// from that server, for new requests only:
//
//	loss: drop oc % of new requests at random (100·u < oc)
//	rate: send at most oc new requests per second (a leaky bucket, T = 1/oc,
//	      tolerance τ)
//
// The client keeps one state per server: a feedback is taken only if its
// oc-seq is newer than the last one taken, it holds for oc-validity (500 ms
// when absent), and oc-validity 0 ends the control at once. How the server
// computes oc is left to it: LossServer and RateServer are two such rules.
package oc

import (
	"overloadlab/core/control/leaky"
	"overloadlab/core/engine/kernel"
)

// Algo is oc-algo: how the client reads oc.
type Algo uint8

const (
	Loss Algo = iota // oc is the percentage of new requests to drop (RFC 7339 §7)
	Rate             // oc is the most new requests per second (RFC 7415)
)

// Algos names the algorithms as oc-algo writes them.
var Algos = []string{"loss", "rate"}

func (a Algo) String() string { return Algos[a] }

// Limits of the Via parameters.
const (
	MaxLoss         = 100                           // a loss oc above this is not a percentage: the feedback is ignored
	DefaultValidity = 500 * kernel.Millisecond      // oc-validity when the parameter is absent
	AbsentValidity  = kernel.Time(-1)               // Feedback.Validity when oc-validity is absent
	DefaultTau      = 4                             // rate: the leaky bucket's tolerance τ, in intervals T (a burst of 5)
	maxValidity     = 86400000 * kernel.Millisecond // a day: longer is read as a day
)

// Feedback is the overload control a server puts in the topmost Via of a
// response.
type Feedback struct {
	Oc       uint32      // oc: loss, % of new requests to drop (0–100); rate, new requests per second
	Algo     Algo        // oc-algo
	Validity kernel.Time // oc-validity: how long it holds; 0 ends the control; AbsentValidity: 500 ms
	Seq      uint64      // oc-seq: a larger one is newer
}

// Verdict is what a client did with a feedback.
type Verdict uint8

const (
	Accepted Verdict = iota // newer: oc in force for its validity
	Ended                   // newer, oc-validity 0: the control ends at once
	Stale                   // oc-seq not newer than the one in force: ignored
	Ignored                 // a loss oc above 100: ignored, its oc-seq not taken
)

var verdictNames = [...]string{"accepted", "ended", "stale", "ignored"}

func (v Verdict) String() string { return verdictNames[v] }

// Client is a client's overload control towards one server. Its zero value
// (with Tau set for the rate algorithm) has no control in force.
type Client struct {
	// Tau is the rate algorithm's tolerance τ in intervals T = 1/oc: a
	// burst of up to 1 + Tau new requests passes after a quiet spell.
	Tau float64

	seen   bool
	seq    uint64
	active bool
	fb     Feedback
	until  kernel.Time
	bucket leaky.Bucket
	tau    kernel.Time
}

// Receive takes a feedback heard at now in a response from the server.
// The oc-seq of every feedback taken is kept after the control ends, so
// that a late response cannot bring an older one back.
func (c *Client) Receive(now kernel.Time, f Feedback) Verdict {
	if c.seen && f.Seq <= c.seq {
		return Stale
	}
	if f.Algo == Loss && f.Oc > MaxLoss {
		return Ignored
	}
	c.seen, c.seq = true, f.Seq
	if f.Validity == 0 {
		c.active = false
		return Ended
	}
	validity := f.Validity
	if validity < 0 {
		validity = DefaultValidity
	}
	if f.Algo == Rate && (!c.active || c.fb.Algo != Rate || c.fb.Oc != f.Oc) {
		c.setRate(f.Oc)
	}
	c.active, c.fb, c.until = true, f, now+min(validity, maxValidity)
	return Accepted
}

// setRate sets the leaky bucket to oc requests/s, keeping its content.
func (c *Client) setRate(oc uint32) {
	if oc == 0 {
		return // Admit sends none
	}
	c.bucket.T = leaky.Interval(float64(oc))
	c.tau = kernel.Time(c.Tau * float64(c.bucket.T))
}

// SetTau changes the rate algorithm's tolerance (in intervals T).
func (c *Client) SetTau(tau float64) {
	c.Tau = tau
	if c.active && c.fb.Algo == Rate {
		c.setRate(c.fb.Oc)
	}
}

// InForce returns the feedback in force at now, and whether one is: the
// last one taken, until its validity ends.
func (c *Client) InForce(now kernel.Time) (Feedback, bool) {
	if c.active && now >= c.until {
		c.active = false
	}
	return c.fb, c.active
}

// Seq returns the oc-seq of the last feedback taken, and whether there is one.
func (c *Client) Seq() (uint64, bool) { return c.seq, c.seen }

// Admit decides whether a request goes to the server at now. A
// retransmission always goes: the control applies to new requests. While a
// feedback is in force a new request is dropped with probability oc/100
// (loss: 100·u < oc, u uniform in [0, 1) drawn from s), or when the leaky
// bucket at oc requests/s is over its tolerance (rate; oc = 0 sends none).
func (c *Client) Admit(now kernel.Time, retransmission bool, s *kernel.Stream) bool {
	if retransmission || !c.active {
		return true
	}
	if now >= c.until {
		c.active = false
		return true
	}
	switch {
	case c.fb.Oc == 0:
		return c.fb.Algo == Loss // loss: drop none; rate: send none
	case c.fb.Algo == Loss:
		return 100*s.Float64() >= float64(c.fb.Oc)
	}
	return c.bucket.Conform(now, c.tau)
}
