package scenario

import (
	"bytes"
	"compress/flate"
	"io"
	"math/rand/v2"
	"testing"
)

func inflated(t *testing.T, in []byte) {
	t.Helper()
	got, err := io.ReadAll(flate.NewReader(bytes.NewReader(deflate(in))))
	if err != nil || !bytes.Equal(got, in) {
		t.Fatalf("deflate then inflate of %d bytes: %d bytes back (%v)", len(in), len(got), err)
	}
}

// deflate's stream inflates to its input: empty, every byte value, runs
// longer than a match, matches at the 32 KB window's edge and past it.
func TestDeflateRoundTrip(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	all := make([]byte, 256)
	for i := range all {
		all[i] = byte(i)
	}
	random := make([]byte, 40_000)
	for i := range random {
		random[i] = byte(r.IntN(256))
	}
	edge := append(append(append([]byte{}, random[:300]...), random[:32_768-300]...), random[:600]...) // a repeat 32 768 back
	words := bytes.Repeat([]byte(`{"m":"imsimgr","v":{"pacing.n":400},"t":[[60,"traffic.scale",4]]}`), 700)
	for _, in := range [][]byte{nil, {'a'}, []byte("aaaa"), bytes.Repeat([]byte{'x'}, 1000), all, random, edge, words} {
		inflated(t, in)
	}
	if n := len(deflate(words)); n > len(words)/50 {
		t.Errorf("%d bytes of one repeated phrase deflated to %d", len(words), n)
	}
}

func FuzzDeflate(f *testing.F) {
	f.Add([]byte(`{"m":"scp","c":3,"p":"scp-1000","s":7}`))
	f.Add(bytes.Repeat([]byte("ab"), 300))
	f.Fuzz(func(t *testing.T, in []byte) { inflated(t, in) })
}
