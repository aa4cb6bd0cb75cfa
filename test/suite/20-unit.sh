# SPDX-License-Identifier: MIT
# A part of the suite, run by test/run.sh (its helpers: pass/fail/skip, run_prog, the inputs).
# ---- unit tests ---------------------------------------------------------
run_prog unit $BUILD/t/test_unit
[ -x $BUILD/t/test_lzma ] && run_prog lzma $BUILD/t/test_lzma
