#!/bin/sh
# SPDX-License-Identifier: MIT
# run.sh - the whole suite, as `make test` runs it. Every check prints one
# PASS/FAIL/SKIP line; the last line is "N passed, N failed, N skipped" and
# the exit status is non-zero if anything failed.
#
# Environment: BUILD (default build), SHARED (default ../shared).
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

# ---- freestanding loader ------------------------------------------------
# Only these headers may appear in loader/, and the loader's objects may
# reference no symbol that loader/ and port/ do not define themselves.
bad_inc=$(grep -rhoE '#[[:space:]]*include[[:space:]]*<[^>]+>' loader | sed 's/.*<//; s/>//' | sort -u |
          grep -vxE 'stdint.h|stddef.h|stdbool.h|limits.h|float.h')
if [ -z "$bad_inc" ]; then pass "loader/ includes only freestanding headers"
else fail "loader/ includes hosted headers: $bad_inc"; fi

objs=$(ls $BUILD/obj/loader/*/*.o)
undef=$(nm -u $objs | awk 'NF==2 {print $2}' | sort -u)
defined=$(nm --defined-only $objs $BUILD/obj/port/*.o | awk 'NF==3 {print $3}' | sort -u)
foreign=$(echo "$undef" | grep -vxF "$defined" | grep -v '^$')
if [ -z "$foreign" ]; then pass "loader objects reference no symbol outside loader/ and port/ (no libc)"
else fail "loader objects reference outside symbols: $(echo $foreign)"; fi
# port/bsp_mem.c must not call itself through the names it defines
selfcalls=$(nm -u $BUILD/obj/port/bsp_mem.o | awk 'NF==2 {print $2}')
if [ -z "$selfcalls" ]; then pass "port/bsp_mem.o (memcpy, memset, ...) references no symbol"
else fail "port/bsp_mem.o references: $(echo $selfcalls)"; fi

# ---- unit tests ---------------------------------------------------------
run_prog unit $BUILD/t/test_unit
[ -x $BUILD/t/test_lzma ] && run_prog lzma $BUILD/t/test_lzma

# ---- generated maps -----------------------------------------------------
gen_maps=$(ls $MAPS/*.bsp 2>/dev/null | grep -v '/large\.bsp$')
if [ -z "$gen_maps" ]; then
    fail "generated maps: none in $MAPS (bspgen did not run)"
fi
api_args=""
for m in $gen_maps; do
    base=${m%.bsp}
    name=$(basename "$base")
    api_args="$api_args $m"
    [ -f "$base.api" ] && api_args="$api_args $base.api"
    if [ -f "$base.queries" ] && [ -f "$base.expected" ]; then
        for tool in $BUILD/bspkit $BUILD/asan/bspkit; do
            $tool query "$m" < "$base.queries" > "$base.out" 2>&1
            if cmp -s "$base.out" "$base.expected"; then
                pass "$name: $tool query output equals the expected answers"
            else
                fail "$name: $tool query output differs from $base.expected"
                diff "$base.expected" "$base.out" | head -10
            fi
        done
        $BUILD/bspkit query --forward "$m" < "$base.queries" > "$base.fwd" 2>&1
        if cmp -s "$base.fwd" "$base.expected"; then pass "$name: forward-only reading gives the same answers"
        else fail "$name: forward-only reading differs"; fi
    fi
    if [ -f "$base.gamelumps" ]; then
        $BUILD/bspkit gamelumps "$m" | python3 -c '
import json, sys
for l in sys.stdin:
    g = json.loads(l)
    print(g["id"], g["version"], g["flags"], g["size"], g["fnv1a"])' > "$base.gl.out" 2>&1
        if cmp -s "$base.gl.out" "$base.gamelumps"; then
            pass "$name: game lump sub-lumps unpack to the generator's bytes"
        else
            fail "$name: bspkit gamelumps differs from $base.gamelumps"; diff "$base.gamelumps" "$base.gl.out" | head -4
        fi
    fi
    if [ -f "$base.counts" ]; then
        if python3 test/compare_counts.py counts "$base.counts" "$($BUILD/bspkit stats "$m")" >> "$LOG.tmp" 2>&1; then
            pass "$name: bspkit stats equals the generator's counts"
        else
            fail "$name: bspkit stats differs from $base.counts"; cat "$LOG.tmp"
        fi
        rm -f "$LOG.tmp"
    fi
done
[ -n "$api_args" ] && run_prog api-generated $BUILD/t/test_api $api_args
small=$(ls $MAPS/v20_ldr.bsp $MAPS/x360_v20_ldr.bsp $MAPS/v20_lzma.bsp 2>/dev/null)
[ -n "$small" ] && run_prog hostile-generated $BUILD/t/test_hostile $small

# ---- real maps ----------------------------------------------------------
if have_shared; then
    for log in "$SHARED"/maps/source/*.vbspinfo.txt; do
        m=${log%.vbspinfo.txt}.bsp
        name=$(basename "$m")
        if python3 test/compare_counts.py vbspinfo "$log" "$($BUILD/bspkit stats "$m")" > "$LOG.tmp" 2>&1; then
            pass "$name: bspkit stats equals Valve's vbspinfo log"
        else
            fail "$name: bspkit stats differs from vbspinfo"; cat "$LOG.tmp"
        fi
        rm -f "$LOG.tmp"
    done
    x360="$SHARED/maps/xbox360/shack.360.bsp"
    if python3 test/compare_counts.py vbspinfo-console "$SHARED/maps/xbox360/shack.pc-original.vbspinfo.txt" \
            "$($BUILD/bspkit stats "$x360")" > "$LOG.tmp" 2>&1; then
        pass "shack.360.bsp: bspkit stats equals vbspinfo of its PC original (less what MakeGameData strips)"
    else
        fail "shack.360.bsp: bspkit stats differs from the PC original's vbspinfo"; cat "$LOG.tmp"
    fi
    rm -f "$LOG.tmp"
    for pair in ericw:quake/mp_lobby ericw:bsp2/mp_lobby q2tools:quake2/mp_lobby q3map2:quake3/mp_lobby; do
        kind=${pair%%:*}; m="$SHARED/maps/${pair#*:}.bsp"
        if python3 test/compare_counts.py $kind "${m%.bsp}.bspinfo.txt" "$($BUILD/bspkit stats "$m")" > "$LOG.tmp" 2>&1; then
            pass "${pair#*:}: bspkit stats equals the $kind report"
        else
            fail "${pair#*:}: bspkit stats differs from the $kind report"; cat "$LOG.tmp"
        fi
        rm -f "$LOG.tmp"
    done
    real=$(ls "$SHARED"/maps/source/*.bsp "$x360" "$SHARED"/maps/quake/*.bsp "$SHARED"/maps/bsp2/*.bsp \
              "$SHARED"/maps/quake2/*.bsp "$SHARED"/maps/quake3/*.bsp "$SHARED"/maps/goldsrc/*.bsp \
              "$SHARED"/maps/nightfire/*.bsp)
    run_prog api-real $BUILD/t/test_api $real
    run_prog hostile-real $BUILD/t/test_hostile "$SHARED/maps/source/tf2_mp_lobby.bsp" \
        "$SHARED/maps/source/l4d2_tooltextures.bsp" "$x360" "$SHARED/maps/quake/q1_cube.bsp" \
        "$SHARED/maps/bsp2/mp_lobby.bsp" "$SHARED/maps/quake2/mp_lobby.bsp" \
        "$SHARED/maps/quake3/mp_lobby.bsp" "$SHARED/maps/nightfire/weapon_accuracy_nf.bsp"
    if [ -f test/reference/bspref.py ]; then
        for m in $real; do
            name=$(basename "$m")
            q=$BUILD/ref-$(basename "$(dirname "$m")")-$name.queries
            python3 test/reference/bspref.py points "$m" > "$q" 2>/dev/null
            python3 test/reference/bspref.py query "$m" < "$q" > "$q.ref" 2>&1
            $BUILD/asan/bspkit query "$m" < "$q" > "$q.out" 2>&1
            if [ -s "$q" ] && cmp -s "$q.ref" "$q.out"; then
                pass "$name: $(wc -l < "$q") queries answer as the independent reference does"
            else
                fail "$name: answers differ from test/reference/bspref.py"
                diff "$q.ref" "$q.out" | head -6
            fi
        done
    fi
else
    skip "real maps: $SHARED/maps is absent"
fi

# ---- bounded time; arena and stream discipline (every map) ---------------
run_prog bounds $BUILD/t/test_bounds $gen_maps $real

# ---- fuzzing: the regression corpus, then a short run of every target ----
run_prog fuzz env BUILD=$BUILD sh test/fuzz/run.sh

# ---- big-endian PowerPC under qemu-user ----------------------------------
# The same C tests, and the same bspkit sessions with byte-identical output.
sessions=""
for m in $gen_maps; do sessions="$sessions $m:${m%.bsp}.queries"; done
if have_shared; then
    for m in $real; do sessions="$sessions $m:$BUILD/ref-$(basename "$(dirname "$m")")-$(basename "$m").queries"; done
fi
for arch in ppc ppc64; do
    dir=build/$arch
    if ! command -v qemu-$arch >/dev/null || [ ! -x $dir/bspkit ]; then
        fail "$arch: qemu-$arch or $dir/bspkit missing (make cross)"
        continue
    fi
    run_prog $arch-unit qemu-$arch $dir/t/test_unit
    BSP_TEST_QUICK=1 run_prog $arch-lzma qemu-$arch $dir/t/test_lzma
    run_prog $arch-api qemu-$arch $dir/t/test_api $api_args
    [ -n "$small" ] && run_prog $arch-hostile qemu-$arch $dir/t/test_hostile $small
    run_prog $arch-bounds qemu-$arch $dir/t/test_bounds $small
    run_prog $arch-fuzz-replay qemu-$arch $dir/t/fuzz_replay test/fuzz/regressions
    if have_shared; then run_prog $arch-api-real qemu-$arch $dir/t/test_api $real; fi
    same=0; differ=""
    for pair in $sessions; do
        m=${pair%%:*}; q=${pair#*:}
        [ -f "$q" ] || continue
        for cmd in info stats; do
            $BUILD/bspkit $cmd "$m" > $BUILD/host.out 2>&1
            qemu-$arch $dir/bspkit $cmd "$m" > $BUILD/$arch.out 2>&1
            if cmp -s $BUILD/host.out $BUILD/$arch.out; then same=$((same + 1)); else differ="$differ $cmd:$(basename "$m")"; fi
        done
        $BUILD/bspkit query "$m" < "$q" > $BUILD/host.out 2>&1
        qemu-$arch $dir/bspkit query "$m" < "$q" > $BUILD/$arch.out 2>&1
        if cmp -s $BUILD/host.out $BUILD/$arch.out; then same=$((same + 1)); else differ="$differ query:$(basename "$m")"; fi
    done
    if [ -z "$differ" ] && [ $same -gt 0 ]; then
        pass "$arch: $same bspkit info/stats/query sessions byte-identical to the host"
    else
        fail "$arch: bspkit output differs from the host:$differ"
    fi
done

# ---- bare metal: the loader on an emulated e500 board, no OS, no libc -----
run_prog baremetal sh test/baremetal/run.sh

# ---- Quake 3 maps of Debian's openarena-data, when installed -------------
run_prog openarena sh test/openarena.sh

passed=$(grep -c '^PASS ' "$LOG")
failed=$(grep -c '^FAIL ' "$LOG")
skipped=$(grep -c '^SKIP ' "$LOG")
echo "$passed passed, $failed failed, $skipped skipped"
[ "$failed" -eq 0 ]
