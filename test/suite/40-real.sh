# SPDX-License-Identifier: MIT
# A part of the suite, run by test/run.sh (its helpers: pass/fail/skip, run_prog, the inputs).
# ---- real maps ----------------------------------------------------------
if have_shared; then
    for log in "$SHARED"/maps/source/*.vbspinfo.txt; do
        m=${log%.vbspinfo.txt}.bsp
        name=$(basename "$m")
        if python3 test/checks/compare_counts.py vbspinfo "$log" "$($BUILD/bspkit stats "$m")" > "$LOG.tmp" 2>&1; then
            pass "$name: bspkit stats equals Valve's vbspinfo log"
        else
            fail "$name: bspkit stats differs from vbspinfo"; cat "$LOG.tmp"
        fi
        rm -f "$LOG.tmp"
    done
    x360="$SHARED/maps/xbox360/shack.360.bsp"
    if python3 test/checks/compare_counts.py vbspinfo-console "$SHARED/maps/xbox360/shack.pc-original.vbspinfo.txt" \
            "$($BUILD/bspkit stats "$x360")" > "$LOG.tmp" 2>&1; then
        pass "shack.360.bsp: bspkit stats equals vbspinfo of its PC original (less what MakeGameData strips)"
    else
        fail "shack.360.bsp: bspkit stats differs from the PC original's vbspinfo"; cat "$LOG.tmp"
    fi
    rm -f "$LOG.tmp"
    for pair in ericw:quake/mp_lobby ericw:bsp2/mp_lobby q2tools:quake2/mp_lobby q3map2:quake3/mp_lobby; do
        kind=${pair%%:*}; m="$SHARED/maps/${pair#*:}.bsp"
        if python3 test/checks/compare_counts.py $kind "${m%.bsp}.bspinfo.txt" "$($BUILD/bspkit stats "$m")" > "$LOG.tmp" 2>&1; then
            pass "${pair#*:}: bspkit stats equals the $kind report"
        else
            fail "${pair#*:}: bspkit stats differs from the $kind report"; cat "$LOG.tmp"
        fi
        rm -f "$LOG.tmp"
    done
    real=$(ls "$SHARED"/maps/source/*.bsp "$x360" "$SHARED"/maps/quake/*.bsp "$SHARED"/maps/bsp2/*.bsp \
              "$SHARED"/maps/quake2/*.bsp "$SHARED"/maps/quake3/*.bsp "$SHARED"/maps/goldsrc/*.bsp \
              "$SHARED"/maps/nightfire/*.bsp)
    # the new id maps (QBSP 38: new/quake2/example_qbism.bsp; IBSP 47:
    # new/quake3/rtcw_testroom.bsp)
    if new_id=$(id_new_maps); then real="$real $new_id"
    else skip "new id maps: $SHARED/maps/new/quake2 and quake3 have none"; fi
    run_prog api-real $BUILD/t/test_api $real
    run_prog hostile-real $BUILD/t/test_hostile "$SHARED/maps/source/tf2_mp_lobby.bsp" \
        "$SHARED/maps/source/l4d2_tooltextures.bsp" "$x360" "$SHARED/maps/quake/q1_cube.bsp" \
        "$SHARED/maps/bsp2/mp_lobby.bsp" "$SHARED/maps/quake2/mp_lobby.bsp" \
        "$SHARED/maps/quake2/lq_e0m1.bsp" "$SHARED/maps/source/momentum_mp_lobby.bsp" \
        "$SHARED/maps/quake3/mp_lobby.bsp" "$SHARED/maps/nightfire/weapon_accuracy_nf.bsp" $new_id
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
