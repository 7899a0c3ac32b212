package session

import (
	"bytes"
	"compress/flate"
	"encoding/base64"
	"encoding/json"
	"io"
	"strconv"
	"strings"
	"testing"

	"overloadlab/core/catalog"
	"overloadlab/core/class"
	"overloadlab/core/engine/jsonw"
	"overloadlab/core/engine/param"
	"overloadlab/core/engine/scenario"
	"overloadlab/core/engine/sim"
)

// sameJSON checks that the bridge's JSON of v (jsonw, generated) is
// encoding/json's Marshal of native, byte for byte.
func sameJSON(t *testing.T, what string, v jsonw.Appender, native any) {
	t.Helper()
	want, err := json.Marshal(native)
	if err != nil {
		t.Fatalf("%s: encoding/json: %v", what, err)
	}
	if got := JSON(v); got != string(want) {
		i := 0
		for i < len(got) && i < len(want) && got[i] == want[i] {
			i++
		}
		t.Fatalf("%s: the bridge writes\n…%s\nencoding/json\n…%s", what, clip(got[i:]), clip(string(want[i:])))
	}
}

func clip(s string) string { return s[:min(len(s), 200)] }

// TestRepliesAreEncodingJSON checks every reply the bridge writes against
// encoding/json, for every preset of every model: its Info, Summary,
// Values and Export part way through the run, and the same with B open as
// each of the preset's variants (Result, Summary of B, Info), and the
// description of every model.
func TestRepliesAreEncodingJSON(t *testing.T) {
	d, err := catalog.Describe()
	if err != nil {
		t.Fatal(err)
	}
	sameJSON(t, "Describe", &d, d)
	for _, p := range catalog.Presets() {
		s, err := StartPreset(p.Name)
		if err != nil {
			t.Fatal(err)
		}
		check := func(what string) {
			what = p.Name + " " + what
			info, sum, e := s.Info(), s.Summary(), must(s.Export())
			sameJSON(t, what+" Info", &info, info)
			sameJSON(t, what+" Summary", &sum, sum)
			sameJSON(t, what+" Export", &e, e)
			sameJSON(t, what+" Result", s.Result(), s.Result())
			if b, ok := s.SummaryB(); ok {
				sameJSON(t, what+" SummaryB", &b, b)
			}
			values, _ := s.Values()
			if want := refValues(s.edited().Values()); string(values) != want {
				t.Fatalf("%s Values: %s, as written before %s", what, values, want)
			}
			for _, sc := range []*scenario.Scenario{s.Replay(), s.Run().Scenario} {
				if got, want := JSON(sc), refScenario(sc); got != want {
					t.Fatalf("%s Scenario: %s, as written before %s", what, got, want)
				}
			}
			if got, want := JSON(sum.Controls), refControls(sum.Controls); got != want {
				t.Fatalf("%s Controls: %s, as written before %s", what, got, want)
			}
			link, _ := s.Link()
			samePayload(t, what+" link", link)
		}
		s.Advance(min(8, p.Duration/3), nil) // seconds: long enough for counters and a claim or two
		for _, sp := range s.Run().Scenario.Params.Schema().Specs() {
			if sp.Kind == param.Number && !sp.Fixed { // a live change, for the timeline
				if _, err := s.Set(sp.Name, strconv.FormatFloat(sp.Min+(sp.Max-sp.Min)/3, 'g', -1, 64)); err != nil {
					t.Fatal(err)
				}
				break
			}
		}
		check("at 8 s")
		for i := range p.Compare {
			if _, err := s.Compare(i); err != nil {
				t.Fatal(err)
			}
			s.Advance(2, nil)
			check("beside " + p.Compare[i].Label)
			s.EndCompare()
		}
	}
}

func must[T any](v T, _ error) T { return v }

// samePayload checks that a link's JSON payload is what encoding/json
// writes of it.
func samePayload(t *testing.T, what, link string) {
	t.Helper()
	_, body, _ := strings.Cut(link, ".")
	z, err := base64.RawURLEncoding.DecodeString(body)
	if err != nil {
		t.Fatal(err)
	}
	raw, err := io.ReadAll(flate.NewReader(bytes.NewReader(z)))
	if err != nil {
		t.Fatal(err)
	}
	var p scenario.LinkPayload
	if err := json.Unmarshal(raw, &p); err != nil {
		t.Fatalf("%s: %v", what, err)
	}
	sameJSON(t, what, &p, p)
	if again := JSON(&p); again != string(raw) {
		t.Fatalf("%s: payload %s, written again %s", what, raw, again)
	}
}

// TestSweepRepliesAreEncodingJSON checks a sweep's replies (a cell's
// sample, a point, the plan in a link and in Info) against encoding/json.
func TestSweepRepliesAreEncodingJSON(t *testing.T) {
	sc := `{"preset":"scp-10-ssps","duration_s":5}`
	plan := `{"param":"ssp.load","from":0.5,"to":2,"points":3,"seeds":2,"variants":[{"label":"adaptive <&>","params":{"scp.control":"adaptive-acg"}}]}`
	var w Sweeper
	var cells []string
	for seed := range 2 {
		x, err := w.Cell(sc, plan, 0, 2, seed)
		if err != nil {
			t.Fatal(err)
		}
		sameJSON(t, "Sample", &x, x)
		cells = append(cells, JSON(&x))
	}
	pt, err := w.Point(sc, plan, "["+strings.Join(cells, ",")+"]")
	if err != nil {
		t.Fatal(err)
	}
	sameJSON(t, "PointStat", &pt, pt)
	s, err := StartPreset("scp-10-ssps")
	if err != nil {
		t.Fatal(err)
	}
	if err := s.SetSweep(plan); err != nil {
		t.Fatal(err)
	}
	info := s.Info()
	sameJSON(t, "Info with a sweep", &info, info)
	sameJSON(t, "PlanJSON", info.Sweep, info.Sweep)
	link, _ := s.Link()
	samePayload(t, "link with a sweep", link)
}

