//go:build !js

package dsr

import "overloadlab/core/engine/sim"

// The plain names of the counters the model reports, for the page's
// Details (HTML): left out of the WebAssembly build.
func init() { Def.Counters = counterNames }

// counterNames are the plain names of the counters the model reports.
var counterNames = []sim.CounterName{
	{Name: "sent", Label: "sent to the server"},
	{Name: "abated", Label: "abated"},
	{Name: "diverted", Label: "diverted to the alternate server"},
	{Name: "olr_accepted", Label: "overload reports accepted"},
	{Name: "olr_ended", Label: "overload reports ending an overload"},
	{Name: "olr_repeated_or_stale", Label: "overload reports repeated or stale"},
	{Name: "olr_ignored", Label: "overload reports ignored"},
	{Name: "sequence_number", Label: "last report sequence number"},
	{Name: "reduction_in_force", Label: "reduction in force (%)"},
	{Name: "max_rate_in_force", Label: "maximum rate in force (requests per second)"},
	{Name: "reports", Label: "overload reports sent"},
	{Name: "overload_occurrences", Label: "overload occurrences"},
	{Name: "reduction_requested", Label: "reduction requested (%)"},
	{Name: "arrivals", Label: "requests reaching the server"},
	{Name: "discarded_queue_full", Label: "discarded: server queue full"},
	{Name: "alternate_arrivals", Label: "requests reaching the alternate server"},
	{Name: "alternate_discarded", Label: "discarded by the alternate server"},
	{Name: "green_sent", Label: "green sent"},
	{Name: "green_abated", Label: "green abated"},
	{Name: "yellow_sent", Label: "yellow sent"},
	{Name: "yellow_abated", Label: "yellow abated"},
}
