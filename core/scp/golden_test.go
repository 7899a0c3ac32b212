package scp

import "testing"

// goldenDigests are the digests of every preset cut to 30 s. The same
// digests must come out natively and in WebAssembly
// (GOOS=js GOARCH=wasm go test ./core/scp).
var goldenDigests = map[string]string{
	"scp-standard-acg":        "6ed9c99cb0aa61baf921661bf5fe9e5beb45ae32f40e1d615622f28b17699583",
	"scp-adaptive-acg":        "809bb1b5ba3fba64649469c2fd183c1d48e0b12c3b03df797d0e48aedb21e918",
	"scp-1000-ssps-10x":       "275d67faa028817e9509c86b6917a062b1d8524cd16c7f118ef621efe7d3ebaa",
	"scp-10-ssps":             "aaf6502a4321c570c1cb275acdaf01d2bc0eacb7ff35abfa6717a9cfe3e3343f",
	"scp-unbalanced":          "2446d3a96afbb51ed84d4484ac8369908b66872f2b3d012bd6a49bd0a94440aa",
	"scp-1000-unbalanced-10x": "85456a645b8a553f69f14e168aacb1f361da57ebea14b7b1403bce16da70921d",
	"scp-adaptive-lag":        "64e2326c667a28e1c8493d48e7681042d4591b3497f63369581838ad020ccff0",
	"scp-overload-step":       "b207834b580e470d51bb114a8283e6b18b8520abafa68084c7c815e965cda598",
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
