//go:build js && wasm

package main

import (
	"math"
	"strings"
	"testing"

	"github.com/hack-pad/safejs"

	"overloadlab/wasm/session"
	"overloadlab/web/report"
)

// The report's bridge, under node (make digests runs it packed as the
// page's): the report rebuilt from a link is the report of the live run it
// came from, byte for byte; bad input comes back as an error.
func TestReportBridge(t *testing.T) {
	install()
	obj, err := safejs.Global().Get("overloadlabReport")
	if err != nil {
		t.Fatal(err)
	}
	call := func(args ...any) (string, string) {
		t.Helper()
		v, err := obj.Call("report", args...)
		if err != nil {
			t.Fatalf("report threw: %v", err)
		}
		if v.Type() == safejs.TypeString {
			s, _ := v.String()
			return s, ""
		}
		e, _ := v.Get("error")
		s, _ := e.String()
		return "", s
	}

	s, err := session.StartPreset("busy-hour")
	if err != nil {
		t.Fatal(err)
	}
	s.Advance(10.5, nil)
	if err := s.Set("cpu.speed", "2"); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Compare(-1); err != nil {
		t.Fatal(err)
	}
	s.Advance(5, nil)
	if err := s.SetWords("Faster CPU", "a note"); err != nil {
		t.Fatal(err)
	}
	link, err := s.Link()
	if err != nil {
		t.Fatal(err)
	}
	var live strings.Builder
	w := s.Words()
	in := &report.Input{A: s.Run(), B: s.B(), LabelA: w.LabelA, LabelB: w.LabelB, Title: w.Title, Note: w.Note, Link: link, Page: "http://localhost/"}
	if err := report.Write(&live, in); err != nil {
		t.Fatal(err)
	}
	html, e := call(link, math.Round(s.Now()*1000), "http://localhost/")
	if e != "" || !strings.HasPrefix(html, "<!DOCTYPE html>") || !strings.Contains(html, "Faster CPU") || !strings.Contains(html, "A against B") {
		t.Fatalf("report: %.80q, error %q", html, e)
	}
	if html != live.String() {
		t.Errorf("the rebuilt report (%d bytes) differs from the live run's (%d bytes)", len(html), live.Len())
	}
	if _, e := call(link, 1e9, "x"); !strings.Contains(e, "time: 1000000000 ms is not allowed") {
		t.Errorf("a time past the end: %q", e)
	}
	if _, e := call("2.garbage!", 0, "x"); !strings.Contains(e, "link") {
		t.Errorf("a broken link: %q", e)
	}
	if _, e := call(link); !strings.Contains(e, "report: 3 arguments needed, 1 given") {
		t.Errorf("one argument: %q", e)
	}
}

// The report names the page's sweep, once one was run (the link holds it).
func TestReportNamesTheSweep(t *testing.T) {
	s, err := session.StartPreset("scp-10-ssps")
	if err != nil {
		t.Fatal(err)
	}
	link, _ := s.Link()
	if html, err := Report(link, 0, "http://localhost/"); err != nil || strings.Contains(html, "<dt>Sweep</dt>") {
		t.Errorf("a report without a sweep: %v, sweep named: %v", err, strings.Contains(html, "<dt>Sweep</dt>"))
	}
	if err := s.SetSweep(`{"param":"ssp.load","from":0.5,"to":3,"points":6,"log":true,"seeds":3,"variants":[{"label":"adaptive","params":{"scp.control":"adaptive-acg"}}]}`); err != nil {
		t.Fatal(err)
	}
	link, _ = s.Link()
	html, err := Report(link, 0, "http://localhost/")
	if want := "<dt>Sweep</dt><dd>ssp.load from 0.5 to 3, 6 points (log), 3 seeds per point; curves: adaptive</dd>"; err != nil || !strings.Contains(html, want) {
		t.Errorf("report (%v) lacks %q", err, want)
	}
}
