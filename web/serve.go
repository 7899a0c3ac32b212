package web

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"io/fs"
	"mime"
	"net"
	"net/http"
	"os"
	"path"
	"strconv"
	"strings"
	"sync"
	"time"
)

// CSP is the Content-Security-Policy of the page: everything from this
// server, no inline script or style, no third-party host; the wasm needs
// 'wasm-unsafe-eval'.
const CSP = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; worker-src 'self'; " +
	"style-src 'self'; img-src 'self' data: blob:; connect-src 'self'; font-src 'self'; " +
	"object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

// Handler serves the built page from dist: the right media types, the
// brotli or gzip copy that build wrote beside a file when the browser takes
// it (else gzip made here once and kept), and the CSP on every answer.
func Handler(dist fs.FS) http.Handler {
	return &handler{dist: dist, cache: map[string]*entry{}}
}

type handler struct {
	dist  fs.FS
	mu    sync.Mutex
	cache map[string]*entry
}

// entry is one file as read, with its compressed copies.
type entry struct {
	mod  time.Time
	size int64
	raw  []byte
	enc  map[string][]byte // "br", "gzip"
}

var compressible = map[string]bool{".html": true, ".js": true, ".css": true, ".wasm": true, ".json": true, ".svg": true, ".txt": true}

func (h *handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	hd := w.Header()
	hd.Set("Content-Security-Policy", CSP)
	hd.Set("X-Content-Type-Options", "nosniff")
	hd.Set("Referrer-Policy", "no-referrer")
	hd.Set("Cross-Origin-Opener-Policy", "same-origin")
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		hd.Set("Allow", "GET, HEAD")
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	name := path.Clean("/" + r.URL.Path)
	if strings.HasSuffix(name, "/") {
		name += "index.html"
	}
	name = strings.TrimPrefix(name, "/")
	ext := path.Ext(name)
	if ext == ".br" || ext == ".gz" {
		http.NotFound(w, r)
		return
	}
	e, err := h.load(name)
	if err != nil {
		http.NotFound(w, r)
		return
	}
	ctype := mime.TypeByExtension(ext)
	switch ext {
	case ".wasm":
		ctype = "application/wasm"
	case ".js":
		ctype = "text/javascript; charset=utf-8"
	}
	if ctype != "" {
		hd.Set("Content-Type", ctype)
	}
	hd.Set("Cache-Control", "no-cache")
	// The size before any content coding, for the page's download
	// progress (Content-Length counts the coded bytes).
	hd.Set("X-Decoded-Length", strconv.Itoa(len(e.raw)))
	body := e.raw
	if len(e.enc) > 0 {
		hd.Set("Vary", "Accept-Encoding")
		for _, enc := range []string{"br", "gzip"} {
			if b, ok := e.enc[enc]; ok && accepts(r, enc) {
				hd.Set("Content-Encoding", enc)
				body = b
				break
			}
		}
	}
	http.ServeContent(w, r, name, e.mod, bytes.NewReader(body))
}

// accepts reports whether the request takes the content coding enc
// (RFC 9110 §12.5.3): named, or matched by "*", with a quality above 0
// ("br;q=0", "br; q=0.000" and "BR;Q=0" refuse it).
func accepts(r *http.Request, enc string) bool {
	named, star := -1.0, -1.0
	for _, part := range strings.Split(r.Header.Get("Accept-Encoding"), ",") {
		params := strings.Split(part, ";")
		coding := strings.ToLower(strings.TrimSpace(params[0]))
		q := 1.0
		for _, p := range params[1:] {
			k, v, _ := strings.Cut(strings.TrimSpace(p), "=")
			if strings.EqualFold(strings.TrimSpace(k), "q") {
				x, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
				if err != nil || x < 0 || x > 1 {
					x = 0 // a malformed weight: do not guess
				}
				q = x
			}
		}
		switch coding {
		case enc:
			named = max(named, q)
		case "*":
			star = max(star, q)
		}
	}
	if named >= 0 {
		return named > 0
	}
	return star > 0
}

// Timeouts bound how long the server waits on a client, so that a slow or
// silent connection cannot hold it: ReadHeader for the request's headers,
// Read for the whole request, Write for the answer to be read, Idle for a
// kept-alive connection between requests.
type Timeouts struct {
	ReadHeader, Read, Write, Idle time.Duration
}

