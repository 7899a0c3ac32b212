package scp

import (
	"slices"

	"overloadlab/core/control/acg"
	"overloadlab/core/engine/kernel"
	"overloadlab/core/engine/metrics"
	"overloadlab/core/engine/sim"
)

// idleBelow is the SCP occupancy under which blocking at the sources counts
// as throttling while the SCP is idle.
const idleBelow = 0.90

// stopShown is how the gap "stop all" is drawn on the gap chart, in
// seconds: above the largest standard gap, 600 s.
const stopShown = 1000

// The model's columns, after the outcome block of classNames.
var (
	cols          sim.Columns
	colAdmitted   = cols.Add("admitted", "admitted at the SSPs (sent to the SCP)", "/s")
	colClassAdm   = [2]sim.Col{cols.Add("heavy.admitted", "heavy admitted at the SSPs", "/s"), cols.Add("light.admitted", "light admitted at the SSPs", "/s")}
	colArrivals   = cols.Add("scp.arrivals", "queries reaching the SCP", "/s")
	colLoad       = cols.Add("scp.load", "measured load (% of capacity)", "%")
	colCPU        = cols.Add("cpu", "SCP CPU", "%")
	colQueue      = cols.AddMax("scp.queue", "SCP queue", "queries")
	colLevel      = cols.Add("level", "congestion level (standard ACG)", "level")
	colGapSent    = cols.Add("gap.sent", "gap the SCP sends (a stop-all gap is drawn at 1000 seconds)", "s")
	colGapMean    = cols.Add("gap.mean", "mean gap in force at gapped SSPs", "s")
	colGapped     = cols.Add("gapped", "SSPs with a gap in force", "%")
	colRate       = cols.Add("adaptive.rate", "adaptive rate per SSP", "/s")
	colFairness   = cols.Add("fairness", "Jain's fairness index (carried / desired)", "")
	colGroupMeans = [4]sim.Col{
		cols.Add("ssp.heavy.carried", "carried per heavy SSP", "/s"),
		cols.Add("ssp.heavy.desired", "desired share per heavy SSP", "/s"),
		cols.Add("ssp.light.carried", "carried per light SSP", "/s"),
		cols.Add("ssp.light.desired", "desired share per light SSP", "/s"),
	}
)

// Measure closes an interval: the SCP measures the load that reached it,
// decides the control it sends until the next interval, and the per-SSP
// carried rates are compared with their desired shares.
func (n *node) Measure(row *sim.Row) {
	now, dt := row.Now, row.Seconds()
	admitted := 0.0
	for c := range classNames {
		a := row.Offered(c) - row.Ended(c, metrics.Throttled)
		row.Set(colClassAdm[c], a)
		admitted += a
	}
	row.Set(colAdmitted, admitted)
	rho := n.cpu.Measure(now)
	x := float64(n.arrivals-n.prevArrivals) / dt
	row.Delta(colArrivals, n.arrivals, &n.prevArrivals)
	row.Set(colLoad, 100*x/n.capacity)
	row.Set(colCPU, 100*rho)
	row.Set(colQueue, n.cpu.Backlog(now).Seconds()/n.cost)

	var throttled int64
	for c := range classNames {
		throttled += n.env.Out.Class(c).Get(metrics.Throttled)
	}
	if rho < idleBelow {
		n.throttledIdle += throttled - n.prevThrottled
	}
	n.prevThrottled = throttled

	n.decide(x)
	row.Set(colLevel, float64(n.level))
	gap := n.sentGap.Seconds()
	if n.sentGap == acg.Stop {
		gap = stopShown
	}
	row.Set(colGapSent, gap)
	rate := 0.0
	if n.control == ctlAdaptive {
		rate = n.adaptive.Rate()
	}
	row.Set(colRate, rate)
	n.intervals++
	n.levelSum += float64(n.level)
	if n.sending && n.sentGap > 0 {
		n.gapIntervals++
	}

	// The gaps in force at the SSPs, and the smoothed carried rates.
	alpha := min(1, dt/n.window)
	gapped, timed := 0, 0
	gapSum := 0.0
	for i := range n.src {
		s := &n.src[i]
		if s.gap.Active(now) {
			gapped++
			if g := s.gap.Interval(now); g != acg.Stop {
				timed++
				gapSum += g.Seconds()
			}
		}
		s.smooth += alpha * (float64(s.completed-s.prevDone)/dt - s.smooth)
		s.prevDone = s.completed
		n.got[i] = s.smooth
	}
	mean := 0.0
	if timed > 0 {
		mean = gapSum / float64(timed)
	}
	row.Set(colGapMean, mean)
	row.Set(colGapped, 100*float64(gapped)/float64(len(n.src)))
	j, _, _ := n.fairness()
	row.Set(colFairness, j)
	var means [4]float64
	n.groupMeans(means[:])
	for i, c := range colGroupMeans {
		row.Set(c, means[i])
	}
}

// fairness compares n.got with the desired shares of its total and returns
// Jain's index, the worst and the best ratio carried/desired.
func (n *node) fairness() (index, worst, best float64) {
	total := 0.0
	for _, g := range n.got {
		total += g
	}
	if n.sharing == 0 {
		maxMin(n.want, n.demand, n.order, total)
	} else {
		proportional(n.want, n.demand, total)
	}
	return jain(n.got, n.want)
}

// groupMeans writes the mean carried and desired rate per heavy and per
// light SSP: heavy carried, heavy desired, light carried, light desired.
func (n *node) groupMeans(out []float64) {
	var cnt [2]float64
	clear(out)
	for i := range n.src {
		c := n.src[i].class
		out[2*c] += n.got[i]
		out[2*c+1] += n.want[i]
		cnt[c]++
	}
	for c := range cnt {
		if cnt[c] > 0 {
			out[2*c] /= cnt[c]
			out[2*c+1] /= cnt[c]
		}
	}
}

