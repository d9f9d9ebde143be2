#!/usr/bin/env bash
# Builds and runs the libFuzzer harnesses (Linux; swiftc from a swift.org toolchain, which ships
# libFuzzer, AddressSanitizer and lld).
#
#   Fuzz/fuzz.sh build                     build .build/fuzz/fuzz-{json,csv,xml,replay,config,labels,templates,scores}
#   Fuzz/fuzz.sh run HARNESS SECONDS       fuzz one harness for SECONDS
#   Fuzz/fuzz.sh all SECONDS               build, then fuzz every harness in turn for SECONDS each
#
# The library is compiled once, instrumented (-sanitize=fuzzer,address, -O so Swift's overflow and
# bounds traps stay on), as a static library with testing enabled; each harness links it with
# Tests/GestureKitTests/FuzzTargets.swift (the target bodies, which the tests run on every regression
# fixture) and its entry point in Fuzz/Harnesses. SwiftPM is not used: it cannot pass -sanitize=fuzzer
# to one product only, and libFuzzer brings its own main.
#
# Each run reads the committed seeds in Fuzz/corpus/HARNESS (never written to) and keeps what it
# finds in .build/fuzz/work/HARNESS, so runs accumulate coverage. A crash, trap, hang (-timeout),
# memory blow-up or sanitizer report stops the run with the input in .build/fuzz/artifacts/: copy it
# to Fuzz/regressions/HARNESS/ with a name saying what it found, fix the bug, and `make test` replays it.
# Every run appends "date harness seconds executions status revision" to Fuzz/campaigns.tsv (status 0:
# no finding); the README's totals are sums over it.
set -euo pipefail
cd "$(dirname "$0")/.."

SWIFTC=${SWIFTC:-swiftc}
OUT=.build/fuzz
HARNESSES=${FUZZ_HARNESSES:-json csv xml replay config labels templates scores}
FLAGS=(-O -sanitize=fuzzer,address -parse-as-library)
LINK=(-use-ld=lld)

build() {
    mkdir -p "$OUT/lib"
    local sources
    sources=$(find Sources/GestureKit -name '*.swift' | LC_ALL=C sort)
    # Rebuild the library only when a source is newer than it.
    if [ ! -f "$OUT/lib/libGestureKit.a" ] || [ -n "$(find Sources/GestureKit -name '*.swift' -newer "$OUT/lib/libGestureKit.a")" ]; then
        echo "fuzz: compiling GestureKit with -sanitize=fuzzer,address"
        # shellcheck disable=SC2086
        "$SWIFTC" "${FLAGS[@]}" -wmo -enable-testing -module-name GestureKit \
            -emit-module -emit-module-path "$OUT/lib/GestureKit.swiftmodule" \
            -emit-library -static -o "$OUT/lib/libGestureKit.a" $sources
    fi
    for harness in $HARNESSES; do
        local binary="$OUT/fuzz-$harness"
        if [ ! -f "$binary" ] || [ "$OUT/lib/libGestureKit.a" -nt "$binary" ] \
            || [ Tests/GestureKitTests/FuzzTargets.swift -nt "$binary" ] || [ "Fuzz/Harnesses/$harness.swift" -nt "$binary" ]; then
            echo "fuzz: linking $binary"
            "$SWIFTC" "${FLAGS[@]}" "${LINK[@]}" -I "$OUT/lib" -L "$OUT/lib" -lGestureKit -module-name "Fuzz$harness" \
                Tests/GestureKitTests/FuzzTargets.swift "Fuzz/Harnesses/$harness.swift" -o "$binary" 2>&1 \
                | grep -v "warning: Cannot export local symbol" || true
            [ -x "$binary" ] || { echo "fuzz: linking $binary failed" >&2; exit 2; }
        fi
    done
}

run() {
    local harness=$1 seconds=$2
    # One log per run: two runs of a harness at once must not read each other's counts.
    local binary="$OUT/fuzz-$harness" log="$OUT/logs/$harness-$(date -u +%Y%m%dT%H%M%SZ)-$$.log"
    mkdir -p "$OUT/logs"
    mkdir -p "$OUT/work/$harness" "$OUT/artifacts"
    local dictionary=()
    [ -f "Fuzz/dicts/$harness.dict" ] && dictionary=("-dict=Fuzz/dicts/$harness.dict")
    echo "fuzz: $harness for ${seconds}s (seeds Fuzz/corpus/$harness, corpus $OUT/work/$harness)"
    set +e
    # The Swift runtime's own crash backtracer trips AddressSanitizer after a crash; libFuzzer reports it.
    SWIFT_BACKTRACE=enable=no "$binary" "$OUT/work/$harness" "Fuzz/corpus/$harness" "${dictionary[@]}" \
        -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2560 -max_len=8192 \
        -artifact_prefix="$OUT/artifacts/$harness-" -print_final_stats=1 >"$log" 2>&1
    local status=$?
    set -e
    local outcome=$status
    # Stopped by a signal (Ctrl-C, kill): not a finding.
    if [ "$status" -ne 0 ] && grep -q "libFuzzer: run interrupted" "$log"; then outcome=interrupted status=0; fi
    # A run that stops while it replays its corpus prints no counts: grep then finds nothing, which
    # under `set -e -o pipefail` ended the script before the run was recorded or reported.
    local executions
    executions=$(awk '/stat::number_of_executed_units/ {print $2}' "$log" | tail -1)
    if [ -z "$executions" ]; then
        executions=$(grep -oE '^#[0-9]+' "$log" | tail -1 | tr -d '#' || true)
    fi
    local rate
    rate=$(grep -oE 'exec/s: [0-9]+' "$log" | tail -1 | awk '{print $2}' || true)
    local revision
    revision=$(git rev-parse --short HEAD 2>/dev/null || echo unknown)
    git diff --quiet HEAD -- Sources Tests/GestureKitTests/FuzzTargets.swift Fuzz/Harnesses 2>/dev/null || revision="$revision+changes"
    [ -f Fuzz/campaigns.tsv ] || printf 'date\tharness\tseconds\texecutions\tstatus\trevision\n' >Fuzz/campaigns.tsv
    printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$(date -u +%Y-%m-%dT%H:%M:%SZ)" "$harness" "$seconds" "${executions:-0}" "$outcome" "$revision" >>Fuzz/campaigns.tsv
    if [ "$status" -ne 0 ]; then
        echo "fuzz: $harness FOUND A PROBLEM after ${executions:-?} executions (status $status); see $log" >&2
        grep -E "ERROR|broken invariants|Fatal error|deadly signal|timeout|Test unit written" "$log" | head -20 >&2
        return "$status"
    fi
    echo "fuzz: $harness ran ${executions:-?} executions (${rate:-?}/s) without a finding"
}

case "${1:-}" in
build) build ;;
run) build; run "$2" "$3" ;;
all)
    build
    for harness in $HARNESSES; do run "$harness" "${2:-60}"; done
    ;;
*)
    echo "usage: Fuzz/fuzz.sh build | run HARNESS SECONDS | all SECONDS" >&2
    exit 2
    ;;
esac
