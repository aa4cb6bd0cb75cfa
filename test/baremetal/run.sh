#!/bin/sh
# SPDX-License-Identifier: MIT
# run.sh - check the bare-metal image's link, boot it on QEMU's e500 board
# and relay the board's PASS/FAIL lines. `make test-baremetal` builds the
# image first; test/run.sh may call this directly once it is built.
#
# Prints one PASS/FAIL/SKIP line per check (test/common/check.h's convention), then
# "N passed, N failed"; exits non-zero on any failure, including a QEMU
# timeout or a board that stops before its final "N passed, N failed" line.
#
# Environment: BUILD (default build), SHARED (default ../shared),
# BM_BOARD (e500, default; or e5500: the 64-bit core of mk/baremetal64.mk),
# BM_CROSS (default powerpc-linux-gnu-, powerpc64-linux-gnu- for e5500),
# BM_TIMEOUT (seconds, default 120).
BUILD=${BUILD:-build}
SHARED=${SHARED:-../shared}
BM_BOARD=${BM_BOARD:-e500}
BM_TIMEOUT=${BM_TIMEOUT:-120}
DIR=$BUILD/$BM_BOARD
IMG=$DIR/bspkit-test.elf
OUT=$DIR/serial.out
if [ "$BM_BOARD" = e5500 ]; then
    BM_CROSS=${BM_CROSS:-powerpc64-linux-gnu-}
    QEMU_BIN=qemu-system-ppc64
    QEMU="$QEMU_BIN -M ppce500 -cpu e5500 -m 128 -nographic -nic none -no-reboot -kernel $IMG"
    # the board's own lines get the board's name (the e500 prints the same)
    NAME=baremetal-e5500
else
    BM_CROSS=${BM_CROSS:-powerpc-linux-gnu-}
    QEMU_BIN=qemu-system-ppc
    QEMU="$QEMU_BIN -M mpc8544ds -cpu e500mc -m 128 -nographic -nic none -no-reboot -kernel $IMG"
    NAME=baremetal
fi
NM=${BM_CROSS}nm

passed=0; failed=0
pass() { echo "PASS $*"; passed=$((passed + 1)); }
fail() { echo "FAIL $*"; failed=$((failed + 1)); }
finish() { echo "$passed passed, $failed failed"; [ "$failed" -eq 0 ]; exit $?; }

for tool in "$NM" $QEMU_BIN timeout; do
    command -v "$tool" >/dev/null || { fail "$NAME: $tool is not installed"; finish; }
done
[ -f "$IMG" ] || { fail "$NAME: $IMG missing (make baremetal or baremetal64)"; finish; }

# ---- link check ----------------------------------------------------------
# The image links with -nostdlib and no -lgcc; these say so from the
# result rather than from the command line.
undef=$($NM -u "$IMG")
if [ -z "$undef" ]; then pass "$NAME image: no undefined symbols"
else fail "$NAME image: undefined symbols: $(echo $undef)"; fi

# Every file the linker loaded is one of our objects: no archive, no crt*.o.
# ("LOAD linker stubs": the 64-bit linker's own call stubs, none of a library)
inputs=$(awk '$1 == "LOAD" && $0 != "LOAD linker stubs" { print $2 }' "$DIR/bspkit-test.map" | sort -u)
foreign=$(echo "$inputs" | grep -v "^$DIR/obj/" | grep -v '^$')
if [ -n "$inputs" ] && [ -z "$foreign" ] && ! grep -q '^Archive member included' "$DIR/bspkit-test.map"; then
    pass "$NAME image: links only the project's $(echo "$inputs" | wc -l) objects (no libc, no libgcc, no crt files)"
else
    fail "$NAME image: links outside objects: $(echo $foreign)"
fi

# Every defined symbol comes from those objects or from linker/e500.ld.
objs=$(find "$DIR/obj" -name '*.o' | sort)
ours=$($NM --defined-only $objs | awk 'NF == 3 { print $3 }' | sort -u)
script='_vectors __bss_start __bss_end __stack_bottom __stack_top _end RAM_BASE RAM_SIZE STACK_SIZE .TOC.'
others=$($NM --defined-only "$IMG" | awk 'NF == 3 { print $3 }' | sort -u |
         grep -vxF "$ours" | grep -vxF "$(echo $script | tr ' ' '\n')")
if [ -z "$others" ]; then pass "$NAME image: every symbol is defined by the project's objects or linker/$BM_BOARD.ld"
else fail "$NAME image: symbols from elsewhere: $(echo $others)"; fi

# The e500 loader objects need nothing beyond loader/ and port/ (the same
# check test/run.sh makes on the host objects).
lobjs=$(ls $DIR/obj/loader/*/*.o)
lundef=$($NM -u $lobjs | awk 'NF == 2 { print $2 }' | sort -u)
ldef=$($NM --defined-only $lobjs $DIR/obj/port/*.o | awk 'NF == 3 { print $3 }' | sort -u)
# (.TOC.: the 64-bit ABI's TOC base, which the linker defines)
lforeign=$(echo "$lundef" | grep -vxF "$ldef" | grep -vxF '.TOC.' | grep -v '^$')
if [ -z "$lforeign" ]; then pass "$NAME: $BM_BOARD loader objects reference no symbol outside loader/ and port/"
else fail "$NAME: $BM_BOARD loader objects reference: $(echo $lforeign)"; fi

# ---- the board -------------------------------------------------------------
[ -f "$SHARED/maps/xbox360/shack.360.bsp" ] || echo "SKIP $NAME shack.360: $SHARED/maps is absent"

start=$(date +%s)
timeout "$BM_TIMEOUT" $QEMU < /dev/null > "$OUT.raw" 2> "$DIR/qemu.err"
rc=$?
secs=$(( $(date +%s) - start ))
tr -d '\r' < "$OUT.raw" | sed "s/^\\(PASS\\|FAIL\\|SKIP\\) \\([^ ]*:[0-9]*: \\)\\{0,1\\}baremetal /\\1 \\2$NAME /" > "$OUT"

grep -E '^(PASS|FAIL|SKIP|#) ' "$OUT"
bp=$(grep -c '^PASS ' "$OUT")
bf=$(grep -c '^FAIL ' "$OUT")
passed=$((passed + bp)); failed=$((failed + bf))
summary=$(grep -E '^[0-9]+ passed, [0-9]+ failed$' "$OUT" | tail -1)

if [ $rc -eq 124 ]; then
    fail "$NAME board: QEMU still running after ${BM_TIMEOUT} s (hang; see $OUT)"
elif [ $rc -ne 0 ]; then
    fail "$NAME board: QEMU exited with status $rc: $(head -3 "$DIR/qemu.err")"
elif [ -z "$summary" ]; then
    fail "$NAME board: no final 'N passed, N failed' line (crash? see $OUT)"
elif [ "$summary" != "$bp passed, $bf failed" ]; then
    fail "$NAME board: says '$summary' but printed $bp PASS and $bf FAIL lines"
elif [ "$bp" -eq 0 ]; then
    fail "$NAME board: ran no check"
else
    pass "$NAME board: booted, ran its checks and reset"
fi
echo "# QEMU ran ${secs} s; serial output in $OUT"
finish
