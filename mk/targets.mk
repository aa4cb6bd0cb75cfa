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

# The console CPU classes (issue 12). The suite runs only the bspkit tool on
# these (test/suite/75-targets.sh; `make targets` builds them): generated
# maps against their expected answers, real maps and the boundary query sets
# byte for byte against the host.
CONSOLE_TARGETS := aarch64 armhf mips mipsel i686 i686gnu s390x sparc64 m68k

# Switch class
TARGET_aarch64_CROSS  := aarch64-linux-gnu-
TARGET_aarch64_CFLAGS :=
TARGET_aarch64_QEMU   := qemu-aarch64
# Vita and 3DS class (ARMv7, hard float)
TARGET_armhf_CROSS    := arm-linux-gnueabihf-
TARGET_armhf_CFLAGS   :=
TARGET_armhf_QEMU     := qemu-arm
# N64 class: big-endian MIPS
TARGET_mips_CROSS     := mips-linux-gnu-
TARGET_mips_CFLAGS    :=
TARGET_mips_QEMU      := qemu-mips
# PSP and PS2 class: little-endian MIPS
TARGET_mipsel_CROSS   := mipsel-linux-gnu-
TARGET_mipsel_CFLAGS  :=
TARGET_mipsel_QEMU    := qemu-mipsel
# 32-bit x86 with the compiler's default x87 math (FLT_EVAL_METHOD 2)
TARGET_i686_CROSS     := i686-linux-gnu-
TARGET_i686_CFLAGS    :=
TARGET_i686_QEMU      := qemu-i386
# the same as GCC builds by default: gnu17, whose -fexcess-precision=fast
# lets assignments keep x87 precision (loader/core/fmath.h copes)
TARGET_i686gnu_CROSS  := i686-linux-gnu-
TARGET_i686gnu_CFLAGS := -std=gnu17
TARGET_i686gnu_QEMU   := qemu-i386
# big-endian 64-bit
TARGET_s390x_CROSS    := s390x-linux-gnu-
TARGET_s390x_CFLAGS   :=
TARGET_s390x_QEMU     := qemu-s390x
# traps on misaligned access
TARGET_sparc64_CROSS  := sparc64-linux-gnu-
TARGET_sparc64_CFLAGS :=
TARGET_sparc64_QEMU   := qemu-sparc64
# 68881 extended precision (FLT_EVAL_METHOD 2)
TARGET_m68k_CROSS     := m68k-linux-gnu-
TARGET_m68k_CFLAGS    :=
TARGET_m68k_QEMU      := qemu-m68k
