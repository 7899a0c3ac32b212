//go:build !js

package web

import (
	"bufio"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"
	"time"
)

func TestAcceptEncoding(t *testing.T) {
	for _, c := range []struct {
		header   string
		br, gzip bool
	}{
		{"gzip, deflate, br", true, true},
		{"gzip, br;q=0", false, true},
		{"gzip, br; q=0", false, true},
		{"gzip, br;q=0.000", false, true},
		{"gzip, BR;Q=0", false, true},
		{"br;q=0.5, gzip;q=0", true, false},
		{"*", true, true},
		{"*;q=0", false, false},
		{"br;q=0, *", false, true},
		{"br;q=nonsense, gzip", false, true},
		{"", false, false},
	} {
		r := httptest.NewRequest("GET", "/", nil)
		r.Header.Set("Accept-Encoding", c.header)
		if accepts(r, "br") != c.br || accepts(r, "gzip") != c.gzip {
			t.Errorf("%q: br %v gzip %v, want %v %v", c.header, accepts(r, "br"), accepts(r, "gzip"), c.br, c.gzip)
		}
	}
}

// A symbolic link in dist that leads out of it is not followed; one that
// stays inside is.
func TestSymlinksOutOfDistAreNotFollowed(t *testing.T) {
	dir := t.TempDir()
	dist := filepath.Join(dir, "dist")
	os.Mkdir(dist, 0o755)
	os.WriteFile(filepath.Join(dist, "index.html"), []byte("<p>page</p>"), 0o644)
	os.WriteFile(filepath.Join(dir, "secret.txt"), []byte("secret"), 0o644)
	for name, target := range map[string]string{
		"relative.txt": "../secret.txt",
		"absolute.txt": filepath.Join(dir, "secret.txt"),
		"up":           "..",
		"inside.html":  "index.html",
	} {
		if err := os.Symlink(target, filepath.Join(dist, name)); err != nil {
			t.Skip("no symbolic links here:", err)
		}
	}
	h, err := DirHandler(dist)
	if err != nil {
		t.Fatal(err)
	}
	for path, want := range map[string]int{
		"/":                  http.StatusOK,
		"/inside.html":       http.StatusOK,
		"/relative.txt":      http.StatusNotFound,
		"/absolute.txt":      http.StatusNotFound,
		"/up/secret.txt":     http.StatusNotFound,
		"/../secret.txt":     http.StatusNotFound,
		"/%2e%2e/secret.txt": http.StatusNotFound,
	} {
		w := httptest.NewRecorder()
		h.ServeHTTP(w, httptest.NewRequest("GET", path, nil))
		if w.Code != want || (want != http.StatusOK && w.Body.String() == "secret") {
			t.Errorf("GET %s: %d %q, want %d", path, w.Code, w.Body.String(), want)
		}
	}
}

func TestServerTimeouts(t *testing.T) {
	s := NewServer(http.NotFoundHandler())
	d := DefaultTimeouts
	if s.ReadHeaderTimeout != d.ReadHeader || s.ReadTimeout != d.Read || s.WriteTimeout != d.Write || s.IdleTimeout != d.Idle ||
		d.ReadHeader <= 0 || d.Read <= 0 || d.Write <= 0 || d.Idle <= 0 {
		t.Errorf("timeouts: header %v, read %v, write %v, idle %v", s.ReadHeaderTimeout, s.ReadTimeout, s.WriteTimeout, s.IdleTimeout)
	}
}

// The timeouts act: a client that never finishes its headers (slowloris),
// and a kept-alive connection left idle, are both closed by the server
// (with timeouts of 200 ms; the read deadline of 10 s is only a bound on
// the test, far beyond the timeouts).
func TestServerClosesSlowAndIdleConnections(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	s := newServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.Write([]byte("ok")) }),
		Timeouts{ReadHeader: 200 * time.Millisecond, Read: time.Second, Write: time.Second, Idle: 200 * time.Millisecond})
	go s.Serve(ln)
	defer s.Close()
	closed := func(name string, c net.Conn) {
		c.SetReadDeadline(time.Now().Add(10 * time.Second))
		if _, err := io.ReadAll(c); err != nil {
			t.Errorf("%s: the server did not close the connection: %v", name, err)
		}
	}
	slow, err := net.Dial("tcp", ln.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer slow.Close()
	slow.Write([]byte("GET / HTTP/1.1\r\nHost: x\r\n")) // the headers never end
	closed("unfinished headers", slow)

	idle, err := net.Dial("tcp", ln.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer idle.Close()
	idle.Write([]byte("GET / HTTP/1.1\r\nHost: x\r\n\r\n"))
	r := bufio.NewReader(idle)
	resp, err := http.ReadResponse(r, nil)
	if err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("keep-alive request: %v %v", resp, err)
	}
	io.Copy(io.Discard, resp.Body)
	idle.SetReadDeadline(time.Now().Add(10 * time.Second))
	if _, err := io.ReadAll(r); err != nil {
		t.Errorf("idle keep-alive: the server did not close the connection: %v", err)
	}
}

func TestURLAndExposure(t *testing.T) {
	for _, c := range []struct {
		ip      net.IP
		url     string
		exposed bool
	}{
		{net.IPv4(127, 0, 0, 1), "http://127.0.0.1:8080/", false},
		{net.IPv6loopback, "http://[::1]:8080/", false},
		{net.IPv4zero, "http://127.0.0.1:8080/", true},
		{net.IPv6unspecified, "http://127.0.0.1:8080/", true},
		{net.IPv4(192, 168, 1, 5), "http://192.168.1.5:8080/", true},
	} {
		url, exposed := URL(&net.TCPAddr{IP: c.ip, Port: 8080})
		if url != c.url || exposed != c.exposed {
			t.Errorf("%v: %s exposed %v, want %s %v", c.ip, url, exposed, c.url, c.exposed)
		}
	}
}
