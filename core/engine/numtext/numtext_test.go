package numtext

import (
	"encoding/json"
	"math"
	"os"
	"testing"
)

// cases is testdata/numbers.json, which static/ts/numbers.test.ts checks
// the page's fmt and count against too.
type cases struct {
	Fmt []struct {
		V    float64
		Text string
	}
	Count []struct {
		N    int64
		Text string
	}
}

func TestAsThePage(t *testing.T) {
	b, err := os.ReadFile("testdata/numbers.json")
	if err != nil {
		t.Fatal(err)
	}
	var cs cases
	if err := json.Unmarshal(b, &cs); err != nil {
		t.Fatal(err)
	}
	if len(cs.Fmt) < 20 || len(cs.Count) < 4 {
		t.Fatalf("%d fmt cases, %d count cases", len(cs.Fmt), len(cs.Count))
	}
	for _, c := range cs.Fmt {
		if got := Fmt(c.V); got != c.Text {
			t.Errorf("Fmt(%g) = %q, the page writes %q", c.V, got, c.Text)
		}
	}
	for _, c := range cs.Count {
		if got := Count(c.N); got != c.Text {
			t.Errorf("Count(%d) = %q, the page writes %q", c.N, got, c.Text)
		}
	}
	if got := Fmt(math.NaN()); got != "–" {
		t.Errorf("Fmt(NaN) = %q", got)
	}
}

// Fixed rounds as the page's toLocaleString in node and Chromium (V8):
// the shortest decimal that reads back as v, ties away from zero (where
// toFixed, from the exact binary value, gives 9.99, 1.00, 0.04 and 1.4).
func TestFixed(t *testing.T) {
	for _, c := range []struct {
		v    float64
		d    int
		want string
	}{{9.995, 2, "10.00"}, {1.005, 2, "1.01"}, {0.045, 2, "0.05"}, {1.45, 1, "1.5"}, {8.345, 2, "8.35"}, {12.25, 1, "12.3"},
		{2.5, 0, "3"}, {-2.5, 0, "-3"}, {0.125, 2, "0.13"}, {1.0000000000000002, 2, "1.00"}, {123456789.5, 0, "123456790"}, {3, 2, "3.00"}, {1e21, 2, "1e+21"}} {
		if got := Fixed(c.v, c.d); got != c.want {
			t.Errorf("Fixed(%g, %d) = %q, want %q", c.v, c.d, got, c.want)
		}
	}
}
