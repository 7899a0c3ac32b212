//go:build js

package imsimgr

import "overloadlab/core/engine/scenario"

// The tours of tours.go, empty in the WebAssembly build.
var tourAttachStorm, tourAttachStormFastGuard, tourAttachStormUneven, tourAttachStormNoGuard, tourAttachStormUnpaced, tourAttachStormDrop, tourBusyHour []scenario.Step
