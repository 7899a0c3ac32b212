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

# bench measures the budgets of DESIGN.md: each control's per-message
# decision beside x/time/rate's Limiter.Allow (same run), the simulator's
# messages per second, and the heap of a 24-hour run. Medians by benchstat.
bench:
	$(GO) test -run '^$$' -bench . -skip DayLong -benchmem -count 6 ./core/... > bench.txt
	$(GO) test -run '^$$' -bench DayLong -benchtime 1x ./core/catalog >> bench.txt
	$(GO) tool benchstat bench.txt
