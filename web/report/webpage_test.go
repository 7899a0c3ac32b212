package report

import (
	"net/url"
	"testing"
)

// urlWebPage is what WebPage said with net/url, which it no longer links.
func urlWebPage(page string) bool {
	u, err := url.Parse(page)
	return err == nil && (u.Scheme == "http" || u.Scheme == "https") && u.Host != ""
}

// TestWebPageAsURLParse: WebPage agrees with url.Parse on the addresses a
// playground is served at and on the ones a report must refuse, and
// never takes an address url.Parse would not.
func TestWebPageAsURLParse(t *testing.T) {
	for _, page := range []string{
		"http://127.0.0.1:8080/", "http://localhost:8080", "https://example.org/lab/", "HTTPS://Example.org/lab/index.html",
		"http://[::1]:8080/", "https://user@host.example/x?y=1#z", "http://host/a%20b",
		"javascript:alert(1)", "data:text/html,<b>", "http://", "https:///path", "ftp://host/", "//host/x", "host/x",
		"http://host:port/", "http://[]/", "http://[::]/", "http://[1:2:3:4:5:6:7:8]/", "http://[1::2::3]/", "http://[::ffff:1.2.3.4]:80/", "http://[1:2:3:4:5:6:7:8:9]/", "http://[:1]/", "http://[1:]/", "http://host:80:80/", "", "http:host", "https://:8080/",
	} {
		if got, want := WebPage(page), urlWebPage(page); got != want {
			t.Errorf("WebPage(%q) = %v, url.Parse says %v", page, got, want)
		}
	}
}

func FuzzWebPage(f *testing.F) {
	for _, s := range []string{"http://127.0.0.1:8080/", "https://[::1]/x", "http://a b/", "http://h\x00/", "https://u@h:1/#", "http://[::1]:8080/", "http://[::ffff:1.2.3.4]/"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, page string) {
		if WebPage(page) && !urlWebPage(page) {
			t.Errorf("WebPage(%q) takes an address url.Parse refuses", page)
		}
	})
}
