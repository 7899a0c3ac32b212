package access

import (
	"overloadlab/core/control/barring"
	"overloadlab/core/engine/param"
	"overloadlab/core/engine/scenario"
	"overloadlab/core/engine/sim"
)

// The studies' own metrics: the time from the outage's end to 95 %
// attached (never reached: the time to the run's end, a lower bound its
// label says), and the busiest MME's peak CPU over
// the whole run or after 10 minutes (the echo of the first wave). Their
// labels are short: they name the charts' y axes.
var (
	metricT95 = sim.Metric{Name: "t95_s", Label: "time to 95 % attached, or ≥ run's end", Unit: "s", Of: t95OrEnd}
	metricCPU = sim.Metric{Name: "cpu_peak_pct", Label: "peak MME CPU", Unit: "%", Column: "cpu", Agg: sim.TileMax}
	// After 10 minutes: the first wave is over (outage end at 2:00, a
	// 60 s spread, five attempts 25 s apart) and what comes is its echo.
	metricEcho = sim.Metric{Name: "cpu_echo_pct", Label: "peak MME CPU after 10 min", Unit: "%", Column: "cpu", Agg: sim.TileMax, From: 600}
)

// t95OrEnd is the t95 column at the run's end; if 95 % was never
// reached, the time from the outage's end to the run's end, a lower bound
// drawn at the chart's top rather than a 0 read as at once.
func t95OrEnd(r *sim.Run) float64 {
	if x, ok := r.Tile(sim.Tile{Column: "t95"}); ok && x > 0 {
		return x
	}
	return r.Summary().DurationS - pTriggerT2.Of(r.Scenario.Params)
}

var (
	nasOn        = map[string]param.Value{"nas-congestion": param.On(true), "t3346.min": param.Num(15)}
	signalling   = barring.Signalling
	barringTimes = func(t string) map[string]param.Value {
		return map[string]param.Value{signalling: param.On(true), signalling + ".ac-BarringTime": param.Str(t)}
	}
)

var sweeps = []sim.Sweep{
	{
		ID: "t3346", Title: "T3346 fixed or random: time to 95 % and the echo's CPU", Param: "t3346.max",
		Values: []float64{15, 20, 25, 30, 45, 60},
		Curves: []scenario.Variant{
			{Label: "T3346 fixed at max", Params: nasOn, Follow: []string{"t3346.min"}},
			{Label: "T3346 random in [15 min, max]", Params: nasOn},
		},
		Metrics: []sim.Metric{metricT95, metricEcho},
		Doc: "After the outage, a fixed T3346 never has 95 % of the devices attached within the hour, and up to 45 min its echo pins the MMEs " +
			"again (100 %); drawn from [15 min, max] the echo's peak falls as the range widens, under 60 % from 30 min on, and 95 % " +
			"attached comes soonest at 25 min, some 25 minutes after the outage.",
	},
	{
		ID: "acb", Title: "Barring factor: time to 95 % and the peak CPU", Param: signalling + ".ac-BarringFactor",
		Values: []float64{5, 10, 20, 30, 50, 75, 95}, // not all 16: a barred herd is the model's dearest run
		Curves: []scenario.Variant{
			{Label: "barring time 64 s", Params: barringTimes("s64")},
			{Label: "barring time 256 s", Params: barringTimes("s256")},
		},
		Metrics: []sim.Metric{metricT95, metricCPU},
		Doc: "Barring at p05 or p10 keeps the busiest MME under 100 % but delays everyone (95 % attached at best some 30 minutes after " +
			"the outage); from p20 the first wave pins the MMEs anyway, and at p95 fewer than 95 % are attached within the hour. The longer " +
			"barring time needs the higher factor: 95 % attached soonest at p20 for 64 s, at p75 for 256 s.",
	},
}
