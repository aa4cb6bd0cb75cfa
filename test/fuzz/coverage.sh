#!/bin/sh
# SPDX-License-Identifier: MIT
# coverage.sh - loader/ line coverage of the test suite (`make coverage`).
#
# Runs the --coverage builds in $BUILD/cov the way test/run.sh runs the
# host tests: the C tests on the generated and real maps, the bspkit tool's
# commands on every map (queries from the generator and the reference
# points), the fuzz regression corpus; then gcovr prints loader/'s per-file
# table and the total. COV_CORPUS=1 also replays $BUILD/fuzz/corpus (the
# long fuzz runs' corpus), reported as a second figure.
#
# Environment: BUILD (default build), SHARED (default ../shared).
BUILD=${BUILD:-build}
SHARED=${SHARED:-../shared}
COV=$BUILD/cov
MAPS=$BUILD/maps
LOG=$COV/run.log
: > "$LOG"

find "$COV" -name '*.gcda' -delete

gen=$(ls $MAPS/*.bsp 2>/dev/null | grep -v '/large\.bsp$')
api=""
for m in $gen; do
    api="$api $m"
    [ -f "${m%.bsp}.api" ] && api="$api ${m%.bsp}.api"
done
real=""
[ -d "$SHARED/maps" ] && real=$(ls "$SHARED"/maps/*/*.bsp)
small=$(ls $MAPS/v20_ldr.bsp $MAPS/x360_v20_ldr.bsp $MAPS/v20_lzma.bsp 2>/dev/null)

run() { "$@" >> "$LOG" 2>&1; }

run "$COV/test_unit"
BSP_TEST_QUICK=1 run "$COV/test_lzma"
run "$COV/test_api" $api
[ -n "$real" ] && run "$COV/test_api" $real
run "$COV/test_hostile" $small
[ -n "$real" ] && run "$COV/test_hostile" $(ls "$SHARED"/maps/source/tf2_mp_lobby.bsp "$SHARED"/maps/xbox360/shack.360.bsp \
    "$SHARED"/maps/quake/q1_cube.bsp "$SHARED"/maps/bsp2/mp_lobby.bsp "$SHARED"/maps/quake2/mp_lobby.bsp \
    "$SHARED"/maps/quake3/mp_lobby.bsp "$SHARED"/maps/nightfire/weapon_accuracy_nf.bsp 2>/dev/null)
run "$COV/test_bounds" $gen $real
for m in $gen $real; do
    for cmd in info stats entities gamelumps; do run "$COV/bspkit" $cmd "$m"; done
    q=${m%.bsp}.queries
    [ -f "$q" ] || q=$BUILD/ref-$(basename "$(dirname "$m")")-$(basename "$m").queries
    if [ -f "$q" ]; then
        run "$COV/bspkit" query "$m" < "$q"
        run "$COV/bspkit" query --hdr --forward "$m" < "$q"
    fi
done
run "$COV/bspkit" --help
run "$COV/fuzz_replay" test/fuzz/regressions

fails=$(grep -c '^FAIL ' "$LOG")
echo "coverage run: $(grep -c '^PASS ' "$LOG") checks passed, $fails failed (log $LOG)"

summary() {
    gcovr -r . --filter 'loader/' --print-summary "$COV/obj" > "$COV/gcovr.txt" 2>>"$LOG"
    grep -E '^(loader/|TOTAL|File)' "$COV/gcovr.txt" | sed 's/^/  /'
    echo "loader/ line coverage$1: $(sed -n 's/^lines: //p' "$COV/gcovr.txt")"
}
summary ""
if [ "${COV_CORPUS:-0}" = 1 ] && [ -d "$BUILD/fuzz/corpus" ]; then
    FUZZ_REPLAY_TIMEOUT=60 run "$COV/fuzz_replay" "$BUILD/fuzz/corpus"
    summary " with the fuzz corpus"
fi
