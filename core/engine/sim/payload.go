package sim

import (
	"fmt"
	"math/bits"
)

// Payload is the layout of the small integers a node model packs into an
// event's 32-bit Ref (a class, an attempt number, an instance, an epoch),
// so that no message needs storage of its own. Each field is declared with
// the largest value it must hold; the layout takes the bits that needs and
// panics at package initialisation if a model's fields do not fit in 31
// bits. So a limit such as traffic.MaxAttempts lives with the parameter
// that sets it, and the payload follows it.
type Payload struct {
	used uint
}

// Field is one field of a Payload.
type Field struct {
	shift uint
	mask  uint32
}

// Field declares a field holding 0…max.
func (p *Payload) Field(name string, max int) Field {
	w := uint(bits.Len(uint(max)))
	if max < 1 || p.used+w > 31 {
		panic(fmt.Sprintf("sim: payload field %s (0…%d) does not fit: %d of 31 bits already used", name, max, p.used))
	}
	f := Field{shift: p.used, mask: 1<<w - 1}
	p.used += w
	return f
}

// Wrap declares a field of w bits that keeps only the low bits of what is
// put in it (a counter compared modulo 2^w, such as a restart epoch).
func (p *Payload) Wrap(name string, w uint) Field {
	return p.Field(name, 1<<w-1)
}

// Put returns v in the field's place, to be or-ed with the other fields.
// Values wider than the field are cut to its bits.
func (f Field) Put(v int) int32 { return int32((uint32(v) & f.mask) << f.shift) }

// Get reads the field from ref.
func (f Field) Get(ref int32) int { return int((uint32(ref) >> f.shift) & f.mask) }

// Max returns the largest value the field holds.
func (f Field) Max() int { return int(f.mask) }

// Cut returns v cut to the field's bits, as Get would read it back: how a
// wrapping counter compares with what an event holds.
func (f Field) Cut(v int) int { return v & int(f.mask) }
