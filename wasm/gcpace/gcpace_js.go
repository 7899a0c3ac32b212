//go:build js && wasm

package gcpace

import "runtime/debug"

// Set applies the pace: GOGC=400 under a 128 MiB soft memory limit.
func Set() {
	debug.SetGCPercent(400)
	debug.SetMemoryLimit(128 << 20)
}
