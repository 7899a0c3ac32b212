//go:build !(js && wasm)

package gcpace

// Set does nothing natively (see the package's doc).
func Set() {}
