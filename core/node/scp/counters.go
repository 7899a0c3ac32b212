//go:build !js

package scp

import "overloadlab/core/engine/sim"

// The plain names of the counters the model reports, for the page's
// Details (HTML): left out of the WebAssembly build.
func init() { Def.Counters = counterNames }

// counterNames are the plain names of the counters the model reports.
var counterNames = []sim.CounterName{
	{Name: "capacity_per_s", Label: "capacity (queries per second)"},
	{Name: "throughput_per_s", Label: "throughput (queries per second)"},
	{Name: "throughput_pct_of_capacity", Label: "throughput (% of capacity)"},
	{Name: "queries_received", Label: "queries received"},
	{Name: "dropped_buffer_full", Label: "dropped: buffer full"},
	{Name: "offered", Label: "offered at the SSPs"},
	{Name: "admitted", Label: "admitted by the gaps"},
	{Name: "throttled", Label: "blocked by a gap"},
	{Name: "throttled_while_scp_cpu_under_90pct", Label: "blocked while the SCP was under 90 % CPU"},
	{Name: "controls_received", Label: "gap controls received by SSPs"},
	{Name: "ssps_gapped_now", Label: "SSPs under a gap now"},
	{Name: "gapping_on_off_switches", Label: "gapping switched on or off"},
	{Name: "intervals_sending_a_gap_pct", Label: "intervals sending a gap (%)"},
	{Name: "mean_level", Label: "mean congestion level"},
	{Name: "adaptive_rate_per_ssp", Label: "adaptive rate per SSP (queries per second)"},
	{Name: "jain_index", Label: "Jain's fairness index"},
	{Name: "worst_ratio", Label: "worst carried ÷ desired"},
	{Name: "best_ratio", Label: "best carried ÷ desired"},
	{Name: "heavy_carried_per_ssp", Label: "carried per heavy SSP (queries per second)"},
	{Name: "heavy_desired_per_ssp", Label: "desired per heavy SSP (queries per second)"},
	{Name: "light_carried_per_ssp", Label: "carried per light SSP (queries per second)"},
	{Name: "light_desired_per_ssp", Label: "desired per light SSP (queries per second)"},
	{Name: "period_s", Label: "measured over (seconds)"},
}