// Report returns the outcomes and the controls' counters.
func (n *node) Report(now kernel.Time) sim.Report {
	rep := sim.Report{Held: slices.Clone(n.held[:])}
	var completed, throttled, admitted, offered int64
	for c := range classNames {
		k := n.env.Out.Class(c)
		completed += k.Get(metrics.InTime)
		throttled += k.Get(metrics.Throttled)
		offered += k.Offered
	}
	gapped := 0
	for i := range n.src {
		admitted += n.src[i].admitted
		if n.src[i].gap.Active(now) {
			gapped++
		}
	}
	secs := now.Seconds()
	thr := 0.0
	if secs > 0 {
		thr = float64(completed) / secs
	}
	// Fairness over the period since the traffic last changed.
	period := (now - n.since).Seconds()
	for i := range n.src {
		n.got[i] = 0
		if period > 0 {
			n.got[i] = float64(n.src[i].completed-n.src[i].base) / period
		}
	}
	index, worst, best := n.fairness()
	var means [4]float64
	n.groupMeans(means[:])
	meanLevel, onShare := 0.0, 0.0
	if n.intervals > 0 {
		meanLevel = n.levelSum / float64(n.intervals)
		onShare = 100 * n.gapIntervals / float64(n.intervals)
	}
	rep.Controls = []sim.Group{
		{Name: "scp", Counters: []sim.Counter{
			cCapacityPerS.Is(n.capacity),
			cThroughputPerS.Is(thr),
			cThroughputPctOfCapacity.Is(100 * thr / n.capacity),
			cQueriesReceived.Is(float64(n.arrivals)),
			cDroppedBufferFull.Is(float64(n.bufferDrops)),
		}},
		{Name: "gaps at the ssps", Counters: []sim.Counter{
			cOffered.Is(float64(offered)),
			cAdmitted.Is(float64(admitted)),
			cThrottled.Is(float64(throttled)),
			cThrottledWhileScpCpuUnder90pct.Is(float64(n.throttledIdle)),
			cControlsReceived.Is(float64(n.received)),
			cSspsGappedNow.Is(float64(gapped)),
			cGappingOnOffSwitches.Is(float64(n.switches)),
			cIntervalsSendingAGapPct.Is(onShare),
			cMeanLevel.Is(meanLevel),
			cAdaptiveRatePerSsp.Is(n.adaptive.Rate()),
		}},
		{Name: "fairness (" + Sharings[n.sharing] + ")", Counters: []sim.Counter{
			cJainIndex.Is(index),
			cWorstRatio.Is(worst),
			cBestRatio.Is(best),
			cHeavyCarriedPerSsp.Is(means[0]),
			cHeavyDesiredPerSsp.Is(means[1]),
			cLightCarriedPerSsp.Is(means[2]),
			cLightDesiredPerSsp.Is(means[3]),
			cPeriodS.Is(period),
		}},
	}
	return rep
}

// The counters Report writes, declared with their plain words (for the
// page's Details: natively only) and written by handle.
var (
	counters                        sim.Counters
	cCapacityPerS                   = counters.Add("capacity_per_s", "capacity", "queries per second")
	cThroughputPerS                 = counters.Add("throughput_per_s", "throughput", "queries per second")
	cThroughputPctOfCapacity        = counters.Add("throughput_pct_of_capacity", "throughput (% of capacity)", "")
	cQueriesReceived                = counters.Add("queries_received", "queries received", "")
	cDroppedBufferFull              = counters.Add("dropped_buffer_full", "dropped: buffer full", "")
	cOffered                        = counters.Add("offered", "offered at the SSPs", "")
	cAdmitted                       = counters.Add("admitted", "admitted by the gaps", "")
	cThrottled                      = counters.Add("throttled", "blocked by a gap", "")
	cThrottledWhileScpCpuUnder90pct = counters.Add("throttled_while_scp_cpu_under_90pct", "blocked while the SCP was under 90 % CPU", "")
	cControlsReceived               = counters.Add("controls_received", "gap controls received by SSPs", "")
	cSspsGappedNow                  = counters.Add("ssps_gapped_now", "SSPs under a gap now", "")
	cGappingOnOffSwitches           = counters.Add("gapping_on_off_switches", "gapping switched on or off", "")
	cIntervalsSendingAGapPct        = counters.Add("intervals_sending_a_gap_pct", "intervals sending a gap", "%")
	cMeanLevel                      = counters.Add("mean_level", "mean congestion level", "")
	cAdaptiveRatePerSsp             = counters.Add("adaptive_rate_per_ssp", "adaptive rate per SSP", "queries per second")
	cJainIndex                      = counters.Add("jain_index", "Jain's fairness index", "")
	cWorstRatio                     = counters.Add("worst_ratio", "worst carried ÷ desired", "")
	cBestRatio                      = counters.Add("best_ratio", "best carried ÷ desired", "")
	cHeavyCarriedPerSsp             = counters.Add("heavy_carried_per_ssp", "carried per heavy SSP", "queries per second")
	cHeavyDesiredPerSsp             = counters.Add("heavy_desired_per_ssp", "desired per heavy SSP", "queries per second")
	cLightCarriedPerSsp             = counters.Add("light_carried_per_ssp", "carried per light SSP", "queries per second")
	cLightDesiredPerSsp             = counters.Add("light_desired_per_ssp", "desired per light SSP", "queries per second")
	cPeriodS                        = counters.Add("period_s", "measured over", "seconds")
)
