//go:build js

package hlrmap

import "overloadlab/core/engine/scenario"

// The tours of tours.go, empty in the WebAssembly build.
var tourHlrStormAfterReboot, tourHlrStormControlsOff, tourHlrThresholdAfterWindow []scenario.Step
