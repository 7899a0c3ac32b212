//go:build !js

package web_test

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"overloadlab/core/catalog"
)

// TestSourcesPanel opens, for every model, the Sources list that ends its
// "How it works" panels: it names each of the model's documents and what
// the model takes from it, as Def.Sources says, and explains the marks
// [S] and [R]; no source is called a "seed".
func TestSourcesPanel(t *testing.T) {
	tb := openPage(t)
	for _, d := range catalog.Models {
		if len(d.Sources) == 0 {
			t.Errorf("%s declares no source", d.Name)
			continue
		}
		eval[string](t, tb, pick("preset", d.Presets[0].Name))
		tb.wait(t, `document.querySelector('section.how[data-model="`+d.Name+`"]')?.hidden === false`, 10*time.Second) // its parts are loaded when picked
		raw := eval[string](t, tb, `(() => {
		  const how = document.querySelector('section.how[data-model="`+d.Name+`"]');
		  const s = how.querySelector("details.sources");
		  s.querySelector("summary").click();
		  const r = s.getBoundingClientRect();
		  return JSON.stringify({ open: s.open, shown: r.height > 0, summary: s.querySelector("summary").textContent,
		    items: [...s.querySelectorAll("li")].map((li) => li.textContent), marks: s.querySelector("p").textContent });
		})()`)
		var got struct {
			Open, Shown    bool
			Summary, Marks string
			Items          []string
		}
		if err := json.Unmarshal([]byte(raw), &got); err != nil {
			t.Fatal(err)
		}
		if !got.Open || !got.Shown {
			t.Errorf("%s: the Sources list did not open (open %v, shown %v)", d.Name, got.Open, got.Shown)
		}
		if len(got.Items) != len(d.Sources) {
			t.Errorf("%s: %d sources listed, want %d", d.Name, len(got.Items), len(d.Sources))
			continue
		}
		for i, s := range d.Sources {
			if want := s.Name + ": " + s.Uses; got.Items[i] != want {
				t.Errorf("%s source %d: %q, want %q", d.Name, i+1, got.Items[i], want)
			}
			if strings.Contains(strings.ToLower(s.Name), "seed") {
				t.Errorf("%s source %q is called a seed", d.Name, s.Name)
			}
		}
		for _, w := range []string{"[S]", "[R]", "reconstruction", "parameter you can change"} {
			if !strings.Contains(got.Marks, w) {
				t.Errorf("%s: the marks' legend lacks %q: %q", d.Name, w, got.Marks)
			}
		}
	}
}
