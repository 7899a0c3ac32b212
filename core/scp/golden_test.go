package scp

import "testing"

// goldenDigests are the digests of every preset cut to 30 s. The same
// digests must come out natively and in WebAssembly
// (GOOS=js GOARCH=wasm go test ./core/scp).
var goldenDigests = map[string]string{
	"scp-standard-acg":        "d5f3a84e573710a3fafe5f28ebecb55a",
	"scp-adaptive-acg":        "feb9ee99af9a4b9ffe7e6d2d6a4826f0",
	"scp-1000-ssps-10x":       "19efe0afdaaae6d9c426da599e15bcb2",
	"scp-10-ssps":             "6d827758cfb05cd41fc472ef41cddf7b",
	"scp-unbalanced":          "a7d713a88dcc2d4917f16794a3041ecf",
	"scp-1000-unbalanced-10x": "dce7cd11c1e21c9479fdb4d24aedf1af",
	"scp-adaptive-lag":        "a9c15462e67e08d91574779186fd254d",
	"scp-overload-step":       "333143af789f6c5fa9de24467bee61e1",
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
