//go:build !js

package hlrmap

import "overloadlab/core/engine/sim"

// The plain names of the counters the model reports, for the page's
// Details (HTML): left out of the WebAssembly build.
func init() { Def.Counters = counterNames }

// counterNames are the plain names of the counters the model reports.
var counterNames = []sim.CounterName{
	{Name: "routed_by_mapping", Label: "routed by the mapping table"},
	{Name: "broadcasts", Label: "broadcast to every Session Manager"},
	{Name: "avoided_reboot_window", Label: "sent to a random Session Manager: reboot window"},
	{Name: "avoided_cpu_threshold", Label: "sent to a random Session Manager: CPU at or above the broadcast threshold"},
	{Name: "avoided_configured", Label: "sent to a random Session Manager: avoid all broadcasts"},
	{Name: "dropped_above_70", Label: "dropped: CPU above 70 %"},
	{Name: "unidentified_subscriber", Label: "\"Unidentified Subscriber\" answers"},
	{Name: "misrouted", Label: "misrouted (hosted, sent to a wrong Session Manager)"},
	{Name: "random_hits", Label: "random choice found the right Session Manager"},
	{Name: "found_by_broadcast", Label: "found by broadcast (mapping re-learned)"},
	{Name: "registered", Label: "registered subscribers"},
	{Name: "mapped", Label: "subscribers mapped"},
	{Name: "hosted_without_mapping", Label: "hosted without a mapping"},
	{Name: "not_hosted", Label: "registered, not hosted"},
	{Name: "reboots", Label: "reboots"},
	{Name: "sessmgr_spread", Label: "Session Manager spread (most − fewest hosted)"},
	{Name: "lost_in_reboot", Label: "requests lost in a reboot"},
	{Name: "dropped_ingress_full", Label: "dropped: ingress full"},
	{Name: "hlr_retries", Label: "HLR retries"},
}
