// Package wasmdata makes the data section of a WebAssembly module written
// by Go's linker cheaper to send compressed, the program unchanged.
//
// Segments: the linker cuts the initial memory into one active segment per
// run of non-zero bytes, skipping every run of 8 or more zero bytes:
// smallest raw (the playground's wasm has some 50 000 segments), but each
// segment's header (an offset and a length) is nearly random to a
// compressor. Pack merges segments that lie at most Gap bytes apart,
// writing the zero bytes between them, so the memory image at
// instantiation is the same byte for byte:
//
//	memory[off : off+len(seg)] = seg   for every segment, before and after
//
// Line tables: with Options.DropLines, Pack also drops the file and line
// tables of the runtime's pclntab, which only stack traces read (see
// DropLines); with Options.DropNames, the function names but those the
// runtime reads and those asked for (see DropNames).
//
// Measured on the playground's wasm (brotli quality 11): 1 068 551 bytes;
// segments packed (6 left), 1 006 479; lines dropped too, 905 185.
package wasmdata

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"slices"
	"sort"
)

// Gap is the gap the build packs with: wide enough to join the linker's
// segments, narrow enough to leave out the long zero stretches (.bss and
// the like) whose bytes would only add to the raw size.
const Gap = 4096

// Options say how Pack packs.
type Options struct {
	Gap       int  // merge segments at most Gap zero bytes apart
	DropLines bool // drop the pclntab's file and line tables (DropLines)
	// DropNames drops the pclntab's function names but those the runtime
	// reads and those that start with one of KeepNames (DropNames).
	DropNames bool
	KeepNames []string
	// DropCustom drops the custom sections, which no browser reads: Go
	// writes its build ID (go:buildid) and the producers. The build ID
	// changes with every edit of the source, a comment's too, and moved
	// the page's brotli size by up to 1.5 KB either way; without it the
	// same code is the same size.
	DropCustom bool
}

// magic is the module header: "\0asm" and version 1.
var magic = []byte{0, 'a', 's', 'm', 1, 0, 0, 0}

const (
	customSection = 0
	dataSection   = 11
)

// Segment is one active data segment of memory 0: Data is written at
// Offset when the module is instantiated.
type Segment struct {
	Offset uint32
	Data   []byte
}

// Pack returns module with its data segments merged where at most o.Gap
// zero bytes separate them, its line tables and names dropped if asked,
// and its custom sections; every other section is copied as it is. It refuses a module it cannot read
// exactly (not wasm, a passive segment, an offset that is not a constant,
// overlapping segments, no pclntab when asked to drop its lines).
func Pack(module []byte, o Options) ([]byte, error) {
	if !bytes.HasPrefix(module, magic) {
		return nil, errors.New("wasmdata: not a WebAssembly module (version 1)")
	}
	out := append([]byte(nil), magic...)
	for i := len(magic); i < len(module); {
		start := i
		id := module[i]
		size, n := binary.Uvarint(module[i+1:])
		if n <= 0 || size > uint64(len(module)-(i+1+n)) {
			return nil, fmt.Errorf("wasmdata: section %d at byte %d: bad size", id, i)
		}
		body := module[i+1+n : i+1+n+int(size)]
		i += 1 + n + int(size)
		if id == customSection && o.DropCustom {
			continue
		}
		if id != dataSection {
			out = append(out, module[start:i]...)
			continue
		}
		segs, err := Segments(body)
		if err != nil {
			return nil, err
		}
		if segs, err = sorted(segs); err != nil {
			return nil, err
		}
		segs = merge(segs, o.Gap)
		if o.DropLines {
			if _, err := DropLines(segs); err != nil {
				return nil, err
			}
		}
		if o.DropNames {
			if _, err := DropNames(segs, o.KeepNames); err != nil {
				return nil, err
			}
		}
		packed := encode(segs)
		out = append(out, dataSection)
		out = binary.AppendUvarint(out, uint64(len(packed)))
		out = append(out, packed...)
	}
	return out, nil
}

