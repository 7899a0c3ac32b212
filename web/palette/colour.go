package palette

import (
	"errors"
	"math"
	"strconv"
	"strings"
)

// RGB is an sRGB colour, each channel in [0, 1].
type RGB struct{ R, G, B float64 }

// Lab is a colour in OKLab (Ottosson 2020): L is perceived lightness in
// [0, 1]; a and b are the green–red and blue–yellow axes. A Euclidean
// distance of about 0.02 is just noticeable.
type Lab struct{ L, A, B float64 }

// Hex parses "#rrggbb".
func Hex(s string) (RGB, error) {
	v, err := strconv.ParseUint(strings.TrimPrefix(s, "#"), 16, 32)
	if len(s) != 7 || s[0] != '#' || err != nil {
		return RGB{}, errors.New("colour " + strconv.Quote(s) + ": want #rrggbb")
	}
	return RGB{float64(v>>16) / 255, float64(v>>8&0xff) / 255, float64(v&0xff) / 255}, nil
}

// Hex writes the colour as "#rrggbb", each channel clipped to [0, 1].
func (c RGB) Hex() string {
	const digits = "0123456789abcdef"
	out := []byte("#")
	for _, x := range []float64{c.R, c.G, c.B} {
		q := int(math.Round(math.Max(0, math.Min(1, x)) * 255))
		out = append(out, digits[q>>4], digits[q&15])
	}
	return string(out)
}

func toLinear(x float64) float64 {
	if x <= 0.04045 {
		return x / 12.92
	}
	return math.Pow((x+0.055)/1.055, 2.4)
}

func fromLinear(x float64) float64 {
	if x <= 0.0031308 {
		return 12.92 * x
	}
	return 1.055*math.Pow(x, 1/2.4) - 0.055
}

// linear is the colour in linear-light sRGB.
func (c RGB) linear() [3]float64 { return [3]float64{toLinear(c.R), toLinear(c.G), toLinear(c.B)} }

func fromLinearRGB(l [3]float64) RGB {
	return RGB{fromLinear(l[0]), fromLinear(l[1]), fromLinear(l[2])}
}

// Lab converts to OKLab.
func (c RGB) Lab() Lab {
	v := c.linear()
	l := math.Cbrt(0.4122214708*v[0] + 0.5363325363*v[1] + 0.0514459929*v[2])
	m := math.Cbrt(0.2119034982*v[0] + 0.6806995451*v[1] + 0.1073969566*v[2])
	s := math.Cbrt(0.0883024619*v[0] + 0.2817188376*v[1] + 0.6299787005*v[2])
	return Lab{
		0.2104542553*l + 0.7936177850*m - 0.0040720468*s,
		1.9779984951*l - 2.4285922050*m + 0.4505937099*s,
		0.0259040371*l + 0.7827717662*m - 0.8086757660*s,
	}
}

// RGB converts back to sRGB (channels may fall outside [0, 1] for colours
// outside the sRGB gamut).
func (c Lab) RGB() RGB {
	l := c.L + 0.3963377774*c.A + 0.2158037573*c.B
	m := c.L - 0.1055613458*c.A - 0.0638541728*c.B
	s := c.L - 0.0894841775*c.A - 1.2914855480*c.B
	l, m, s = l*l*l, m*m*m, s*s*s
	return fromLinearRGB([3]float64{
		+4.0767416621*l - 3.3077115913*m + 0.2309699292*s,
		-1.2684380046*l + 2.6097574011*m - 0.3413193965*s,
		-0.0041960863*l - 0.7034186147*m + 1.7076147010*s,
	})
}

// Distance is ΔE in OKLab: the Euclidean distance.
func Distance(x, y Lab) float64 {
	return math.Sqrt((x.L-y.L)*(x.L-y.L) + (x.A-y.A)*(x.A-y.A) + (x.B-y.B)*(x.B-y.B))
}

// LCh builds a colour from OKLCh (lightness, chroma, hue in degrees),
// lowering the chroma until it fits the sRGB gamut.
func LCh(L, C, h float64) RGB {
	rad := h * math.Pi / 180
	for ; C > 0; C -= 0.002 {
		c := Lab{L, C * math.Cos(rad), C * math.Sin(rad)}.RGB()
		if inGamut(c) {
			return c
		}
	}
	return Lab{L, 0, 0}.RGB()
}

func inGamut(c RGB) bool {
	const e = 1e-9
	return c.R >= -e && c.R <= 1+e && c.G >= -e && c.G <= 1+e && c.B >= -e && c.B <= 1+e
}

// Vision is a way of seeing colour.
type Vision int

const (
	Normal Vision = iota
	Deuteranopia
	Protanopia
	Tritanopia
)

// Visions lists every Vision, normal first.
var Visions = []Vision{Normal, Deuteranopia, Protanopia, Tritanopia}

func (v Vision) String() string {
	return [...]string{"normal vision", "deuteranopia", "protanopia", "tritanopia"}[v]
}

// machado holds the simulation matrices of Machado, Oliveira and Fernandes
// (2009), "A physiologically-based model for simulation of color vision
// deficiency", severity 1.0, applied to linear-light sRGB.
var machado = map[Vision][3][3]float64{
	Protanopia: {
		{0.152286, 1.052583, -0.204868},
		{0.114503, 0.786281, 0.099216},
		{-0.003882, -0.048116, 1.051998},
	},
	Deuteranopia: {
		{0.367322, 0.860646, -0.227968},
		{0.280085, 0.672501, 0.047413},
		{-0.011820, 0.042940, 0.968881},
	},
	Tritanopia: {
		{1.255528, -0.076749, -0.178779},
		{-0.078411, 0.930809, 0.147602},
		{0.004733, 0.691367, 0.303900},
	},
}

// Seen is the colour as a person with vision v sees it (Machado 2009).
func (c RGB) Seen(v Vision) RGB {
	m, ok := machado[v]
	if !ok {
		return c
	}
	x := c.linear()
	var y [3]float64
	for i := range 3 {
		y[i] = math.Max(0, math.Min(1, m[i][0]*x[0]+m[i][1]*x[1]+m[i][2]*x[2]))
	}
	return fromLinearRGB(y)
}

// Over is the colour drawn with opacity alpha over bg (blended in sRGB, as
// a canvas does).
func (c RGB) Over(bg RGB, alpha float64) RGB {
	mix := func(a, b float64) float64 { return alpha*a + (1-alpha)*b }
	return RGB{mix(c.R, bg.R), mix(c.G, bg.G), mix(c.B, bg.B)}
}

// Luminance is the relative luminance of WCAG 2.
func (c RGB) Luminance() float64 {
	l := c.linear()
	return 0.2126*l[0] + 0.7152*l[1] + 0.0722*l[2]
}
