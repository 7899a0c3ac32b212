//go:build !js

package access

import (
	"overloadlab/core/engine/param"
	"overloadlab/core/engine/scenario"
)

// The presets' exercises: their goals are claims of the preset (claims.go),
// those the preset's own run fails marked Fails.
var challengeT3346Fixed = []scenario.Challenge{{
	Name:       "flatten-the-echo",
	Title:      "No second spike: under 2 000 attempts a second from 17 to 32 minutes, by one change to the back-off",
	Goals:      []string{"no-second-spike"},
	Free:       []string{"t3346.min", "t3346.max"},
	MaxChanges: 1,
	Keep:       []string{"nas-congestion"},
	Limit:      "one change to T3346",
	Hint:       "The herd comes back at once because every device was given the same T3346. What if each drew its own?",
	Solution:   map[string]param.Value{"t3346.max": param.Num(30)},
}}
