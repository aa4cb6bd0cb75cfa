# SPDX-License-Identifier: MIT
# A part of the suite, run by test/run.sh (its helpers: pass/fail/skip, run_prog, the inputs).
# ---- bare metal on a 64-bit core: e5500 on QEMU's ppce500, no OS, no libc --
# The e500 part's maps and expected answers, on 64-bit big-endian PowerPC
# (the consoles' Xenon and Cell PPU class): mk/baremetal64.mk.
BM_BOARD=e5500 run_prog baremetal64 sh test/baremetal/run.sh
