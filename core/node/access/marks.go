package access

import (
	"overloadlab/core/control/backoff"
	"overloadlab/core/engine/kernel"
	"overloadlab/core/engine/numtext"
)

// The T3346 echo (sim.Env.Mark): the instant the devices rejected with
// #22 at the start of a congestion come back. A congestion lasts from the
// first attach rejected #22 while none was (no MME was congested at the
// CPU reading before) until a reading at which no MME is congested. Its
// echo is at the end of the T3346 of its first reject: the first #22
// reaches its device at t₀, whose T3346 runs to t₀ + T3346, rounded up to
// the timer wheel's 100 ms slot, where every device's timer ends; with
// T3346 random in [min, max] the echo spans t₀ + min to t₀ + max, over
// which that congestion's rejected devices come back. The mark is made
// at that instant, naming how many attaches the congestion rejected #22
// so far: "T3346 echo: 975,965 rejected #22 return". An outage that
// starts before it takes the devices out of T3346, and the echo with
// them.
type echo struct {
	at, until kernel.Time // the slots of t₀ + min and t₀ + max
	n         int64       // attaches rejected #22 in the congestion
	open      bool        // the congestion still lasts (it counts its rejects until marked)
}

// slot rounds t up to the wheel's slot, as put files a timer ending at t.
func slot(t kernel.Time) kernel.Time { return (t + step - 1) / step * step }

// rejected22 counts cnt attaches rejected #22 with T3346 by cfg, the first
// reaching its device at first: the first of a congestion opens its echo,
// which is at the earliest such end of T3346 of the congestion.
func (n *node) rejected22(first kernel.Time, cfg backoff.Config, cnt int64) {
	if cnt <= 0 {
		return
	}
	if !n.congested22 {
		n.congested22 = true
		n.echoes = append(n.echoes, echo{at: slot(first + cfg.Min), until: slot(first + cfg.Max), open: true})
	}
	if k := len(n.echoes); k > 0 && n.echoes[k-1].open {
		// The MMEs' answers leave after their backlogs: the first to
		// reach its device may come from a later call.
		e := &n.echoes[k-1]
		e.n += cnt
		e.at, e.until = min(e.at, slot(first+cfg.Min)), min(e.until, slot(first+cfg.Max))
	}
}

// congestionRead closes the open congestion at a CPU reading at which no
// MME is congested.
func (n *node) congestionRead() {
	if !n.congested22 {
		return
	}
	for _, m := range n.mmes {
		if c, _ := m.nas.Congested(); c && m.up {
			return
		}
	}
	n.congested22 = false
	if k := len(n.echoes); k > 0 {
		n.echoes[k-1].open = false
	}
}

// markEcho marks the first echo to come, due now.
func (n *node) markEcho(now kernel.Time) {
	e := n.echoes[0]
	n.env.Mark(e.at, e.until, "T3346 echo: "+numtext.Count(e.n)+" rejected #22 return")
	n.echoes = n.echoes[:copy(n.echoes, n.echoes[1:])]
}
