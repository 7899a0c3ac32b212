//go:build !js

package imsimgr

import "overloadlab/core/engine/sim"

// The plain names of the counters the model reports, for the page's
// Details (HTML): left out of the WebAssembly build.
func init() { Def.Counters = counterNames }

// counterNames are the plain names of the counters the model reports.
var counterNames = []sim.CounterName{
	{Name: "queued", Label: "requests queued for pacing"},
	{Name: "released", Label: "released by the pacing queue"},
	{Name: "waiting", Label: "waiting now"},
	{Name: "stale_drops", Label: "stale drops (waited longer than the wait time)"},
	{Name: "overflow_rejects", Label: "overflow rejected through the messenger"},
	{Name: "overflow_drops", Label: "overflow dropped (action drop)"},
	{Name: "overflow_drops_high_cpu", Label: "overflow dropped by the 70 % guard"},
	{Name: "mean_wait_s", Label: "mean wait in the queue (seconds)"},
	{Name: "enabled", Label: "guard switched on", Flag: true},
	{Name: "activations", Label: "times the guard switched on"},
	{Name: "readings_at_or_above_70", Label: "CPU readings at or above 70 %"},
	{Name: "crashes", Label: "crashes (watchdog restarts)"},
	{Name: "lost_in_crash", Label: "requests lost in a crash"},
	{Name: "dropped_while_down", Label: "dropped while restarting"},
	{Name: "dropped_ingress_full", Label: "dropped: ingress full"},
	{Name: "emergency_unpaced", Label: "emergency attaches not paced"},
	{Name: "retries", Label: "retries by UEs and peers"},
}
