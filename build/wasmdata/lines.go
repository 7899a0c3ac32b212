package wasmdata

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
)

// The line tables. Go's runtime keeps, for every function, pc-value tables
// in its pclntab: the stack-pointer delta (pcsp) and the pcdata tables (GC
// stack maps, unsafe points, inlining), which the program needs to run,
// and the file and line tables (pcfile, pcln), which only a stack trace
// reads. A browser build does not need file:line in its traces: in the
// playground those tables are 187 KB of the 284 KB pctab and 100 KB of its
// brotli size. DropLines sets each function's pcfile and pcln to 0 ("no
// table": the runtime then writes "?" for the file and 0 for the line;
// the function names are DropNames' affair) and zeroes the bytes of the tables nothing else
// uses, the file names (cutab, filetab) and each function's compilation
// unit and first line, read only with them. A failure met in the browser is traced in full natively: the same
// link gives the same run.

// pcHeader is the start of the pclntab (runtime.pcHeader, Go 1.20 on):
// magic 0xfffffff1, two pad bytes, the minimum instruction size (1 on
// wasm) and the pointer size (8).
var pcHeader = []byte{0xf1, 0xff, 0xff, 0xff, 0, 0, 1, 8}

// Offsets in runtime._func, whose fixed part is 44 bytes, followed by
// npcdata uint32 offsets of pcdata tables.
const (
	funcPCSP    = 16
	funcPCFile  = 20
	funcPCLn    = 24
	funcNPCData = 28
	funcCU      = 32 // the function's compilation unit in the cutab
	funcStart   = 36 // the line of the func keyword
	funcSize    = 44
)

// DropLines drops the file and line tables of the pclntab that segs hold
// (in address order, as Pack leaves them) and returns the bytes it zeroed.
// It refuses a memory image without exactly one pclntab it can read.
func DropLines(segs []Segment) (int, error) {
	t, err := readPclntab(segs)
	if err != nil {
		return 0, err
	}
	le := binary.LittleEndian
	pctab := t.mem[t.pctab:t.functab]
	// The tables the program needs, and the functions' line tables.
	keep := map[uint32]bool{}
	var lines []uint32
	for k := range t.nfunc {
		fn, err := t.fn(k)
		if err != nil {
			return 0, err
		}
		npc := int(le.Uint32(fn[funcNPCData:]))
		if funcSize+4*npc > len(fn) {
			return 0, fmt.Errorf("wasmdata: pclntab function %d: %d pcdata tables past its segment", k, npc)
		}
		keep[le.Uint32(fn[funcPCSP:])] = true
		for d := range npc {
			keep[le.Uint32(fn[funcSize+4*d:])] = true
		}
		lines = append(lines, le.Uint32(fn[funcPCFile:]), le.Uint32(fn[funcPCLn:]))
		for _, field := range []int{funcPCFile, funcPCLn, funcCU, funcStart} {
			le.PutUint32(fn[field:], 0)
		}
	}
	// The file names: the cutab and the filetab, read only through pcfile.
	clear(t.mem[t.cu:t.pctab])
	zeroed := 0
	for _, off := range lines {
		if off == 0 || keep[off] {
			continue
		}
		n, err := tableLen(pctab, off)
		if err != nil {
			return 0, err
		}
		clear(pctab[off : int(off)+n])
		keep[off] = true // zeroed once
		zeroed += n
	}
	return zeroed, nil
}

// pclntab is the runtime's pclntab in a memory image (runtime.pcHeader):
// mem runs from its header to the end of its segment, and the tables are
// at these offsets in mem, in this order.
type pclntab struct {
	mem                                   []byte
	nfunc                                 int
	funcname, cu, filetab, pctab, functab int
}

// readPclntab finds the one pclntab that segs hold (in address order, as
// Pack leaves them) and reads its header, refusing fields past its segment
// or tables out of order.
func readPclntab(segs []Segment) (pclntab, error) {
	seg, h, err := findHeader(segs)
	if err != nil {
		return pclntab{}, err
	}
	t := pclntab{mem: seg.Data[h:]}
	for _, f := range []struct {
		off int
		v   *int
	}{{8, &t.nfunc}, {32, &t.funcname}, {40, &t.cu}, {48, &t.filetab}, {56, &t.pctab}, {64, &t.functab}} {
		if f.off+8 > len(t.mem) {
			return pclntab{}, fmt.Errorf("wasmdata: pclntab header cut at byte %d", f.off)
		}
		v := binary.LittleEndian.Uint64(t.mem[f.off:])
		if v > uint64(len(t.mem)) {
			return pclntab{}, fmt.Errorf("wasmdata: pclntab header field at byte %d is %d, past its segment", f.off, v)
		}
		*f.v = int(v)
	}
	if !(t.funcname < t.cu && t.cu <= t.filetab && t.filetab <= t.pctab && t.pctab < t.functab) {
		return pclntab{}, fmt.Errorf("wasmdata: pclntab tables out of order: %v", []int{t.funcname, t.cu, t.filetab, t.pctab, t.functab})
	}
	if (t.nfunc+1)*8 > len(t.mem)-t.functab { // the functab holds nfunc+1 entries of 8 bytes
		return pclntab{}, fmt.Errorf("wasmdata: pclntab functab of %d functions past its segment", t.nfunc)
	}
	return t, nil
}

// fn returns function k's runtime._func and what follows it in the
// segment (its pcdata offsets).
func (t pclntab) fn(k int) ([]byte, error) {
	ftab := t.mem[t.functab:]
	fo := int(binary.LittleEndian.Uint32(ftab[8*k+4:]))
	if fo+funcSize > len(ftab) {
		return nil, fmt.Errorf("wasmdata: pclntab function %d past its segment", k)
	}
	return ftab[fo:], nil
}

// findHeader returns the segment holding the one pclntab and its offset
// there.
func findHeader(segs []Segment) (*Segment, int, error) {
	var seg *Segment
	at := -1
	for i := range segs {
		d := segs[i].Data
		for j := bytes.Index(d, pcHeader); j >= 0; {
			if seg != nil {
				return nil, 0, errors.New("wasmdata: more than one pclntab header in the data")
			}
			seg, at = &segs[i], j
			k := bytes.Index(d[j+1:], pcHeader)
			if k < 0 {
				break
			}
			j += 1 + k
		}
	}
	if seg == nil {
		return nil, 0, errors.New("wasmdata: no pclntab header (Go 1.20 or later, wasm) in the data")
	}
	return seg, at, nil
}

// tableLen returns the length of the pc-value table at off: pairs of
// varints (value delta, pc delta) ended by a 0 byte where a value delta
// would start, the first pair excepted (runtime.step).
func tableLen(pctab []byte, off uint32) (int, error) {
	if int(off) >= len(pctab) {
		return 0, fmt.Errorf("wasmdata: pc table at %d past the pctab (%d bytes)", off, len(pctab))
	}
	p := pctab[off:]
	for j, first := 0, true; ; first = false {
		if j >= len(p) {
			return 0, fmt.Errorf("wasmdata: pc table at %d runs past the pctab", off)
		}
		if p[j] == 0 && !first {
			return j + 1, nil
		}
		for range 2 {
			_, n := binary.Uvarint(p[j:])
			if n <= 0 {
				return 0, fmt.Errorf("wasmdata: pc table at %d: bad varint at %d", off, j)
			}
			j += n
		}
	}
}
