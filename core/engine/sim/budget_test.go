package sim_test

import (
	"errors"
	"os"
	"strings"
	"testing"

	"overloadlab/core/catalog"
	"overloadlab/core/engine/kernel"
	"overloadlab/core/engine/scenario"
	"overloadlab/core/engine/sim"
)

// beyondTheLab is a scenario whose offered load would fill the memory: every
// rate at its maximum, every rejected attempt retried after half an hour.
// Each 0.1 s interval processes about 16 000 events, fewer than the budget's
// checking period, so a check counted within one call would never fire when
// the run advances one interval per call.
func beyondTheLab(t *testing.T) *scenario.Scenario {
	t.Helper()
	b, err := os.ReadFile("testdata/beyond-the-lab.json")
	if err != nil {
		t.Fatal(err)
	}
	sc, err := catalog.Decode(b)
	if err != nil {
		t.Fatal(err)
	}
	return sc
}

// budgetStop runs sc to its end, in one call or one interval per call, and
// returns the run with the error that stopped it.
func budgetStop(t *testing.T, sc *scenario.Scenario, perInterval bool, budget func(*sim.Run)) (*sim.Run, *sim.BudgetError) {
	t.Helper()
	r, err := catalog.Start(sc, false)
	if err != nil {
		t.Fatal(err)
	}
	if budget != nil {
		budget(r)
	}
	if perInterval {
		step := kernel.Seconds(sc.Interval)
		for !r.Done() {
			r.AdvanceTo(r.Now() + step)
		}
	} else {
		r.RunToEnd()
	}
	var be *sim.BudgetError
	if !errors.As(r.Err(), &be) {
		t.Fatalf("run went to %v with error %v, want a *sim.BudgetError", r.Now(), r.Err())
	}
	if !r.Done() || r.Now().Seconds() >= sc.Duration || be.At != r.Now().Seconds() {
		t.Fatalf("stopped at %v (error says %g s), done %v", r.Now(), be.At, r.Done())
	}
	if s := r.Summary(); s.Error != be.Error() {
		t.Errorf("summary error %q, want %q", s.Error, be.Error())
	}
	return r, be
}

// The pending-events cap stops a run at the same event however the run is
// sliced: in one call, or one measurement interval per call as the page
// does.
func TestPendingCapHoldsHoweverTheRunIsSliced(t *testing.T) {
	sc := beyondTheLab(t)
	whole, be := budgetStop(t, sc, false, nil)
	sliced, bs := budgetStop(t, sc, true, nil)
	if !be.Pending || be.Limit != sim.MaxPending || !strings.Contains(be.Error(), "lower the rates") {
		t.Errorf("error %+v: %v", be, be)
	}
	if *bs != *be || sliced.Events() != whole.Events() {
		t.Errorf("sliced run stopped at %g s after %d events, whole run at %g s after %d", bs.At, sliced.Events(), be.At, whole.Events())
	}
}

// The event budget bounds the work of a valid run; it is counted across
// calls too.
func TestEventBudgetHoldsHoweverTheRunIsSliced(t *testing.T) {
	sc, err := catalog.Preset("busy-hour")
	if err != nil {
		t.Fatal(err)
	}
	const budget = 300_000 // busy-hour processes 775 129 events
	lower := func(r *sim.Run) { sim.SetBudget(r, sim.MaxPending, budget) }
	whole, be := budgetStop(t, sc, false, lower)
	sliced, bs := budgetStop(t, sc, true, lower)
	if be.Pending || be.Limit != budget || !strings.Contains(be.Error(), "processed more than 300000 events") {
		t.Errorf("error %+v: %v", be, be)
	}
	// The check runs every 2^16 events: the first multiple past the budget.
	if whole.Events() != 5<<16 || *bs != *be || sliced.Events() != whole.Events() {
		t.Errorf("sliced run stopped at %g s after %d events, whole run at %g s after %d", bs.At, sliced.Events(), be.At, whole.Events())
	}
}

// A sweep stops at the first run over budget, with its error.
func TestSweepStopsOverBudget(t *testing.T) {
	sc := beyondTheLab(t)
	def, _ := catalog.Model(sc.Model)
	p := &sim.Plan{Param: "storm.factor", Values: []float64{1, 2}, Seeds: 1}
	if err := p.Check(def, sc); err != nil {
		t.Fatal(err)
	}
	samples, err := sim.RunCells(def, sc, p, []sim.Cell{{Point: 0}, {Point: 1}}, 2, nil)
	var be *sim.BudgetError
	if !errors.As(err, &be) || !be.Pending || samples != nil || !strings.Contains(err.Error(), "storm.factor = 1") {
		t.Fatalf("sweep gave %v, error %v", samples, err)
	}
}
