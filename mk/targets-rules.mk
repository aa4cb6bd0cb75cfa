# SPDX-License-Identifier: MIT
# targets-rules.mk - builds for the console CPU classes of mk/targets.mk,
# clang cross builds, and the boundary query generator (issue 12). Included
# by the main Makefile after its rules.
#
#   make targets       build/<t>/bspkit for every CONSOLE_TARGETS row (static)
#   make clang-cross   build/clang-<t>/libbspkit.a with clang --target=...,
#                      warnings as errors, plus a static tool where clang can
#                      link against the gcc cross sysroot

.PHONY: targets clang-cross
targets: $(CONSOLE_TARGETS:%=target-%)
target-%: FORCE
	@$(MAKE) --no-print-directory BUILD=build/$* CC=$(TARGET_$*_CROSS)gcc AR=$(TARGET_$*_CROSS)ar \
	    CFLAGS="-O2 -g $(TARGET_$*_CFLAGS)" TEST_SAN= LDFLAGS=-static build/$*/bspkit

# clang targets: the triple and the linker. Clang has no
# -fno-tree-loop-distribute-patterns (it may call memcpy/memset on its own;
# port/bsp_mem.c has them). The tool links against Debian's gcc cross libc:
# with lld on ppc (BFD warns about an RWX segment there), with BFD on ppc64
# (lld has no ELFv1).
CLANG_TARGETS := ppc ppc64
CLANG_ppc_TRIPLE   := powerpc-linux-gnu
CLANG_ppc_LD       := lld
CLANG_ppc64_TRIPLE := powerpc64-linux-gnu
CLANG_ppc64_LD     := bfd
clang-cross: $(CLANG_TARGETS:%=clang-cross-%)
clang-cross-%: FORCE
	@$(MAKE) --no-print-directory BUILD=build/clang-$* CC="clang --target=$(CLANG_$*_TRIPLE)" \
	    AR=llvm-ar CFLAGS="-O2 -g" TEST_SAN= FREESTANDING="-ffreestanding -fno-builtin" LDFLAGS="-static -fuse-ld=$(CLANG_$*_LD)" \
	    build/clang-$*/libbspkit.a build/clang-$*/bspkit

# The boundary query generator runs on the host only: the sets it writes are
# what every target answers.
$(BUILD)/boundary: test/boundary.c $(HOST_SRC) $(BUILD)/libbspkit.a $(HEADERS)
	$(CC) $(WARN) $(FLOAT) $(CFLAGS) $< $(HOST_SRC) $(BUILD)/libbspkit.a -o $@

test: targets clang-cross $(BUILD)/boundary
