//go:build js

package prose

// Page returns "": nothing in the WebAssembly build reads the text.
func Page(string) string { return "" }
