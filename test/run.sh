#!/bin/sh
# SPDX-License-Identifier: MIT
# run.sh - the whole suite, as `make test` runs it. Every check prints one
# PASS/FAIL/SKIP line; the last line is "N passed, N failed, N skipped" and
# the exit status is non-zero if anything failed.
#
# Environment: BUILD (default build), SHARED (default ../shared), PARTS,
# SKIP_PARTS (parts left out the same way; make test-host leaves out the
# cross-target ones).
BUILD=${BUILD:-build}
SHARED=${SHARED:-../shared}
MAPS=$BUILD/maps
LOG=$BUILD/test.log
: > "$LOG"

pass() { echo "PASS $*" >> "$LOG"; }
fail() { echo "FAIL $*" >> "$LOG"; echo "FAIL $*"; }
skip() { echo "SKIP $*" >> "$LOG"; echo "SKIP $*"; }

# A C test program: its PASS/FAIL/SKIP lines go to the log; a crash or a
# non-zero exit without a FAIL line is a failure of its own.
run_prog() {
    name=$1; shift
    out=$BUILD/test-$name.out
    "$@" > "$out" 2>&1
    rc=$?
    grep -E '^(PASS|FAIL|SKIP) ' "$out" >> "$LOG"
    grep -E '^(FAIL|SKIP) ' "$out"
    if [ $rc -ne 0 ] && ! grep -q '^FAIL ' "$out"; then
        fail "$name: exited with status $rc (see $out)"
        tail -5 "$out"
    fi
}

have_shared() { [ -d "$SHARED/maps" ]; }

# The suite's parts, in name order: each file in test/suite/ is one part,
# sourced here so that it shares the helpers above and the variables that
# earlier parts set (gen_maps, api_args, small, real, sessions).
# PARTS (for example PARTS="30 70") runs only the parts whose names start
# with one of those words, for quick work on one area; make test runs all.
for part in test/suite/*.sh; do
    if [ -n "${PARTS:-}" ]; then
        want=0
        for p in $PARTS; do case $(basename "$part") in "$p"*) want=1 ;; esac; done
        [ $want -eq 1 ] || continue
    fi
    skip_it=0
    for p in ${SKIP_PARTS:-}; do case $(basename "$part") in "$p"*) skip_it=1 ;; esac; done
    [ $skip_it -eq 0 ] || continue
    . "$part"
done

passed=$(grep -c '^PASS ' "$LOG")
failed=$(grep -c '^FAIL ' "$LOG")
skipped=$(grep -c '^SKIP ' "$LOG")
echo "$passed passed, $failed failed, $skipped skipped"
[ "$failed" -eq 0 ]
