//go:build js

package mcswitch

import "overloadlab/core/engine/scenario"

// The tours of tours.go, empty in the WebAssembly build.
var tourSwitchStep5x, tourSwitchHotspot, tourSwitchOverloadSteps, tourSwitchUpgrade, tourSwitchRegression []scenario.Step
