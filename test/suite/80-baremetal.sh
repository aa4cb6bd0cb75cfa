# SPDX-License-Identifier: MIT
# A part of the suite, run by test/run.sh (its helpers: pass/fail/skip, run_prog, the inputs).
# ---- bare metal: the loader on an emulated e500 board, no OS, no libc -----
run_prog baremetal sh test/baremetal/run.sh
