package web

import "testing"

// A number and the unit after it are bound by a no-break space in the
// text the server writes (tour steps, tile units); words that begin like
// a unit are left alone.
func TestKeepUnits(t *testing.T) {
	for in, want := range map[string]string{
		"at least 99 % in 60 to 80 % from 120 s to 300 s": "at least 99\u00a0% in 60 to 80\u00a0% from 120\u00a0s to 300\u00a0s",
		"N = 400 /s, W = 5 s, a 60 min window, 250 ms":    "N = 400\u00a0/s, W = 5\u00a0s, a 60\u00a0min window, 250\u00a0ms",
		"3 seeds, 2 sessions, 10 SSPs, 5 minutes":         "3 seeds, 2 sessions, 10 SSPs, 5 minutes",
	} {
		if got := keepUnits(in); got != want {
			t.Errorf("keepUnits(%q) = %q, want %q", in, got, want)
		}
	}
}
