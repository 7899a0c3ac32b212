//go:build !unix

package main

import "time"

// cpuTime is 0 where the process cannot read its CPU time (js/wasm: the
// browser's trace measures it instead).
func cpuTime() time.Duration { return 0 }
