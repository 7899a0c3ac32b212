package main

import (
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"

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
	h, err := web.DirHandler(*dir)
	if err != nil {
		var pe *os.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return usagef("-dir %s: %v", named(*dir), err)
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return err
	}
	url, exposed := web.URL(ln.Addr())
	if exposed {
		fmt.Fprintf(os.Stderr, "overloadlab serve: warning: listening on %s, reachable from other machines (the playground has no login); -addr 127.0.0.1:8080 keeps it to this one\n", ln.Addr())
	}
	fmt.Fprintf(stdout, "overloadlab playground: %s\n", url)
	if err := web.NewServer(h).Serve(ln); !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}
