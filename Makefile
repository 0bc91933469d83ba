# damka: build, run, test, bench.
# GOAMD64=v3 (BMI, POPCNT/TZCNT as single instructions) is used when this CPU
# has the v3 features; the binary is then for machines like this one.
V3 := $(shell f=/proc/cpuinfo; [ -r $$f ] && grep -qw avx2 $$f && grep -qw bmi2 $$f && grep -qw abm $$f && grep -qw movbe $$f && grep -qw fma $$f && grep -qw f16c $$f && echo v3)
GOAMD64 ?= $(if $(V3),v3,v1)
export GOAMD64
VERSION := $(shell git describe --always --dirty 2>/dev/null || echo dev)
LDFLAGS := -X main.version=$(VERSION)
BIN := bin/damka

.PHONY: build run test test-lint test-unit test-race test-slurm bench lint fuzz clean pgo readme

# CGO_ENABLED=0: damka needs no C library, and a static binary is smaller
# in memory (about 3 MB less peak RSS in a DXP game) and runs anywhere.
build:
	CGO_ENABLED=0 go build -trimpath -ldflags "$(LDFLAGS)" -o $(BIN) ./cmd/damka

# The main job on the embedded defaults.
run: build
	./$(BIN) bench

# The packages of the tests, and those run again under the race detector
# (the concurrent ones, with -short).
TEST_PKGS := ./...
RACE_PKGS := ./tt/ ./protocol/... ./engine/... ./bench/... ./egdb/... ./book/ ./internal/web/

# Every step runs even when an earlier one fails, so that a lint error does
# not hide a test failure nor a test failure the race detector's findings;
# the target fails at the end, naming the steps that failed.
test:
	@failed=; \
	for step in lint unit race; do \
		$(MAKE) --no-print-directory test-$$step || failed="$$failed $$step"; \
	done; \
	if [ -n "$$failed" ]; then echo "make test: FAILED:$$failed"; exit 1; fi; \
	echo "make test: lint, unit and race tests passed"

test-lint: lint

test-unit:
	go test -count=1 $(TEST_PKGS)

test-race:
	go test -count=1 -race -short $(RACE_PKGS)

# The scripts of scripts/slurm on a real Slurm: a one-node cluster on
# 127.0.0.1 started and stopped by the test, tiny work, every result
# compared with the same work done without the scheduler (about 2 minutes;
# needs root, installs the Debian packages where missing).
test-slurm:
	scripts/slurm/test-slurm.sh

# gofmt and go vet both run; either failing fails the target.
lint:
	@st=0; out=$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go')); \
	if [ -n "$$out" ]; then echo "gofmt needed:"; echo "$$out"; st=1; fi; \
	echo "go vet ./..."; go vet ./... || st=1; \
	exit $$st

# Rewrite the output blocks of README.md, ARCHITECTURE.md and docs/*.md from
# the commands they name (make test fails while one is stale:
# TestReadmeOutputs in cmd/damka).
readme:
	scripts/readme-outputs.sh

# Deep perft (every perft.tsv row), timed perft runs and benchmarks: not in CI.
bench: build
	scripts/bench.sh $(BIN)
	go test -count=1 -run PerftReference -deep -maxleaves 3000000000 -timeout 3h -v ./board/ | grep -E 'checked|FAIL|ok'
	go test -count=1 -run 'TestTactics$$' -v ./engine/ -tactics.all | grep -E 'tactics:|FAIL|ok'
	go test -count=1 -run 'TestTactics$$' -v ./engine/ -tactics.all -tactics.nodes 100000 | grep -E 'tactics:|FAIL|ok'
	go test -count=1 -run TestHubStress -timeout 1h -v ./protocol/hub/ -stress
	go test -count=1 -run TestDXPStress -timeout 1h -v ./protocol/dxp/ -args -stress

fuzz:
	go test -run XXX -fuzz FuzzParseFEN -fuzztime 30s ./board/
	go test -run XXX -fuzz FuzzParseMove -fuzztime 30s ./board/
	go test -run XXX -fuzz FuzzPosition -fuzztime 30s ./format/hubtext/
	go test -run XXX -fuzz FuzzParseMove -fuzztime 30s ./format/hubtext/
	go test -run XXX -fuzz FuzzRead -fuzztime 30s ./format/pdn/
	go test -run XXX -fuzz FuzzParseLine -fuzztime 30s ./protocol/hub/
	go test -run XXX -fuzz 'FuzzSession$$' -fuzztime 30s ./protocol/hub/
	go test -run XXX -fuzz FuzzSessionHealth -fuzztime 30s ./protocol/hub/
	go test -run XXX -fuzz FuzzDecode -fuzztime 30s ./protocol/dxp/
	go test -run XXX -fuzz FuzzFollowerSession -fuzztime 30s ./protocol/dxp/
	go test -run XXX -fuzz FuzzRead -fuzztime 30s ./book/
	go test -run XXX -fuzz FuzzTable -fuzztime 30s ./egdb/
	go test -run XXX -fuzz FuzzReadWeights -fuzztime 30s ./eval/
	go test -run XXX -fuzz FuzzReadData -fuzztime 30s ./train/

clean:
	rm -rf bin

# Refresh the profile of the profile-guided build from the perft benchmarks
# and the search bench.
pgo:
	go test -run XXX -bench 'PerftInternational10|PerftRussian11' -benchtime 3x -cpuprofile /tmp/damka-perft.pprof ./board/
	go test -run XXX -bench Bench -benchtime 3x -cpuprofile /tmp/damka-search.pprof ./bench/
	go tool pprof -proto /tmp/damka-perft.pprof /tmp/damka-search.pprof > cmd/damka/default.pgo
