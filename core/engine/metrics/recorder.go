package metrics

import (
	"encoding/binary"
	"encoding/hex"
	"hash"
	"hash/fnv"
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

	h   hash.Hash
	buf [8]byte
}

// NewRecorder returns a recorder for cols; the time column is added in front.
// With live set, every row is also kept until Drain takes it.
func NewRecorder(cols []Column, live bool) *Recorder {
	all := append([]Column{{Name: "t", Label: "time", Unit: "s"}}, cols...)
	return &Recorder{cols: all, width: len(all), stride: 1, acc: make([]float64, len(all)), live: live, h: fnv.New128a()}
}

// Columns returns the columns, time first.
func (r *Recorder) Columns() []Column { return r.cols }

// Intervals returns how many intervals were recorded.
func (r *Recorder) Intervals() int { return r.total }

// Append records one interval; row[0] is its end time.
func (r *Recorder) Append(row []float64) {
	for _, x := range row {
		binary.LittleEndian.PutUint64(r.buf[:], math.Float64bits(x))
		r.h.Write(r.buf[:])
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
		a, b := r.rows[k*w:(k+1)*w], r.rows[(k+1)*w:(k+2)*w]
		row := make([]float64, w)
		row[0] = b[0]
		for i := 1; i < w; i++ {
			if r.cols[i].Max {
				row[i] = max(a[i], b[i])
			} else {
				row[i] = (a[i] + b[i]) / 2
			}
		}
		out = append(out, row...)
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
	return hex.EncodeToString(r.h.Sum(nil))
}
