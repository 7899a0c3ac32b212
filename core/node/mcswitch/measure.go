package mcswitch

import (
	"overloadlab/core/control/multiclass"
	"overloadlab/core/engine/kernel"
	"overloadlab/core/engine/metrics"
	"overloadlab/core/engine/sim"
)

// reaction times the excursions of the occupancy above a threshold
// (ρ_target + 5 %): each from the start of its first interval above to the
// end of the last one before it is back at or below. (The control's own
// reaction time is read on the admitted fraction: multiclass.Reaction.)
type reaction struct {
	above      bool
	onset      kernel.Time
	Excursions int64
	Max        float64 // s, the longest excursion
	Total      float64 // s above
}

// observe takes one interval [now−dt, now] with load x against threshold
// thr and returns the time above so far (0 when not above).
func (r *reaction) observe(now, dt kernel.Time, x, thr float64) float64 {
	if x > thr {
		if !r.above {
			r.above = true
			r.onset = now - dt
			r.Excursions++
		}
		r.Total += dt.Seconds()
		return (now - r.onset).Seconds()
	}
	if r.above {
		r.above = false
		r.Max = max(r.Max, (now - dt - r.onset).Seconds())
	}
	return 0
}

// open returns how long the current excursion has lasted at now (0 if none).
func (r *reaction) open(now kernel.Time) float64 {
	if !r.above {
		return 0
	}
	return (now - r.onset).Seconds()
}

// The model's columns, after the outcome block of the classes.
var (
	cols                      sim.Columns
	colCPU                    = cols.AddMax("cpu", "processor occupancy ρ", "%")
	colAdmitted               = cols.Add("admitted-load", "work admitted (calls admitted × their true cost)", "%")
	colReaction               = cols.AddMax("reaction", "time above target + 5 %", "s")
	colQueue                  = cols.AddMax("queue", "messages waiting for the processor", "msgs")
	colSREDAvg                = cols.Add("sred.avg", "SRED average queue", "msgs")
	colF                      = cols.Add("f", "admitted share f of the equivalent load", "")
	colOfferedEq              = cols.Add("offered-eq", "offered equivalent load", "base calls/s")
	colAlphaTgt               = cols.Add("alpha-target", "target acceptance rate", "base calls/s")
	colIdleEst                = cols.Add("idle-est", "estimated idle share", "%")
	colIdleTrue               = cols.Add("idle-true", "background load", "%")
	colCostError              = cols.Add("cost-error", "mean relative error of the costs in use", "%")
	colFraction               = perClassColumns(".fraction", " admitted fraction (first messages admitted / offered)", "")
	colDelay                  = perClassColumns(".delay", " call setup time", "s")
	colCostInUse, colCostTrue = costColumns()
)

// perClassColumns declares one column per class, named class+suffix.
func perClassColumns(suffix, label, unit string) []sim.Col {
	out := make([]sim.Col, len(classes))
	for i, c := range classes {
		out[i] = cols.Add(c.name+suffix, c.name+label, unit)
	}
	return out
}

// costColumns declares, per class, the cost in use beside the true cost.
func costColumns() (inUse, truth []sim.Col) {
	for _, c := range classes {
		inUse = append(inUse, cols.Add(c.name+".cost-est", c.name+" cost in use (estimate)", "ms/call"))
		truth = append(truth, cols.Add(c.name+".cost-true", c.name+" true cost", "ms/call"))
	}
	return inUse, truth
}

