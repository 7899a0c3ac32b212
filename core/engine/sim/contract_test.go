package sim

import (
	"errors"
	"strings"
	"testing"

	"overloadlab/core/engine/kernel"
	"overloadlab/core/engine/metrics"
	"overloadlab/core/engine/param"
	"overloadlab/core/engine/scenario"
)

// toy is the smallest node: one class that offers an attempt at every
// event and completes it at once; it writes its columns by handle.
type toy struct {
	env     *Env
	skip    bool // leave colSeen unwritten (a bug the run must name)
	applied []string
	lens    []kernel.Time
	part    param.Part
}

var (
	toyCols  Columns
	colLen   = toyCols.Add("len", "interval length", "s")
	colSeen  = toyCols.AddMax("seen", "completed rate seen by Measure", "/s")
	toyParam = param.NewSet(
		param.Spec{Name: "rate", Label: "rate", Group: "g", Kind: param.Number, Min: 0, Max: 100, Default: param.Num(10), Doc: "d",
			Reconfigures: param.Sources, Aliases: []string{"old.rate"}},
		param.Spec{Name: "size", Label: "size", Group: "g", Kind: param.Integer, Min: 1, Max: 9, Default: param.Num(1), Doc: "d", Fixed: true},
	)
)

func (n *toy) Handle(e kernel.Event) {
	n.env.Out.Offer(0)
	n.env.Out.End(0, metrics.InTime)
	n.env.At(e.At+100*kernel.Millisecond, FirstKind, 0, 0)
}

func (n *toy) Measure(r *Row) {
	n.lens = append(n.lens, r.Len)
	r.Set(colLen, r.Seconds())
	if !n.skip {
		r.Set(colSeen, r.Ended(0, metrics.InTime))
	}
}

func (n *toy) Apply(now kernel.Time, sp *param.Spec, v param.Values) error {
	n.applied = append(n.applied, sp.Name)
	n.part = sp.Reconfigures
	return nil
}

func (n *toy) Report(kernel.Time) Report { return Report{} }

func toyDef(skip bool) *Def {
	return &Def{Name: "toy", Title: "t", Doc: "d", Params: toyParam, Classes: []string{"a"}, Columns: &toyCols,
		New: func(env *Env, v param.Values) (Node, error) {
			n := &toy{env: env, skip: skip}
			env.At(0, FirstKind, 0, 0)
			return n, nil
		}}
}

func toyScenario() *scenario.Scenario {
	sc := scenario.New("toy", toyParam)
	sc.Duration, sc.Interval = 2.5, 1
	return sc
}

// The run writes the outcome block before Measure (which reads it), hands
// the interval's length (the last one shorter), and records the time, the
// outcome block and the model's columns in that order.
func TestRowOutcomeBlockAndLength(t *testing.T) {
	r, err := Start(toyDef(false), toyScenario(), true)
	if err != nil {
		t.Fatal(err)
	}
	r.RunToEnd()
	if err := r.Err(); err != nil {
		t.Fatal(err)
	}
	n := r.Node().(*toy)
	if len(n.lens) != 3 || n.lens[0] != kernel.Second || n.lens[2] != 500*kernel.Millisecond {
		t.Fatalf("interval lengths %v, want 1 s, 1 s, 0.5 s", n.lens)
	}
	cols := r.Recorder().Columns()
	names := []string{}
	for _, c := range cols {
		names = append(names, c.Name)
	}
	if got := strings.Join(names, " "); got != "t offered completed late rejected dropped throttled a.offered a.completed a.late a.rejected a.dropped a.throttled len seen" {
		t.Fatalf("columns %s", got)
	}
	rows := r.Recorder().Drain()
	w := len(cols)
	// Events at 0, 0.1, … 0.9 s: 10 completions in the first second.
	if first := rows[:w]; first[0] != 1 || first[2] != 10 || first[8] != 10 || first[13] != 1 || first[14] != 10 {
		t.Errorf("first row %v", first)
	}
	// The last interval is 0.5 s: 5 completions, 10 per second.
	if last := rows[2*w:]; last[0] != 2.5 || last[13] != 0.5 || last[14] != 10 {
		t.Errorf("last row %v", last)
	}
	if c := r.Report().Classes; len(c) != 1 || c[0].Name != "a" || c[0].Offered != 25 {
		t.Errorf("classes from Env.Out: %+v", c)
	}
}

