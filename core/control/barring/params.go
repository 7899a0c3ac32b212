package barring

import (
	"fmt"
	"slices"
	"strings"

	"overloadlab/core/engine/kernel"
	"overloadlab/core/engine/param"
	"overloadlab/core/engine/prose"
)

// The parameters' names: the fields of TS 36.331 (ac-BarringInfo of
// SystemInformationBlockType2, SystemInformationBlockType14).
const (
	Signalling = "ac-BarringForMO-Signalling"
	Data       = "ac-BarringForMO-Data"
	Emergency  = "ac-BarringForEmergency"
	EABOn      = "eab"
	EABBitmap  = "eab-BarringBitmap"
	EABRotate  = "eab.rotation"
)

const group = "Access barring (cell)"

// acbParams is the schema of one ac-BarringConfig, for what ("signalling",
// "data"), under the name of its field.
func acbParams(name, what, marker string) []param.Spec {
	return []param.Spec{
		{Name: name, Label: "ACB for " + what, Marker: marker, Group: group, Kind: param.Bool, Default: param.On(false),
			Doc: prose.Page("the cells broadcast " + name + " (SIB2): UEs of access classes 0–9 draw before every " + what + " attempt")},
		{Name: name + ".ac-BarringFactor", Label: what + ": ac-BarringFactor", Marker: marker + " factor", Group: group, Kind: param.Choice, Choices: FactorNames, Numbers: Factors, Default: param.Str("p30"),
			Doc: prose.Page("p00 … p95: a UE may try only if its draw in [0, 1) is below this (p30: 0.30)")},
		{Name: name + ".ac-BarringTime", Label: what + ": ac-BarringTime", Marker: marker + " time", Group: group, Kind: param.Choice, Choices: TimeNames, Default: param.Str("s64"),
			Doc: prose.Page("s4 … s512: a barred UE waits (0.7 + 0.6·rand) × this many seconds before it checks again (T303, T305)")},
		{Name: name + ".ac-BarringForSpecialAC", Label: what + ": special classes barred", Marker: marker + " special AC", Group: group, Kind: param.Text, Default: param.Str("00000"),
			Check: checkBits(5, "access classes 11–15"),
			// A free text's doc stays in the WebAssembly build: its errors quote it.
			Doc: "five bits, access classes 11 to 15 from the left: 1 bars the class (the factor must then be p00), 0 lets it through unchecked"},
	}
}

// Params is the schema of the cells' access barring: ACB for signalling
// and for data, emergency barring, and EAB with its [R] rotation.
var Params = slices.Concat(
	acbParams(Signalling, "signalling", "ACB signalling"),
	acbParams(Data, "data", "ACB data"),
	[]param.Spec{
		{Name: Emergency, Label: "Bar emergency calls", Group: group, Kind: param.Bool, Default: param.On(false),
			Doc: prose.Page("ac-BarringForEmergency: bar emergency calls (access class 10) of UEs without a special class")},
		{Name: EABOn, Label: "EAB", Group: group, Kind: param.Bool, Default: param.On(false),
			Doc: prose.Page("extended access barring (SIB14, Rel-11): EAB-configured (delay-tolerant M2M) UEs of the barred classes do not try at all")},
		{Name: EABBitmap, Label: "EAB barred classes", Marker: "EAB bitmap", Group: group, Kind: param.Text, Default: param.Str("1111111000"),
			Check: checkBits(10, "access classes 0–9"),
			Doc:   "eab-BarringBitmap: ten bits, access classes 0 to 9 from the left; 1 bars the EAB-configured UEs of that class"},
		{Name: EABRotate, Label: "EAB rotation period", Marker: "EAB rotation", Group: group, Unit: "s", Kind: param.Number, Min: 0, Max: 3600, Step: 5, Default: param.Num(30),
			Doc: prose.Page("[R] not in the standard: the operator rotates the bitmap this often, by as many classes as it leaves free, so that each period admits the next classes; 0 = never")},
	},
)

// checkBits checks a text of n bits.
func checkBits(n int, of string) func(string) error {
	return func(s string) error {
		if _, err := parseBits(s, n); err != nil {
			return fmt.Errorf("%d bits (0 or 1), %s from the left", n, of)
		}
		return nil
	}
}

// parseBits reads n bits, the first character the lowest bit.
func parseBits(s string, n int) (uint16, error) {
	s = strings.TrimSpace(s)
	if len(s) != n || strings.Trim(s, "01") != "" {
		return 0, fmt.Errorf("not %d bits", n)
	}
	var b uint16
	for i := range n {
		if s[i] == '1' {
			b |= 1 << i
		}
	}
	return b, nil
}

// FactorNames and TimeNames are the values of ac-BarringFactor and
// ac-BarringTime as TS 36.331's ASN.1 names them: p00 … p95, s4 … s512.
var (
	FactorNames = names("p%02.0f", Factors)
	TimeNames   = names("s%.0f", Times)
)

func names(format string, xs []float64) []string {
	out := make([]string, len(xs))
	for i, x := range xs {
		out[i] = fmt.Sprintf(format, x)
	}
	return out
}

// factor returns the probability a factor's name stands for (p30: 0.30).
func factor(name string) float64 { return Factors[max(0, slices.Index(FactorNames, name))] / 100 }

// barringTime returns the seconds a time's name stands for (s64: 64).
func barringTime(name string) float64 { return Times[max(0, slices.Index(TimeNames, name))] }

// CheckParams applies the rule a list cannot say: a configuration that
// bars a special class has the factor p00.
func CheckParams(v param.Values) error {
	for _, name := range []string{Signalling, Data} {
		f := v.Text(name + ".ac-BarringFactor")
		if sp, _ := parseBits(v.Text(name+".ac-BarringForSpecialAC"), 5); sp != 0 && f != "p00" {
			return &param.Error{Field: name + ".ac-BarringFactor", Value: f,
				Allowed: "p00 while " + name + ".ac-BarringForSpecialAC bars a class (TS 36.331: other values only when all its bits are 0)"}
		}
	}
	return nil
}

// CellFrom reads a cell's access barring from the values of Params; the
// EAB rotation counts from since.
func CellFrom(v param.Values, since kernel.Time) Cell {
	acb := func(name string) ACB {
		sp, _ := parseBits(v.Text(name+".ac-BarringForSpecialAC"), 5)
		return ACB{On: v.Bool(name), Factor: factor(v.Text(name + ".ac-BarringFactor")),
			Time: kernel.Seconds(barringTime(v.Text(name + ".ac-BarringTime"))), SpecialAC: uint8(sp)}
	}
	bm, _ := parseBits(v.Text(EABBitmap), 10)
	return Cell{
		Signalling: acb(Signalling), Data: acb(Data), Emergency: v.Bool(Emergency),
		EAB: EAB{On: v.Bool(EABOn), Bitmap: bm, Rotate: kernel.Seconds(v.Num(EABRotate)), Since: since},
	}
}
