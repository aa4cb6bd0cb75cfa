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
$(BUILD)/boundary: test/programs/boundary.c $(HOST_SRC) $(BUILD)/libbspkit.a $(HEADERS)
	$(CC) $(WARN) $(FLOAT) $(CFLAGS) $< $(HOST_SRC) $(BUILD)/libbspkit.a -o $@

test: targets clang-cross $(BUILD)/boundary

# Query speed against the previous code (test/bench/bench_float.sh): the library of
# revision FLOAT_BASE, built by its own Makefile from `git archive`, and the
# current one, each linked with test/bench/bench_query.c. The default is the commit
# before every float operation was rounded (issue 12), by hash: a branch
# name would not exist in a fresh clone. FLOAT_BASE=main (any revision)
# compares with that instead.
FLOAT_BASE ?= 40738d87f2e1
FLOAT_PREV := $(BUILD)/bench/prev
$(FLOAT_PREV)/libbspkit.a: FORCE
	@rm -rf $(FLOAT_PREV)/src && mkdir -p $(FLOAT_PREV)/src
	git archive $(FLOAT_BASE) | tar -x -C $(FLOAT_PREV)/src
	@$(MAKE) --no-print-directory -C $(FLOAT_PREV)/src BUILD=build CC=$(CC) build/libbspkit.a
	@cp $(FLOAT_PREV)/src/build/libbspkit.a $@
# (the previous headers before WARN's -Iloader: the program must see the
# bsp_map and options that library was built with, not today's)
$(BUILD)/bench/bench_query_prev: test/bench/bench_query.c $(FLOAT_PREV)/libbspkit.a
	$(CC) -I$(FLOAT_PREV)/src/loader -I$(FLOAT_PREV)/src/platform/posix $(WARN) $(FLOAT) $(CFLAGS) \
	    $< $(FLOAT_PREV)/src/platform/posix/bsp_file.c $(FLOAT_PREV)/libbspkit.a -o $@
$(BUILD)/bench/bench_query: test/bench/bench_query.c $(HOST_SRC) $(BUILD)/libbspkit.a $(HEADERS)
	@mkdir -p $(dir $@)
	$(CC) $(WARN) $(FLOAT) $(CFLAGS) -Iloader -Iplatform/posix $< $(HOST_SRC) $(BUILD)/libbspkit.a -o $@
.PHONY: bench-float
bench-float: $(BUILD)/bench/bench_query $(BUILD)/bench/bench_query_prev $(BENCH_MAP)
	@BUILD=$(BUILD) SHARED=$(SHARED) sh test/bench/bench_float.sh
bench: bench-float