// batchToy is toy as a Batcher that takes at most 3 events per call.
type batchToy struct{ toy }

func (n *batchToy) HandleBefore(q *kernel.Queue, t kernel.Time, max uint64) (k uint64, last kernel.Time) {
	for h := q.Head(); h.At < t && h.Kind >= FirstKind && k < min(max, 3); h = q.Head() {
		e := *h
		q.Skip()
		n.Handle(e)
		k, last = k+1, e.At
	}
	return k, last
}

// silent handles no events: it is neither a Handler nor a Batcher.
type silent struct{}

func (silent) Measure(*Row)                                       {}
func (silent) Apply(kernel.Time, *param.Spec, param.Values) error { return nil }
func (silent) Report(kernel.Time) Report                          { return Report{} }

// A Batcher's run is the Handler's run, whatever share of the events it
// takes per call and however the run is sliced; a node that handles no
// events is refused at Start.
func TestBatcherRunsAsHandler(t *testing.T) {
	run := func(batch bool, step kernel.Time) (Summary, uint64, kernel.Time) {
		def := toyDef(false)
		if batch {
			def.New = func(env *Env, v param.Values) (Node, error) {
				env.At(0, FirstKind, 0, 0)
				return &batchToy{toy{env: env}}, nil
			}
		}
		r, err := Start(def, toyScenario(), false)
		if err != nil {
			t.Fatal(err)
		}
		for !r.Done() {
			r.AdvanceTo(r.Now() + step)
		}
		return r.Summary(), r.Events(), r.Now()
	}
	want, events, end := run(false, kernel.Hour)
	if events != 25+3 || end != 2500*kernel.Millisecond {
		t.Fatalf("handler: %d events, ended at %v", events, end)
	}
	for _, step := range []kernel.Time{kernel.Hour, 130 * kernel.Millisecond, kernel.Second} {
		got, n, at := run(true, step)
		if got.Digest != want.Digest || n != events || at != end {
			t.Errorf("batcher, steps of %v: digest %s after %d events at %v, want %s after %d at %v", step, got.Digest, n, at, want.Digest, events, end)
		}
	}
	def := toyDef(false)
	def.New = func(*Env, param.Values) (Node, error) { return silent{}, nil }
	if _, err := Start(def, toyScenario(), false); err == nil || !strings.Contains(err.Error(), "neither a sim.Handler nor a sim.Batcher") {
		t.Errorf("a node that handles no events: error %v", err)
	}
}

// A model that leaves a declared column unwritten stops the run with an
// error naming the column.
func TestUnwrittenColumnIsAnError(t *testing.T) {
	r, err := Start(toyDef(true), toyScenario(), false)
	if err != nil {
		t.Fatal(err)
	}
	r.RunToEnd()
	if err := r.Err(); err == nil || !strings.Contains(err.Error(), `column "seen"`) {
		t.Errorf("error %v, want one naming the column seen", err)
	}
}

// Closing an interval allocates nothing.
func TestMeasureDoesNotAllocate(t *testing.T) {
	r, err := Start(toyDef(false), toyScenario(), false)
	if err != nil {
		t.Fatal(err)
	}
	n := r.Node().(*toy)
	n.lens = make([]kernel.Time, 0, 1000)
	now := kernel.Time(0)
	if a := testing.AllocsPerRun(100, func() { now += kernel.Second; r.measure(now) }); a != 0 {
		t.Errorf("%v allocations per interval", a)
	}
}

// A live change reaches the node by its spec: a former name reads as the
// parameter's own, the part it reconfigures comes along, and a parameter
// fixed during a run is refused naming the field.
func TestApplyBySpec(t *testing.T) {
	r, err := Start(toyDef(false), toyScenario(), false)
	if err != nil {
		t.Fatal(err)
	}
	if err := r.Set("old.rate", param.Num(20)); err != nil {
		t.Fatal(err)
	}
	n := r.Node().(*toy)
	if len(n.applied) != 1 || n.applied[0] != "rate" || n.part != param.Sources || r.Values().Num("rate") != 20 {
		t.Errorf("applied %v part %v rate %v", n.applied, n.part, r.Values().Num("rate"))
	}
	var pe *param.Error
	if err := r.Set("size", param.Num(2)); !errors.As(err, &pe) || pe.Field != "size" || !strings.Contains(err.Error(), "fixed during a run") {
		t.Errorf("fixed parameter: %v", err)
	}
}

