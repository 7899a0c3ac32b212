package sim

import (
	"math"
	"strings"
)

// What the page shows of a model besides its charts: the headline tiles
// and the plain names of its counters.

// Tile is a headline number of a model: the value of Column at the time
// the page looks at (Agg ""), its maximum up to then ("max"; over the
// intervals ending after From when From is set), its total
// up to then, the rate summed over the intervals ("sum"), or its mean over
// the intervals ending after From up to then ("mean": a claim's window,
// so that the tile and the claim on the column show one figure; the Doc
// says the window).
type Tile struct {
	Label  string  `json:"label"`
	Column string  `json:"column"`
	Agg    string  `json:"agg,omitempty"`
	From   float64 `json:"from,omitempty"` // TileMean, TileMax: the window starts (s)
	Doc    string  `json:"doc"`            // under the number: what it counts
	// Unset says the column's 0 is no value yet: a time not reached
	// ("time to 95 % attached"). The tile reads "not reached", Tile
	// returns false, and a comparison gives no numeric Δ.
	Unset bool `json:"unset,omitempty"`
}

// CounterName is the plain name of a counter a model reports (Report),
// shown in the page's Details instead of its key; a model declares them
// with Counters.
type CounterName struct {
	Name  string `json:"name"`           // the counter's key ("stale_drops"); a key ending in "." names every "<key><suffix>" as "<Label> <suffix>"
	Label string `json:"label"`          // plain words ("stale drops (waited longer than the wait time)"), in every build: the difference table, the report and the page's Details name the counter by it
	Unit  string `json:"unit,omitempty"` // its unit in words ("seconds"), "" if none
	Flag  bool   `json:"flag,omitempty"` // the value is 1 or 0: shown as on or off
}

// Words returns the label with its unit: "mean wait in the queue
// (seconds)"; "" where the label is.
func (c CounterName) Words() string {
	if c.Label == "" || c.Unit == "" {
		return c.Label
	}
	return c.Label + " (" + c.Unit + ")"
}

// Tile aggregations.
const (
	TileNow = ""
	TileMax = "max"
	TileSum = "sum"
	// TileMean is the mean over the intervals ending after Tile.From, as
	// a claim.Mean with that From measures it.
	TileMean = "mean"
)

// CounterLabel is the counter key in plain words, as the page's Details
// write it: the model's CounterName for the key (one ending in "." names
// every key it begins, with the rest after it), else (or for a counter declared
// without words) the key with spaces for underscores.
func (d *Def) CounterLabel(key string) string {
	for _, c := range d.Counters.List() {
		if c.Label == "" {
			continue
		}
		if c.Name == key {
			return c.Words()
		}
		if strings.HasSuffix(c.Name, ".") && strings.HasPrefix(key, c.Name) {
			return c.Words() + " " + key[len(c.Name):]
		}
	}
	return strings.ReplaceAll(key, "_", " ")
}

// CounterFlag says whether the counter key is a flag (Counters.Flag): its
// value is 1 or 0, shown as on or off.
func (d *Def) CounterFlag(key string) bool {
	for _, c := range d.Counters.List() {
		if c.Name == key {
			return c.Flag
		}
	}
	return false
}

// Tile returns the value of the headline tile t over the intervals
// recorded: its column's last value, its maximum (TileMax, over the
// intervals ending after t.From), its total,
// the rate times each interval's length, rounded (TileSum), or its mean
// over the intervals ending after t.From (TileMean), as the page's tiles
// show them; false if the column has no value yet (none after From, or
// an Unset tile's 0).
func (r *Run) Tile(t Tile) (float64, bool) {
	ts, v, ok := r.rec.Series(t.Column)
	if !ok || len(v) == 0 {
		return 0, false
	}
	if t.Unset && t.Agg == TileNow && v[len(v)-1] == 0 {
		return 0, false
	}
	switch t.Agg {
	case TileMax:
		m, ok := 0.0, false
		for i, x := range v {
			if ts[i] > t.From {
				m, ok = cond(ok, max(m, x), x), true
			}
		}
		return m, ok
	case TileSum:
		s, prev := 0.0, 0.0
		for i, x := range v {
			s += x * (ts[i] - prev)
			prev = ts[i]
		}
		return math.Round(s), true
	case TileMean:
		return meanFrom(ts, v, t.From)
	}
	return v[len(v)-1], true
}

// meanFrom is the mean of the values v of the intervals ending (ts) after
// from, as a TileMean tile and a claim.Mean from that time measure it;
// false if no interval ends after from.
func meanFrom(ts, v []float64, from float64) (float64, bool) {
	s, n := 0.0, 0
	for i, x := range v {
		if ts[i] > from {
			s += x
			n++
		}
	}
	if n == 0 {
		return 0, false
	}
	return s / float64(n), true
}

// cond is a if c, else b.
func cond(c bool, a, b float64) float64 {
	if c {
		return a
	}
	return b
}
