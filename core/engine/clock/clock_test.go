package clock

import (
	"encoding/json"
	"math"
	"os"
	"slices"
	"testing"
)

// A case of testdata/clock.json, which static/ts/scrub.test.ts reads too:
// the page and the Go side write every time alike.
type clockCase struct {
	T    float64 `json:"t"`
	Run  float64 `json:"run"`
	Text string  `json:"text"`
	Why  string  `json:"why"`
}

func TestFormatAsTheTable(t *testing.T) {
	b, err := os.ReadFile("testdata/clock.json")
	if err != nil {
		t.Fatal(err)
	}
	var cases []clockCase
	if err := json.Unmarshal(b, &cases); err != nil {
		t.Fatal(err)
	}
	if len(cases) < 10 {
		t.Fatalf("%d cases in testdata/clock.json", len(cases))
	}
	for _, c := range cases {
		if got := Format(c.T, c.Run); got != c.Text {
			t.Errorf("Format(%g, run %g) = %q, want %q (%s)", c.T, c.Run, got, c.Text, c.Why)
		}
	}
}

func TestFormatNotANumber(t *testing.T) {
	for _, x := range []float64{math.NaN(), math.Inf(1), math.Inf(-1)} {
		if got := Format(x, 300); got != "–" {
			t.Errorf("Format(%g) = %q, want –", x, got)
		}
	}
}

func TestNotation(t *testing.T) {
	for run, want := range map[float64]string{60: "m:ss", 600: "m:ss", 600.5: "h:mm:ss", 5400: "h:mm:ss"} {
		if got := Notation(run); got != want {
			t.Errorf("Notation(%g) = %q, want %q", run, got, want)
		}
	}
}

// A time axis's ticks: rising; seconds and minutes while times read m:ss,
// whole minutes only once they read h:mm:ss, up to a day.
func TestTicks(t *testing.T) {
	for _, run := range []float64{60, Long, Long + 1, 86400} {
		ts := Ticks(run)
		if !slices.IsSorted(ts) || ts[len(ts)-1] != 86400 {
			t.Errorf("Ticks(%g) = %v: not rising to a day", run, ts)
		}
		for _, s := range ts {
			if run > Long && math.Mod(s, 60) != 0 {
				t.Errorf("Ticks(%g): %g s, not a whole minute in a run whose times read h:mm:ss", run, s)
			}
		}
		if short := ts[0] < 60; short != (run <= Long) {
			t.Errorf("Ticks(%g) starts at %g s", run, ts[0])
		}
	}
}
