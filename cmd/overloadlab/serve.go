package main

import (
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"time"

	"overloadlab/web"
)

// cmdServe serves the built playground (dist/, made by `make build`).
func cmdServe(args []string, stdout io.Writer) error {
	fs := newFlags("serve")
	addr := fs.String("addr", "127.0.0.1:8080", "`address` to listen on")
	dir := fs.String("dir", "dist", "`folder` of the built page (go run ./build)")
	if err := parse(fs, args); err != nil {
		return err
	}
	if _, err := os.Stat(*dir + "/index.html"); err != nil {
		return usagef("-dir %s: no index.html there (build the page first: make build)", *dir)
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "overloadlab playground: http://%s/\n", ln.Addr())
	srv := &http.Server{Handler: web.Handler(os.DirFS(*dir)), ReadHeaderTimeout: 10 * time.Second}
	if err := srv.Serve(ln); !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}
