// Package metrics counts outcomes and records per-interval series with
// bounded memory, and digests the whole series so two runs can be compared.
package metrics

// Outcome is how one attempt ended. Every attempt ends in exactly one of
// these, or is still in flight when the run stops.
type Outcome uint8

const (
	InTime    Outcome = iota // completed before the peer's deadline
	Late                     // completed after the deadline: wasted work
	Rejected                 // answered with an error (congestion, too busy)
	Dropped                  // discarded without an answer
	Throttled                // never sent: blocked at the source (gap, abatement)
	numOutcomes
)

var outcomeNames = [...]string{"completed", "late", "rejected", "dropped", "throttled"}

func (o Outcome) String() string { return outcomeNames[o] }

// Counts are the outcomes of one class (or source). Offered counts every
// attempt, retries included; Offered = InTime + Late + Rejected + Dropped +
// Throttled + InFlight always holds.
type Counts struct {
	Offered int64
	Ended   [numOutcomes]int64
}

// Offer counts a new attempt.
func (c *Counts) Offer() { c.Offered++ }

// End counts the outcome of one attempt.
func (c *Counts) End(o Outcome) { c.Ended[o]++ }

// Get returns the count of outcome o.
func (c *Counts) Get(o Outcome) int64 { return c.Ended[o] }

// InFlight returns the attempts that have not ended yet.
func (c *Counts) InFlight() int64 {
	n := c.Offered
	for _, e := range c.Ended {
		n -= e
	}
	return n
}

// Add adds o into c.
func (c *Counts) Add(o *Counts) {
	c.Offered += o.Offered
	for i := range c.Ended {
		c.Ended[i] += o.Ended[i]
	}
}
