//go:build !js

package web

import (
	"io"
	"io/fs"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"testing/fstest"
	"time"
)

// A FIFO in dist is not served (reading it would block until a writer
// comes): it is not found, at once, and the files beside it are served.
func TestOnlyRegularFilesAreServed(t *testing.T) {
	dist := t.TempDir()
	os.WriteFile(filepath.Join(dist, "index.html"), []byte("<p>page</p>"), 0o644)
	if err := syscall.Mkfifo(filepath.Join(dist, "fifo"), 0o644); err != nil {
		t.Skip("no FIFO here:", err)
	}
	syscall.Mkfifo(filepath.Join(dist, "app.js.br"), 0o644) // a compressed copy that is a FIFO is left out too
	os.WriteFile(filepath.Join(dist, "app.js"), []byte("let x = 1"), 0o644)
	h, err := DirHandler(dist)
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan struct{})
	go func() {
		defer close(done)
		for path, want := range map[string]int{"/fifo": http.StatusNotFound, "/": http.StatusOK, "/app.js": http.StatusOK} {
			w := httptest.NewRecorder()
			r := httptest.NewRequest("GET", path, nil)
			r.Header.Set("Accept-Encoding", "br, gzip")
			h.ServeHTTP(w, r)
			if w.Code != want {
				t.Errorf("GET %s: %d, want %d", path, w.Code, want)
			}
			if path == "/app.js" && w.Header().Get("Content-Encoding") != "gzip" {
				t.Errorf("GET /app.js: coding %q, want gzip (the .br beside it is a FIFO)", w.Header().Get("Content-Encoding"))
			}
		}
	}()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("a request hung on the FIFO")
	}
}

// blocking is a file system whose file slow.js blocks its reader until
// release is closed.
type blocking struct {
	fstest.MapFS
	reading, release chan struct{}
}

func (b blocking) Open(name string) (fs.File, error) {
	if name == "slow.js" {
		close(b.reading)
		<-b.release
	}
	return b.MapFS.Open(name)
}

func (b blocking) ReadFile(name string) ([]byte, error) { return fs.ReadFile(struct{ fs.FS }{b}, name) }

// No file is read under the handler's lock: while one file's read is
// stuck, another file is served.
func TestNoReadUnderTheLock(t *testing.T) {
	b := blocking{MapFS: fstest.MapFS{"index.html": {Data: []byte("<p>page</p>")}, "slow.js": {Data: []byte("x")}},
		reading: make(chan struct{}), release: make(chan struct{})}
	h := Handler(b)
	go h.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest("GET", "/slow.js", nil))
	<-b.reading
	defer close(b.release)
	done := make(chan int)
	go func() {
		w := httptest.NewRecorder()
		h.ServeHTTP(w, httptest.NewRequest("GET", "/", nil))
		done <- w.Code
	}()
	select {
	case code := <-done:
		if code != http.StatusOK {
			t.Errorf("GET /: %d", code)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("GET / waited on the read of another file")
	}
}

// A folder whose index.html links out of it is refused at start, as a
// request for it would be.
func TestDirHandlerChecksIndexAtStart(t *testing.T) {
	dir := t.TempDir()
	dist := filepath.Join(dir, "dist")
	os.Mkdir(dist, 0o755)
	os.WriteFile(filepath.Join(dir, "index.html"), []byte("<p>outside</p>"), 0o644)
	if err := os.Symlink(filepath.Join(dir, "index.html"), filepath.Join(dist, "index.html")); err != nil {
		t.Skip("no symbolic links here:", err)
	}
	if _, err := DirHandler(dist); err == nil || !strings.Contains(err.Error(), "no index.html in it") {
		t.Errorf("index.html linked out of dist: %v", err)
	}
	if _, err := DirHandler(t.TempDir()); err == nil {
		t.Error("a folder without index.html is served")
	}
}

// "OPTIONS *" is answered by the handler, with the security headers.
func TestOptionsStarCarriesTheHeaders(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := NewServer(Handler(fstest.MapFS{"index.html": {Data: []byte("x")}}))
	go srv.Serve(ln)
	defer srv.Close()
	c, err := net.Dial("tcp", ln.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	io.WriteString(c, "OPTIONS * HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
	c.SetReadDeadline(time.Now().Add(5 * time.Second))
	resp, _ := io.ReadAll(c)
	if !strings.Contains(string(resp), "Content-Security-Policy: "+CSP) || !strings.Contains(string(resp), "X-Content-Type-Options: nosniff") {
		t.Errorf("OPTIONS *: %s", resp)
	}
}

// A request's headers are read up to MaxHeaderBytes: more get a 431.
func TestHeadersAreBounded(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := NewServer(Handler(fstest.MapFS{"index.html": {Data: []byte("x")}}))
	go srv.Serve(ln)
	defer srv.Close()
	for _, c := range []struct {
		size int
		want string
	}{{MaxHeaderBytes / 2, "HTTP/1.1 200"}, {2 * MaxHeaderBytes, "HTTP/1.1 431"}} {
		conn, err := net.Dial("tcp", ln.Addr().String())
		if err != nil {
			t.Fatal(err)
		}
		io.WriteString(conn, "GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\nX-Big: "+strings.Repeat("a", c.size)+"\r\n\r\n")
		conn.SetReadDeadline(time.Now().Add(5 * time.Second))
		resp, _ := io.ReadAll(conn)
		conn.Close()
		if !strings.HasPrefix(string(resp), c.want) {
			t.Errorf("headers of %d bytes: %.60q, want %s", c.size, resp, c.want)
		}
	}
}
