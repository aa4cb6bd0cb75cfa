# SPDX-License-Identifier: MIT
# Sourced by test/run.sh (shares its variables and pass/fail/skip/run_prog).
# ---- unit tests ---------------------------------------------------------
run_prog unit $BUILD/t/test_unit
[ -x $BUILD/t/test_lzma ] && run_prog lzma $BUILD/t/test_lzma
