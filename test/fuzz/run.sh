#!/bin/sh
# SPDX-License-Identifier: MIT
# run.sh - the fuzz part of the suite, and `make fuzz`.
#
#   sh test/fuzz/run.sh          replay test/fuzz/regressions through
#                                $BUILD/t/fuzz_replay (no libFuzzer needed),
#                                then a bounded smoke run of every libFuzzer
#                                target (FUZZ_SMOKE_SECONDS each, default 20,
#                                all at once) over the seeds and the
#                                regression corpus
#   sh test/fuzz/run.sh fuzz     every target for FUZZ_SECONDS (default 60),
#                                FUZZ_JOBS (default 2) at a time, growing
#                                $BUILD/fuzz/corpus/TARGET
#
# Prints one line per check in the suite's convention (PASS name / FAIL
# name: detail / SKIP name: reason); exits non-zero if anything failed. The
# smoke run prints SKIP when clang with libFuzzer is not installed (the
# replay still runs). Needs `make fuzz-bins` (libFuzzer targets and seeds)
# and $BUILD/t/fuzz_replay built first; the Makefile's fuzz-smoke and fuzz
# targets do that.
#
# Environment: BUILD (default build), FUZZ_SMOKE_SECONDS, FUZZ_SECONDS,
# FUZZ_JOBS, FUZZ_TARGETS (default "load family lzma lzma_diff entity stream resume jobs access collision areas props pak srclumps boxleaves grid curves draw mesh tex wad atlas"),
# FUZZ_TIMEOUT (seconds one input may take, default 10).
BUILD=${BUILD:-build}
MODE=${1:-smoke}
TARGETS=${FUZZ_TARGETS:-load family lzma lzma_diff entity stream resume jobs access collision areas props pak srclumps boxleaves grid curves draw mesh tex wad atlas}
FDIR=$BUILD/fuzz
REG=test/fuzz/regressions
DICT=test/fuzz/bsp.dict
TIMEOUT=${FUZZ_TIMEOUT:-10}
failed=0

pass() { echo "PASS $*"; }
fail() { echo "FAIL $*"; failed=1; }
skip() { echo "SKIP $*"; }

# ---- the regression corpus, without libFuzzer ---------------------------
replay() {
    if [ ! -x "$BUILD/t/fuzz_replay" ]; then
        fail "fuzz replay: $BUILD/t/fuzz_replay is not built (make bins)"
        return
    fi
    out=$FDIR/replay.out
    mkdir -p "$FDIR"
    "$BUILD/t/fuzz_replay" "$REG" > "$out" 2>&1
    rc=$?
    grep -E '^(PASS|FAIL|SKIP) ' "$out"
    if grep -q '^FAIL ' "$out"; then
        failed=1
        grep -E 'ERROR|ASSERTION|runtime error' "$out" | head -5
    elif [ $rc -ne 0 ]; then
        fail "fuzz replay: exited with status $rc (see $out)"
    fi
}

# One libFuzzer run: target, seconds, log; corpus dirs after that. The first
# corpus dir receives the new inputs.
fuzz_one() {
    t=$1; secs=$2; log=$3; shift 3
    mkdir -p "$FDIR/artifacts"
    "$FDIR/fuzz_$t" -dict="$DICT" -max_total_time="$secs" -timeout="$TIMEOUT" \
        -rss_limit_mb=2048 -print_final_stats=1 -artifact_prefix="$FDIR/artifacts/$t-" \
        "$@" > "$log" 2>&1
}

# PASS/FAIL line from a run's log: executions, seconds, coverage.
report() {
    # (sh has no locals: r_* names keep the callers' variables intact)
    r_t=$1; r_log=$2; r_rc=$3; r_what=$4
    r_runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$r_log" | tail -1)
    r_secs=$(sed -n 's/^Done [0-9]* runs in \([0-9]*\) second.*/\1/p' "$r_log" | tail -1)
    r_cov=$(grep -oE 'cov: [0-9]+ ft: [0-9]+' "$r_log" | tail -1)
    if [ "$r_rc" -eq 0 ] && grep -q '^Done ' "$r_log"; then
        pass "fuzz $r_what $r_t: ${r_runs:-?} runs in ${r_secs:-?} s, $r_cov, no crash, leak or timeout"
    else
        r_art=$(grep -oE "Test unit written to [^ ]+" "$r_log" | tail -1 | sed 's/Test unit written to //')
        fail "fuzz $r_what $r_t: status $r_rc${r_art:+, input saved as $r_art} (log $r_log)"
        grep -E '^(==[0-9]+==ERROR|SUMMARY|FUZZ ASSERTION|.*runtime error)' "$r_log" | head -4
    fi
}

have_fuzzers() {
    for t in $TARGETS; do [ -x "$FDIR/fuzz_$t" ] || return 1; done
    return 0
}

seeds_for() {
    for d in "$FDIR/seeds/$1" "$REG/$1"; do [ -d "$d" ] && printf '%s ' "$d"; done
}

if [ "$MODE" = fuzz ]; then
    if ! have_fuzzers; then
        skip "fuzz: no libFuzzer targets in $FDIR (clang with libFuzzer missing?)"
        exit 0
    fi
    secs=${FUZZ_SECONDS:-60}
    jobs=${FUZZ_JOBS:-2}
    set -- $TARGETS
    while [ $# -gt 0 ]; do
        batch=""
        n=0
        while [ $# -gt 0 ] && [ $n -lt "$jobs" ]; do batch="$batch $1"; shift; n=$((n + 1)); done
        for t in $batch; do
            mkdir -p "$FDIR/corpus/$t"
            echo "fuzz: $t for $secs s"
            ( fuzz_one "$t" "$secs" "$FDIR/fuzz-$t.log" "$FDIR/corpus/$t" $(seeds_for "$t");
              echo $? > "$FDIR/fuzz-$t.rc" ) &
        done
        wait
        for t in $batch; do report "$t" "$FDIR/fuzz-$t.log" "$(cat "$FDIR/fuzz-$t.rc")" run; done
    done
    exit $failed
fi

replay
if ! have_fuzzers; then
    skip "fuzz smoke: clang with libFuzzer is not installed (apt-get install clang libclang-rt-14-dev); the corpus was replayed without it"
    exit $failed
fi
secs=${FUZZ_SMOKE_SECONDS:-20}
for t in $TARGETS; do
    # a scratch corpus: smoke runs leave the long-run corpus alone
    rm -rf "$FDIR/smoke/$t"
    mkdir -p "$FDIR/smoke/$t"
    ( fuzz_one "$t" "$secs" "$FDIR/smoke-$t.log" "$FDIR/smoke/$t" $(seeds_for "$t");
      echo $? > "$FDIR/smoke-$t.rc" ) &
done
wait
for t in $TARGETS; do report "$t" "$FDIR/smoke-$t.log" "$(cat "$FDIR/smoke-$t.rc")" smoke; done
exit $failed
