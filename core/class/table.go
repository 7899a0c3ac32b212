package class

import (
	"strconv"
	"strings"
)

// Columns are the class table's columns for rows of one list: the fixed
// ones, then a column a prediction and a goal of every challenge met in
// the rows, in the order they are met ("prediction:NAME",
// "goal:CHALLENGE/GOAL"), then the tiles by label ("tile:LABEL").
func Columns(rows []Row) []string {
	cols := []string{"line", "link", "title", "note", "model", "preset", "seed", "changes"}
	add := func(c string) {
		for _, x := range cols {
			if x == c {
				return
			}
		}
		cols = append(cols, c)
	}
	for _, r := range rows {
		for _, a := range r.Answers {
			add("prediction:" + a.Prediction)
		}
		for _, c := range r.Challenges {
			add("challenge:" + c.Name)
			for _, g := range c.Goals {
				add("goal:" + c.Name + "/" + g.Name)
			}
		}
	}
	for _, r := range rows {
		for _, t := range r.Tiles {
			add("tile:" + t.Label)
		}
	}
	return append(cols, "digest", "error")
}

// Cell is the row's value in column col (Columns), in words: a
// prediction's answer is its choice's number from 1 and words ("3. It is
// pinned…", "–" when no choice holds), a challenge "solved" or "not
// solved" (and how the attempt breaks its rules), a goal "✓ figure" or
// "✗ figure".
func (r *Row) Cell(col string) string {
	kind, name, _ := strings.Cut(col, ":")
	switch kind {
	case "line":
		return itoa(r.Line)
	case "link":
		return r.Link
	case "title":
		return r.Title
	case "note":
		return r.Note
	case "model":
		return r.Model
	case "preset":
		return r.Preset
	case "seed":
		if r.Error != "" {
			return ""
		}
		return itoa(int(r.Seed))
	case "changes":
		if r.Error == "" && len(r.Changes) == 0 {
			return "none: the preset as it is"
		}
		return strings.Join(r.Changes, "; ")
	case "digest":
		return r.Digest
	case "error":
		return r.Error
	case "prediction":
		for _, a := range r.Answers {
			if a.Prediction == name {
				s := "– " + a.Text
				if a.Choice >= 0 {
					s = itoa(a.Choice+1) + ". " + a.Text
				}
				if !a.Applies {
					s += " (a changed run: not the preset's)"
				}
				switch {
				case a.Picked >= 0 && a.Right:
					s = "picked " + itoa(a.Picked+1) + " ✓; the run: " + s
				case a.Picked >= 0:
					s = "picked " + itoa(a.Picked+1) + " ✗; the run: " + s
				}
				return s
			}
		}
	case "challenge":
		for _, c := range r.Challenges {
			if c.Name == name {
				switch {
				case c.Breaks != "":
					return "not solved: the attempt " + c.Breaks
				case c.Solved && c.Attempted:
					return "attempted: solved"
				case c.Solved:
					return "solved"
				case c.Attempted:
					return "attempted: not solved"
				}
				return "not solved"
			}
		}
	case "goal":
		ch, goal, _ := strings.Cut(name, "/")
		for _, c := range r.Challenges {
			for _, g := range c.Goals {
				if c.Name == ch && g.Name == goal {
					if g.Holds {
						return "✓ " + g.Figure
					}
					return "✗ " + g.Figure
				}
			}
		}
	case "tile":
		for _, t := range r.Tiles {
			if t.Label == name {
				return t.Value
			}
		}
	}
	return ""
}

// CSV writes the rows as CSV, a header line of Columns first, as
// encoding/csv's Writer does (not used here: the page's wasm links this
// package for classRow and would carry it).
func CSV(rows []Row) string {
	var b strings.Builder
	cols := Columns(rows)
	record(&b, cols)
	rec := make([]string, len(cols))
	for i := range rows {
		for j, c := range cols {
			rec[j] = rows[i].Cell(c)
		}
		record(&b, rec)
	}
	return b.String()
}

// record writes one CSV line: a field quoted when encoding/csv quotes it
// (a comma, a quote, a line break, a leading space, or \.), its quotes
// doubled.
func record(b *strings.Builder, fields []string) {
	for i, f := range fields {
		if i > 0 {
			b.WriteByte(',')
		}
		if f == `\.` || strings.ContainsAny(f, ",\"\r\n") || strings.HasPrefix(f, " ") || strings.HasPrefix(f, "\t") {
			b.WriteString(`"` + strings.ReplaceAll(f, `"`, `""`) + `"`)
		} else {
			b.WriteString(f)
		}
	}
	b.WriteByte('\n')
}

// HTML writes the rows as a self-contained HTML page: one table, a row a
// link, the failing goals and broken links marked.
func HTML(rows []Row) string {
	var b strings.Builder
	cols := Columns(rows)
	b.WriteString(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>overloadlab: the class view</title>` +
		`<style>body{font:14px system-ui,sans-serif;margin:1.5em}table{border-collapse:collapse}th,td{border:1px solid #ccc;padding:.3em .5em;vertical-align:top;text-align:left}` +
		`th{background:#f3f3f3}td.fails{color:#a00}td.holds{color:#060}tr.broken td{background:#fff3f3}</style></head><body>`)
	b.WriteString("<h1>The class view</h1><p>" + itoa(len(rows)) + " links, each replayed to its end; ✓ a goal the run meets, ✗ one it does not.</p><table><thead><tr>")
	for _, c := range cols {
		b.WriteString("<th>" + escape(c) + "</th>")
	}
	b.WriteString("</tr></thead><tbody>")
	for i := range rows {
		r := &rows[i]
		if r.Error != "" {
			b.WriteString(`<tr class="broken">`)
		} else {
			b.WriteString("<tr>")
		}
		for _, c := range cols {
			v := r.Cell(c)
			class := ""
			switch {
			case strings.HasPrefix(v, "✓"):
				class = ` class="holds"`
			case strings.HasPrefix(v, "✗"):
				class = ` class="fails"`
			}
			b.WriteString("<td" + class + ">" + escape(v) + "</td>")
		}
		b.WriteString("</tr>")
	}
	b.WriteString("</tbody></table></body></html>\n")
	return b.String()
}

func itoa(n int) string { return strconv.Itoa(n) }

// escape writes s as HTML text, as html.EscapeString does (the html package
// would bring its table of entities, some 90 KB, into the page's wasm,
// which links this package for classRow).
func escape(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch r {
		case '&':
			b.WriteString("&amp;")
		case '<':
			b.WriteString("&lt;")
		case '>':
			b.WriteString("&gt;")
		case '"':
			b.WriteString("&#34;")
		case '\'':
			b.WriteString("&#39;")
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}
