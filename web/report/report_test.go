package report

import (
	"testing"

	"overloadlab/core/engine/compare"
)

// The report writes numbers as the page does: fmtNum is numtext.Fmt,
// checked against the page's own table (core/engine/numtext/testdata);
// a difference is written with its sign as the page writes it.
func TestFmtNumAsThePage(t *testing.T) {
	if got := fmtNum(9.995); got != "10.00" {
		t.Errorf("fmtNum(9.995) = %q, the page writes 10.00", got)
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
