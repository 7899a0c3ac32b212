// Package gcpace sets how often the Go collector runs in the page's
// worker, and in wasm/digests when it runs as WebAssembly, so that
// build/wasmspeed times the page's pace. Natively it does nothing: the
// command line runs with Go's defaults, and wasm/digests natively stands
// for it.
//
// In WebAssembly a Go program has one thread, so every collection's
// marking is done by the thread that runs the simulation and the write
// barrier slows it while a cycle is on; natively the marking runs on
// another core. A heap goal of 5× the live heap (GOGC=400) instead of 2×
// leaves attach-storm with no collection before its end (three otherwise),
// 1.9–2.6 % less time in Chromium (build/wasmspeed, 9 runs alternated,
// two rounds). The memory limit keeps the worst case where GOGC=100 would
// put it: a live heap up to 64 MB (DESIGN.md's budget for a 24-hour run)
// peaks under 128 MiB either way, since wasm memory, once grown, is never
// given back to the browser.
package gcpace
