# SPDX-License-Identifier: MIT
# Sourced by test/run.sh (shares its variables and pass/fail/skip/run_prog).
# ---- Quake 3 collision-only arena: the draw vertices through a window -----
# test_q3arena: the generated Quake 3 maps with curved surfaces (and a
# variant of each with a long vertex lump, the patches' run in its middle,
# made by the test), openarena's oa_dm1 and oa_dm5 when part 90 extracted
# them, and the real Quake 3 maps of ../shared: the header's run, measure ==
# used, the same facets and traces as a load with the geometry, through
# bsp_load, a forward-only stream and the resumable loader in pieces.
q3arena_maps="$MAPS/q3.bsp $MAPS/q3_lit.bsp $MAPS/q3_ramp.bsp"
for m in oa_dm1 oa_dm5; do
    if [ -f $BUILD/openarena/$m.bsp ]; then q3arena_maps="$q3arena_maps $BUILD/openarena/$m.bsp"
    else skip "q3arena $m: $BUILD/openarena/$m.bsp absent (part 90 extracts it)"; fi
done
if have_shared; then
    q3arena_maps="$q3arena_maps $(ls "$SHARED"/maps/quake3/*.bsp 2>/dev/null)"
else
    skip "q3arena real: $SHARED/maps absent"
fi
run_prog q3arena $BUILD/t/test_q3arena $q3arena_maps
