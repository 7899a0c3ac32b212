package scp

import "testing"

// goldenDigests are the digests of every preset cut to 30 s. The same
// digests must come out natively and in WebAssembly
// (GOOS=js GOARCH=wasm go test ./core/node/scp).
var goldenDigests = map[string]string{
	"scp-standard-acg":        "2e12830156c5458e297c59844ba4a2ed",
	"scp-adaptive-acg":        "b41411eb2d87b03ec25d5f1e31ab859f",
	"scp-1000-ssps-10x":       "4ed53a97fb98a6a018eda7bd250ce3dc",
	"scp-10-ssps":             "0ba674208d4d3ad78071f4acd8b4986c",
	"scp-unbalanced":          "9627b62b52da6bdea3386bc534034fc4",
	"scp-1000-unbalanced-10x": "2a8b855c8edd3dde3c1d80310e9e7aa6",
	"scp-adaptive-lag":        "be3d2b09e2c0eb73a73b38a65e43459d",
	"scp-overload-step":       "8c0b72c4d9794693f0404996b5a8fe58",
}

func TestGoldenDigests(t *testing.T) {
	for _, p := range Def.Presets {
		sc := presetScenario(t, p.Name)
		sc.Duration = 30
		sc.Timeline = nil
		_, s := run(t, sc)
		if want, ok := goldenDigests[p.Name]; !ok || s.Digest != want {
			t.Errorf("%q: %q,", p.Name, s.Digest)
		}
	}
}
