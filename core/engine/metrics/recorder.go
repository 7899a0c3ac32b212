package metrics

import (
	"encoding/hex"
	"math"
)

// Column describes one per-interval series.
type Column struct {
	Name  string `json:"name"`          // key, e.g. "cpu"
	Label string `json:"label"`         // legend text
	Unit  string `json:"unit"`          // "/s", "%", "msgs", "s"
	Max   bool   `json:"max,omitempty"` // when intervals are merged keep the max, not the mean
}

// MaxRows bounds the rows a Recorder keeps. When a run has more intervals,
// neighbouring rows are merged two into one (means, or maxima for Max
// columns), so memory stays bounded however long the run.
const MaxRows = 4096

// Recorder keeps the per-interval series of a run. Column 0 is always the
// end time of the interval in seconds.
type Recorder struct {
	cols   []Column
	width  int
	rows   []float64 // stored rows, each of width values
	stride int       // intervals merged into one stored row
	acc    []float64 // intervals being merged into the next stored row
	accN   int
	total  int // intervals recorded

	live    bool
	fresh   []float64 // rows since the last Drain, when live
	dropped int       // fresh rows discarded because nobody drained them

	h fnv128a
}

// NewRecorder returns a recorder for cols; the time column is added in front.
// With live set, every row is also kept until Drain takes it.
func NewRecorder(cols []Column, live bool) *Recorder {
	all := append([]Column{{Name: "t", Label: "time", Unit: "s"}}, cols...)
	return &Recorder{cols: all, width: len(all), stride: 1, acc: make([]float64, len(all)), live: live, h: fnv128aBasis}
}

// Columns returns the columns, time first.
func (r *Recorder) Columns() []Column { return r.cols }

// Intervals returns how many intervals were recorded.
func (r *Recorder) Intervals() int { return r.total }

// Reserve makes room for the rows of n intervals (at most MaxRows), so
// that a run of known length grows its rows once: an hour of the access
// storm's 99 columns is 2.9 MB, which append's doublings would allocate
// and copy some 16 MB to reach.
func (r *Recorder) Reserve(n int) {
	n = min(n, MaxRows)
	if n > 0 && cap(r.rows) < n*r.width {
		r.rows = append(make([]float64, 0, n*r.width), r.rows...)
	}
}

// Append records one interval; row[0] is its end time.
func (r *Recorder) Append(row []float64) {
	for _, x := range row {
		r.h.word(math.Float64bits(x))
	}
	r.total++
	if r.live {
		if len(r.fresh) >= MaxRows*r.width {
			r.fresh = r.fresh[:copy(r.fresh, r.fresh[r.width:])]
			r.dropped++
		}
		r.fresh = append(r.fresh, row...)
	}
	for i, x := range row {
		switch {
		case r.accN == 0 || i == 0:
			r.acc[i] = x
		case r.cols[i].Max:
			r.acc[i] = max(r.acc[i], x)
		default:
			r.acc[i] += x
		}
	}
	r.accN++
	if r.accN < r.stride {
		return
	}
	r.flushAcc()
	if len(r.rows) >= MaxRows*r.width {
		r.halve()
	}
}

func (r *Recorder) flushAcc() {
	for i := 1; i < r.width; i++ {
		if !r.cols[i].Max {
			r.acc[i] /= float64(r.accN)
		}
	}
	r.rows = append(r.rows, r.acc...)
	r.accN = 0
}

// halve merges stored rows two by two and doubles the stride.
func (r *Recorder) halve() {
	w := r.width
	n := len(r.rows) / w
	out := r.rows[:0]
	for k := 0; k+1 < n; k += 2 {
		// Row k/2 is written in place: it is row k itself (k = 0), read
		// value by value before each is written, or before row k.
		a, b := r.rows[k*w:(k+1)*w], r.rows[(k+1)*w:(k+2)*w]
		row := out[len(out) : len(out)+w]
		row[0] = b[0]
		for i := 1; i < w; i++ {
			if r.cols[i].Max {
				row[i] = max(a[i], b[i])
			} else {
				row[i] = (a[i] + b[i]) / 2
			}
		}
		out = out[:len(out)+w]
	}
	r.rows = out
	r.stride *= 2
}

// Rows returns the stored rows, flat, row after row (merged when the run was
// long: see Stride).
func (r *Recorder) Rows() []float64 { return r.rows }

// Series returns the stored values of the column named name beside their
// times (column 0); ok is false when there is no such column.
func (r *Recorder) Series(name string) (t, v []float64, ok bool) {
	k := -1
	for i, c := range r.cols {
		if c.Name == name {
			k = i
		}
	}
	if k < 0 {
		return nil, nil, false
	}
	for i := 0; i+r.width <= len(r.rows); i += r.width {
		t = append(t, r.rows[i])
		v = append(v, r.rows[i+k])
	}
	return t, v, true
}

// Stride returns how many intervals each stored row covers.
func (r *Recorder) Stride() int { return r.stride }

// Drain returns the rows recorded since the last Drain (live recorders
// only) and forgets them. The slice is valid until the next Append.
func (r *Recorder) Drain() []float64 {
	out := r.fresh
	r.fresh = r.fresh[:0]
	return out
}

// Digest returns a hex FNV-1a 128-bit hash of every row ever appended, at
// full resolution: two runs with the same series have the same digest. (Not
// a cryptographic hash: it only tells runs apart, and keeps the wasm small.)
func (r *Recorder) Digest() string {
	return hex.EncodeToString(r.h.sum())
}

// fnv128a is hash/fnv's New128a (the same sums), fed 8 bytes at a time
// without a call through hash.Hash: the recorder hashes every value of
// every interval (356 400 values an hour on the access storm), and in
// WebAssembly the 64 × 64 → 128-bit multiply of hash/fnv is Go code.
type fnv128a struct{ hi, lo uint64 }

// fnv128aBasis is FNV-1a's 128-bit offset basis.
var fnv128aBasis = fnv128a{0x6c62272e07bb0142, 0x62b821756295c58d}

// word hashes the 8 bytes of x, least significant first (little endian).
func (h *fnv128a) word(x uint64) {
	const p = 0x13b // the prime is 2^88 + 0x13b
	hi, lo := h.hi, h.lo
	for range 8 {
		lo ^= x & 0xff
		x >>= 8
		// (hi, lo) × p mod 2^128: lo × 0x13b's high half from lo's 32-bit
		// halves (0x13b < 2^9, so nothing overflows), plus lo << 88.
		carry := ((lo>>32)*p + ((lo&0xffffffff)*p)>>32) >> 32
		hi = hi*p + lo<<24 + carry
		lo *= p
	}
	h.hi, h.lo = hi, lo
}

// sum is the hash's 16 bytes, big endian, as hash/fnv's Sum.
func (h *fnv128a) sum() []byte {
	var b [16]byte
	for i := range 8 {
		b[i] = byte(h.hi >> (56 - 8*i))
		b[8+i] = byte(h.lo >> (56 - 8*i))
	}
	return b[:]
}
