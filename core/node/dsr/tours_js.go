//go:build js

package dsr

import "overloadlab/core/engine/scenario"

// The tours of tours.go, empty in the WebAssembly build.
var tourDoicPriorityOnly, tourDoicPriorityWithinColour, tourDoicPlainVsRanked, tourDoicShmBursty, tourDoicOverloadAndRecovery, tourDoicRateAlgorithm, tourDoicDivert, tourDoicInjectedReport []scenario.Step
