# SPDX-License-Identifier: MIT
# Sourced by test/run.sh (shares its variables and pass/fail/skip/run_prog).
# ---- issue 34's API without guesses ---------------------------------------
# test_api34: every map query and access call on a generated map of each
# family, loaded whole and with the call's lump left out: unsupported where
# the family's format has no such data, not_loaded only where the load set
# left out a lump the family has (a table written from the formats); the
# end status of the iterators; the loader's waiting flags under held-back
# reads and jobs; the liquid flag of '*' texture names.
api34_maps=$(ls $MAPS/q1.bsp $MAPS/goldsrc.bsp $MAPS/bsp2.bsp $MAPS/bsp2_2psb.bsp $MAPS/q2.bsp \
                $MAPS/q3.bsp $MAPS/v20_ldr.bsp $MAPS/x360_v20_ldr.bsp $MAPS/demo.bsp \
                $MAPS/nightfire.bsp 2>/dev/null)
run_prog api34 $BUILD/t/test_api34 $api34_maps
