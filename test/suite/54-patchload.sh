# SPDX-License-Identifier: MIT
# A part of the suite, run by test/run.sh (its helpers: pass/fail/skip, run_prog, the inputs).
# ---- Quake 3 collision loads keep no draw vertex (issue 31) ---------------
# test_patch --load: each map loaded for collision alone and with its
# geometry; the first keeps no draw vertex (a map with curved surfaces packs
# them for the patch build and lets them go), takes less arena, and traces
# as the other does. The generated maps with and without curved surfaces,
# and openarena's oa_dm1 (none) and oa_dm5 (124) when openarena-data is
# installed.
maps=$(gen_maps q3 q3_lit q3_grid_short) || skip "patchload: the generated Quake 3 maps are absent"
oa=$(oa_maps oa_dm1 oa_dm5) || skip "patchload: no openarena-data: oa_dm1 and oa_dm5 not loaded"
# A map of twins (test/craft/craft_patches.py --twins): surfaces repeating
# the control points of one of the 16 before them share its facets, each
# surface's entry holding what a build of its own points gives.
twins=""
if [ -n "$maps" ] && python3 test/craft/craft_patches.py --twins $BUILD/maps/q3_lit.bsp $BUILD/patches_twins.bsp
then twins=$BUILD/patches_twins.bsp; fi
if [ -n "$maps$oa" ]; then run_prog patchload $BUILD/t/test_patch --load $maps $oa $twins
else skip "patchload: no map to load"; fi
