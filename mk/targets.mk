# SPDX-License-Identifier: MIT
# targets.mk - every cross target of the suite in one place: a row of
# variables per target. TARGET_<t>_CROSS is the tool prefix (as homebrew SDK
# Makefiles use: CC is $(CROSS)gcc), TARGET_<t>_CFLAGS the target's own
# flags (used for every file of that target, by make CROSS=<prefix> too),
# TARGET_<t>_QEMU the qemu-user command that runs its programs.
TARGETS := ppc ppc64

TARGET_ppc_CROSS    := powerpc-linux-gnu-
TARGET_ppc_CFLAGS   := -msdata=none -fno-pic
TARGET_ppc_QEMU     := qemu-ppc

TARGET_ppc64_CROSS  := powerpc64-linux-gnu-
TARGET_ppc64_CFLAGS :=
TARGET_ppc64_QEMU   := qemu-ppc64
