# SPDX-License-Identifier: MIT
# bspkit - plain make, no configure step.
#   make            build/libbspkit.a, build/libbspkit.so and build/bspkit
#   make deps       install (as root) or name the Debian packages of mk/deps.txt
#   make test       every test (host under ASan+UBSan, then the cross targets
#                   under qemu-user, bare metal); checks mk/deps.txt first;
#                   ends with "N passed, N failed"
#   make test-host  the same less the cross and bare-metal parts
#   make demo       generate the bundled map and query it (and ../shared maps);
#                   needs only a C compiler and make
#   make install    PREFIX (default /usr/local), DESTDIR: headers, libraries,
#                   bspkit.pc, CMake's bspkitConfig.cmake, the tool
#   make amalgamate dist/bspkit.c + dist/bspkit.h, a two-file drop-in
#   make asan       build/asan/bspkit with AddressSanitizer + UBSan
#   make cross      every target of mk/targets.mk, static, into build/<target>
#   make bench      decoder, load and query benchmarks (last line: JSON), on
#                   a generated console map made first (and ../shared's)
#   make test-baremetal   only the bare-metal e500 part of the suite
#   make size       the loader for 32-bit PowerPC at -Os: all families, Source
#                   with and without LZMA, the Quake family (bytes, goals)
#   make size-doc   docs/building.md's table rewritten from make size
#   make fuzz       every libFuzzer target for FUZZ_SECONDS (default 60) each
#   make coverage   loader/ line coverage of the test suite
#
# Build options: CC (gcc or clang; flags that only one of them has are chosen
# per compiler), CROSS (a tool prefix as homebrew SDK Makefiles take it:
# make CROSS=powerpc-linux-gnu- builds with powerpc-linux-gnu-gcc/-ar, the
# flags of that prefix's row in mk/targets.mk, into build/powerpc-linux-gnu), CFLAGS,
# LDFLAGS, BUILD, BSPKIT_STB (auto, 0 or 1: the tool's PNG pictures through
# libstb-dev's stb_image_write.h; the library and install never need it).

# The default goal is all, whatever rule an included file brings first
# (mk/config.mk's option stamp would otherwise be what plain make builds).
.DEFAULT_GOAL := all

# Cross targets: one row each (tool prefix, flags, qemu).
include mk/targets.mk
CROSS   ?=
# The row whose prefix CROSS names (empty for a prefix without a row: its
# compiler is used with no extra flags).
CROSS_TARGET := $(firstword $(foreach t,$(TARGETS),$(if $(filter $(CROSS),$(TARGET_$(t)_CROSS)),$(t))))
ifneq ($(CROSS),)
ifeq ($(origin CC),default)
CC      := $(CROSS)gcc
endif
ifeq ($(origin AR),default)
AR      := $(CROSS)ar
endif
# its own folder, named after the prefix (make cross uses build/<target>,
# with static test programs)
BUILD   ?= build/$(CROSS:%-=%)
endif
CC      ?= cc
AR      ?= ar
BUILD   ?= build
TARGET_FLAGS := $(if $(CROSS),$(TARGET_$(CROSS_TARGET)_CFLAGS))
# Every compile line starts with WARN: the language and warnings, the folder
# of the public header (the platform headers include "bspkit.h" as an
# installed include folder has it) and the target's own flags.
WARN    := -std=c99 -Wall -Wextra -Werror -pedantic -Wshadow -Wstrict-prototypes -Iloader $(TARGET_FLAGS)
FLOAT   := -ffp-contract=off
CFLAGS  ?= -O2 -g
LDFLAGS ?=
# Which compiler CC is: flags only one of them knows go in <flag>_gcc or
# <flag>_clang below.
CC_KIND := $(if $(findstring clang,$(shell $(CC) --version 2>/dev/null | head -1)),clang,gcc)
# The loader is freestanding: no libc, and no compiler-invented calls to
# memcpy/memset (bsp__copy/bsp__fill loops must stay loops; clang's
# -fno-builtin already stops its loop-idiom pass).
FREESTANDING_gcc   := -fno-tree-loop-distribute-patterns
FREESTANDING_clang :=
FREESTANDING := -ffreestanding -fno-builtin $(FREESTANDING_$(CC_KIND))
ASAN    := -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
# Test programs are built with TEST_SAN (the sanitizers on the host; cross
# builds clear it).
TEST_SAN ?= $(ASAN)

