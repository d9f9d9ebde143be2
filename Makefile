# gesture: build, test, install. `make help` lists the targets.
PREFIX ?= /usr/local
SWIFT ?= swift

# On Linux the Swift runtime is linked in statically: calls into it are direct and `gesture`
# starts in 3 ms instead of 7 (see the README's Performance section). Apple platforms cannot.
# The linker then warns once that the static Foundation "uses mktemp": see the README's Install section.
STATIC_STDLIB := $(if $(filter Linux,$(shell uname -s)),--static-swift-stdlib,)
# BUILD_FLAGS: more `swift build` options, such as `--scratch-path DIR` for a build folder of its own.
BUILD_FLAGS ?=
RELEASE ?= $(SWIFT) build -c release $(STATIC_STDLIB) $(BUILD_FLAGS)

BENCH_SCALE ?= full
BENCH_SEED ?= 1
BENCH_FLAGS ?=

# The Swift files `make format` formats and `make lint` checks, with the settings of .swift-format.
FORMATTED := Sources Tests Benchmarks/Sources Fuzz/Harnesses

.PHONY: help build test lint golden accuracy invariance bench bench-learned bench-profile install uninstall format clean fuzz fuzz-build

help:
	@echo "make build      release build of the gesture executable (Swift runtime linked statically)"
	@echo "make test       check the formatting (make lint), then run the test suite (Swift Testing)"
	@echo "make lint       check that the Swift files are formatted as .swift-format says"
	@echo "make golden     rewrite every golden file (outputs, help, docs' references, schema) after an intended change"
	@echo "make accuracy   recall and false alarms on ../shared/datasets, default and seed profiles"
	@echo "make invariance the same, on the strokes drawn larger, smaller, sampled sparser, faster, slower, turned, wider, taller (~4 min)"
	@echo "make bench      benchmark suite of issue 6 (release; BENCH_SCALE=full|small, BENCH_SEED=1)"
	@echo "make bench-learned  learned gestures on ../shared/datasets against dollarpy (Benchmarks/learned.py, ~11 min)"
	@echo "make bench-profile  callgrind over gesture batch on 500 traces: where the time goes"
	@echo "make install    install gesture, its man page and bash/zsh completions under \$$PREFIX (PREFIX=$(PREFIX))"
	@echo "make format     format the Swift files as .swift-format says (make lint checks it)"
	@echo "make fuzz       run each libFuzzer harness (json csv xml replay config labels templates scores) for FUZZ_SECONDS (default 60)"

build:
	$(RELEASE) --product gesture

test: lint
	$(SWIFT) test --disable-xctest

lint:
	$(SWIFT) format lint --strict --recursive $(FORMATTED)

# Every golden file: classify, list, help and batch outputs, the guides' reference sections and the
# output schema's recognizer parts. The tests that own them rewrite them when RECORD_GOLDEN is set.
golden:
	RECORD_GOLDEN=1 $(SWIFT) test --disable-xctest

# make accuracy DATASETS=DIR: score the folders of DIR that have a labels.csv (default ../shared/datasets);
# LABEL_MAP=FROM=TO,… renames their labels first (gesture batch --label-map).
accuracy: build
	python3 scripts/accuracy.py --profile default $(if $(DATASETS),--datasets '$(DATASETS)') $(if $(LABEL_MAP),--label-map '$(LABEL_MAP)')
	@echo
	python3 scripts/accuracy.py --profile seed $(if $(DATASETS),--datasets '$(DATASETS)') $(if $(LABEL_MAP),--label-map '$(LABEL_MAP)')

invariance: build
	python3 scripts/invariance.py

bench:
	python3 Benchmarks/run.py --scale $(BENCH_SCALE) --seed $(BENCH_SEED) $(BENCH_FLAGS)

bench-learned: build
	python3 Benchmarks/learned.py --gesture .build/release/gesture

bench-profile:
	python3 Benchmarks/run.py --profile --scale small --seed $(BENCH_SEED)

# The executable, its man page, and bash and zsh completions (the last three made from the help by
# `make golden`).
install: build
	install -d "$(DESTDIR)$(PREFIX)/bin" "$(DESTDIR)$(PREFIX)/share/man/man1" \
		"$(DESTDIR)$(PREFIX)/share/bash-completion/completions" "$(DESTDIR)$(PREFIX)/share/zsh/site-functions"
	install -m 755 "$$($(RELEASE) --show-bin-path)/gesture" "$(DESTDIR)$(PREFIX)/bin/gesture"
	install -m 644 docs/man/gesture.1 "$(DESTDIR)$(PREFIX)/share/man/man1/gesture.1"
	install -m 644 docs/completions/gesture.bash "$(DESTDIR)$(PREFIX)/share/bash-completion/completions/gesture"
	install -m 644 docs/completions/_gesture "$(DESTDIR)$(PREFIX)/share/zsh/site-functions/_gesture"

uninstall:
	rm -f "$(DESTDIR)$(PREFIX)/bin/gesture" "$(DESTDIR)$(PREFIX)/share/man/man1/gesture.1" \
		"$(DESTDIR)$(PREFIX)/share/bash-completion/completions/gesture" "$(DESTDIR)$(PREFIX)/share/zsh/site-functions/_gesture"

# libFuzzer + AddressSanitizer harnesses; see Fuzz/fuzz.sh and the README's Robustness section.
FUZZ_SECONDS ?= 60
fuzz:
	Fuzz/fuzz.sh all $(FUZZ_SECONDS)

fuzz-build:
	Fuzz/fuzz.sh build

format:
	$(SWIFT) format --in-place --recursive $(FORMATTED)

clean:
	rm -rf .build
