# SPDX-License-Identifier: MIT
# A part of the suite, run by test/run.sh (its helpers: pass/fail/skip, run_prog, the inputs).
# ---- Quake 3 collision-only arena: the draw vertices through a window -----
# test_q3arena: the generated Quake 3 maps with curved surfaces (and a
# variant of each with a long vertex lump, the patches' run in its middle,
# made by the test), openarena's oa_dm1 and oa_dm5 when openarena-data is
# installed, and the real Quake 3 maps of ../shared: the header's run, measure ==
# used, the same facets and traces as a load with the geometry, through
# bsp_load, a forward-only stream and the resumable loader in pieces.
q3arena_maps=$(gen_maps q3 q3_lit q3_ramp) || skip "q3arena: the generated Quake 3 maps are absent"
for m in oa_dm1 oa_dm5; do
    if oa=$(oa_maps $m); then q3arena_maps="$q3arena_maps $oa"
    else skip "q3arena $m: no $m.bsp in $OA's .pk3 files (install openarena-data)"; fi
done
if real=$(real_maps quake3); then q3arena_maps="$q3arena_maps $real"
else skip "q3arena real: no Quake 3 maps in $SHARED/maps"; fi
if [ -n "$(echo $q3arena_maps)" ]; then run_prog q3arena $BUILD/t/test_q3arena $q3arena_maps
else skip "q3arena: no map to run test_q3arena on"; fi
