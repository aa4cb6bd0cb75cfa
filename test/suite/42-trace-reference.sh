# SPDX-License-Identifier: MIT
# A part of the suite, run by test/run.sh (its helpers: pass/fail/skip, run_prog, the inputs).
# ---- the collision reference (docs/queries.md 8, issue 21) ---------------
# test/reference/bspref_trace.py, written from the contract alone, checks
# its own answers on every real map: traces down from open points stop on
# floors facing up, a start inside solid is startsolid, endpos is start +
# fraction * (end - start) in float, clear moves are clear both ways, a
# player box stops no later than a point, the contract's worked examples.
# The library's trace is compared with it once it exists.
if have_shared; then
    new_id=$(id_new_maps) || skip "trace reference: no new id maps in ../shared/maps/new/quake2 or quake3"
    for m in "$SHARED"/maps/*/*.bsp $new_id; do
        name=${m#$SHARED/maps/}
        out=$BUILD/trace-ref.out
        if python3 test/reference/bspref_trace.py --selftest "$m" > $out 2>&1 &&
           grep -q ' checks, 0 failed$' $out; then
            pass "trace reference: $name: $(grep ' checks, ' $out)"
        else
            fail "trace reference: $name: $(tail -1 $out)"
        fi
    done
else
    skip "trace reference: no ../shared/maps (the real maps)"
fi
