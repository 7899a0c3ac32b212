//go:build js

package access

import "overloadlab/core/engine/scenario"

// The tours are left out of the WebAssembly build (tours.go).
var (
	tourOutageNoControl   []scenario.Step
	tourOutagePacing      []scenario.Step
	tourOutageT3346Fixed  []scenario.Step
	tourOutageT3346Random []scenario.Step
	tourOutageAcb         []scenario.Step
	tourOutageS1Overload  []scenario.Step
	tourMmeFailure        []scenario.Step
	tourM2mFleetHourly    []scenario.Step
)