// Measure closes an interval: the processor's occupancy is measured and the
// control takes it.
func (n *node) Measure(row *sim.Row) {
	now, dt, sec := row.Now, row.Len, row.Seconds()
	rho := n.cpu.Measure(now)
	n.ctl.Update(now, rho)
	thr := pTargetOccupancy.Of(n.v)/100 + 0.05
	adm := n.workIn / n.cpu.Speed() / sec
	n.workIn = 0
	row.Set(colCPU, 100*rho)
	row.Set(colAdmitted, 100*adm)
	row.Set(colReaction, n.react.observe(now, dt, rho, thr))
	row.Set(colQueue, float64(n.inCPU))
	row.Set(colSREDAvg, n.ctl.AverageQueue())
	row.Set(colF, n.ctl.Overall())
	if n.overload && now > n.overFrom && now <= n.overTo {
		n.fSeries = append(n.fSeries, n.ctl.Overall())
	}
	row.Set(colOfferedEq, n.ctl.Offered())
	row.Set(colAlphaTgt, n.ctl.TargetRate())
	row.Set(colIdleEst, 100*n.ctl.Idle())
	row.Set(colIdleTrue, 100*n.cpu.Background())
	costErr := 100 * n.costError()
	row.Set(colCostError, costErr)
	if costErr > 10 {
		n.convergedAt = -1
	} else if n.convergedAt < 0 {
		n.convergedAt = now.Seconds()
	}
	for i := range classes {
		row.Set(colFraction[i], n.ctl.Admitted(i))
		delay := 0.0
		if n.delayN[i] > 0 {
			delay = n.delaySum[i] / float64(n.delayN[i])
		}
		row.Set(colDelay[i], delay)
		n.delaySum[i], n.delayN[i] = 0, 0
		row.Set(colCostInUse[i], 1e3*n.ctl.Cost(i))
		row.Set(colCostTrue[i], 1e3*n.trueCost(i))
	}
}

// trueCost is the CPU seconds per call of class i at the current speed: its
// coefficient in ρ = c_0 + Σ c_i·(calls/s).
func (n *node) trueCost(i int) float64 {
	var s float64
	for _, x := range n.cost[i] {
		s += x
	}
	return s / n.cpu.Speed()
}

// Report returns the outcomes and the controls' counters.
func (n *node) Report(now kernel.Time) sim.Report {
	rep := sim.Report{Held: append([]int64(nil), n.calls...)}
	T := n.env.Interval.Seconds()
	reached, settled, fstar, _ := multiclass.Reaction(n.fSeries)
	ctl := sim.Group{Name: "overload control (" + pAlgorithm.Of(n.v) + ")", Counters: []sim.Counter{
		cReactionReachedIntervals.Is(float64(reached)),
		cReactionSettledIntervals.Is(float64(settled)),
		cReactionSettledS.Is(float64(settled) * T),
		cSettledFraction.Is(fstar),
		cExcursionsAboveTarget5.Is(float64(n.react.Excursions)),
		cLongestAboveTarget5S.Is(n.react.Max),
		cTimeAboveTarget5S.Is(n.react.Total),
		cUnrecoveredAtEndS.Is(n.react.open(now)),
		cFAtEnd.Is(n.ctl.Overall()),
	}}
	for i, c := range classes {
		x := 1.0
		if o := n.env.Out.Class(i).Offered; o > 0 {
			x = float64(n.admitted[i]) / float64(o)
		}
		ctl.Counters = append(ctl.Counters, cAdmittedFraction.Is(c.name, x))
	}
	delay := sim.Group{Name: "call setup time (mean, s)"}
	for i := range classes {
		d := 0.0
		if n.delayAllN[i] > 0 {
			d = n.delayAll[i] / float64(n.delayAllN[i])
		}
		delay.Counters = append(delay.Counters, cSetupTime[i].Is(d))
	}
	reg := sim.Group{Name: "cost regression"}
	if rg := n.ctl.Regression(); rg != nil {
		var sum, worst float64
		reg.Counters = append(reg.Counters, cFits.Is(float64(rg.Fits)), cHolds.Is(float64(rg.Holds)))
		for i, c := range classes {
			e := relErr(n.ctl.Cost(i), n.trueCost(i))
			sum += e
			worst = max(worst, e)
			reg.Counters = append(reg.Counters, cError.Is(c.name, e))
		}
		for i, c := range classes {
			reg.Counters = append(reg.Counters, cHeldFits.Is(c.name, float64(rg.Held(i))))
		}
		reg.Counters = append(reg.Counters, cHeldFits.Is("idle", float64(rg.Held(len(classes)+1))))
		reg.Counters = append(reg.Counters,
			cWithin10pctSinceS.Is(n.convergedAt),
			cMeanError.Is(sum/float64(len(classes))),
			cMaxError.Is(worst),
			cIdleEstimate.Is(n.ctl.Idle()))
	} else {
		reg.Counters = []sim.Counter{cOn.Is(0)}
		for i, c := range classes {
			reg.Counters = append(reg.Counters, cError.Is(c.name, relErr(n.ctl.Cost(i), n.trueCost(i))))
		}
	}
	var eq float64
	for i := range classes {
		eq += n.weight(i) * float64(n.env.Out.Class(i).Get(metrics.InTime))
	}
	sw := sim.Group{Name: "switch", Counters: []sim.Counter{
		cGoodputEquivalentPerS.Is(eq / max(now.Seconds(), 1e-9)),
		cDroppedBufferFull.Is(float64(n.drops)),
		cMaxQueueMsgs.Is(float64(n.maxQueue)),
	}}
	rep.Controls = append(rep.Controls, ctl, delay, reg, sw)
	return rep
}

