package acg

import (
	"fmt"
	"strconv"
	"strings"

	"overloadlab/core/engine/kernel"
)

// GapValues are the standard allowed gap intervals in seconds (ANSI/AIN
// national gap interval) [S]; "stop" (stop all) is allowed as well.
var GapValues = []float64{0, 0.1, 0.25, 0.5, 1, 2, 5, 10, 15, 30, 60, 120, 300, 600}

// DurationValues are the standard allowed control durations in seconds,
// 2^(k−1) for k = 1 … 12 [S]; "inf" (infinity) is allowed as well.
var DurationValues = []float64{1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048}

// MaxLevels bounds the levels of a table.
const MaxLevels = 16

// MaxLoad bounds a level's load threshold, in percent of capacity.
const MaxLoad = 100000

// Level is one row of a standard ACG table: at a measured load of Load
// percent of the SCP's engineered capacity or more, the SCP sends the gap
// interval Gap for Duration.
type Level struct {
	Load     float64     // threshold, % of capacity (> 0)
	Gap      kernel.Time // a standard gap value, or Stop
	Duration kernel.Time // a standard duration, or Forever
}

// Table is a standard ACG table: levels 1 … len(Table) in order of rising
// load. Level 0 (below the first threshold) sends no control.
//
// Rule [S]: level(load) = max{k : Table[k−1].Load ≤ load}, 0 if none; every
// source gets the same (gap, duration) of that level. The thresholds are
// vendor tables [S/R], hence an editable parameter.
type Table []Level

// DefaultTable is the table of the lab [R]: thresholds on the queries that
// reached the SCP over the last interval, in percent of its engineered
// capacity, with gaps and durations from the standard values, coarser as
// the load rises. Vendor tables differ; edit it to try others.
const DefaultTable = `# load ≥ (% of capacity)   gap (s)   duration (s)
100   0.1    8
130   0.25   8
200   0.5    16
300   1      16
500   2      32
800   5      32
1200  stop   8
`

// TableSyntax says in words what a table text may hold, for error messages.
const TableSyntax = "one level per line, \"LOAD GAP DURATION\" with LOAD in % of capacity (rising, > 0), " +
	"GAP one of 0 0.1 0.25 0.5 1 2 5 10 15 30 60 120 300 600 stop (s), " +
	"DURATION one of 1 2 4 … 2048 inf (s); '#' starts a comment"

// ParseTable reads a table: one level per line, "LOAD GAP DURATION",
// blank lines and '#' comments ignored. Every error names the line, the
// field, the value and what is allowed.
func ParseTable(text string) (Table, error) {
	var t Table
	for i, line := range strings.Split(text, "\n") {
		if k := strings.IndexByte(line, '#'); k >= 0 {
			line = line[:k]
		}
		f := strings.Fields(line)
		if len(f) == 0 {
			continue
		}
		no := i + 1
		if len(f) != 3 {
			return nil, fmt.Errorf("line %d: %q has %d fields (allowed: %s)", no, strings.TrimSpace(line), len(f), TableSyntax)
		}
		if len(t) == MaxLevels {
			return nil, fmt.Errorf("line %d: more than %d levels (allowed: at most %d)", no, MaxLevels, MaxLevels)
		}
		load, err := strconv.ParseFloat(f[0], 64)
		if err != nil || !(load > 0 && load <= MaxLoad) {
			return nil, fmt.Errorf("line %d: load %q (allowed: a number above 0 and at most %d, %% of capacity)", no, f[0], MaxLoad)
		}
		if len(t) > 0 && load <= t[len(t)-1].Load {
			return nil, fmt.Errorf("line %d: load %s is not above the previous level's %s (allowed: thresholds rising line by line)",
				no, f[0], strconv.FormatFloat(t[len(t)-1].Load, 'g', -1, 64))
		}
		gap, ok := standard(f[1], GapValues, "stop", Stop)
		if !ok {
			return nil, fmt.Errorf("line %d: gap %q (allowed: %s stop, in seconds)", no, f[1], list(GapValues))
		}
		dur, ok := standard(f[2], DurationValues, "inf", Forever)
		if !ok {
			return nil, fmt.Errorf("line %d: duration %q (allowed: %s inf, in seconds)", no, f[2], list(DurationValues))
		}
		t = append(t, Level{Load: load, Gap: gap, Duration: dur})
	}
	if len(t) == 0 {
		return nil, fmt.Errorf("no level (allowed: %s)", TableSyntax)
	}
	return t, nil
}

// CheckTable validates a table text, for the parameter schema.
func CheckTable(text string) error {
	_, err := ParseTable(text)
	return err
}

// standard returns the time of word if it is one of values (seconds) or
// the keyword.
func standard(word string, values []float64, keyword string, special kernel.Time) (kernel.Time, bool) {
	if word == keyword {
		return special, true
	}
	x, err := strconv.ParseFloat(word, 64)
	if err != nil {
		return 0, false
	}
	for _, v := range values {
		if x == v {
			return kernel.Seconds(v), true
		}
	}
	return 0, false
}

func list(values []float64) string {
	var b strings.Builder
	for i, v := range values {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(strconv.FormatFloat(v, 'g', -1, 64))
	}
	return b.String()
}

// Level returns the congestion level of a measured load (% of capacity):
// the highest level whose threshold the load reaches, or 0.
func (t Table) Level(load float64) int {
	k := 0
	for k < len(t) && t[k].Load <= load {
		k++
	}
	return k
}

// Control returns the gap and duration the SCP sends at level k ≥ 1.
func (t Table) Control(k int) (gap, duration kernel.Time) {
	l := t[k-1]
	return l.Gap, l.Duration
}
