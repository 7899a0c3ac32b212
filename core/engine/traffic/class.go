package traffic

import "overloadlab/core/engine/kernel"

// Class is a kind of message a node handles: an SGSN attach, a MAP Insert
// Subscriber Data, a Diameter request of priority P2, the first message of a
// mobile-originated call.
type Class struct {
	Name     string      // short name used in parameters and reports
	Label    string      // what an operator calls it
	Priority int         // 0 (lowest) … 4 (P4, never throttled by DOIC)
	Deadline kernel.Time // the peer's guard timer: completing later is wasted work
}
