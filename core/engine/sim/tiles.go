package sim

import "strings"

// What the page shows of a model besides its charts: the headline tiles
// and the plain names of its counters.

// Tile is a headline number of a model: the value of Column at the time
// the page looks at (Agg ""), its maximum up to then ("max"), or its total
// up to then, the rate summed over the intervals ("sum").
type Tile struct {
	Label  string `json:"label"`
	Column string `json:"column"`
	Agg    string `json:"agg,omitempty"`
	Doc    string `json:"doc"` // under the number: what it counts
}

// CounterName is the plain name of a counter a model reports (Report),
// shown in the page's Details instead of its key.
type CounterName struct {
	Name  string // the counter's key ("stale_drops"); a key ending in "." names every "<key><suffix>" as "<Label> <suffix>"
	Label string // plain words ("stale drops (waited longer than W)")
	Flag  bool   // the value is 1 or 0: shown as on or off
}

// Tile aggregations.
const (
	TileNow = ""
	TileMax = "max"
	TileSum = "sum"
)

// CounterLabel is the counter key in plain words, as the page's Details
// write it: the model's CounterName for the key (one ending in "." names
// every key it begins, with the rest after it), else the key with spaces
// for underscores.
func (d *Def) CounterLabel(key string) string {
	for _, c := range d.Counters {
		if c.Name == key {
			return c.Label
		}
		if strings.HasSuffix(c.Name, ".") && strings.HasPrefix(key, c.Name) {
			return c.Label + " " + key[len(c.Name):]
		}
	}
	return strings.ReplaceAll(key, "_", " ")
}
