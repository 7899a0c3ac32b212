// Package broadcast is the IMSI Manager's broadcast control for unknown MAP
// requests from the HLR (SGSN only).
//
// Cancel Location, standalone Insert Subscriber Data, Delete Subscriber
// Data and Provide Subscriber Location reach the IMSI Manager when the Link
// Manager cannot find the Session Manager from the IMSI. The IMSI Manager
// looks the IMSI up in its IMSI→SessMgr mapping table. With a mapping the
// request goes to that Session Manager. Without one it would be broadcast to
// every Session Manager (CPU in proportion to their number; if all answer
// negatively a random Session Manager answers "Unidentified Subscriber").
// Three rules keep that broadcast from overloading the IMSI Manager; for a
// request without a mapping, arriving at t with the CPU ρ measured over the
// last interval, the first that applies decides:
//
//	ρ > 70 %                      ⇒ Drop: no answer (congestion threshold) [order R]
//	t − t_reboot < 60 min         ⇒ AvoidWindow: random SessMgr, no broadcast
//	avoid-all (no cpu_threshold)  ⇒ AvoidConfig: random SessMgr
//	ρ ≥ P (50 % ≤ P ≤ 70 %)       ⇒ AvoidCPU: random SessMgr
//	otherwise                     ⇒ Broadcast
//
// The comparisons follow the words of Cisco's broadcast control documentation: the congestion action starts when
// the CPU "crosses" 70 % (strictly above); broadcasting stops when the CPU
// threshold "is reached" (at or above) and resumes when the CPU "comes down
// below" it; the window covers "the first 60 minutes" after the reboot, so
// at exactly 60 minutes broadcasting is allowed again. It does not say
// which rule comes first when the CPU is above 70 % inside the window; the
// congestion drop is taken first [R], because it applies to "all unknown
// subscriber requests".
//
// The control keeps no clock: time and CPU are passed in on every call, as
// x/time/rate's AllowN(t, n) does, so the same type could guard a real
// IMSI Manager.
package broadcast

import (
	"fmt"
	"strconv"

	"overloadlab/core/engine/kernel"
	"overloadlab/core/engine/param"
)

// Window is the fixed reboot window: no broadcast for unknown MAP requests
// during the first 60 minutes after a reboot. Not configurable on the node.
const Window = 60 * kernel.Minute

// Congestion is the fixed congestion threshold: above it (ρ > 0.70) every
// unknown subscriber request from the HLR is dropped.
const Congestion = 0.70

// The range and default of the CPU threshold P of
// "task facility imsimgr avoid-sessmgr-broadcast cpu_threshold P".
const (
	MinThreshold     = 0.50
	MaxThreshold     = 0.70
	DefaultThreshold = 0.50
)

// Decision is what the IMSI Manager does with one MAP request from the HLR.
type Decision uint8

const (
	Route       Decision = iota // the mapping exists: send to its SessMgr
	Broadcast                   // no mapping: ask every SessMgr
	AvoidWindow                 // no mapping, within 60 min of a reboot: random SessMgr
	AvoidConfig                 // no mapping, avoid-sessmgr-broadcast without cpu_threshold: random SessMgr
	AvoidCPU                    // no mapping, ρ ≥ P: random SessMgr
	Drop                        // no mapping, ρ > 70 %: dropped, no answer
	NumDecisions
)

var decisionNames = [NumDecisions]string{"route", "broadcast", "avoid-window", "avoid-config", "avoid-cpu", "drop"}

func (d Decision) String() string { return decisionNames[d] }

// Avoided reports whether d sends the request to a random Session Manager
// instead of broadcasting it.
func (d Decision) Avoided() bool { return d == AvoidWindow || d == AvoidConfig || d == AvoidCPU }

// Config is the control's configuration. The zero value has every rule off
// (broadcast everything): a lab setting, not the node's. Default returns the
// node's.
type Config struct {
	// Avoid is "task facility imsimgr avoid-sessmgr-broadcast", on by
	// default: stop broadcasting while ρ ≥ Threshold.
	Avoid bool
	// AvoidAll is the same command without cpu_threshold: never broadcast.
	AvoidAll bool
	// Threshold is P, 0.50–0.70 (default 0.50).
	Threshold float64
	// RebootWindow is the fixed 60-minute window (always on in the node;
	// off only in the lab).
	RebootWindow bool
	// CongestionDrop is the fixed 70 % drop (always on in the node; off
	// only in the lab).
	CongestionDrop bool
}

// Default returns the node's configuration: every rule on, P = 50 %.
func Default() Config {
	return Config{Avoid: true, Threshold: DefaultThreshold, RebootWindow: true, CongestionDrop: true}
}

// Check validates the configuration (P matters only while Avoid is on with
// a threshold); the error names the field, the value and the allowed range.
func (c Config) Check() error {
	if c.Avoid && !c.AvoidAll && !(c.Threshold >= MinThreshold && c.Threshold <= MaxThreshold) {
		return &param.Error{Field: "cpu_threshold", Value: strconv.FormatFloat(100*c.Threshold, 'g', -1, 64) + " %",
			Allowed: fmt.Sprintf("a number from %g to %g %%", 100*MinThreshold, 100*MaxThreshold)}
	}
	return nil
}

// Control is the broadcast control of one IMSI Manager.
type Control struct {
	cfg      Config
	rebootAt kernel.Time
	rebooted bool
	// Count is how many requests got each decision.
	Count [NumDecisions]int64
}

// New returns a control with cfg, never rebooted.
func New(cfg Config) (*Control, error) {
	if err := cfg.Check(); err != nil {
		return nil, err
	}
	return &Control{cfg: cfg}, nil
}

// Configure changes the configuration (a CLI change during the run).
func (c *Control) Configure(cfg Config) error {
	if err := cfg.Check(); err != nil {
		return err
	}
	c.cfg = cfg
	return nil
}

// Config returns the configuration.
func (c *Control) Config() Config { return c.cfg }

// Reboot records a system reboot at now: the reboot window starts.
func (c *Control) Reboot(now kernel.Time) {
	c.rebootAt, c.rebooted = now, true
}

// InWindow reports whether now is within the first 60 minutes after the
// last reboot: t_reboot ≤ now < t_reboot + 60 min.
func (c *Control) InWindow(now kernel.Time) bool {
	return c.rebooted && now >= c.rebootAt && now-c.rebootAt < Window
}

// Decide returns the decision for a MAP request from the HLR arriving at
// now, with mapped telling whether the IMSI→SessMgr mapping exists and rho
// the CPU occupancy (0..1) measured over the last interval, and counts it.
// It does not allocate.
func (c *Control) Decide(now kernel.Time, rho float64, mapped bool) Decision {
	d := c.decide(now, rho, mapped)
	c.Count[d]++
	return d
}

func (c *Control) decide(now kernel.Time, rho float64, mapped bool) Decision {
	switch {
	case mapped:
		return Route
	case c.cfg.CongestionDrop && rho > Congestion:
		return Drop
	case c.cfg.RebootWindow && c.InWindow(now):
		return AvoidWindow
	case c.cfg.Avoid && c.cfg.AvoidAll:
		return AvoidConfig
	case c.cfg.Avoid && rho >= c.cfg.Threshold:
		return AvoidCPU
	}
	return Broadcast
}
