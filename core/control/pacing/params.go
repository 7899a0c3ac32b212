package pacing

import (
	"fmt"

	"overloadlab/core/engine/param"
	"overloadlab/core/engine/prose"
)

// Params is the schema of one pacing queue's parameters, as the operator
// configures network-overload-protection on a node: names start with
// prefix ("sgsn-"), docs and the group name the node ("SGSN").
func Params(prefix, node string) []param.Spec {
	g := node + " pacing queue"
	return []param.Spec{
		{Name: prefix + "network-overload-protection", Label: "Pacing on", Marker: node + " pacing", Group: g, Kind: param.Bool, Default: param.On(false),
			Doc: prose.Page("network-overload-protection on the " + node + ": pace new connections through the pacing queue (off by default on the node)")},
		{Name: prefix + "new-connections-per-second", Label: "N: new connections", Marker: node + " N", Group: g, Unit: "/s", Kind: param.Integer, Min: 50, Max: 5000, Step: 10, Default: param.Num(400),
			Doc: prose.Page("N: the pacing queue releases at most N new-connection requests per second")},
		{Name: prefix + "queue-size", Label: "Q: queue size", Marker: node + " Q", Group: g, Unit: "requests", Kind: param.Integer, Min: 0, Max: 25000, Step: 50, Default: param.Num(0),
			Doc: prose.Page("Q: requests that may wait; 0 means the default N·W; otherwise 250–25000")},
		{Name: prefix + "wait-time", Label: "W: wait time", Marker: node + " W", Group: g, Unit: "s", Kind: param.Integer, Min: 1, Max: 15, Step: 1, Default: param.Num(5),
			Doc: prose.Page("W: a request that waited longer than W seconds is stale and dropped")},
		{Name: prefix + "action", Label: "Overflow action", Marker: node + " overflow action", Group: g, Kind: param.Choice, Choices: Actions, Default: param.Str("drop"),
			Doc: prose.Page("what happens to a request that finds the queue full: drop it, or reject it through a Session Manager (messenger call, costs CPU)")},
	}
}

// CheckParams applies the rule the ranges cannot say: Q is 0 (the default
// N·W) or at least 250.
func CheckParams(v param.Values, prefix string) error {
	if q := v.Int(prefix + "queue-size"); q != 0 && q < 250 {
		return &param.Error{Field: prefix + "queue-size", Value: fmt.Sprint(q), Allowed: "0 (the default N·W) or a whole number from 250 to 25000"}
	}
	return nil
}
