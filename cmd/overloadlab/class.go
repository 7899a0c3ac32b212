package main

import (
	"encoding/json"
	"fmt"
	"io"
	"runtime"

	"overloadlab/core/catalog"
	"overloadlab/core/class"
	"overloadlab/core/engine/param"
)

// cmdLink prints the what-if link of a preset or a scenario file, as the
// page's Share button makes it (the part after # in its address).
func cmdLink(args []string, stdout io.Writer) error {
	fs := newFlags("link")
	sf := addScenarioFlags(fs)
	if err := parse(fs, args); err != nil {
		return err
	}
	sc, err := sf.load("")
	if err != nil {
		return err
	}
	link, err := catalog.EncodeLink(sc)
	if err != nil {
		return err
	}
	_, err = fmt.Fprintln(stdout, link)
	return err
}

// maxLinksFile bounds the file of a class's links.
const maxLinksFile = 4 << 20

// cmdClass replays a class's links (class.MaxLinks at most) on every core
// and prints one row per link: a broken or foreign link's row says why.
func cmdClass(args []string, stdout io.Writer) error {
	fs := newFlags("class")
	file := fs.String("links", "", "a text `file` of links, one a line ('-' for standard input)")
	format := fs.String("format", "csv", "output: csv, json or html")
	workers := fs.Int("workers", runtime.NumCPU(), "runs at a time (default: every core)")
	if err := parse(fs, args); err != nil {
		return err
	}
	if *format != "csv" && *format != "json" && *format != "html" {
		return usagef("-format %s: allowed csv, json, html", param.Quote(*format))
	}
	if *file == "" {
		return usagef("-links FILE is required: the links, one a line")
	}
	if *workers < 1 {
		return usagef("-workers %d: allowed 1 or more", *workers)
	}
	data, err := readBounded(*file, maxLinksFile, "a file of links")
	if err != nil {
		return err
	}
	links, err := class.Links(string(data))
	if err != nil {
		return err
	}
	rows := class.Rows(links, *workers)
	switch *format {
	case "json":
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(rows)
	case "html":
		_, err = io.WriteString(stdout, class.HTML(rows))
	default:
		_, err = io.WriteString(stdout, class.CSV(rows))
	}
	return err
}
