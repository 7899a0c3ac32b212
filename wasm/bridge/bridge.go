//go:build js && wasm

// Package bridge installs Go functions as one JavaScript object whose
// functions never throw: each returns its result or {error: "..."}, a
// panic included, and is called with at least the arguments its table
// (session.Funcs) gives it: the simulator's, wasm/ (session.API).
package bridge

import (
	"fmt"
	"runtime/debug"

	"github.com/hack-pad/safejs"

	"overloadlab/wasm/session"
)

// Object is a bridge object being installed.
type Object struct {
	api       session.Funcs
	v         safejs.Value
	installed map[string]bool
}

// New starts an object for the functions of api.
func New(api session.Funcs) *Object {
	v, err := safejs.ValueOf(map[string]any{})
	if err != nil {
		panic(err)
	}
	return &Object{api: api, v: v, installed: map[string]bool{}}
}

// Error is what a failed call returns to JavaScript.
func Error(err error) any { return map[string]any{"error": err.Error()} }

// Fn installs f as the function name (its arity is the table's):
// arguments are counted, panics are recovered and reported, never thrown.
func (o *Object) Fn(name string, f func(args []safejs.Value) (any, error)) {
	nargs := o.api.Arity(name)
	o.installed[name] = true
	jf, err := safejs.FuncOf(func(_ safejs.Value, args []safejs.Value) (out any) {
		defer func() {
			if p := recover(); p != nil {
				out = Error(fmt.Errorf("internal error in %s: %v\n%s", name, p, debug.Stack()))
			}
		}()
		if len(args) < nargs {
			return Error(fmt.Errorf("%s: %d arguments needed, %d given", name, nargs, len(args)))
		}
		v, err := f(args)
		if err != nil {
			return Error(err)
		}
		return v
	})
	if err != nil {
		panic(err)
	}
	if err := o.v.Set(name, jf.Value()); err != nil {
		panic(err)
	}
}

// Publish sets globalThis[global] to the object, once every function of
// the table is installed (it panics otherwise: a programming error).
func (o *Object) Publish(global string) {
	if err := o.api.CheckInstalled(o.installed); err != nil {
		panic(err)
	}
	if err := safejs.Global().Set(global, o.v); err != nil {
		panic(err)
	}
}

// Str reads a string argument.
func Str(v safejs.Value) (string, error) { return v.String() }
