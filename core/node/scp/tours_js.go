//go:build js

package scp

import "overloadlab/core/engine/scenario"

// The tours of tours.go, empty in the WebAssembly build.
var tourScpStandardAcg, tourScpAdaptiveAcg, tourScp1000Ssps10x, tourScp10Ssps, tourScpUnbalanced, tourScp1000Unbalanced10x, tourScpAdaptiveLag, tourScpOverloadStep []scenario.Step
