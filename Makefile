# SPDX-License-Identifier: MIT
# bspkit - plain make, no configure step.
#   make            build/libbspkit.a and build/bspkit for the host
#   make test       every test (host under ASan+UBSan, then ppc and ppc64
#                   under qemu-user); ends with "N passed, N failed"
#   make demo       generate the bundled map and query it (and ../shared maps)
#   make asan       build/asan/bspkit with AddressSanitizer + UBSan
#   make cross      build/ppc/bspkit and build/ppc64/bspkit (static, big-endian)
#   make bench      decoder, load and query benchmarks (last line: JSON)
#   make test-baremetal   only the bare-metal e500 part of the suite
#   make size       text+data of the loader built for the e500 board
#   make fuzz       every libFuzzer target for FUZZ_SECONDS (default 60) each
#   make coverage   loader/ line coverage of the test suite

CC      ?= cc
AR      ?= ar
BUILD   ?= build
WARN    := -std=c99 -Wall -Wextra -Werror -pedantic -Wshadow -Wstrict-prototypes
FLOAT   := -ffp-contract=off
CFLAGS  ?= -O2 -g
LDFLAGS ?=
# The loader is freestanding: no libc, and no compiler-invented calls to
# memcpy/memset (bsp__copy/bsp__fill loops must stay loops).
FREESTANDING := -ffreestanding -fno-builtin -fno-tree-loop-distribute-patterns
ASAN    := -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
# Test programs are built with TEST_SAN (the sanitizers on the host; cross
# builds clear it).
TEST_SAN ?= $(ASAN)

