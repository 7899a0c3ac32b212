package sim

// Counters is a node model's declaration of the counters its Report
// writes, as Columns is of its columns: each counter is declared once,
// with its key, its plain words and its unit, and written by the handle
// Add returned (k.Is(v)); a claim names it by the same handle (k.In(group)).
// The words are in every build, not prose: the page's worker writes the
// difference table and the report in WebAssembly, and names each counter
// in them (Def.CounterLabel).
type Counters struct {
	list []CounterName
}

// CounterKey is a handle on a declared counter.
type CounterKey struct{ key string }

// CounterFamily is a handle on a family of counters declared together,
// one per suffix (a class, an instance): "<prefix><suffix>".
type CounterFamily struct{ prefix string }

// Add declares the counter key, in plain words label (its unit apart,
// "" if none), and returns its handle.
//
//go:noinline
func (cs *Counters) Add(key, label, unit string) CounterKey {
	cs.list = append(cs.list, CounterName{Name: key, Label: label, Unit: unit})
	return CounterKey{key}
}

// Flag declares a counter whose value is 1 or 0, shown as on or off.
//
//go:noinline
func (cs *Counters) Flag(key, label string) CounterKey {
	cs.list = append(cs.list, CounterName{Name: key, Label: label, Flag: true})
	return CounterKey{key}
}

// Family declares the counters "<prefix><suffix>", each in plain words
// "<label> <suffix>" (a prefix ends in "." by convention).
//
//go:noinline
func (cs *Counters) Family(prefix, label, unit string) CounterFamily {
	cs.list = append(cs.list, CounterName{Name: prefix, Label: label, Unit: unit})
	return CounterFamily{prefix}
}

// List returns the declared counters in order; nil for a nil Counters.
func (cs *Counters) List() []CounterName {
	if cs == nil {
		return nil
	}
	return cs.list
}

// Key returns the counter's key, as a Report and a Summary write it.
func (k CounterKey) Key() string { return k.key }

// Is returns the counter with the value v, for a Report's group.
func (k CounterKey) Is(v float64) Counter { return Counter{Name: k.key, Value: v} }

// In names the counter reported in the group named group, as a claim
// names it ("pacing (SGSN)/overflow_drops_high_cpu").
//
//go:noinline
func (k CounterKey) In(group string) string { return group + "/" + k.key }

// Is returns the family's counter of suffix with the value v.
func (f CounterFamily) Is(suffix string, v float64) Counter {
	return Counter{Name: f.prefix + suffix, Value: v}
}

// In names the family's counter of suffix reported in group.
//
//go:noinline
func (f CounterFamily) In(group, suffix string) string { return group + "/" + f.prefix + suffix }
