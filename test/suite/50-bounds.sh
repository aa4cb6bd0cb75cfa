# SPDX-License-Identifier: MIT
# A part of the suite, run by test/run.sh (its helpers: pass/fail/skip, run_prog, the inputs).
# ---- bounded time; arena and stream discipline (every map) ---------------
# test_bounds' own cases need no map; its discipline checks run on every
# generated and real map (it says SKIP with none).
gen_maps=$(gen_maps) || skip "bounds: no generated maps in $MAPS"
real=$(real_maps) || skip "bounds: $SHARED/maps absent: real maps not checked"
run_prog bounds $BUILD/t/test_bounds $gen_maps $real
