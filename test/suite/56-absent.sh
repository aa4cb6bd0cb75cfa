# SPDX-License-Identifier: MIT
# Sourced by test/run.sh (shares its variables and pass/fail/skip/run_prog).
# ---- a lump stored empty is no data, a lump left out is not_loaded -------
# test_absent: copies of the generated Source and Quake 2 maps whose game
# lump, pakfile, cubemaps, world lights, areas, area portals and entities
# are stored empty answer as maps without them (counts 0, a pakfile of no
# entries, no areas), in the load set or not; the maps as generated answer
# not_loaded for the same lumps left out (also the area portals alone);
# the deprecated bsp_leaf_info answers as bsp_get_leaf on every family.
absent_maps=$(ls $MAPS/q1.bsp $MAPS/goldsrc.bsp $MAPS/bsp2.bsp $MAPS/q2.bsp $MAPS/q3.bsp \
                 $MAPS/v20_ldr.bsp $MAPS/x360_v20_ldr.bsp $MAPS/demo.bsp $MAPS/nightfire.bsp 2>/dev/null)
run_prog absent $BUILD/t/test_absent $absent_maps