LOADER_SRC := $(wildcard loader/*/*.c)
# BSPKIT_FAMILIES, BSPKIT_LZMA: which formats the library carries.
include mk/config.mk
LIB_SRC := $(LOADER_SRC) platform/memory/bsp_memstream.c
HOST_SRC := platform/posix/bsp_file.c
# The tool: every file of tools/'s folders, a chain like the loader's
# (docs/source-map.md): common/ (what every command shares), pictures/
# and simulate/ on it, cli/ (main and the commands) on top.
TOOL_SRC := $(wildcard tools/*/*.c)
TOOL_HDR := $(wildcard tools/*/*.h)
# PNG pictures (bspkit render) through stb_image_write (libstb-dev),
# header-only: the tool only, never the library. BSPKIT_STB=auto (the
# default) uses it when $(STB_DIR)/stb_image_write.h is there, 1 requires
# it, 0 leaves it out; without it the tool builds all the same and bspkit
# render says "built without picture support" and exits 3. TOOL_STAMP
# changes with the choice, so that the tool is rebuilt.
BSPKIT_STB ?= auto
STB_DIR  ?= /usr/include/stb
STB_HAVE := $(if $(wildcard $(STB_DIR)/stb_image_write.h),1,0)
TOOL_PICTURES := $(if $(filter auto,$(BSPKIT_STB)),$(STB_HAVE),$(BSPKIT_STB))
ifeq ($(filter 0 1,$(TOOL_PICTURES)),)
$(error BSPKIT_STB must be auto, 0 or 1, not '$(BSPKIT_STB)')
endif
TOOL_INC := -DBSPKIT_PICTURES=$(TOOL_PICTURES) $(if $(filter 1,$(TOOL_PICTURES)),-I$(STB_DIR))
TOOL_STAMP := $(BUILD)/tool.flags
HEADERS := $(wildcard loader/*.h loader/*/*.h port/*.h platform/*/*.h)
GEN_SRC := $(wildcard test/gen/*.c)
TESTS   ?= test_unit test_api test_engine test_boxleaves test_hostile test_lzma test_bounds test_errors test_resume test_access test_areas test_slices \
           test_lightedge test_patch test_props test_pak test_trace_rules test_srclumps test_grid test_bspx test_api34 \
           test_q3arena test_absent test_curves test_mesh test_textures test_styles
LZMA_REF := -llzma

LIB_OBJ  := $(LIB_SRC:%.c=$(BUILD)/obj/%.o)
# libbspkit.a and .so also carry the hosted file stream: an archive member is
# linked only when called, so freestanding programs never pull in stdio.
# HOSTED_SRC= leaves it out for a target with no stdio.h.
HOSTED_SRC ?= $(HOST_SRC)
LIB_AR_OBJ := $(LIB_OBJ) $(HOSTED_SRC:%.c=$(BUILD)/obj/%.o)
ASAN_OBJ := $(LIB_SRC:%.c=$(BUILD)/asan/obj/%.o)
TEST_OBJ := $(LIB_SRC:%.c=$(BUILD)/t/obj/%.o)

.PHONY: all test test-host test-bins host-bins deps deps-check demo asan cross bins bench clean
all: $(BUILD)/libbspkit.a $(BUILD)/bspkit $(if $(CROSS),,$(BUILD)/libbspkit.so)

$(BUILD)/obj/%.o: %.c $(HEADERS) $(CONFIG_STAMP)
	@mkdir -p $(dir $@)
	$(CC) $(WARN) $(FLOAT) $(FREESTANDING) $(CFLAGS) $(CONFIG_FLAGS) -c $< -o $@
$(BUILD)/asan/obj/%.o: %.c $(HEADERS) $(CONFIG_STAMP)
	@mkdir -p $(dir $@)
	$(CC) $(WARN) $(FLOAT) $(FREESTANDING) $(CFLAGS) $(CONFIG_FLAGS) $(ASAN) -c $< -o $@
$(BUILD)/t/obj/%.o: %.c $(HEADERS) $(CONFIG_STAMP)
	@mkdir -p $(dir $@)
	$(CC) $(WARN) $(FLOAT) $(FREESTANDING) $(CFLAGS) $(CONFIG_FLAGS) $(TEST_SAN) -c $< -o $@

$(BUILD)/libbspkit.a: $(LIB_AR_OBJ)
	@rm -f $@
	$(AR) rcs $@ $^
$(BUILD)/asan/libbspkit.a: $(ASAN_OBJ)
	@rm -f $@
	$(AR) rcs $@ $^
$(BUILD)/t/libbspkit.a: $(TEST_OBJ)
	@rm -f $@
	$(AR) rcs $@ $^

$(TOOL_STAMP): config-force
	@if [ $(TOOL_PICTURES) = 1 ] && [ $(STB_HAVE) = 0 ]; then \
	    echo "BSPKIT_STB=1: no $(STB_DIR)/stb_image_write.h (apt-get install libstb-dev)" >&2; exit 1; fi
	$(call write_stamp,$(TOOL_INC))
$(BUILD)/bspkit: $(TOOL_SRC) $(TOOL_HDR) $(HOST_SRC) $(BUILD)/libbspkit.a $(HEADERS) $(TOOL_STAMP)
	$(CC) $(WARN) $(FLOAT) $(CFLAGS) $(TOOL_INC) $(LDFLAGS) $(TOOL_SRC) $(HOST_SRC) $(BUILD)/libbspkit.a -lm -o $@
$(BUILD)/asan/bspkit: $(TOOL_SRC) $(TOOL_HDR) $(HOST_SRC) $(BUILD)/asan/libbspkit.a $(HEADERS) $(TOOL_STAMP)
	$(CC) $(WARN) $(FLOAT) $(CFLAGS) $(TOOL_INC) $(ASAN) $(TOOL_SRC) $(HOST_SRC) $(BUILD)/asan/libbspkit.a -lm -o $@

asan: $(BUILD)/asan/bspkit

# Test programs (test code: libc allowed): test/programs/, with the headers
# of test/common/ they share. test_lzma also links the reference
# decoder/encoder (liblzma), never part of the library.
TEST_HDR := $(wildcard test/common/*.h)
$(BUILD)/t/test_%: test/programs/test_%.c $(TEST_HDR) test/access/exercise_access.h $(BUILD)/t/libbspkit.a $(HOST_SRC) $(HEADERS)
	$(CC) $(WARN) $(FLOAT) $(CFLAGS) $(TEST_SAN) $(LDFLAGS) $< $(HOST_SRC) $(BUILD)/t/libbspkit.a -lm -o $@
# test_selection reads the build's descriptions against core/config.h's
# constants: built with the library's own CONFIG_FLAGS, no sanitizers (it
# only reads data), so each reduced build (make subsets) can run it.
$(BUILD)/t/test_selection: test/programs/test_selection.c test/common/check.h $(BUILD)/libbspkit.a $(HEADERS) $(CONFIG_STAMP)
	@mkdir -p $(dir $@)
	$(CC) $(WARN) $(FLOAT) $(CFLAGS) $(CONFIG_FLAGS) $(LDFLAGS) $< $(BUILD)/libbspkit.a -o $@
# test_bounds: the cases, with its map builder and discipline part.
BOUNDS_SRC := $(wildcard test/bounds/*.c)
$(BUILD)/t/test_bounds: test/programs/test_bounds.c $(BOUNDS_SRC) test/bounds/bounds.h $(TEST_HDR) $(BUILD)/t/libbspkit.a $(HOST_SRC) $(HEADERS)
	$(CC) $(WARN) $(FLOAT) $(CFLAGS) $(TEST_SAN) $(LDFLAGS) $< $(BOUNDS_SRC) $(HOST_SRC) $(BUILD)/t/libbspkit.a -lm -o $@
# test/craft/pak_gen.py's LZMA entries without an end marker (Python's lzma
# module always writes one): the generator's encoder behind a pipe.
PAK_LZMA_SRC := test/programs/pak_lzma.c test/gen/lzma_enc.c test/gen/lzma_sdk.c test/gen/util.c
$(BUILD)/t/pak_lzma: $(PAK_LZMA_SRC) $(wildcard test/gen/*.h)
	@mkdir -p $(dir $@)
	$(CC) $(WARN) $(FLOAT) $(CFLAGS) $(PAK_LZMA_SRC) -lm -llzma -o $@
# The LZMA SDK from Debian's lzma-dev: the encoder (lc up to 8) for the
# decoder tests, LzmaDec.c for the benchmark. Third-party code, built with
# its own relaxed flags, never linked into the library.
SDK := /usr/include/lzma
$(BUILD)/t/sdk/%.o: $(SDK)/%.c
	@mkdir -p $(dir $@)
	$(CC) -O2 -w -D_7ZIP_ST $(TEST_SAN) -c $< -o $@
$(BUILD)/t/test_lzma: test/programs/test_lzma.c test/common/check.h $(BUILD)/t/libbspkit.a $(BUILD)/t/sdk/LzmaEnc.o $(BUILD)/t/sdk/LzFind.o $(HEADERS)
	$(CC) $(WARN) $(FLOAT) $(CFLAGS) $(TEST_SAN) $(LZMA_TEST_FLAGS) $(LDFLAGS) $< $(BUILD)/t/libbspkit.a \
	    $(BUILD)/t/sdk/LzmaEnc.o $(BUILD)/t/sdk/LzFind.o $(LZMA_REF) -lm -o $@

# Everything a target runs the suite with.
bins: $(BUILD)/bspkit $(TESTS:%=$(BUILD)/t/%)

# Host-side fixture generator (test code).
$(BUILD)/bspgen: $(GEN_SRC) $(wildcard test/gen/*.h)
	@mkdir -p $(BUILD)
	$(CC) $(WARN) $(FLOAT) $(CFLAGS) $(GEN_SRC) -lm -llzma -o $@
$(BUILD)/maps/.stamp: $(BUILD)/bspgen
	@mkdir -p $(BUILD)/maps
	$(BUILD)/bspgen $(BUILD)/maps
	@touch $@

# Every target of mk/targets.mk, static, run under qemu-user by the suite:
# the CROSS= build above, with the test programs.
cross: $(TARGETS:%=cross-%)
cross-%: FORCE
	@$(MAKE) --no-print-directory CROSS=$(TARGET_$*_CROSS) BUILD=build/$* \
	    CC=$(TARGET_$*_CROSS)gcc AR=$(TARGET_$*_CROSS)ar \
	    TEST_SAN= LDFLAGS=-static LZMA_REF= \
	    LZMA_TEST_FLAGS="-DBSP_TEST_NO_LIBLZMA -I/usr/include/lzma" bins
.PHONY: FORCE
FORCE:

# Benchmarks (not part of test): reference decoders linked here only.
# LzmaDec.c with the library's optimisation flags, so that the ratios
# compare code, not compiler options.
$(BUILD)/bench/sdk/LzmaDec.o: $(SDK)/LzmaDec.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -w -D_7ZIP_ST -c $< -o $@
# The decoder as it was before its readable rewrite (issue 13), taken from
# git and built beside today's with its symbols renamed, for the old-vs-new
# row (lzma_vs_old); without git history the row is left out.
LZMA_OLD_REV := 4ee0be9
LZMA_OLD_SYMS := lzma_decode lzma_parse_props lzma_probs_bytes lzma_region_bytes
LZMA_OLD := $(shell git cat-file -e $(LZMA_OLD_REV):loader/lzma/lzma_decoder.c 2>/dev/null && echo $(BUILD)/bench/old/lzma_old.o)
$(BUILD)/bench/old/lzma_old.o:
	@mkdir -p $(BUILD)/bench/old/loader/lzma $(BUILD)/bench/old/port
	git show $(LZMA_OLD_REV):loader/lzma/lzma_decoder.c > $(BUILD)/bench/old/loader/lzma/lzma_decoder.c
	git show $(LZMA_OLD_REV):loader/lzma/lzma_decoder.h > $(BUILD)/bench/old/loader/lzma/lzma_decoder.h
	git show $(LZMA_OLD_REV):port/bsp_port.h > $(BUILD)/bench/old/port/bsp_port.h
	$(CC) $(WARN) $(FLOAT) $(FREESTANDING) $(CFLAGS) $(foreach s,$(LZMA_OLD_SYMS),-Dbsp__$(s)=old__$(s)) \
	    -c $(BUILD)/bench/old/loader/lzma/lzma_decoder.c -o $@
$(BUILD)/bench/bench_lzma: test/bench/bench_lzma.c $(BUILD)/libbspkit.a $(BUILD)/bench/sdk/LzmaDec.o $(LZMA_OLD)
	$(CC) $(WARN) $(FLOAT) $(CFLAGS) $(if $(LZMA_OLD),-DBENCH_OLD_LZMA) $< $(BUILD)/libbspkit.a \
	    $(BUILD)/bench/sdk/LzmaDec.o $(LZMA_OLD) -llzma -o $@
$(BUILD)/bench/bench_load: test/bench/bench_load.c $(HOST_SRC) $(BUILD)/libbspkit.a
	$(CC) $(WARN) $(FLOAT) $(CFLAGS) $< $(HOST_SRC) $(BUILD)/libbspkit.a -llzma -o $@
$(BUILD)/bench/bench_jobs: test/bench/bench_jobs.c test/common/check.h test/common/files.h $(BUILD)/libbspkit.a
	@mkdir -p $(dir $@)
	$(CC) $(WARN) $(FLOAT) $(CFLAGS) $< $(BUILD)/libbspkit.a -pthread -o $@
# The same under ThreadSanitizer, for the suite: the library's sources
# compiled into it with -fsanitize=thread (what the threads share is the
# arena the jobs write).
$(BUILD)/tsan/bench_jobs: test/bench/bench_jobs.c test/common/check.h test/common/files.h $(LIB_SRC) $(HEADERS)
	@mkdir -p $(dir $@)
	$(CC) $(WARN) $(FLOAT) $(CONFIG_FLAGS) -O1 -g -fsanitize=thread $< $(LIB_SRC) -pthread -o $@
$(BUILD)/bench/bench_bspx: test/bench/bench_bspx.c $(BUILD)/libbspkit.a
	@mkdir -p $(dir $@)
	$(CC) $(WARN) $(FLOAT) $(CFLAGS) $< $(BUILD)/libbspkit.a -o $@
$(BUILD)/bench/bench_grid: test/bench/bench_grid.c $(HOST_SRC) $(BUILD)/libbspkit.a
	@mkdir -p $(dir $@)
	$(CC) $(WARN) $(FLOAT) $(CFLAGS) -Iplatform/posix -Iplatform/memory $< $(HOST_SRC) $(BUILD)/libbspkit.a -o $@
$(BUILD)/bench/bench_light: test/bench/bench_light.c $(HOST_SRC) $(BUILD)/libbspkit.a
	@mkdir -p $(dir $@)
	$(CC) $(WARN) $(FLOAT) $(CFLAGS) -Iplatform/posix $< $(HOST_SRC) $(BUILD)/libbspkit.a -o $@
$(BUILD)/bench/bench_visible: test/bench/bench_visible.c $(HOST_SRC) $(BUILD)/libbspkit.a
	@mkdir -p $(dir $@)
	$(CC) $(WARN) $(FLOAT) $(CFLAGS) -Iplatform/posix -Iplatform/memory $< $(HOST_SRC) $(BUILD)/libbspkit.a -o $@
$(BUILD)/bench/bench_leafvis: test/bench/bench_leafvis.c $(HOST_SRC) $(BUILD)/libbspkit.a
	@mkdir -p $(dir $@)
	$(CC) $(WARN) $(FLOAT) $(CFLAGS) -Iplatform/posix -Iplatform/memory $< $(HOST_SRC) $(BUILD)/libbspkit.a -o $@
$(BUILD)/bench/bench_mesh: test/bench/bench_mesh.c $(HOST_SRC) $(BUILD)/libbspkit.a
	@mkdir -p $(dir $@)
	$(CC) $(WARN) $(FLOAT) $(CFLAGS) -Iplatform/posix -Iplatform/memory $< $(HOST_SRC) $(BUILD)/libbspkit.a -o $@
$(BUILD)/bench/bench_atlas: test/bench/bench_atlas.c $(HOST_SRC) $(BUILD)/libbspkit.a
	@mkdir -p $(dir $@)
	$(CC) $(WARN) $(FLOAT) $(CFLAGS) -Iplatform/posix $< $(HOST_SRC) $(BUILD)/libbspkit.a -o $@
$(BUILD)/bench/bench_trace: test/bench/bench_trace.c $(HOST_SRC) $(BUILD)/libbspkit.a
	@mkdir -p $(dir $@)
	$(CC) $(WARN) $(FLOAT) $(CFLAGS) -Iplatform/posix $< $(HOST_SRC) $(BUILD)/libbspkit.a -o $@
$(BUILD)/bench/bench_terrain: test/bench/bench_terrain.c $(HOST_SRC) $(BUILD)/libbspkit.a
	@mkdir -p $(dir $@)
	$(CC) $(WARN) $(FLOAT) $(CFLAGS) -Iplatform/posix $< $(HOST_SRC) $(BUILD)/libbspkit.a -o $@
$(BUILD)/bench/bench_repeated: test/bench/bench_repeated.c $(HOST_SRC) $(BUILD)/libbspkit.a
	@mkdir -p $(dir $@)
	$(CC) $(WARN) $(FLOAT) $(CFLAGS) -Iplatform/posix $< $(HOST_SRC) $(BUILD)/libbspkit.a -o $@
$(BUILD)/bench/bench_pak: test/bench/bench_pak.c test/common/files.h $(BUILD)/libbspkit.a
	@mkdir -p $(dir $@)
	$(CC) $(WARN) $(FLOAT) $(CFLAGS) $< $(BUILD)/libbspkit.a -o $@
$(BUILD)/bench/bench_textures: test/bench/bench_textures.c test/common/files.h $(BUILD)/libbspkit.a
	@mkdir -p $(dir $@)
	$(CC) $(WARN) $(FLOAT) $(CFLAGS) -Iplatform/memory $< $(BUILD)/libbspkit.a -o $@
# The stack a collision call uses (issue 31): measured on the library as
# shipped, so without the sanitizers' frames.
$(BUILD)/t/test_stack: test/programs/test_stack.c $(BUILD)/libbspkit.a
	@mkdir -p $(dir $@)
	$(CC) $(WARN) $(FLOAT) $(CFLAGS) -Iplatform/posix $< $(BUILD)/libbspkit.a -pthread -o $@
# The same at each optimisation level with each compiler (issue 42): the
# constant must hold in a debug build too. Library and program in one
# compile (gcc-O0 ... clang-O2 name compiler and level).
STACK_VARIANTS := gcc-O0 gcc-O2 clang-O0 clang-O2
$(BUILD)/t/test_stack-%: test/programs/test_stack.c $(LIB_SRC) $(HOST_SRC) $(HEADERS) $(CONFIG_STAMP)
	@mkdir -p $(dir $@)
	$(word 1,$(subst -, ,$*)) $(WARN) $(FLOAT) -fno-builtin -$(word 2,$(subst -, ,$*)) $(CONFIG_FLAGS) \
	    -Iplatform/posix $< $(LIB_SRC) $(HOST_SRC) -pthread -o $@
$(BUILD)/bench/bench_trace_keys: test/bench/bench_trace_keys.c test/common/trace_queries.h $(BUILD)/libbspkit.a
	@mkdir -p $(dir $@)
	$(CC) $(WARN) $(FLOAT) $(CFLAGS) -Iplatform/memory $< $(BUILD)/libbspkit.a -o $@
# The generated console map every benchmark reads (bench-float too, where
# ../shared has no real one): made before any of them runs.
BENCH_MAP := $(BUILD)/bench/large_x360.bsp
$(BENCH_MAP): $(BUILD)/bspgen
	@mkdir -p $(dir $@)
	$(BUILD)/bspgen --only large --large 4096 $(dir $@) > /dev/null
bench: all $(BENCH_MAP) $(BUILD)/bench/bench_lzma $(BUILD)/bench/bench_load $(BUILD)/bench/bench_trace \
       $(BUILD)/bench/bench_terrain $(BUILD)/bench/bench_jobs $(BUILD)/bench/bench_pak $(BUILD)/t/pak_lzma $(BUILD)/bench/bench_repeated $(BUILD)/bench/bench_grid $(BUILD)/bench/bench_trace_keys $(BUILD)/bench/bench_bspx \
       $(BUILD)/bench/bench_light $(BUILD)/bench/bench_visible $(BUILD)/bench/bench_leafvis $(BUILD)/bench/bench_mesh $(BUILD)/bench/bench_textures \
       $(BUILD)/bench/bench_atlas $(BUILD)/maps/.stamp
	@BUILD=$(BUILD) SHARED=$(SHARED) sh test/bench/bench.sh

# The suite checks its packages before building anything, then builds in a
# second make so that a missing one stops it at once.
test: deps-check
	@$(MAKE) --no-print-directory test-bins
	@BUILD=$(BUILD) sh test/run.sh
test-host: deps-check
	@$(MAKE) --no-print-directory host-bins
	@BUILD=$(BUILD) SKIP_PARTS="$(CROSS_PARTS)" SUITE_CROSS=0 sh test/run.sh
# What the host parts need; test-bins adds the cross targets and bare metal.
host-bins: bins $(BUILD)/t/pak_lzma $(BUILD)/asan/bspkit $(BUILD)/tsan/bench_jobs $(BUILD)/t/test_stack $(STACK_VARIANTS:%=$(BUILD)/t/test_stack-%) $(BUILD)/maps/.stamp $(LIB_OBJ) $(BUILD)/obj/port/bsp_mem.o fuzz-bins ship-bins subsets
test-bins: host-bins cross baremetal
# The parts of test/suite that need the cross compilers and qemu.
CROSS_PARTS := 70 75 80 85
deps:
	@sh mk/deps.sh install
deps-check:
	@sh mk/deps.sh check

# The demo needs only a C compiler and make: its own build of the generator,
# without liblzma (the demo map has no compressed lump), writing the demo map
# alone.
DEMO_DIR := $(BUILD)/demo
$(DEMO_DIR)/bspgen: $(GEN_SRC) $(wildcard test/gen/*.h)
	@mkdir -p $(DEMO_DIR)
	$(CC) $(WARN) $(FLOAT) $(CFLAGS) -DGEN_NO_LIBLZMA $(GEN_SRC) -lm -o $@
$(DEMO_DIR)/demo.bsp: $(DEMO_DIR)/bspgen
	$(DEMO_DIR)/bspgen --only demo $(DEMO_DIR)
demo: all $(DEMO_DIR)/demo.bsp
	@BUILD=$(BUILD) DEMO=$(DEMO_DIR) sh test/ship/demo.sh

clean:
	rm -rf $(BUILD) dist

# Bare metal: PowerPC e500 under qemu-system-ppc (needs the variables above).
include mk/baremetal.mk
# make size: the loader's footprint per configuration.
include mk/size.mk
include mk/baremetal64.mk

# Fuzzing, the fuzz regression corpus, loader/ line coverage.
include mk/fuzz.mk

# Shipping: shared library, install, pkg-config, amalgamation.
include mk/ship.mk
# Console CPU classes, clang cross builds, boundary query sets (issue 12).
include mk/targets-rules.mk
