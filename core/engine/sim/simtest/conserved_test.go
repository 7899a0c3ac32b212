package simtest

import (
	"strings"
	"testing"

	"overloadlab/core/engine/kernel"
	"overloadlab/core/engine/metrics"
	"overloadlab/core/engine/param"
	"overloadlab/core/engine/scenario"
	"overloadlab/core/engine/sim"
)

// holder offers an attempt at every event and ends it at the next one, so
// one attempt is in flight between events; Report.Held says what it holds,
// less lie (or nothing when silent).
type holder struct {
	env      *sim.Env
	inFlight int64
	silent   bool
	lie      int64
}

var (
	holderCols  sim.Columns
	holderSeen  = holderCols.Add("seen", "completed", "/s")
	holderParam = param.NewSet(param.Spec{Name: "rate", Label: "rate", Group: "g", Kind: param.Number, Min: 0, Max: 1, Default: param.Num(1), Doc: "d"})
)

func (n *holder) Handle(e kernel.Event) {
	if n.inFlight > 0 {
		n.env.Out.End(0, metrics.InTime)
		n.inFlight--
	}
	n.env.Out.Offer(0)
	n.inFlight++
	n.env.At(e.At+100*kernel.Millisecond, sim.FirstKind, 0, 0)
}

func (n *holder) Measure(r *sim.Row) { r.Set(holderSeen, r.Ended(0, metrics.InTime)) }

func (n *holder) Apply(kernel.Time, *param.Spec, param.Values) error { return nil }

func (n *holder) Report(kernel.Time) sim.Report {
	if n.silent {
		return sim.Report{}
	}
	return sim.Report{Held: []int64{n.inFlight - n.lie}}
}

func holderRun(t *testing.T, silent bool, lie int64) *sim.Run {
	t.Helper()
	def := &sim.Def{Name: "holder", Title: "t", Doc: "d", Params: holderParam, Classes: []string{"a"}, Columns: &holderCols,
		New: func(env *sim.Env, v param.Values) (sim.Node, error) {
			env.At(0, sim.FirstKind, 0, 0)
			return &holder{env: env, silent: silent, lie: lie}, nil
		}}
	sc := scenario.New("holder", holderParam)
	sc.Duration, sc.Interval = 2, 1
	r, err := sim.Start(def, sc, false)
	if err != nil {
		t.Fatal(err)
	}
	r.AdvanceTo(kernel.Seconds(1.05))
	return r
}

// Conserved checks what the node says it holds against in flight by the
// counts, and requires it: a model that reports no Held fails, as one
// whose Held differs by one attempt does; the honest one passes.
func TestConservedRequiresHeld(t *testing.T) {
	if err := Conserved(holderRun(t, false, 0)); err != nil {
		t.Errorf("honest holder: %v", err)
	}
	err := Conserved(holderRun(t, true, 0))
	if err == nil || !strings.Contains(err.Error(), "Report.Held") {
		t.Errorf("a model reporting no Held: %v, want an error naming Report.Held", err)
	}
	err = Conserved(holderRun(t, false, 1))
	if err == nil || !strings.Contains(err.Error(), "the node holds 0, in flight by the counts 1") {
		t.Errorf("a model holding one less: %v", err)
	}
}
