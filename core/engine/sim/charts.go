package sim

import "strconv"

// OutcomesChart is the standard chart of the columns that Outcomes fills:
// what became of the offered load, stacked, with a class selector.
func OutcomesChart() Chart {
	return Chart{ID: "outcomes", Title: "Offered load and what became of it", Unit: "/s", Stacked: true, PerClass: true,
		Series:  []string{"completed", "late", "rejected", "dropped", "throttled"},
		Overlay: []string{"offered"}}
}

// Numbered lists the series of one column per numbered instance, name.1 …
// name.n: a chart of each instance's CPU is Series: Numbered("cpu", 8).
func Numbered(name string, n int) []string {
	s := make([]string, n)
	for i := range s {
		s[i] = name + "." + strconv.Itoa(i+1)
	}
	return s
}