// Payload fields take the bits their largest value needs, read back what
// was put, cut a wrapping counter to its bits, and refuse to overflow.
func TestPayload(t *testing.T) {
	var p Payload
	a, b, c := p.Field("a", 4), p.Field("b", 20), p.Wrap("c", 16)
	if a.Max() != 7 || b.Max() != 31 || c.Max() != 0xffff {
		t.Fatalf("max %d %d %d", a.Max(), b.Max(), c.Max())
	}
	ref := a.Put(4) | b.Put(20) | c.Put(70000)
	if a.Get(ref) != 4 || b.Get(ref) != 20 || c.Get(ref) != 70000&0xffff || c.Cut(70000) != c.Get(ref) {
		t.Errorf("read back %d %d %d", a.Get(ref), b.Get(ref), c.Get(ref))
	}
	defer func() {
		if r := recover(); r == nil || !strings.Contains(r.(string), "d (0…255) does not fit") {
			t.Errorf("overflow: %v", r)
		}
	}()
	p.Field("d", 255) // 3 + 5 + 16 + 8 > 31
}

// Stream ids are FNV-1a of the name: stable across versions (links replay)
// and unrelated for nearby names.
func TestStreamID(t *testing.T) {
	if StreamID("") != 14695981039346656037 || StreamID("a") != 0xaf63dc4c8601ec8c {
		t.Errorf("StreamID: %x %x", StreamID(""), StreamID("a"))
	}
	env := &Env{Seed: 1}
	if env.Stream("x").Uint64() == env.Stream("y").Uint64() {
		t.Error("two names, one stream")
	}
}

// A scenario of numbered streams (a link of catalog version 1) draws from
// the ids the model declared then; a stream the model did not number
// stops the start with an error naming it; named streams ignore the table.
func TestNumberedStreams(t *testing.T) {
	var got map[string]uint64
	def := &Def{Name: "toy", Title: "t", Doc: "d", Params: toyParam, Classes: []string{"a"}, Columns: &toyCols,
		NumberedStreams: NumberSources([]string{"a", "b"}, map[string]uint64{"own": 100}),
		New: func(env *Env, v param.Values) (Node, error) {
			got = map[string]uint64{}
			for _, name := range []string{"own", "source.a", "source.b"} {
				got[name] = env.Stream(name).Uint64()
			}
			env.At(0, FirstKind, 0, 0)
			return &toy{env: env}, nil
		}}
	sc := scenario.New("toy", toyParam)
	sc.Seed = 9
	sc.Duration = 2
	if _, err := Start(def, sc, false); err != nil {
		t.Fatal(err)
	}
	for name, x := range got {
		if want := kernel.NewStream(9, StreamID(name)).Uint64(); x != want {
			t.Errorf("named: stream %s drew %x, want %x", name, x, want)
		}
	}
	sc.Streams = scenario.NumberedStreams
	if _, err := Start(def, sc, false); err != nil {
		t.Fatal(err)
	}
	for name, id := range map[string]uint64{"own": 100, "source.a": 0, "source.b": 1} {
		if want := kernel.NewStream(9, id).Uint64(); got[name] != want {
			t.Errorf("numbered: stream %s drew %x, want stream %d's %x", name, got[name], id, want)
		}
	}
	delete(def.NumberedStreams, "source.b")
	_, err := Start(def, sc, false)
	if err == nil || !strings.Contains(err.Error(), `"source.b"`) || !strings.Contains(err.Error(), "catalog version 1") {
		t.Errorf("a stream without its number: %v", err)
	}
	// A model that came after catalog version 1 numbers none: a scenario
	// of numbered streams is refused, naming the field; named ones run.
	def.NumberedStreams = nil
	_, err = Start(def, sc, false)
	var pe *param.Error
	if !errors.As(err, &pe) || pe.Field != "streams" || !strings.Contains(err.Error(), "toy") {
		t.Errorf("numbered streams for a model without them: %v", err)
	}
	sc.Streams = scenario.NamedStreams
	if _, err := Start(def, sc, false); err != nil {
		t.Errorf("named streams for a model without numbered ones: %v", err)
	}
}
