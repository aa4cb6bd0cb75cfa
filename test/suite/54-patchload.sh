# SPDX-License-Identifier: MIT
# Sourced by test/run.sh (shares its variables and pass/fail/skip/run_prog).
# ---- Quake 3 collision loads keep no draw vertex (issue 31) ---------------
# test_patch --load: each map loaded for collision alone and with its
# geometry; the first keeps no draw vertex (a map with curved surfaces packs
# them for the patch build and lets them go), takes less arena, and traces
# as the other does. The generated maps with and without curved surfaces,
# and openarena's oa_dm1 (none) and oa_dm5 (124) when part 90 extracted them.
maps="$MAPS/q3.bsp $MAPS/q3_lit.bsp $MAPS/q3_grid_short.bsp"
for m in oa_dm1 oa_dm5; do
    [ -f $BUILD/openarena/$m.bsp ] && maps="$maps $BUILD/openarena/$m.bsp"
done
run_prog patchload $BUILD/t/test_patch --load $maps