// costError is the mean over the classes of |ĉ_i − c_i| / c_i.
func (n *node) costError() float64 {
	var s float64
	for i := range classes {
		s += relErr(n.ctl.Cost(i), n.trueCost(i))
	}
	return s / float64(len(classes))
}

// weight is the true w_i = c_i/c_b of class i.
func (n *node) weight(i int) float64 {
	return n.trueCost(i) / n.trueCost(n.base)
}

// relErr is |est − truth| / truth.
func relErr(est, truth float64) float64 {
	if truth == 0 {
		return 0
	}
	d := est - truth
	if d < 0 {
		d = -d
	}
	return d / truth
}

// The counters Report writes, declared with their plain words (for the
// page's Details: natively only) and written by handle.
var (
	counters                  sim.Counters
	cReactionReachedIntervals = counters.Add("reaction_reached_intervals", "admitted fraction within 10 % of settled after", "intervals")
	cReactionSettledIntervals = counters.Add("reaction_settled_intervals", "admitted fraction settled after", "intervals")
	cReactionSettledS         = counters.Add("reaction_settled_s", "admitted fraction settled after", "seconds")
	cSettledFraction          = counters.Add("settled_fraction", "settled admitted fraction", "")
	cExcursionsAboveTarget5   = counters.Add("excursions_above_target5", "times above target + 5 %", "")
	cLongestAboveTarget5S     = counters.Add("longest_above_target5_s", "longest time above target + 5 %", "seconds")
	cTimeAboveTarget5S        = counters.Add("time_above_target5_s", "time above target + 5 %", "seconds")
	cUnrecoveredAtEndS        = counters.Add("unrecovered_at_end_s", "above target + 5 % at the end", "seconds")
	cFAtEnd                   = counters.Add("f_at_end", "admitted share at the end", "")
	cAdmittedFraction         = counters.Family("admitted_fraction.", "admitted fraction:", "")
	cFits                     = counters.Add("fits", "regression fits", "")
	cHolds                    = counters.Add("holds", "regression holds (mix too steady)", "")
	cError                    = counters.Family("error.", "cost error:", "")
	cHeldFits                 = counters.Family("held_fits.", "fits held:", "")
	cWithin10pctSinceS        = counters.Add("within_10pct_since_s", "all costs within 10 % since", "seconds")
	cMeanError                = counters.Add("mean_error", "mean cost error", "")
	cMaxError                 = counters.Add("max_error", "largest cost error", "")
	cIdleEstimate             = counters.Add("idle_estimate", "estimated idle share", "")
	cOn                       = counters.Flag("on", "regression on")
	// cSetupTime is each class's mean call setup time, in the order of
	// classes, keyed by the class's name (catalog's TestCounterNames
	// checks each is reported).
	cSetupTime = [...]sim.CounterKey{
		counters.Add("handover", "handover", ""),
		counters.Add("mt-call", "mobile-terminated call", ""),
		counters.Add("mo-call", "mobile-originated call", ""),
		counters.Add("lu-sms", "location update or SMS", ""),
	}
	cGoodputEquivalentPerS = counters.Add("goodput_equivalent_per_s", "goodput in base calls/s", "")
	cDroppedBufferFull     = counters.Add("dropped_buffer_full", "dropped: buffer full", "")
	cMaxQueueMsgs          = counters.Add("max_queue_msgs", "longest queue", "messages")
)
