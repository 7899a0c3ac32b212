//go:build !js

package sip

import "overloadlab/core/engine/sim"

// The plain names of the counters the model reports, for the page's
// Details (HTML): left out of the WebAssembly build.
func init() { Def.Counters = counterNames }

var counterNames = []sim.CounterName{
	{Name: "new_requests_sent", Label: "new requests sent by the clients"},
	{Name: "copies_sent_again", Label: "copies sent again by Timers A and E"},
	{Name: "oc_dropped", Label: "new requests dropped by the clients for oc"},
	{Name: "blocked_by_retry_after", Label: "new requests failed: the server blocked by Retry-After"},
	{Name: "diverted_to_alternate", Label: "new requests sent to the alternate server"},
	{Name: "refused_sent_to_alternate", Label: "requests refused with 503, sent again to the alternate"},
	{Name: "answers_after_giving_up", Label: "final answers that came after the caller gave up"},
	{Name: "oc_accepted", Label: "feedbacks taken (a newer oc-seq)"},
	{Name: "oc_ended", Label: "feedbacks ending the control (oc-validity 0)"},
	{Name: "oc_stale", Label: "feedbacks not newer than the one taken"},
	{Name: "oc_ignored", Label: "feedbacks ignored (a loss oc over 100)"},
	{Name: "copies_received", Label: "request copies received"},
	{Name: "lost_buffer_full", Label: "copies lost at the full ingress buffer"},
	{Name: "new_transactions", Label: "new transactions processed"},
	{Name: "copies_absorbed", Label: "copies parsed and absorbed (the transaction was known)"},
	{Name: "refused_503", Label: "new requests refused with 503"},
	{Name: "answers_relayed", Label: "downstream answers relayed"},
	{Name: "stale_messages", Label: "messages processed after their caller gave up"},
	{Name: "queued", Label: "messages in the queue"},
	{Name: "oc_seq", Label: "last oc-seq sent"},
}
