// Package gcpace sets how often the Go collector runs in the simulator's
// process: the page's worker and wasm/digests (natively too, so that the
// wasm-against-native benchmark compares the same program).
//
// In WebAssembly a Go program has one thread, so every collection's
// marking is done by the thread that runs the simulation and the write
// barrier slows it while a cycle is on; natively the marking runs on
// another core. A heap goal of 5× the live heap (GOGC=400) instead of 2×
// leaves attach-storm with no collection before its end (three otherwise),
// 1.9–2.6 % less time in Chromium (build/wasmspeed, 9 runs alternated,
// two rounds); natively it saves the collector's CPU on the other core.
// The memory limit keeps the worst case where GOGC=100 would put it: a
// live heap up to 64 MB (DESIGN.md's budget for a 24-hour run) peaks
// under 128 MiB either way, since wasm memory, once grown, is never given
// back to the browser.
package gcpace

import "runtime/debug"

// Set applies the pace: GOGC=400 under a 128 MiB soft memory limit.
func Set() {
	debug.SetGCPercent(400)
	debug.SetMemoryLimit(128 << 20)
}