// DefaultTimeouts are the playground's: a client gets 10 s to send its
// headers and 30 s for its whole request, an answer (the wasm included) may
// take 2 minutes to be read, and an idle keep-alive connection is closed
// after 30 s.
var DefaultTimeouts = Timeouts{ReadHeader: 10 * time.Second, Read: 30 * time.Second, Write: 2 * time.Minute, Idle: 30 * time.Second}

// NewServer returns an HTTP server of h with the default timeouts.
func NewServer(h http.Handler) *http.Server { return newServer(h, DefaultTimeouts) }

// newServer returns the server. "OPTIONS *" goes to h (405, with the
// security headers) rather than to net/http's own answer. net/http's
// answers to requests it cannot parse (400, 431 for headers too large, 505)
// are written before any handler runs and carry none of h's headers: they
// are plain text, with no content to run or frame.
func newServer(h http.Handler, t Timeouts) *http.Server {
	return &http.Server{Handler: h, ReadHeaderTimeout: t.ReadHeader, ReadTimeout: t.Read, WriteTimeout: t.Write, IdleTimeout: t.Idle,
		MaxHeaderBytes: MaxHeaderBytes, DisableGeneralOptionsHandler: true}
}

// MaxHeaderBytes bounds a request's headers (the page's are under 2 KiB):
// larger ones get net/http's 431.
const MaxHeaderBytes = 32 << 10

// DirHandler serves the built page in the folder dir, never following a
// symbolic link out of it (os.Root refuses those). It checks at once, the
// way requests are checked, that dir holds the page: an index.html, a
// regular file inside dir.
func DirHandler(dir string) (http.Handler, error) {
	root, err := os.OpenRoot(dir)
	if err != nil {
		return nil, err
	}
	if _, err := regular(root.FS(), "index.html"); err != nil {
		return nil, fmt.Errorf("no index.html in it (a regular file, not a link out of the folder): build the page first (make build)")
	}
	return Handler(root.FS()), nil
}

// URL returns an address a browser on this machine can open for a server
// listening on addr, and whether addr is reachable from other machines
// (anything but loopback).
func URL(addr net.Addr) (string, bool) {
	tcp, ok := addr.(*net.TCPAddr)
	if !ok {
		return "http://" + addr.String() + "/", true
	}
	host := tcp.IP
	exposed := !host.IsLoopback()
	if host.IsUnspecified() {
		host = net.IPv4(127, 0, 0, 1)
	}
	return "http://" + net.JoinHostPort(host.String(), strconv.Itoa(tcp.Port)) + "/", exposed
}

// load reads name from dist with its compressed copies, once per version
// of the file. Only regular files are served (a FIFO or a device would
// block the read, or never end it), and no file is read under the lock:
// a large file being compressed, or a slow disk, holds up only the
// requests for that file.
func (h *handler) load(name string) (*entry, error) {
	st, err := regular(h.dist, name)
	if err != nil {
		return nil, err
	}
	h.mu.Lock()
	e, ok := h.cache[name]
	h.mu.Unlock()
	if ok && e.mod.Equal(st.ModTime()) && e.size == st.Size() {
		return e, nil
	}
	raw, err := fs.ReadFile(h.dist, name)
	if err != nil {
		return nil, err
	}
	e = &entry{mod: st.ModTime(), size: st.Size(), raw: raw, enc: map[string][]byte{}}
	if compressible[path.Ext(name)] {
		if b, err := readRegular(h.dist, name+".br"); err == nil {
			e.enc["br"] = b
		}
		if b, err := readRegular(h.dist, name+".gz"); err == nil {
			e.enc["gzip"] = b
		} else {
			var b bytes.Buffer
			zw, _ := gzip.NewWriterLevel(&b, gzip.BestCompression)
			zw.Write(raw)
			zw.Close()
			e.enc["gzip"] = b.Bytes()
		}
	}
	h.mu.Lock()
	h.cache[name] = e
	h.mu.Unlock()
	return e, nil
}

// regular returns the file info of name in dist if it is a regular file.
func regular(dist fs.FS, name string) (fs.FileInfo, error) {
	st, err := fs.Stat(dist, name)
	if err != nil || !st.Mode().IsRegular() {
		return nil, fs.ErrNotExist
	}
	return st, nil
}

// readRegular reads name from dist if it is a regular file.
func readRegular(dist fs.FS, name string) ([]byte, error) {
	if _, err := regular(dist, name); err != nil {
		return nil, err
	}
	return fs.ReadFile(dist, name)
}