// Segments decodes the body of a data section, in the order written.
func Segments(body []byte) ([]Segment, error) {
	r := reader{b: body}
	count := r.uvarint()
	var segs []Segment
	for k := uint64(0); k < count && r.err == nil; k++ {
		// Active, memory 0: flags 0, the expression i32.const OFFSET end.
		if flags := r.byte(); flags != 0 {
			r.fail(fmt.Errorf("segment %d: flags %d, only 0 (active, memory 0) is read", k, flags))
			break
		}
		if op := r.byte(); op != 0x41 {
			r.fail(fmt.Errorf("segment %d: offset opcode %#x, only i32.const is read", k, op))
			break
		}
		off := uint32(r.varint32())
		if end := r.byte(); end != 0x0b {
			r.fail(fmt.Errorf("segment %d: offset expression not ended", k))
			break
		}
		data := r.bytes(r.uvarint())
		segs = append(segs, Segment{Offset: off, Data: data})
	}
	if r.err == nil && r.i != len(body) {
		r.fail(fmt.Errorf("%d bytes after the last segment", len(body)-r.i))
	}
	if r.err != nil {
		return nil, fmt.Errorf("wasmdata: data section: %w", r.err)
	}
	return segs, nil
}

// sorted returns segs in address order; it refuses overlapping segments,
// whose bytes would depend on the order they are written in. (The linker
// writes its sections one after another, not all in address order.)
func sorted(segs []Segment) ([]Segment, error) {
	segs = slices.Clone(segs)
	sort.SliceStable(segs, func(i, j int) bool { return segs[i].Offset < segs[j].Offset })
	for k := 1; k < len(segs); k++ {
		if prev := segs[k-1]; uint64(segs[k].Offset) < uint64(prev.Offset)+uint64(len(prev.Data)) {
			return nil, fmt.Errorf("wasmdata: data segments at %d (%d bytes) and %d overlap", prev.Offset, len(prev.Data), segs[k].Offset)
		}
	}
	return segs, nil
}

// merge joins neighbours at most gap bytes apart, the gap filled with zeros.
func merge(segs []Segment, gap int) []Segment {
	var out []Segment
	for _, s := range segs {
		if n := len(out); n > 0 {
			last := &out[n-1]
			end := uint64(last.Offset) + uint64(len(last.Data))
			if uint64(s.Offset)-end <= uint64(gap) {
				last.Data = append(last.Data, make([]byte, uint64(s.Offset)-end)...)
				last.Data = append(last.Data, s.Data...)
				continue
			}
		}
		out = append(out, Segment{Offset: s.Offset, Data: append([]byte(nil), s.Data...)})
	}
	return out
}

// encode writes the body of a data section.
func encode(segs []Segment) []byte {
	b := binary.AppendUvarint(nil, uint64(len(segs)))
	for _, s := range segs {
		b = append(b, 0, 0x41)
		b = appendVarint32(b, int32(s.Offset))
		b = append(b, 0x0b)
		b = binary.AppendUvarint(b, uint64(len(s.Data)))
		b = append(b, s.Data...)
	}
	return b
}

// appendVarint32 appends v in signed LEB128, as i32.const takes it.
func appendVarint32(b []byte, v int32) []byte {
	for {
		c := byte(v & 0x7f)
		v >>= 7
		if (v == 0 && c&0x40 == 0) || (v == -1 && c&0x40 != 0) {
			return append(b, c)
		}
		b = append(b, c|0x80)
	}
}

// reader reads LEB128 numbers and bytes, keeping the first error.
type reader struct {
	b   []byte
	i   int
	err error
}

func (r *reader) fail(err error) {
	if r.err == nil {
		r.err = err
	}
}

func (r *reader) byte() byte {
	if r.err != nil || r.i >= len(r.b) {
		r.fail(errors.New("truncated"))
		return 0
	}
	r.i++
	return r.b[r.i-1]
}

func (r *reader) uvarint() uint64 {
	if r.err != nil {
		return 0
	}
	v, n := binary.Uvarint(r.b[r.i:])
	if n <= 0 || v > 1<<32 {
		r.fail(errors.New("bad unsigned number"))
		return 0
	}
	r.i += n
	return v
}

// varint32 reads a signed LEB128 number of at most 5 bytes.
func (r *reader) varint32() int32 {
	var v int64
	for shift := 0; shift < 35; shift += 7 {
		c := r.byte()
		if r.err != nil {
			return 0
		}
		v |= int64(c&0x7f) << shift
		if c&0x80 == 0 {
			if shift+7 < 64 && c&0x40 != 0 {
				v |= -1 << (shift + 7)
			}
			return int32(v)
		}
	}
	r.fail(errors.New("signed number longer than 5 bytes"))
	return 0
}

func (r *reader) bytes(n uint64) []byte {
	if r.err != nil {
		return nil
	}
	if n > uint64(len(r.b)-r.i) {
		r.fail(errors.New("segment longer than the section"))
		return nil
	}
	r.i += int(n)
	return r.b[r.i-int(n) : r.i]
}