LOADER_SRC := $(wildcard loader/*/*.c)
LIB_SRC := $(LOADER_SRC) platform/memory/bsp_memstream.c
HOST_SRC := platform/posix/bsp_file.c
# The tool: every file in tools/ (one main, in tools/bspkit.c).
TOOL_SRC := $(wildcard tools/*.c)
TOOL_HDR := $(wildcard tools/*.h)
# PNG pictures through stb_image_write (libstb-dev), header-only: the
# tool only, never the library.
TOOL_INC := -I/usr/include/stb
HEADERS := $(wildcard loader/*.h loader/*/*.h port/*.h platform/*/*.h)
GEN_SRC := $(wildcard test/gen/*.c)
TESTS   ?= test_unit test_api test_hostile test_lzma test_bounds test_access
LZMA_REF := -llzma

LIB_OBJ  := $(LIB_SRC:%.c=$(BUILD)/obj/%.o)
ASAN_OBJ := $(LIB_SRC:%.c=$(BUILD)/asan/obj/%.o)
TEST_OBJ := $(LIB_SRC:%.c=$(BUILD)/t/obj/%.o)

.PHONY: all test demo asan cross bins bench clean
all: $(BUILD)/libbspkit.a $(BUILD)/bspkit

$(BUILD)/obj/%.o: %.c $(HEADERS)
	@mkdir -p $(dir $@)
	$(CC) $(WARN) $(FLOAT) $(FREESTANDING) $(CFLAGS) -c $< -o $@
$(BUILD)/asan/obj/%.o: %.c $(HEADERS)
	@mkdir -p $(dir $@)
	$(CC) $(WARN) $(FLOAT) $(FREESTANDING) $(CFLAGS) $(ASAN) -c $< -o $@
$(BUILD)/t/obj/%.o: %.c $(HEADERS)
	@mkdir -p $(dir $@)
	$(CC) $(WARN) $(FLOAT) $(FREESTANDING) $(CFLAGS) $(TEST_SAN) -c $< -o $@

$(BUILD)/libbspkit.a: $(LIB_OBJ)
	$(AR) rcs $@ $^
$(BUILD)/asan/libbspkit.a: $(ASAN_OBJ)
	$(AR) rcs $@ $^
$(BUILD)/t/libbspkit.a: $(TEST_OBJ)
	$(AR) rcs $@ $^

$(BUILD)/bspkit: $(TOOL_SRC) $(TOOL_HDR) $(HOST_SRC) $(BUILD)/libbspkit.a $(HEADERS)
	$(CC) $(WARN) $(FLOAT) $(CFLAGS) $(TOOL_INC) $(LDFLAGS) $(TOOL_SRC) $(HOST_SRC) $(BUILD)/libbspkit.a -lm -o $@
$(BUILD)/asan/bspkit: $(TOOL_SRC) $(TOOL_HDR) $(HOST_SRC) $(BUILD)/asan/libbspkit.a $(HEADERS)
	$(CC) $(WARN) $(FLOAT) $(CFLAGS) $(TOOL_INC) $(ASAN) $(TOOL_SRC) $(HOST_SRC) $(BUILD)/asan/libbspkit.a -lm -o $@

asan: $(BUILD)/asan/bspkit

# Test programs (test code: libc allowed). test_lzma also links the
# reference decoder/encoder (liblzma), never part of the library.
$(BUILD)/t/test_%: test/test_%.c test/check.h test/exercise.h test/access/exercise_access.h test/files.h $(BUILD)/t/libbspkit.a $(HOST_SRC) $(HEADERS)
	$(CC) $(WARN) $(FLOAT) $(CFLAGS) $(TEST_SAN) $(LDFLAGS) $< $(HOST_SRC) $(BUILD)/t/libbspkit.a -lm -o $@
# The LZMA SDK from Debian's lzma-dev: the encoder (lc up to 8) for the
# decoder tests, LzmaDec.c for the benchmark. Third-party code, built with
# its own relaxed flags, never linked into the library.
SDK := /usr/include/lzma
$(BUILD)/t/sdk/%.o: $(SDK)/%.c
	@mkdir -p $(dir $@)
	$(CC) -O2 -w -D_7ZIP_ST $(TEST_SAN) -c $< -o $@
$(BUILD)/t/test_lzma: test/test_lzma.c test/check.h $(BUILD)/t/libbspkit.a $(BUILD)/t/sdk/LzmaEnc.o $(BUILD)/t/sdk/LzFind.o $(HEADERS)
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

# Big-endian PowerPC, static, run under qemu-user by the suite.
include mk/targets.mk
cross: $(TARGETS:%=cross-%)
cross-%: FORCE
	@$(MAKE) --no-print-directory BUILD=build/$* CC=$(TARGET_$*_CROSS)gcc AR=$(TARGET_$*_CROSS)ar \
	    CFLAGS="-O2 -g $(TARGET_$*_CFLAGS)" \
	    TEST_SAN= LDFLAGS=-static LZMA_REF= \
	    LZMA_TEST_FLAGS="-DBSP_TEST_NO_LIBLZMA -I/usr/include/lzma" bins
.PHONY: FORCE
FORCE:

# Benchmarks (not part of test): reference decoders linked here only.
$(BUILD)/bench/sdk/LzmaDec.o: $(SDK)/LzmaDec.c
	@mkdir -p $(dir $@)
	$(CC) -O2 -w -D_7ZIP_ST -c $< -o $@
$(BUILD)/bench/bench_lzma: test/bench_lzma.c $(BUILD)/libbspkit.a $(BUILD)/bench/sdk/LzmaDec.o
	$(CC) $(WARN) $(FLOAT) $(CFLAGS) $< $(BUILD)/libbspkit.a $(BUILD)/bench/sdk/LzmaDec.o -llzma -o $@
$(BUILD)/bench/bench_load: test/bench_load.c $(HOST_SRC) $(BUILD)/libbspkit.a
	$(CC) $(WARN) $(FLOAT) $(CFLAGS) $< $(HOST_SRC) $(BUILD)/libbspkit.a -llzma -o $@
bench: all $(BUILD)/bspgen $(BUILD)/bench/bench_lzma $(BUILD)/bench/bench_load
	@sh test/bench.sh

test: bins $(BUILD)/asan/bspkit $(BUILD)/maps/.stamp $(LIB_OBJ) $(BUILD)/obj/port/bsp_mem.o cross baremetal fuzz-bins
	@sh test/run.sh

demo: all $(BUILD)/maps/.stamp
	@sh test/demo.sh

clean:
	rm -rf $(BUILD)

# Bare metal: PowerPC e500 under qemu-system-ppc (needs the variables above).
include mk/baremetal.mk

# Fuzzing, the fuzz regression corpus, loader/ line coverage.
include mk/fuzz.mk
