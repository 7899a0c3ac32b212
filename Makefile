# overloadlab — the two commands a newcomer needs are `make run` and `make test`.
GO ?= go
WASMEXEC := $(shell $(GO) env GOROOT)/lib/wasm
# The address `make run` serves the playground on.
ADDR ?= 127.0.0.1:8080

.PHONY: run test bench setup modules vet fmtcheck build tscheck digests pgo claims

# run builds the playground and serves it; open the address it prints.
run: modules build
	$(GO) run ./cmd/overloadlab serve -addr $(ADDR)

# modules downloads the Go modules and the npm packages of the page (uPlot,
# TypeScript; npm ci, from package-lock.json).
modules:
	$(GO) mod download
	@[ -d node_modules/uplot ] && [ node_modules/.package-lock.json -nt package-lock.json ] || npm ci --no-audit --no-fund

# setup installs what the build and the tests need on a fresh machine: the
# modules and Debian's chromium for the browser tests.
setup: modules
	@command -v chromium >/dev/null || (apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y chromium)

# build makes dist/: the page (templ), the scripts and CSS (esbuild), the
# wasm and wasm_exec.js, with brotli and gzip copies.
build: modules
	$(GO) run ./build -out dist

fmtcheck:
	@bad=$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go')); \
	if [ -n "$$bad" ]; then echo "gofmt would change:"; echo "$$bad"; exit 1; fi

vet:
	$(GO) vet ./...
	GOOS=js GOARCH=wasm $(GO) vet ./wasm/...

# tscheck type-checks the page's TypeScript.
tscheck:
	npx --no-install tsc -p static

# digests runs every preset natively and as WebAssembly (under node, the
# module built as the page's are: build -module) and compares the digests:
# the browser must show the same numbers. Then the JavaScript bridge's own
# tests, under node, packed too.
digests:
	@mkdir -p testdata
	$(GO) run ./wasm/digests > testdata/digests-native.txt
	$(GO) run ./build -module ./wasm/digests -o testdata/digests.wasm
	$(WASMEXEC)/go_js_wasm_exec testdata/digests.wasm > testdata/digests-wasm.txt
	diff testdata/digests-native.txt testdata/digests-wasm.txt
	@echo "digests: $$(grep -vc ^sweep testdata/digests-native.txt) presets and $$(grep -c ^sweep testdata/digests-native.txt) sweep points, native = wasm"
	GOOS=js GOARCH=wasm $(GO) test -c -o testdata/bridge.test.wasm ./wasm
	$(GO) run ./build -pack testdata/bridge.test.wasm
	$(WASMEXEC)/go_js_wasm_exec testdata/bridge.test.wasm -test.count=1 -test.v
	GOOS=js GOARCH=wasm PATH="$(WASMEXEC):$$PATH" $(GO) test -count=1 -run 'Golden|Pinned|Queue|Stream|Link|Prose|CounterWords' ./core/engine/kernel ./core/node/scp ./core/node/dsr ./core/node/mcswitch ./core/catalog ./web/report

# pgo records the CPU profile that the Go compiler optimises the three
# binaries with (profile-guided inlining of the hot calls, which WebAssembly
# pays for dearly): attach-storm, and every preset once, natively. It lands in
# cmd/overloadlab/default.pgo; wasm/ and wasm/digests link to it. Run it again
# after a large change to the hot path. The profile changes no result (make
# digests), only the speed.
pgo:
	d=$$(mktemp -d) && \
	$(GO) test -run '^$$' -bench 'SimulatorAttachStorm$$' -benchtime 10x -cpuprofile $$d/storm.prof -o $$d/catalog.test ./core/catalog && \
	$(GO) test -run '^$$' -bench 'Presets$$' -benchtime 1x -cpuprofile $$d/presets.prof -o $$d/catalog.test ./core/catalog && \
	$(GO) tool pprof -proto $$d/storm.prof $$d/presets.prof > cmd/overloadlab/default.pgo && rm -r $$d

# claims checks every preset's claims over SEEDS seeds (make test checks
# five), from FIRSTSEED (0: each preset's own), and prints each claim's
# measured figures over them: about 25 minutes for 200 seeds on two cores.
# PRESETS: only the presets whose names match (a regexp, e.g. ^doic-).
SEEDS ?= 200
FIRSTSEED ?= 0
PRESETS ?=
claims:
	$(GO) test -count=1 -timeout 0 -v ./core/catalog -run 'TestEveryPresetsClaimsHold$$/$(PRESETS)' -seeds $(SEEDS) -firstseed $(FIRSTSEED)

# The browser tests run after the others, alone: they judge main-thread
# task lengths, which a busy machine stretches.
test: setup fmtcheck vet tscheck build digests
	$(GO) test -count=1 $$($(GO) list ./... | grep -v '^overloadlab/web$$')
	$(GO) test -count=1 ./web

# bench measures the budgets of DESIGN.md: each control's per-message
# decision beside x/time/rate's Limiter.Allow (same run), the event
# kernel's hold model, the simulator's messages per second, the heap of
# a 24-hour run, and the access storm's hour of a million devices, time and
# heap (BenchmarkStorm) (medians by benchstat); then the playground's: wasm against
# native speed on the same preset (build/wasmspeed: natively and in headless
# Chromium, alternated, with node's figure beside), on attach-storm and on
# the access storm of a million devices (outage-no-control; until access is
# in the catalog, wasmspeed says the preset is not there and the rest goes
# on), the verdicts of the hold model, the
# sweeps' speed-ups (native W workers and the page's pool of 2, each against
# one) and the page weight (build/benchreport), and the time to the first
# chart in headless Chromium.
bench: setup build
	$(GO) test -run '^$$' -bench . -skip DayLong -benchmem -count 6 ./core/... > bench.txt
	$(GO) test -run '^$$' -bench DayLong -benchtime 1x ./core/catalog >> bench.txt
	$(GO) test -run '^$$' -bench BenchmarkSweepPool -benchtime 1x -count 3 ./web >> bench.txt
	$(GO) tool benchstat bench.txt
	$(GO) run ./build/wasmspeed -preset attach-storm -n 5 | tee bench-web.txt
	$(GO) run ./build/wasmspeed -preset outage-no-control -n 5 | tee -a bench-web.txt
	$(GO) run ./build/benchreport -bench bench.txt -dist dist | tee -a bench-web.txt
	$(GO) test -run '^$$' -bench BenchmarkPageStart -benchtime 3x ./web | tee -a bench-web.txt
