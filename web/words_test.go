package web

import (
	"os"
	"regexp"
	"testing"
)

// The page shows a label as the model writes it: a style sheet that
// upper-cases it turns "SSPs gapped" into "SSPS GAPPED", a word no one
// wrote.
func TestNoStyleRewritesWords(t *testing.T) {
	re := regexp.MustCompile(`text-transform\s*:\s*(uppercase|capitalize|lowercase)`)
	for _, f := range []string{"../static/style.css", "../static/classroom.css"} {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if m := re.Find(b); m != nil {
			t.Errorf("%s: %s rewrites the model's words", f, m)
		}
	}
}
