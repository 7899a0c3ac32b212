package palette_test

import (
	"testing"

	"overloadlab/core/catalog"
	"overloadlab/web/palette"
)

// BenchmarkEveryChart styles every chart of every model, as the page's
// description does once at start.
func BenchmarkEveryChart(b *testing.B) {
	for b.Loop() {
		for _, d := range catalog.Models {
			for _, c := range d.Charts {
				palette.For(c)
			}
		}
	}
}
