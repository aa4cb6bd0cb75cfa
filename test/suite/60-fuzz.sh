# SPDX-License-Identifier: MIT
# Sourced by test/run.sh (shares its variables and pass/fail/skip/run_prog).
# ---- fuzzing: the regression corpus, then a short run of every target ----
run_prog fuzz env BUILD=$BUILD sh test/fuzz/run.sh
