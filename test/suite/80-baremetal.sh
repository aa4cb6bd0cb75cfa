# SPDX-License-Identifier: MIT
# Sourced by test/run.sh (shares its variables and pass/fail/skip/run_prog).
# ---- bare metal: the loader on an emulated e500 board, no OS, no libc -----
run_prog baremetal sh test/baremetal/run.sh
