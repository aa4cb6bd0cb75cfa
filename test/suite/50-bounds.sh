# SPDX-License-Identifier: MIT
# Sourced by test/run.sh (shares its variables and pass/fail/skip/run_prog).
# ---- bounded time; arena and stream discipline (every map) ---------------
run_prog bounds $BUILD/t/test_bounds $gen_maps $real
