# overloadlab — the two commands a newcomer needs are `make run` and `make test`.
GO ?= go

.PHONY: run test bench setup vet fmtcheck

run:
	$(GO) run ./cmd/overloadlab run -preset attach-storm

# setup installs what the tests need on a fresh machine.
setup:
	$(GO) mod download

fmtcheck:
	@bad=$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go')); \
	if [ -n "$$bad" ]; then echo "gofmt would change:"; echo "$$bad"; exit 1; fi

vet:
	$(GO) vet ./...

test: setup fmtcheck vet
	$(GO) test -count=1 ./...

bench:
	$(GO) test -run '^$$' -bench . -benchmem -count 5 ./core/... | tee bench.txt
