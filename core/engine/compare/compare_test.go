package compare

import (
	"strings"
	"testing"

	"overloadlab/core/catalog"
	"overloadlab/core/engine/param"
	"overloadlab/core/engine/scenario"
)

func preset(t *testing.T, name string, set map[string]param.Value) *scenario.Scenario {
	t.Helper()
	s, err := catalog.Preset(name)
	if err != nil {
		t.Fatal(err)
	}
	for k, v := range set {
		if err := s.Params.Put(k, v); err != nil {
			t.Fatal(err)
		}
	}
	return s
}

// column returns column name of a finished run's stored rows.
func column(t *testing.T, p *Pair, side string, name string) []float64 {
	t.Helper()
	r := p.A
	if side == "B" {
		r = p.B
	}
	_, v, ok := r.Recorder().Series(name)
	if !ok {
		t.Fatalf("no column %s", name)
	}
	return v
}

// With B equal to A the two runs are the same run: equal digests, a table
// of zero differences.
func TestSameScenarioSameRun(t *testing.T) {
	a := preset(t, "attach-storm", nil)
	p, err := Start(a, a.Clone(), false)
	if err != nil {
		t.Fatal(err)
	}
	p.RunToEnd()
	res := p.Result("A", "B")
	if res.A.Digest != res.B.Digest {
		t.Fatalf("B = A: digests %s and %s", res.A.Digest, res.B.Digest)
	}
	for _, r := range res.Table {
		if r.Delta != 0 || (r.DeltaPct != nil && *r.DeltaPct != 0) {
			t.Errorf("B = A: %s differs by %g", r.Name, r.Delta)
		}
	}
	if res.A.Total.Offered == 0 {
		t.Fatal("no traffic")
	}
}

// Common random numbers: B paces at N = 800/s instead of 400/s. Without
// retries nothing feeds the control's decisions back into the traffic, so
// B is offered exactly A's messages, interval by interval, class by class,
// while what becomes of them differs. With retries the same change does
// change the offered load (the rejected UEs come back): the equality above
// is the streams', not a blind spot of the test.
func TestCommonRandomNumbers(t *testing.T) {
	noRetry := map[string]param.Value{"retry.probability": param.Num(0)}
	n800 := map[string]param.Value{"sgsn-new-connections-per-second": param.Num(800), "mme-new-connections-per-second": param.Num(800)}
	for _, retries := range []bool{false, true} {
		a := preset(t, "attach-storm", nil)
		if !retries {
			a = preset(t, "attach-storm", noRetry)
		}
		b := a.Clone()
		for k, v := range n800 {
			b.Params.Put(k, v)
		}
		p, err := Start(a, b, false)
		if err != nil {
			t.Fatal(err)
		}
		p.RunToEnd()
		res := p.Result("N = 400/s", "N = 800/s")
		if res.A.Digest == res.B.Digest {
			t.Fatal("N = 800/s changed nothing")
		}
		var offered []string
		for _, c := range p.A.Recorder().Columns() {
			if c.Name == "offered" || strings.HasSuffix(c.Name, ".offered") {
				offered = append(offered, c.Name)
			}
		}
		differ := 0
		for _, name := range offered {
			ca, cb := column(t, p, "A", name), column(t, p, "B", name)
			for i := range ca {
				if ca[i] != cb[i] {
					differ++
					if !retries {
						t.Errorf("no retries: %s at %g s: A offered %g/s, B %g/s", name, column(t, p, "A", "t")[i], ca[i], cb[i])
						break
					}
				}
			}
		}
		if retries && differ == 0 {
			t.Error("with retries, B's offered load equals A's: the rejected UEs' retries are missing")
		}
		if !retries {
			if len(offered) < 2 {
				t.Fatalf("offered columns: %v", offered)
			}
			if res.A.Total.Offered != res.B.Total.Offered {
				t.Errorf("no retries: A offered %d, B %d", res.A.Total.Offered, res.B.Total.Offered)
			}
			if res.A.Total.Rejected <= res.B.Total.Rejected {
				t.Errorf("N = 800/s should reject less: A %d, B %d", res.A.Total.Rejected, res.B.Total.Rejected)
			}
		}
	}
}

