//go:build !js

package mcswitch

import "overloadlab/core/engine/sim"

// The plain names of the counters the model reports, for the page's
// Details (HTML): left out of the WebAssembly build.
func init() { Def.Counters = counterNames }

// counterNames are the plain names of the counters the model reports.
var counterNames = []sim.CounterName{
	{Name: "reaction_reached_intervals", Label: "admitted fraction within 10 % of settled after (intervals)"},
	{Name: "reaction_settled_intervals", Label: "admitted fraction settled after (intervals)"},
	{Name: "reaction_settled_s", Label: "admitted fraction settled after (seconds)"},
	{Name: "settled_fraction", Label: "settled admitted fraction"},
	{Name: "excursions_above_target5", Label: "times above target + 5 %"},
	{Name: "longest_above_target5_s", Label: "longest time above target + 5 % (seconds)"},
	{Name: "time_above_target5_s", Label: "time above target + 5 % (seconds)"},
	{Name: "unrecovered_at_end_s", Label: "above target + 5 % at the end (seconds)"},
	{Name: "f_at_end", Label: "admitted share at the end"},
	{Name: "admitted_fraction.", Label: "admitted fraction:"},
	{Name: "fits", Label: "regression fits"},
	{Name: "holds", Label: "regression holds (mix too steady)"},
	{Name: "error.", Label: "cost error:"},
	{Name: "held_fits.", Label: "fits held:"},
	{Name: "within_10pct_since_s", Label: "all costs within 10 % since (seconds)"},
	{Name: "mean_error", Label: "mean cost error"},
	{Name: "max_error", Label: "largest cost error"},
	{Name: "idle_estimate", Label: "estimated idle share"},
	{Name: "on", Label: "regression on", Flag: true},
	{Name: "handover", Label: "handover"},
	{Name: "mt-call", Label: "mobile-terminated call"},
	{Name: "mo-call", Label: "mobile-originated call"},
	{Name: "lu-sms", Label: "location update or SMS"},
	{Name: "goodput_equivalent_per_s", Label: "goodput in base calls/s"},
	{Name: "dropped_buffer_full", Label: "dropped: buffer full"},
	{Name: "max_queue_msgs", Label: "longest queue (messages)"},
}
