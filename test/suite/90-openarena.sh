# SPDX-License-Identifier: MIT
# A part of the suite, run by test/run.sh (its helpers: pass/fail/skip, run_prog, the inputs).
# suite: long
# ---- Quake 3 maps of Debian's openarena-data, when installed -------------
run_prog openarena sh test/openarena/openarena.sh