func TestTable(t *testing.T) {
	a := preset(t, "attach-storm", nil)
	b := preset(t, "attach-storm", map[string]param.Value{"lab.cpu-guard": param.On(false)})
	p, err := Start(a, b, false)
	if err != nil {
		t.Fatal(err)
	}
	p.AdvanceTo(p.A.End() / 2)
	if p.A.Now() != p.B.Now() {
		t.Fatalf("not in lockstep: A at %v, B at %v", p.A.Now(), p.B.Now())
	}
	res := p.Result("guard on", "guard off")
	rows := map[string]Row{}
	for _, r := range res.Table {
		rows[r.Key] = r
	}
	if r := rows["goodput"]; r.Name != "goodput, mean over the run" || r.A != res.A.Total.Goodput || r.B != res.B.Total.Goodput {
		t.Errorf("goodput row %+v, want the goodputs %g and %g", r, res.A.Total.Goodput, res.B.Total.Goodput)
	}
	for _, r := range res.Table {
		if r.Delta != r.B-r.A {
			t.Errorf("%s: Δ %g, B − A %g", r.Name, r.Delta, r.B-r.A)
		}
		if r.A != 0 && (r.DeltaPct == nil || *r.DeltaPct != 100*(r.B-r.A)/r.A) {
			t.Errorf("%s: Δ %% %v", r.Name, r.DeltaPct)
		}
		if r.A == 0 && r.DeltaPct != nil {
			t.Errorf("%s: A = 0 but Δ %% = %g", r.Name, *r.DeltaPct)
		}
	}
	if len(res.Table) <= 9+len(p.A.Def.Tiles) {
		t.Errorf("no control counters in the table: %d rows", len(res.Table))
	}
	// The model's headline numbers come first: A's maximum CPU tile is
	// the summary's maximum.
	names := map[string]Row{}
	for _, r := range res.Table[:len(p.A.Def.Tiles)] {
		names[r.Name] = r
	}
	if r, ok := names["Max CPU, highest over the run"]; !ok || r.A != res.A.CPU.Max || r.B != res.B.CPU.Max {
		t.Errorf("headline Max CPU %+v, summaries' max CPU %g and %g (rows %v)", r, res.A.CPU.Max, res.B.CPU.Max, names)
	}
}

func TestStartRefusesOtherTraffic(t *testing.T) {
	a := preset(t, "attach-storm", nil)
	b := a.Clone()
	b.Seed = 2
	_, err := Start(a, b, false)
	if err == nil || !strings.Contains(err.Error(), "same traffic") {
		t.Fatalf("B with another seed: %v", err)
	}
}

// Every row says what its figure is; the model's headline numbers come
// first; A's and B's counters of the same control share a row when the
// variant renames the group (DOIC's "TTP plain-loss" and "TTP
// priority-only"): no row reads 0 on one side because of a label.
func TestTableRowsSayWhatTheyAre(t *testing.T) {
	a, err := catalog.Preset("doic-plain-vs-ranked")
	if err != nil {
		t.Fatal(err)
	}
	var v *scenario.Preset
	for _, p := range catalog.Presets() {
		if p.Name == "doic-plain-vs-ranked" {
			v = p
		}
	}
	b, err := v.Compare[0].Apply(a)
	if err != nil {
		t.Fatal(err)
	}
	p, err := Start(a, b, false)
	if err != nil {
		t.Fatal(err)
	}
	p.RunToEnd()
	res := p.Result("A", "B")
	keys := map[string]bool{}
	for k, r := range res.Table {
		if keys[r.Key] {
			t.Errorf("row %d %q: key %q twice", k, r.Name, r.Key)
		}
		keys[r.Key] = true
		ok := false
		for _, what := range []string{overRun, totalRun, highest, lastOne, atEnd[2:]} {
			ok = ok || strings.HasSuffix(r.Name, what)
		}
		if !ok {
			t.Errorf("row %d %q does not say what it is", k, r.Name)
		}
		if k < len(p.A.Def.Tiles) && !strings.HasPrefix(r.Key, "headline:") {
			t.Errorf("row %d %q: the headline numbers come first", k, r.Name)
		}
	}
	if len(p.A.Def.Tiles) == 0 {
		t.Fatal("dsr declares no headline tiles")
	}
	sent := 0
	for _, r := range res.Table {
		if strings.Contains(r.Key, "reacting node") && strings.HasSuffix(r.Key, ":sent") {
			sent++
			if r.A == 0 || r.B == 0 {
				t.Errorf("%q: A %g, B %g: both sides send", r.Name, r.A, r.B)
			}
			if !strings.Contains(r.Name, "A: plain-loss, B: priority-only") {
				t.Errorf("%q: the row names each side's variant", r.Name)
			}
		}
	}
	if sent != 1 {
		t.Errorf("%d rows of the reacting node's sent, want one shared row", sent)
	}
}

