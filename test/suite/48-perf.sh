# SPDX-License-Identifier: MIT
# A part of the suite, run by test/run.sh (its helpers: pass/fail/skip, run_prog, the inputs).
# ---- hull 0 on a hostile file (docs/queries.md 8.13, issue 31) -----------
# test/craft/craft_hull0.py sets every leaf's contents but leaf 0's to 0 in the
# generated Quake-family maps: hull 0 then takes a leaf for node 0 and a
# walk that did not count its nodes would go round for ever. The trace and
# the point's contents answer corrupt (the time bound only tells a hang
# from an answer: speed is make bench's).
dir=$BUILD/hull0
mkdir -p $dir
for m in q1 goldsrc bsp2 bsp2_2psb; do
    if ! python3 test/craft/craft_hull0.py $MAPS/$m.bsp $dir/$m.bsp; then
        fail "hull-0 loop $m: craft_hull0.py failed"
        continue
    fi
    out=$(printf 'hulltrace 0 0 0 0 10 10 10\nhullcontents 0 0 0 0\n' |
          timeout 60 $BUILD/asan/bspkit query $dir/$m.bsp 2>&1)
    if [ "$out" = '{"q":"hulltrace","error":"corrupt"}
{"q":"hullcontents","error":"corrupt"}' ]; then
        pass "hull-0 loop $m: hulltrace and hullcontents answer corrupt"
    else
        fail "hull-0 loop $m: $out"
    fi
done
# ---- the stack one collision call uses (issue 31) -------------------------
# test/programs/test_stack.c paints a thread's stack and counts what the calls
# touched: the deepest trees a load accepts (test/craft/craft_stack.py: 255 nodes
# of the generated Quake 2 map, 255 clipnodes of the Quake one, each
# crossed by a segment that every node splits), a generated map with curved
# surfaces, and the real maps (oa_dm5's 124 curved surfaces when
# openarena-data is there). Must be within BSP_TRACE_CALL_STACK_BYTES.
dir=$BUILD/stack
mkdir -p $dir
if python3 test/craft/craft_stack.py $MAPS/q2.bsp $MAPS/q1.bsp $dir; then
    set -- $dir/deep_q2.bsp $dir/deep_q2.ray $dir/deep_q1.bsp $dir/deep_q1.ray $MAPS/q3_lit.bsp - \
        $MAPS/v20_terrain.bsp -
    if have_shared; then
        for m in "$SHARED"/maps/quake*/*.bsp "$SHARED"/maps/bsp2/*.bsp "$SHARED"/maps/goldsrc/*.bsp \
                 "$SHARED"/maps/source/*.bsp "$SHARED"/maps/xbox360/*.bsp "$SHARED"/maps/nightfire/*.bsp; do
            set -- "$@" "$m" -
        done
    fi
    oa_dm5=$(oa_maps oa_dm5) && set -- "$@" $oa_dm5 -
    run_prog stack $BUILD/t/test_stack "$@"
    # the same at -O0 and -O2 with gcc and clang (issue 42: a debug build
    # must stay within the constant too); a compiler not installed skips
    for v in gcc-O0 gcc-O2 clang-O0 clang-O2; do
        if [ -x $BUILD/t/test_stack-$v ]; then
            run_prog stack-$v $BUILD/t/test_stack-$v "$@"
        else
            skip "stack-$v: $BUILD/t/test_stack-$v not built (${v%%-*} missing?)"
        fi
    done
else
    fail "craft_stack.py failed"
fi
