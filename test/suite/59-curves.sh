# SPDX-License-Identifier: MIT
# A part of the suite, run by test/run.sh (its helpers: pass/fail/skip, run_prog, the inputs).
# ---- Quake 3 curves as the renderer draws them (docs/queries.md 11.9) ----
# test/craft/craft_curves.py appends patches to the generated Quake 3 map
# (an arch, a tall curve, a flat sheet, neighbours the stitching joins, a
# NODRAW copy, NaN lightmap coordinates, a bumpy sheet; an even and a
# too-wide grid; one of 65 x 65). bspkit patches at subdivisions 2, 4 and
# 8, isolated and stitched, equals test/reference/curves_ref.py's
# independent reading bit for bit; test_curves checks the calls' statuses,
# the triangles, the LOD picks and the set's sizes; openarena's oa_dm5 is
# read the same way at the default subdivision.
curves_ref() {   # MAP S MODE: the tool's grids against the reference
    mkdir -p $BUILD/curves
    $BUILD/bspkit patches "$1" --subdivisions $2 $3 --hex |
        python3 test/reference/curves_ref.py "$1" $2 $3 > $BUILD/curves/ref.out 2>&1
}
if curves=$(curves_maps); then
    set -- $curves
    good=$1 bad=$2 big=$3
    for s in 2 4 8; do
        for mode in "" --stitched; do
            curves_ref "$good" $s "$mode"
            if grep -q '^PASS' $BUILD/curves/ref.out; then pass "$(cut -c6- $BUILD/curves/ref.out)"
            else fail "curves S=$s $mode: $(head -1 $BUILD/curves/ref.out)"; fi
        done
    done
    for mode in "" --stitched; do
        curves_ref "$bad" 4 "$mode"
        if grep -q '^PASS' $BUILD/curves/ref.out; then pass "curves_bad $mode: the refused grids answer corrupt"
        else fail "curves_bad $mode: $(head -1 $BUILD/curves/ref.out)"; fi
    done
    run_prog curves $BUILD/t/test_curves "$good" "$bad" "$big"
else
    skip "curves: no crafted curve maps (test/craft/craft_curves.py needs the generated q3.bsp)"
fi
if oa=$(oa_maps oa_dm5); then
    for mode in "" --stitched; do
        curves_ref "$oa" 4 "$mode"
        if grep -q '^PASS' $BUILD/curves/ref.out; then pass "$(cut -c6- $BUILD/curves/ref.out)"
        else fail "curves oa_dm5 $mode: $(head -1 $BUILD/curves/ref.out)"; fi
    done
else
    skip "curves oa_dm5: openarena-data's oa_dm5 absent"
fi
