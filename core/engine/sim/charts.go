package sim

// OutcomesChart is the standard chart of the columns that Outcomes fills:
// what became of the offered load, stacked, with a class selector.
func OutcomesChart() Chart {
	return Chart{ID: "outcomes", Title: "Offered load and what became of it", Unit: "/s", Stacked: true, PerClass: true,
		Series:  []string{"completed", "late", "rejected", "dropped", "throttled"},
		Overlay: []string{"offered"}}
}
