# SPDX-License-Identifier: MIT
# A part of the suite, run by test/run.sh (its helpers: pass/fail/skip, run_prog, the inputs).
# ---- a lump stored empty is no data, a lump left out is not_loaded -------
# test_absent: copies of the generated Source and Quake 2 maps whose game
# lump, pakfile, cubemaps, world lights, areas, area portals and entities
# are stored empty answer as maps without them (counts 0, a pakfile of no
# entries, no areas), in the load set or not; the maps as generated answer
# not_loaded for the same lumps left out (also the area portals alone);
# the deprecated bsp_leaf_info answers as bsp_get_leaf on every family.
if absent_maps=$(gen_maps q1 goldsrc bsp2 q2 q3 v20_ldr x360_v20_ldr demo nightfire); then
    run_prog absent $BUILD/t/test_absent $absent_maps
else
    skip "absent: none of the generated maps it copies is there"
fi
