//go:build js && wasm

// Command report is the playground's report, a WebAssembly of its own that
// the worker loads on the first click of Report, so that the simulator's
// download (wasm/) does not carry it. It installs globalThis.overloadlabReport
// (session.ReportAPI, through wasm/bridge):
//
//	report(link, ms, page)   the self-contained HTML report of the run the link holds at ms milliseconds
//
// It rebuilds that run from the link (session.Rebuild: runs are
// deterministic, and the link holds every change) and writes its report
// with web/report, the code of `overloadlab report`.
package main

import (
	"strings"

	"github.com/hack-pad/safejs"

	"overloadlab/wasm/bridge"
	"overloadlab/wasm/session"
	"overloadlab/web/report"
)

func main() {
	install()
	select {}
}

// Report writes the report of the run link holds, brought to ms.
func Report(link string, ms int64, page string) (string, error) {
	s, err := session.Rebuild(link, ms)
	if err != nil {
		return "", err
	}
	w := s.Words()
	in := &report.Input{A: s.Run(), B: s.B(), Title: w.Title, Note: w.Note, Link: link, Page: page}
	if in.Sweep, err = s.Sweep(); err != nil {
		return "", err
	}
	if s.B() != nil {
		in.LabelA, in.LabelB = w.LabelA, w.LabelB
	}
	var b strings.Builder
	err = report.Write(&b, in)
	return b.String(), err
}

// install sets globalThis.overloadlabReport.
func install() {
	api := bridge.New(session.ReportAPI)
	api.Fn("report", func(a []safejs.Value) (any, error) {
		link, err := bridge.Str(a[0])
		if err != nil {
			return nil, err
		}
		ms, err := a[1].Int()
		if err != nil {
			return nil, err
		}
		page, err := bridge.Str(a[2])
		if err != nil {
			return nil, err
		}
		return Report(link, int64(ms), page)
	})
	api.Publish("overloadlabReport")
}
