package sim

// SetBudget lowers the event budget of r, so that tests reach it quickly.
func SetBudget(r *Run, pending int, events uint64) { r.maxPending, r.maxEvents = pending, events }
