package main

import (
	"bytes"
	"cmp"
	"io"
	"os"
	"path/filepath"
	"strings"

	"overloadlab/core/catalog"
	"overloadlab/core/engine/compare"
	"overloadlab/core/engine/param"
	"overloadlab/core/engine/scenario"
	"overloadlab/core/engine/sim"
	"overloadlab/web/report"
)

// cmdReport runs a scenario, and a what-if beside it on the same traffic,
// to the end and writes the self-contained HTML report the page writes.
func cmdReport(args []string, stdout io.Writer) error {
	fs := newFlags("report")
	preset := fs.String("preset", "", "preset `name` as A")
	file := fs.String("scenario", "", "scenario JSON `file` as A ('-' for standard input)")
	other := fs.String("compare", "", "scenario JSON `file` as B, run beside A (same model, preset, seed, duration and interval)")
	out := fs.String("out", "", "the report's `file` ('-' for standard output)")
	title := fs.String("title", "", "the report's title")
	note := fs.String("note", "", "a note under the title (at most 280 characters)")
	page := fs.String("page", "http://127.0.0.1:8080/", "the playground's `address` (http or https), for the report's link")
	labelA := fs.String("label-a", "", "what A is called in a comparison (default: its file's name, cut to 120 characters)")
	labelB := fs.String("label-b", "", "what B is called (default: its file's name, cut to 120 characters)")
	if err := parse(fs, args); err != nil {
		return err
	}
	if (*labelA != "" || *labelB != "") && *other == "" {
		return usagef("-label-a and -label-b name the sides of a comparison: give -compare FILE with them")
	}
	if !report.WebPage(*page) {
		return usagef("-page %s: allowed an http:// or https:// address", param.Quote(*page))
	}
	if *out == "" {
		return usagef("-out FILE is required ('-' for standard output)")
	}
	a, err := loadScenario(*preset, *file, &optional{}, &optional{})
	if err != nil {
		return err
	}
	w := &scenario.WhatIf{A: a, Title: *title, Note: *note}
	if *other != "" {
		if w.B, err = loadScenario("", *other, &optional{}, &optional{}); err != nil {
			return err
		}
		w.LabelA = cmp.Or(*labelA, label(*file, cmp.Or(a.Preset, "A")))
		w.LabelB = cmp.Or(*labelB, label(*other, "B"))
	}
	link, err := catalog.EncodeWhatIf(w)
	if err != nil {
		return err
	}
	in := &report.Input{LabelA: w.LabelA, LabelB: w.LabelB, Title: w.Title, Note: w.Note, Link: link, Page: *page}
	if w.B != nil {
		p, err := compare.Start(w.A, w.B, false)
		if err != nil {
			return err
		}
		p.RunToEnd()
		in.A, in.B = p.A, p.B
	} else {
		if in.A, err = catalog.Start(a, false); err != nil {
			return err
		}
		in.A.RunToEnd()
	}
	for _, r := range []*sim.Run{in.A, in.B} {
		if r != nil && r.Err() != nil {
			return r.Err()
		}
	}
	var b bytes.Buffer
	if err := report.Write(&b, in); err != nil {
		return err
	}
	if *out == "-" {
		_, err = stdout.Write(b.Bytes())
		return err
	}
	return os.WriteFile(*out, b.Bytes(), 0o644)
}

// label names a side after its file ("n800.json" → "n800"), else def: at
// most scenario.MaxTitle characters (a longer name is cut, with "…"), its
// control and bidirectional characters dropped.
func label(file, def string) string {
	if file == "" || file == "-" {
		return def
	}
	name := strings.Map(func(r rune) rune {
		if scenario.CheckWords("", string(r), 1, false) != nil {
			return -1
		}
		return r
	}, strings.TrimSuffix(filepath.Base(file), filepath.Ext(file)))
	if r := []rune(name); len(r) > scenario.MaxTitle {
		name = string(r[:scenario.MaxTitle-1]) + "…"
	}
	return cmp.Or(name, def)
}
