package wasmdata

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"strings"
)

// The function names. The pclntab's funcnametab holds the name of every
// function, which the runtime reads for one thing besides printing it: the
// stack maps of functions whose argument size is unknown (the reflect
// stubs, runtime/stkframe.go's argMapInternal, which switches on the
// name). Everything else that reads a name prints it: tracebacks, the
// reflect and safejs error texts (runtime.FuncForPC, CallersFrames),
// internal/bisect's reports. DropNames keeps the names of those functions
// and of the functions whose name starts with one of keep (the project's
// own, so that a trace met in the browser still names its frames), sets
// every other function's name to none (nameOff 0: the runtime then reads
// "", and a traceback leaves such a frame out, as it leaves out the
// runtime's own) and zeroes the bytes only they used.

// Offsets in runtime._func (see lines.go).
const (
	funcNameOff = 4
	funcArgs    = 8
)

// argsSizeUnknown is internal/abi.ArgsSizeUnknown: a function whose stack
// maps the runtime finds by its name.
const argsSizeUnknown = -0x80000000

// DropNames drops the function names of the pclntab that segs hold, but
// those of the functions the runtime looks up by name and of the functions
// whose name starts with one of keep, and returns the bytes it zeroed.
func DropNames(segs []Segment, keep []string) (int, error) {
	names, fns, err := funcNames(segs)
	if err != nil {
		return 0, err
	}
	used := make([]bool, len(names)) // bytes of a name kept
	var dropped []funcName
	for _, f := range fns {
		if f.off == 0 {
			continue
		}
		if f.args == argsSizeUnknown || hasAnyPrefix(f.name, keep) {
			for i := range len(f.name) + 1 {
				used[int(f.off)+i] = true
			}
			continue
		}
		dropped = append(dropped, f)
	}
	zeroed := 0
	for _, f := range dropped {
		binary.LittleEndian.PutUint32(f.fn[funcNameOff:], 0)
		for i := int(f.off); i <= int(f.off)+len(f.name); i++ {
			if !used[i] && names[i] != 0 {
				names[i] = 0
				zeroed++
			}
		}
	}
	return zeroed, nil
}

// funcName is one function of the pclntab.
type funcName struct {
	fn   []byte // its runtime._func, in the memory image
	off  uint32 // its nameOff (0: no name)
	name string
	args int32
}

// funcNames returns the funcnametab of the pclntab that segs hold and its
// functions with their names, in functab order.
func funcNames(segs []Segment) ([]byte, []funcName, error) {
	t, err := readPclntab(segs)
	if err != nil {
		return nil, nil, err
	}
	names := t.mem[t.funcname:t.cu]
	le := binary.LittleEndian
	fns := make([]funcName, t.nfunc)
	for k := range fns {
		fn, err := t.fn(k)
		if err != nil {
			return nil, nil, err
		}
		f := funcName{fn: fn[:funcSize]}
		f.off, f.args = le.Uint32(f.fn[funcNameOff:]), int32(le.Uint32(f.fn[funcArgs:]))
		if f.off != 0 {
			if int(f.off) >= len(names) {
				return nil, nil, fmt.Errorf("wasmdata: function %d's name at %d is past the funcnametab (%d bytes)", k, f.off, len(names))
			}
			n := bytes.IndexByte(names[f.off:], 0)
			if n < 0 {
				return nil, nil, fmt.Errorf("wasmdata: function %d's name at %d has no end", k, f.off)
			}
			f.name = string(names[f.off : int(f.off)+n])
		}
		fns[k] = f
	}
	return names, fns, nil
}

func hasAnyPrefix(s string, prefixes []string) bool {
	for _, p := range prefixes {
		if strings.HasPrefix(s, p) {
			return true
		}
	}
	return false
}
