//go:build js

package sip

import "overloadlab/core/engine/scenario"

// The tours of tours.go, empty in the WebAssembly build.
var tourSipCollapseUdp, tourSipCollapseTcp, tourSip503RetryAfter, tourSip503Alternate, tourSipLoss3x, tourSipLoss5x, tourSipRate3x, tourSipRateJoinLeave, tourSipTvVote []scenario.Step