// The JSON of the types written by hand, as encoding/json wrote it
// before jsonw (the code as it was, on encoding/json).

func refValue(sp *param.Spec, v param.Value) string {
	var b []byte
	switch sp.Kind {
	case param.Bool:
		b, _ = json.Marshal(v.Num != 0)
	case param.Number, param.Integer:
		b, _ = json.Marshal(v.Num)
	default:
		b, _ = json.Marshal(v.Text)
	}
	return string(b)
}

func refValues(v param.Values) string {
	b := []byte{'{'}
	for i, sp := range v.Schema().Specs() {
		if i > 0 {
			b = append(b, ',')
		}
		k, _ := json.Marshal(sp.Name)
		b = append(b, k...)
		b = append(b, ':')
		b = append(b, refValue(&sp, v.Get(sp.Name))...)
	}
	return string(append(b, '}'))
}

func refScenario(s *scenario.Scenario) string {
	var b bytes.Buffer
	put := func(key string, v any) {
		if b.Len() == 0 {
			b.WriteByte('{')
		} else {
			b.WriteByte(',')
		}
		k, _ := json.Marshal(key)
		b.Write(k)
		b.WriteByte(':')
		switch v := v.(type) {
		case json.RawMessage:
			b.Write(v)
		default:
			e, _ := json.Marshal(v)
			b.Write(e)
		}
	}
	put("model", s.Model)
	if s.Preset != "" {
		put("preset", s.Preset)
	}
	put("seed", s.Seed)
	put("duration_s", s.Duration)
	put("interval_s", s.Interval)
	if s.Streams != scenario.NamedStreams {
		put("streams", s.Streams.String())
	}
	put("params", json.RawMessage(refValues(s.Params)))
	tl := make([]json.RawMessage, 0, len(s.Timeline))
	for _, c := range s.Timeline {
		at, _ := json.Marshal(c.At)
		name, _ := json.Marshal(c.Param)
		sp, _ := s.Params.Schema().Lookup(c.Param)
		tl = append(tl, json.RawMessage(`{"at_s":`+string(at)+`,"param":`+string(name)+`,"value":`+refValue(sp, c.Value)+`}`))
	}
	put("timeline", tl)
	b.WriteByte('}')
	return b.String()
}

func refControls(c sim.Controls) string {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, g := range c {
		if i > 0 {
			b.WriteByte(',')
		}
		k, _ := json.Marshal(g.Name)
		b.Write(k)
		b.WriteString(":{")
		for j, n := range g.Counters {
			if j > 0 {
				b.WriteByte(',')
			}
			k, _ := json.Marshal(n.Name)
			b.Write(k)
			b.WriteByte(':')
			b.WriteString(strconv.FormatFloat(n.Value, 'g', -1, 64))
		}
		b.WriteByte('}')
	}
	b.WriteByte('}')
	return b.String()
}

// BenchmarkSummaryJSON writes attach-storm's summary part way through, as
// the worker does every frame: jsonw against encoding/json.
func BenchmarkSummaryJSON(b *testing.B) {
	s, err := StartPreset("attach-storm")
	if err != nil {
		b.Fatal(err)
	}
	s.Advance(60, nil)
	sum := s.Summary()
	b.Run("jsonw", func(b *testing.B) {
		for b.Loop() {
			JSON(&sum)
		}
	})
	b.Run("encoding-json", func(b *testing.B) {
		for b.Loop() {
			json.Marshal(sum)
		}
	})
}

// TestClassRowIsEncodingJSON checks the class view's row (classRow) against
// encoding/json: a challenge's preset with its solution (answers, goals,
// tiles, changes) and a broken link (its reason).
func TestClassRowIsEncodingJSON(t *testing.T) {
	var links []string
	for _, p := range catalog.Presets() {
		if len(p.Challenges) == 0 || len(p.Predictions) == 0 {
			continue
		}
		sc, err := catalog.Preset(p.Name)
		if err != nil {
			t.Fatal(err)
		}
		for name, v := range p.Challenges[0].Solution {
			if err := sc.Params.Put(name, v); err != nil {
				t.Fatal(err)
			}
		}
		l, err := catalog.EncodeLink(sc)
		if err != nil {
			t.Fatal(err)
		}
		links = append(links, l, l[:len(l)-4])
		break
	}
	if len(links) == 0 {
		t.Fatal("no preset has both a challenge and a prediction")
	}
	for i, l := range links {
		row := class.RowOf(i+1, l)
		if i == 0 && (row.Error != "" || len(row.Answers) == 0 || len(row.Challenges) == 0 || len(row.Tiles) == 0 || len(row.Changes) == 0) {
			t.Fatalf("row %d is not full: %+v", i+1, row)
		}
		if i == 1 && row.Error == "" {
			t.Fatalf("the broken link's row has no reason: %+v", row)
		}
		sameJSON(t, "class.Row", &row, row)
	}
}
