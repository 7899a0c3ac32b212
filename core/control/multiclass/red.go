package multiclass

// RED is signaling RED (SRED) [R]: random early detection on the processor's
// message queue, applied to first messages only. At every first message the
// average queue is updated and the reject probability read from it:
//
//	q̄ ← (1−w)·q̄ + w·q
//	p = 0 for q̄ < min_th;  max_p·(q̄−min_th)/(max_th−min_th) for min_th ≤ q̄ < max_th;  1 for q̄ ≥ max_th.
//
// The thresholds are in messages, so they say nothing about how much work a
// message is: they do not follow a processor upgrade or a change of mix.
type RED struct {
	W     float64 // w, the EWMA weight per first message (default 0.002)
	MinTh float64 // min_th, messages (default 5)
	MaxTh float64 // max_th, messages (default 15)
	MaxP  float64 // max_p, reject probability at max_th (default 0.1)
	Avg   float64 // q̄, the average queue
}

// Observe takes the queue q (messages) seen by a first message, updates q̄
// and returns the reject probability p(q̄).
func (r *RED) Observe(q float64) float64 {
	r.Avg += r.W * (q - r.Avg)
	return r.Reject()
}

// Reject returns p(q̄) at the current average.
func (r *RED) Reject() float64 {
	switch {
	case r.Avg < r.MinTh:
		return 0
	case r.Avg >= r.MaxTh:
		return 1
	}
	return (r.Avg - r.MinTh) * (r.MaxP / (r.MaxTh - r.MinTh))
}
