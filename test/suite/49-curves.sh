# SPDX-License-Identifier: MIT
# Sourced by test/run.sh (shares its variables and pass/fail/skip/run_prog).
# ---- Quake 3 curves as the renderer draws them (docs/queries.md 11.9) ----
# test/craft_curves.py appends patches to the generated Quake 3 map (an
# arch, a tall curve, a flat sheet, neighbours the stitching joins, a NODRAW
# copy, NaN lightmap coordinates, a bumpy sheet; an even and a too-wide
# grid; one of 65 x 65). bspkit patches at subdivisions 2, 4 and 8,
# isolated and stitched, equals test/curves_ref.py's independent reading
# bit for bit; test_curves checks the calls' statuses, the triangles, the
# LOD picks and the set's sizes; openarena's oa_dm5, when part 90
# extracted it, is read the same way at the default subdivision.
curves_dir=$BUILD/curves
mkdir -p "$curves_dir"
if python3 test/craft_curves.py $MAPS/q3.bsp "$curves_dir"; then
    for s in 2 4 8; do
        for mode in "" --stitched; do
            $BUILD/bspkit patches "$curves_dir/curves.bsp" --subdivisions $s $mode --hex |
                python3 test/curves_ref.py "$curves_dir/curves.bsp" $s $mode > "$curves_dir/ref.out" 2>&1
            if grep -q '^PASS' "$curves_dir/ref.out"; then pass "$(cat "$curves_dir/ref.out" | cut -c6-)"
            else fail "curves S=$s $mode: $(head -1 "$curves_dir/ref.out")"; fi
        done
    done
    for mode in "" --stitched; do
        $BUILD/bspkit patches "$curves_dir/curves_bad.bsp" --hex $mode |
            python3 test/curves_ref.py "$curves_dir/curves_bad.bsp" 4 $mode > "$curves_dir/ref.out" 2>&1
        if grep -q '^PASS' "$curves_dir/ref.out"; then pass "curves_bad $mode: the refused grids answer corrupt"
        else fail "curves_bad $mode: $(head -1 "$curves_dir/ref.out")"; fi
    done
    run_prog curves $BUILD/t/test_curves "$curves_dir/curves.bsp" "$curves_dir/curves_bad.bsp" \
        "$curves_dir/curves_big.bsp"
else
    fail "curves: test/craft_curves.py could not craft its maps from $MAPS/q3.bsp"
fi
if [ -f $BUILD/openarena/oa_dm5.bsp ]; then
    for mode in "" --stitched; do
        $BUILD/bspkit patches $BUILD/openarena/oa_dm5.bsp --hex $mode |
            python3 test/curves_ref.py $BUILD/openarena/oa_dm5.bsp 4 $mode > "$curves_dir/oa.out" 2>&1
        if grep -q '^PASS' "$curves_dir/oa.out"; then pass "$(cut -c6- "$curves_dir/oa.out")"
        else fail "curves oa_dm5 $mode: $(head -1 "$curves_dir/oa.out")"; fi
    done
else
    skip "curves oa_dm5: $BUILD/openarena/oa_dm5.bsp absent (part 90 extracts it)"
fi
