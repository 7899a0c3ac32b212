package report

import (
	"testing"

	"overloadlab/core/engine/compare"
)

// fmtNum writes numbers as the page's fmt (static/ts/charts.ts) does, so
// that a report and the page show the same digits.
func TestFmtNumAsThePage(t *testing.T) {
	for _, c := range []struct {
		v    float64
		want string // what fmt gives in the page
	}{
		{123456.7, "123,457"}, {1000, "1,000"}, {999.95, "1,000.0"}, {12.345, "12.3"}, {-3.14159, "-3.14"},
		{0, "0.0"}, {0.0123, "0.012"}, {0.95, "0.95"}, {0.9996, "1.0"}, {-0.5, "-0.50"}, {0.00012345, "0.00012"},
		{12.25, "12.3"}, {1000.5, "1,001"}, {-2.345, "-2.35"}, {9.995, "9.99"}, {99.95, "100.0"}, {0.125, "0.13"}, {0.0996, "0.10"}, {-0.375, "-0.38"},
	} {
		if got := fmtNum(c.v); got != c.want {
			t.Errorf("fmtNum(%g) = %q, the page writes %q", c.v, got, c.want)
		}
	}
	for _, c := range []struct {
		v    float64
		want string
	}{{-531583, "−531,583"}, {-115, "−115"}, {174.4, "+174.4"}, {0.5, "+0.50"}, {-1000.5, "−1,001"}} {
		if got := signed(compare.Row{Unit: "msgs"}, c.v); got != c.want {
			t.Errorf("signed(%g) = %q, want %q", c.v, got, c.want)
		}
	}
	if got := signed(compare.Row{Unit: "/s"}, 174); got != "+174.0" {
		t.Errorf("a rate's difference: %q", got)
	}
}
