# SPDX-License-Identifier: MIT
# A part of the suite, run by test/run.sh (its helpers: pass/fail/skip, run_prog, the inputs).
# ---- fuzzing: the regression corpus, then a short run of every target ----
run_prog fuzz env BUILD=$BUILD sh test/fuzz/run.sh
