// Package barring is the check a UE makes in the cell before it sends an
// RRC connection request, so that a barred attempt costs the core nothing:
// access class barring (ACB, TS 36.331 §5.3.3.11, ac-BarringInfo in
// SystemInformationBlockType2) and extended access barring (EAB, §5.3.3.12,
// SystemInformationBlockType14).
//
// ACB, one configuration for mo-Signalling and one for mo-Data: a UE of
// access class 0–9 draws rand uniformly in [0, 1) and may access the cell
// only if rand < ac-BarringFactor. A UE with a special access class 11–15
// is not barred when the bit of its class in ac-BarringForSpecialAC is 0;
// when it is 1 it draws like the others (and since ac-BarringFactor may
// differ from p00 only when all five bits are 0, a set bit bars the
// class). A barred UE draws rand again and starts T303 (signalling) or
// T305 (data) for
//
//	Tbarring = (0.7 + 0.6·rand) × ac-BarringTime
//
// and checks again when it expires. An emergency call (access class 10) is
// barred only by ac-BarringForEmergency.
//
// EAB: a UE configured for EAB (a delay-tolerant M2M device) of access
// class 0–9 is barred while the bit of its class in eab-BarringBitmap is
// 1, with no draw and no timer: it tries again when the cell changes the
// bitmap. How often an operator changes it is not in the standard; here
// the bitmap may rotate every period [R], so that each period admits other
// classes.
//
// No state and no clock: every call takes the UE's draw or the time.
package barring

import (
	"math/bits"

	"overloadlab/core/engine/kernel"
)

// Factors are the 16 values of ac-BarringFactor, p00 … p95, in percent.
var Factors = []float64{0, 5, 10, 15, 20, 25, 30, 40, 50, 60, 70, 75, 80, 85, 90, 95}

// Times are the 8 values of ac-BarringTime, s4 … s512, in seconds.
var Times = []float64{4, 8, 16, 32, 64, 128, 256, 512}

// ACB is one ac-BarringConfig of a cell: for mo-Signalling or for mo-Data.
type ACB struct {
	On        bool        // the cell broadcasts this configuration
	Factor    float64     // ac-BarringFactor as a probability: 0 (p00) … 0.95 (p95)
	Time      kernel.Time // ac-BarringTime
	SpecialAC uint8       // ac-BarringForSpecialAC: bit i set bars access class 11+i
}

// Pass returns the probability that an attempt of a UE of access class ac
// passes the check: 1 when the cell does not bar, 1 for a special class
// (11–15) whose bit is 0, else ac-BarringFactor (access class 10, an
// emergency call, is not checked here: see Cell.EmergencyBarred).
func (b *ACB) Pass(ac int) float64 {
	if !b.On || ac >= 11 && b.SpecialAC&(1<<(ac-11)) == 0 {
		return 1
	}
	return b.Factor
}

// Barred decides one attempt of a UE of access class ac with its draw rand
// in [0, 1): barred unless rand < Pass(ac).
func (b *ACB) Barred(ac int, rand float64) bool { return rand >= b.Pass(ac) }

// BarringTime returns Tbarring for the UE's second draw rand in [0, 1):
// (0.7 + 0.6·rand) × ac-BarringTime, between 0.7 and 1.3 × ac-BarringTime.
func (b *ACB) BarringTime(rand float64) kernel.Time {
	return kernel.Time((0.7 + 0.6*rand) * float64(b.Time))
}

// Cell is what a cell broadcasts for access control.
type Cell struct {
	Signalling ACB  // ac-BarringForMO-Signalling
	Data       ACB  // ac-BarringForMO-Data
	Emergency  bool // ac-BarringForEmergency: emergency calls of UEs of access class 0–9 are barred
	EAB        EAB  // SystemInformationBlockType14
}

// EmergencyBarred reports whether an emergency call of a UE without a
// special access class is barred: only while ac-BarringForEmergency is set.
func (c *Cell) EmergencyBarred() bool { return c.Emergency }

// EAB is a cell's extended access barring for the UEs configured for it.
type EAB struct {
	On     bool        // the cell broadcasts SystemInformationBlockType14
	Bitmap uint16      // eab-BarringBitmap: bit i set bars access class i (0–9)
	Rotate kernel.Time // [R] the operator rotates the bitmap every Rotate (0: never) …
	Since  kernel.Time // … counting from Since
}

// bitmap returns the bitmap in force at now: rotated, for each whole period
// since Since, by as many classes as it leaves unbarred, so that the next
// classes in turn are admitted.
func (e *EAB) bitmap(now kernel.Time) uint16 {
	if e.Rotate <= 0 || now < e.Since {
		return e.Bitmap
	}
	m := uint32(e.Bitmap) & 0x3ff
	free := 10 - bits.OnesCount32(m)
	shift := int(uint64((now-e.Since)/e.Rotate) * uint64(free) % 10)
	return uint16((m<<shift | m>>(10-shift)) & 0x3ff)
}

// Barred reports whether an EAB-configured UE of access class ac (0–9) is
// barred at now.
func (e *EAB) Barred(now kernel.Time, ac int) bool {
	return e.On && e.bitmap(now)&(1<<ac) != 0
}

// NextChange returns when the bitmap in force after now next changes (the
// time barred UEs check again), or -1 if it never does.
func (e *EAB) NextChange(now kernel.Time) kernel.Time {
	if !e.On || e.Rotate <= 0 || e.Bitmap&0x3ff == 0 || e.Bitmap&0x3ff == 0x3ff {
		return -1
	}
	if now < e.Since {
		return e.Since + e.Rotate
	}
	return e.Since + ((now-e.Since)/e.Rotate+1)*e.Rotate
}
