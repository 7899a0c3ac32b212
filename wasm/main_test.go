//go:build js && wasm

package main

import (
	"strings"
	"testing"

	"github.com/hack-pad/safejs"

	"overloadlab/wasm/bridge"
	"overloadlab/wasm/session"
)

// The bridge is tested under node (make test runs GOOS=js GOARCH=wasm go
// test ./wasm/ with go_js_wasm_exec): calls return values or {error}, never
// throw, and a panic comes back as an error.

func call(t *testing.T, name string, args ...any) safejs.Value {
	t.Helper()
	return callOn(t, "overloadlab", name, args...)
}

// callOn calls globalThis[global][name](args...).
func callOn(t *testing.T, global, name string, args ...any) safejs.Value {
	t.Helper()
	obj, err := safejs.Global().Get(global)
	if err != nil {
		t.Fatal(err)
	}
	v, err := obj.Call(name, args...)
	if err != nil {
		t.Fatalf("%s threw: %v", name, err)
	}
	return v
}

func errorOf(v safejs.Value) string {
	if v.Type() != safejs.TypeObject {
		return ""
	}
	e, err := v.Get("error")
	if err != nil || e.IsUndefined() {
		return ""
	}
	s, _ := e.String()
	return s
}

func TestBridge(t *testing.T) {
	install()
	if e := errorOf(call(t, "advance", 1, 10)); !strings.Contains(e, "no run") {
		t.Errorf("advance before start: %q", e)
	}
	if e := errorOf(call(t, "startPreset")); !strings.Contains(e, "1 arguments needed") {
		t.Errorf("startPreset(): %q", e)
	}
	if e := errorOf(call(t, "startLink", "1.garbage!")); !strings.Contains(e, "link") {
		t.Errorf("bad link: %q", e)
	}
	info := call(t, "startPreset", "busy-hour")
	if e := errorOf(info); e != "" {
		t.Fatal(e)
	}
	rows := call(t, "advance", 10.5, 1000)
	n, err := rows.Length()
	if err != nil {
		t.Fatal(err)
	}
	s, _ := session.StartPreset("busy-hour")
	want := s.Advance(10.5, nil)
	if n != len(want) {
		t.Fatalf("advance gave %d values, the session %d", n, len(want))
	}
	for i, x := range want {
		v, _ := rows.Index(i)
		if f, _ := v.Float(); f != x {
			t.Fatalf("value %d: %g, want %g", i, f, x)
		}
	}
	if e := errorOf(call(t, "set", "cpu.speed", "99")); !strings.Contains(e, "cpu.speed: 99 is not allowed") {
		t.Errorf("set out of range: %q", e)
	}
	if v := call(t, "set", "cpu.speed", "2"); errorOf(v) != "" {
		t.Errorf("set: %s", errorOf(v))
	} else if label, _ := v.String(); label != "CPU speed 1 → 2 ×" {
		t.Errorf("set named the change %q, want sim.ChangeLabel's", label)
	}
	link, _ := call(t, "link").String()
	if !strings.HasPrefix(link, "2.") {
		t.Errorf("link %q", link)
	}
	// Compare: B opens as A's copy and advances in step with A.
	if e := errorOf(call(t, "compare", 99)); !strings.Contains(e, "compare: 99 is not allowed") {
		t.Errorf("compare(99): %q", e)
	}
	rowsB := call(t, "compare", -1)
	if nb, err := rowsB.Length(); err != nil || nb != n {
		t.Errorf("compare: B's rows so far %d values, A's %d (%v)", nb, n, err)
	}
	rowsA := call(t, "advance", 5, 1000)
	na, _ := rowsA.Length()
	if nb, _ := call(t, "rowsB").Length(); na == 0 || nb != na {
		t.Errorf("advance while comparing: A %d values, B %d", na, nb)
	}
	if e := errorOf(call(t, "setWords", "t", strings.Repeat("n", 281))); !strings.Contains(e, "note: 281 characters") {
		t.Errorf("a long note: %q", e)
	}
	if link, _ := call(t, "link").String(); !strings.HasPrefix(link, "3.") {
		t.Errorf("link of a comparison %q", link)
	}
	// The report of what is on screen is the session's, natively, byte for
	// byte (the same run, changes, B and words).
	if e := errorOf(call(t, "setWords", "Faster CPU", "a note")); e != "" {
		t.Fatal(e)
	}
	html, _ := call(t, "report", "http://localhost/").String()
	s.Set("cpu.speed", "2")
	s.Compare(-1)
	s.Advance(5, nil)
	s.SetWords("Faster CPU", "a note")
	if want, err := s.Report("http://localhost/"); err != nil || html != want || !strings.Contains(html, "Faster CPU") || !strings.Contains(html, "A against B") {
		t.Errorf("report (%d bytes, %.60q) differs from the session's (%d bytes, %v)", len(html), html, len(want), err)
	}
	if e := errorOf(call(t, "report")); !strings.Contains(e, "report: 1 arguments needed, 0 given") {
		t.Errorf("report(): %q", e)
	}
	call(t, "endCompare")
	// A sweep's cells and points need no run: the pool's workers call them
	// alone, and get what the session gives natively.
	sc := `{"preset":"scp-10-ssps","duration_s":5}`
	plan := `{"param":"ssp.load","from":0.5,"to":2,"points":3,"seeds":2}`
	var native session.Sweeper
	var cells []string
	for s := range 2 {
		c, _ := call(t, "sweepCell", sc, plan, 0, 2, s).String()
		n, err := native.Cell(sc, plan, 0, 2, s)
		if err != nil || c != session.JSON(&n) {
			t.Errorf("sweepCell: %s, natively %s (%v)", c, session.JSON(&n), err)
		}
		cells = append(cells, c)
	}
	samples := "[" + strings.Join(cells, ",") + "]"
	pt, _ := call(t, "sweepPoint", sc, plan, samples).String()
	if n, err := native.Point(sc, plan, samples); err != nil || pt != session.JSON(&n) {
		t.Errorf("sweepPoint: %s, natively %s (%v)", pt, session.JSON(&n), err)
	}
	if e := errorOf(call(t, "sweepCell", sc, plan, 0, 3, 0)); !strings.Contains(e, "sweep cell: variant 0, point 3, seed 0 is not allowed") {
		t.Errorf("sweepCell out of the grid: %q", e)
	}
	boom := bridge.New(session.Funcs{{Name: "boom", Args: []session.Arg{{Name: "x", Type: "number"}}}})
	boom.Fn("boom", func([]safejs.Value) (any, error) { panic("on purpose") })
	boom.Publish("boomTest")
	if e := errorOf(callOn(t, "boomTest", "boom")); !strings.Contains(e, "boom: 1 arguments needed, 0 given") {
		t.Errorf("too few arguments: %q", e)
	}
	if e := errorOf(callOn(t, "boomTest", "boom", 1)); !strings.Contains(e, "internal error in boom: on purpose") || !strings.Contains(e, ".TestBridge") {
		t.Errorf("panic: %q", e)
	}
}