// A flag counter (1 or 0) reads in words in both columns and Δ: B is
// attach-storm with its CPU guard switched off, so the guard's "guard
// switched on" row reads yes, no, changed; with B = A it reads yes, yes,
// same. No other row has words.
func TestFlagRowsInWords(t *testing.T) {
	a := preset(t, "attach-storm", nil)
	b := preset(t, "attach-storm", map[string]param.Value{"lab.cpu-guard": param.On(false)})
	for _, c := range []struct {
		b    *scenario.Scenario
		want Words
	}{
		{b, Words{A: "yes", B: "no", Delta: "changed"}},
		{a.Clone(), Words{A: "yes", B: "yes", Delta: "same"}},
	} {
		p, err := Start(a, c.b, false)
		if err != nil {
			t.Fatal(err)
		}
		p.AdvanceTo(p.A.End() / 10)
		flags := 0
		for _, r := range p.Result("A", "B").Table {
			if (r.Words != nil) != (strings.HasPrefix(r.Key, "counter:") && p.A.Def.CounterFlag(r.Key[strings.LastIndex(r.Key, ":")+1:])) {
				t.Errorf("%s: words %+v, but a flag only has them", r.Key, r.Words)
			}
			if r.Key != "counter:cpu guard (70 %):enabled" {
				continue
			}
			flags++
			if r.Words == nil || *r.Words != c.want {
				t.Errorf("%q (A %g, B %g): words %+v, want %+v", r.Name, r.A, r.B, r.Words, c.want)
			}
		}
		if flags != 1 {
			t.Fatalf("%d rows of the guard's flag, want 1", flags)
		}
	}
	// A label not ending in "on" reads on or off.
	if w := flagWords("shedding, at the end", 0, 1, true, true); *w != (Words{A: "off", B: "on", Delta: "changed"}) {
		t.Errorf("shedding: %+v", *w)
	}
}

// A side that does not report a flag reads "–", not the 0 the numbers
// count it as: the switch reports "regression on" only while it is off,
// so switch-regression (on) against its configured costs (off) reads –,
// no, –.
func TestFlagAbsentOnASide(t *testing.T) {
	a, err := catalog.Preset("switch-regression")
	if err != nil {
		t.Fatal(err)
	}
	var b *scenario.Scenario
	for _, p := range catalog.Presets() {
		if p.Name == "switch-regression" {
			if b, err = p.Compare[0].Apply(a); err != nil {
				t.Fatal(err)
			}
		}
	}
	p, err := Start(a, b, false)
	if err != nil {
		t.Fatal(err)
	}
	p.AdvanceTo(p.A.End() / 4)
	for _, r := range p.Result("A", "B").Table {
		if r.Key == "counter:cost regression:on" {
			if want := (Words{A: "–", B: "no", Delta: "–"}); r.Words == nil || *r.Words != want {
				t.Errorf("%q (A %g, B %g): words %+v, want %+v", r.Name, r.A, r.B, r.Words, want)
			}
			return
		}
	}
	t.Fatal("no row of the regression's flag")
}
