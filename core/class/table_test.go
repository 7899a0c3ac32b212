package class

import (
	"encoding/csv"
	"html"
	"strings"
	"testing"
)

// TestWritersAreTheLibrarys checks the hand-written CSV and HTML escaping
// (the page's wasm links this package: no encoding/csv, no html) against
// encoding/csv and html.EscapeString on awkward fields.
func TestWritersAreTheLibrarys(t *testing.T) {
	fields := []string{"", "plain", "a,b", `say "hi"`, "two\nlines", "cr\rx", " lead", "\ttab", `\.`, "trail ", "<&>'\"", "✓ 12 %"}
	rows := []Row{{Line: 1, Link: fields[2], Title: fields[3], Note: fields[4], Model: fields[5], Preset: fields[6], Changes: fields[7:]},
		{Line: 2, Link: "x", Error: fields[10]}}
	var b strings.Builder
	w := csv.NewWriter(&b)
	cols := Columns(rows)
	w.Write(cols)
	for i := range rows {
		rec := make([]string, len(cols))
		for j, c := range cols {
			rec[j] = rows[i].Cell(c)
		}
		w.Write(rec)
	}
	w.Write(fields)
	w.Flush()
	var got strings.Builder
	got.WriteString(CSV(rows))
	record(&got, fields)
	if got.String() != b.String() {
		t.Errorf("CSV writes\n%q\nencoding/csv\n%q", got.String(), b.String())
	}
	for _, f := range fields {
		if escape(f) != html.EscapeString(f) {
			t.Errorf("escape(%q) = %q, html.EscapeString %q", f, escape(f), html.EscapeString(f))
		}
	}
}
