#!/bin/sh
# SPDX-License-Identifier: MIT
# run.sh - check the bare-metal image's link, boot it on QEMU's e500 board
# and relay the board's PASS/FAIL lines. `make test-baremetal` builds the
# image first; test/run.sh may call this directly once it is built.
#
# Prints one PASS/FAIL/SKIP line per check (test/check.h's convention), then
# "N passed, N failed"; exits non-zero on any failure, including a QEMU
# timeout or a board that stops before its final "N passed, N failed" line.
#
# Environment: BUILD (default build), SHARED (default ../shared),
# BM_CROSS (default powerpc-linux-gnu-), BM_TIMEOUT (seconds, default 120).
BUILD=${BUILD:-build}
SHARED=${SHARED:-../shared}
BM_CROSS=${BM_CROSS:-powerpc-linux-gnu-}
BM_TIMEOUT=${BM_TIMEOUT:-120}
DIR=$BUILD/e500
IMG=$DIR/bspkit-test.elf
OUT=$DIR/serial.out
NM=${BM_CROSS}nm
QEMU="qemu-system-ppc -M mpc8544ds -cpu e500mc -m 128 -nographic -nic none -no-reboot -kernel $IMG"

passed=0; failed=0
pass() { echo "PASS $*"; passed=$((passed + 1)); }
fail() { echo "FAIL $*"; failed=$((failed + 1)); }
finish() { echo "$passed passed, $failed failed"; [ "$failed" -eq 0 ]; exit $?; }

for tool in "$NM" qemu-system-ppc timeout; do
    command -v "$tool" >/dev/null || { fail "baremetal: $tool is not installed"; finish; }
done
[ -f "$IMG" ] || { fail "baremetal: $IMG missing (make baremetal)"; finish; }

# ---- link check ----------------------------------------------------------
# The image links with -nostdlib and no -lgcc; these say so from the
# result rather than from the command line.
undef=$($NM -u "$IMG")
if [ -z "$undef" ]; then pass "baremetal image: no undefined symbols"
else fail "baremetal image: undefined symbols: $(echo $undef)"; fi

# Every file the linker loaded is one of our objects: no archive, no crt*.o.
inputs=$(awk '$1 == "LOAD" { print $2 }' "$DIR/bspkit-test.map" | sort -u)
foreign=$(echo "$inputs" | grep -v "^$DIR/obj/" | grep -v '^$')
if [ -n "$inputs" ] && [ -z "$foreign" ] && ! grep -q '^Archive member included' "$DIR/bspkit-test.map"; then
    pass "baremetal image: links only the project's $(echo "$inputs" | wc -l) objects (no libc, no libgcc, no crt files)"
else
    fail "baremetal image: links outside objects: $(echo $foreign)"
fi

# Every defined symbol comes from those objects or from linker/e500.ld.
objs=$(find "$DIR/obj" -name '*.o' | sort)
ours=$($NM --defined-only $objs | awk 'NF == 3 { print $3 }' | sort -u)
script='_vectors __bss_start __bss_end __stack_bottom __stack_top _end RAM_BASE RAM_SIZE STACK_SIZE'
others=$($NM --defined-only "$IMG" | awk 'NF == 3 { print $3 }' | sort -u |
         grep -vxF "$ours" | grep -vxF "$(echo $script | tr ' ' '\n')")
if [ -z "$others" ]; then pass "baremetal image: every symbol is defined by the project's objects or linker/e500.ld"
else fail "baremetal image: symbols from elsewhere: $(echo $others)"; fi

# The e500 loader objects need nothing beyond loader/ and port/ (the same
# check test/run.sh makes on the host objects).
lobjs=$(ls $DIR/obj/loader/*/*.o)
lundef=$($NM -u $lobjs | awk 'NF == 2 { print $2 }' | sort -u)
ldef=$($NM --defined-only $lobjs $DIR/obj/port/*.o | awk 'NF == 3 { print $3 }' | sort -u)
lforeign=$(echo "$lundef" | grep -vxF "$ldef" | grep -v '^$')
if [ -z "$lforeign" ]; then pass "baremetal: e500 loader objects reference no symbol outside loader/ and port/"
else fail "baremetal: e500 loader objects reference: $(echo $lforeign)"; fi

# ---- the board -------------------------------------------------------------
[ -f "$SHARED/maps/xbox360/shack.360.bsp" ] || echo "SKIP baremetal shack.360: $SHARED/maps is absent"

start=$(date +%s)
timeout "$BM_TIMEOUT" $QEMU < /dev/null > "$OUT.raw" 2> "$DIR/qemu.err"
rc=$?
secs=$(( $(date +%s) - start ))
tr -d '\r' < "$OUT.raw" > "$OUT"

grep -E '^(PASS|FAIL|SKIP|#) ' "$OUT"
bp=$(grep -c '^PASS ' "$OUT")
bf=$(grep -c '^FAIL ' "$OUT")
passed=$((passed + bp)); failed=$((failed + bf))
summary=$(grep -E '^[0-9]+ passed, [0-9]+ failed$' "$OUT" | tail -1)

if [ $rc -eq 124 ]; then
    fail "baremetal board: QEMU still running after ${BM_TIMEOUT} s (hang; see $OUT)"
elif [ $rc -ne 0 ]; then
    fail "baremetal board: QEMU exited with status $rc: $(head -3 "$DIR/qemu.err")"
elif [ -z "$summary" ]; then
    fail "baremetal board: no final 'N passed, N failed' line (crash? see $OUT)"
elif [ "$summary" != "$bp passed, $bf failed" ]; then
    fail "baremetal board: says '$summary' but printed $bp PASS and $bf FAIL lines"
elif [ "$bp" -eq 0 ]; then
    fail "baremetal board: ran no check"
else
    pass "baremetal board: booted, ran its checks and reset"
fi
echo "# QEMU ran ${secs} s; serial output in $OUT"
finish
