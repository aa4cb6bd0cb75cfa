# bspkit - plain make, no configure step.
#   make            build/libbspkit.a and build/bspkit for the host
#   make test       every test; ends with "N passed, N failed"
#   make demo       generate the bundled map and query it (and ../shared maps)
#   make asan       build/asan/bspkit with AddressSanitizer + UBSan

CC      ?= cc
AR      ?= ar
BUILD   := build
WARN    := -std=c99 -Wall -Wextra -Werror -pedantic -Wshadow -Wstrict-prototypes
FLOAT   := -ffp-contract=off
CFLAGS  ?= -O2 -g
# The loader is freestanding: no libc, and no compiler-invented calls to
# memcpy/memset (bsp_copy/bsp_fill loops must stay loops).
FREESTANDING := -ffreestanding -fno-builtin -fno-tree-loop-distribute-patterns
SAN     := -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer

LOADER_SRC := $(wildcard loader/*.c)
PLATFORM_FREE_SRC := platform/memory/bsp_memstream.c
HOST_SRC := platform/posix/bsp_file.c
LIB_SRC := $(LOADER_SRC) $(PLATFORM_FREE_SRC)
HEADERS := $(wildcard loader/*.h port/*.h platform/*/*.h)
GEN_SRC := $(wildcard test/gen/*.c)

LIB_OBJ := $(LIB_SRC:%.c=$(BUILD)/obj/%.o)
ASAN_LIB_OBJ := $(LIB_SRC:%.c=$(BUILD)/asan/obj/%.o)

.PHONY: all test demo asan clean
all: $(BUILD)/libbspkit.a $(BUILD)/bspkit

$(BUILD)/obj/%.o: %.c $(HEADERS)
	@mkdir -p $(dir $@)
	$(CC) $(WARN) $(FLOAT) $(FREESTANDING) $(CFLAGS) -c $< -o $@

$(BUILD)/asan/obj/%.o: %.c $(HEADERS)
	@mkdir -p $(dir $@)
	$(CC) $(WARN) $(FLOAT) $(FREESTANDING) $(CFLAGS) $(SAN) -c $< -o $@

$(BUILD)/libbspkit.a: $(LIB_OBJ)
	$(AR) rcs $@ $^

$(BUILD)/asan/libbspkit.a: $(ASAN_LIB_OBJ)
	$(AR) rcs $@ $^

$(BUILD)/bspkit: tools/bspkit.c $(HOST_SRC) $(BUILD)/libbspkit.a $(HEADERS)
	$(CC) $(WARN) $(FLOAT) $(CFLAGS) tools/bspkit.c $(HOST_SRC) $(BUILD)/libbspkit.a -lm -o $@

$(BUILD)/asan/bspkit: tools/bspkit.c $(HOST_SRC) $(BUILD)/asan/libbspkit.a $(HEADERS)
	$(CC) $(WARN) $(FLOAT) $(CFLAGS) $(SAN) tools/bspkit.c $(HOST_SRC) $(BUILD)/asan/libbspkit.a -lm -o $@

asan: $(BUILD)/asan/bspkit

# Host-side fixture generator (test code: libc and libm allowed).
$(BUILD)/bspgen: $(GEN_SRC) $(wildcard test/gen/*.h)
	@mkdir -p $(BUILD)
	$(CC) $(WARN) $(FLOAT) $(CFLAGS) $(GEN_SRC) -lm -o $@

$(BUILD)/maps/.stamp: $(BUILD)/bspgen
	@mkdir -p $(BUILD)/maps
	$(BUILD)/bspgen $(BUILD)/maps
	@touch $@

# Test programs: host C tests linked against the sanitized library.
TESTS := test_unit test_api test_hostile
$(BUILD)/asan/test_%: test/test_%.c test/check.h $(BUILD)/asan/libbspkit.a $(HOST_SRC) $(HEADERS)
	$(CC) $(WARN) $(FLOAT) $(CFLAGS) $(SAN) $< $(HOST_SRC) $(BUILD)/asan/libbspkit.a -lm -o $@

test: all $(BUILD)/asan/bspkit $(BUILD)/maps/.stamp $(TESTS:%=$(BUILD)/asan/%) $(LIB_OBJ)
	@sh test/run.sh

demo: all $(BUILD)/maps/.stamp
	@sh test/demo.sh

clean:
	rm -rf $(BUILD)
