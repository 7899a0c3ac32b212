//go:build !js

// Package prose marks text that only native code reads: the page's HTML,
// rendered from the schema at build time (templ), the command line and the
// tests. In the WebAssembly build Page returns "" and, inlined, drops its
// argument, so that the text is not in the module the page downloads:
//
//	Doc: prose.Page("engineered capacity: each query costs …"),
//
// keeps a parameter's doc in its Spec literal, next to its range, and out of
// the wasm: 3.2 KB of its brotli for some 160 parameter docs, 3.9 KB for the
// 26 "how it works" panels (their formula and text). It must stay a package
// of its own, compiled with inlining: a call that is not inlined passes its
// text, and build/main.go compiles package param without inlining.
package prose

// Page returns s: natively every caller reads the text.
func Page(s string) string { return s }
