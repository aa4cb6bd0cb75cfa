# SPDX-License-Identifier: MIT
# baremetal.mk - bspkit with no OS and no libc: PowerPC e500 under QEMU.
# Included by the main Makefile after its variables, e.g. as its last line
# (uses BUILD, CC, WARN, FLOAT, FREESTANDING, LOADER_SRC, HEADERS and the
# rules for $(BUILD)/libbspkit.a, $(BUILD)/bspkit, $(BUILD)/maps/.stamp).
#
#   make test-baremetal  build $(BUILD)/e500/bspkit-test.elf, boot it on
#                        qemu-system-ppc -M mpc8544ds -cpu e500mc, print its
#                        PASS/FAIL lines and "N passed, N failed"
#   make baremetal       just build the image
#
# The image is the same loader/*/*.c, port/ and platform/memory sources as the
# host library, compiled freestanding and linked with -nostdlib and nothing
# else: no libc, no libgcc, not even the libc headers (-nostdinc; only GCC's
# own freestanding stdint.h/stddef.h).

BM_CROSS   ?= powerpc-linux-gnu-
BM_CC      := $(BM_CROSS)gcc
BM_NM      := $(BM_CROSS)nm
BM_SIZE    := $(BM_CROSS)size
BM_DIR     := $(BUILD)/e500
BM_IMAGE   := $(BM_DIR)/bspkit-test.elf
SHARED     ?= ../shared

# e500mc: an e500 with a classic hard-float FPU (e500v1/v2 have SPE
# instead), so float/double are plain IEEE instructions, as on the hosts.
# -msdata=none: no r13 small-data base to set up. -fno-pic: absolute
# addresses, no GOT.
BM_ARCH    := -mcpu=e500mc -mbig-endian -msdata=none -fno-pic -fno-pie
BM_GCC_INC  = $(shell $(BM_CC) -print-file-name=include)
BM_CFLAGS   = $(WARN) $(FLOAT) $(FREESTANDING) -O2 -g $(BM_ARCH) \
              -nostdinc -isystem $(BM_GCC_INC) -fno-stack-protector \
              -fno-asynchronous-unwind-tables -fno-unwind-tables
# Only the test program and the board code see these; the loader, port/
# and platform/memory build with no include path at all.
BM_INC     :=
BM_LDFLAGS := -nostdlib -nostartfiles -static -no-pie -T linker/e500.ld \
              -Wl,--orphan-handling=error -Wl,--build-id=none \
              -Wl,-Map=$(BM_DIR)/bspkit-test.map

BM_LOADER_OBJ := $(LOADER_SRC:%.c=$(BM_DIR)/obj/%.o) $(BM_DIR)/obj/port/bsp_mem.o
BM_PLAT_OBJ   := $(BM_DIR)/obj/platform/e500/start.o $(BM_DIR)/obj/platform/e500/board.o \
                 $(BM_DIR)/obj/platform/memory/bsp_memstream.o
BM_TEST_OBJ   := $(BM_DIR)/obj/test/baremetal/main.o $(BM_DIR)/obj/gen/tables.o \
                 $(BM_DIR)/obj/gen/maps.o
BM_GEN_H      := $(BM_DIR)/gen/sizes.h test/baremetal/bm.h platform/e500/board.h
$(BM_TEST_OBJ) $(BM_DIR)/obj/platform/e500/board.o: BM_INC := -Iplatform/e500 -Itest/baremetal -I$(BM_DIR)/gen
$(BM_TEST_OBJ) $(BM_DIR)/obj/platform/e500/board.o: $(BM_GEN_H)

# The maps: NAME FILE QUERIES EXPECTED. v20_ldr and its console twin
# (big-endian, LZMA) share the generator's queries and answers; the real
# Xbox 360 map, when ../shared is there, uses the reference points and the
# host tool's answers.
BM_SHACK  := $(wildcard $(SHARED)/maps/xbox360/shack.360.bsp)
# One generated map of every family, plus the console twin of v20_ldr
# (both with ambient lumps), and the lit Quake 3 (pages, soups, patches,
# light grid; a custom gridsize too) and Nightfire (projected lightmaps).
BM_GEN_MAPS := v20_ldr x360_v20_ldr q1 goldsrc bsp2 q2 q3 nightfire q3_lit q3_gridsize nightfire_lit \
               q2_ramp
BM_SPECS  := $(foreach n,$(BM_GEN_MAPS),$(n) $(BUILD)/maps/$(n).bsp $(BUILD)/maps/$(n).queries $(BUILD)/maps/$(n).expected)
BM_EXTRA  :=
BM_FILES  := $(BM_GEN_MAPS:%=$(BUILD)/maps/%.bsp) $(BM_SHACK)
# The generated maps come from the generator's one run (make -j must know).
$(BM_GEN_MAPS:%=$(BUILD)/maps/%.bsp): $(BUILD)/maps/.stamp ;
ifneq ($(BM_SHACK),)
BM_SPECS  += shack.360 $(BM_SHACK) $(BM_DIR)/gen/shack.360.queries $(BM_DIR)/gen/shack.360.expected
BM_EXTRA  += $(BM_DIR)/gen/shack.360.expected
endif

.PHONY: baremetal test-baremetal bm-force
bm-force:
baremetal: $(BM_IMAGE)

test-baremetal: $(BM_IMAGE)
	@BUILD=$(BUILD) SHARED=$(SHARED) BM_CROSS=$(BM_CROSS) sh test/baremetal/run.sh

# ---- cross objects ---------------------------------------------------------
$(BM_DIR)/obj/%.o: %.c $(HEADERS) $(CONFIG_STAMP)
	@mkdir -p $(dir $@)
	$(BM_CC) $(BM_CFLAGS) $(CONFIG_FLAGS) $(BM_INC) -c $< -o $@
# -mregnames: r1, r3 ... as register names in start.S
$(BM_DIR)/obj/%.o: %.S platform/e500/board.h platform/e500/booke.h
	@mkdir -p $(dir $@)
	$(BM_CC) $(BM_ARCH) -Iplatform/e500 -Wa,-mregnames -c $< -o $@
$(BM_DIR)/obj/gen/%.o: $(BM_DIR)/gen/%.c $(HEADERS)
	@mkdir -p $(dir $@)
	$(BM_CC) $(BM_CFLAGS) $(BM_INC) -c $< -o $@
$(BM_DIR)/obj/gen/maps.o: $(BM_DIR)/gen/maps.S $(BM_FILES)
	@mkdir -p $(dir $@)
	$(BM_CC) $(BM_ARCH) -c $< -o $@

$(BM_IMAGE): $(BM_PLAT_OBJ) $(BM_LOADER_OBJ) $(BM_TEST_OBJ) linker/e500.ld
	$(BM_CC) $(BM_LDFLAGS) $(BM_PLAT_OBJ) $(BM_LOADER_OBJ) $(BM_TEST_OBJ) -o $@

# ---- host side: sizes, expected answers, tables ------------------------------
$(BM_DIR)/measure: test/baremetal/measure.c test/baremetal/bm.h $(BUILD)/libbspkit.a platform/posix/bsp_file.c
	@mkdir -p $(dir $@)
	$(CC) $(WARN) $(FLOAT) -O2 $< platform/posix/bsp_file.c $(BUILD)/libbspkit.a -o $@

# The map list, rewritten only when it changes (../shared appearing or going).
$(BM_DIR)/gen/maps.cfg: bm-force
	@mkdir -p $(dir $@)
	@echo '$(BM_SPECS)' | cmp -s - $@ || echo '$(BM_SPECS)' > $@

$(BM_DIR)/gen/sizes.h: $(BM_DIR)/measure $(BM_DIR)/gen/maps.cfg $(BUILD)/maps/.stamp
	$(BM_DIR)/measure $$(echo '$(BM_SPECS)' | awk '{ for (i = 1; i < NF; i += 4) printf "%s=%s ", $$i, $$(i+1) }') > $@.tmp
	@mv $@.tmp $@

$(BM_DIR)/gen/shack.360.queries: $(BM_SHACK) test/reference/bspref.py
	@mkdir -p $(dir $@)
	python3 test/reference/bspref.py points $< > $@.tmp
	@mv $@.tmp $@
$(BM_DIR)/gen/shack.360.expected: $(BM_DIR)/gen/shack.360.queries $(BUILD)/bspkit
	$(BUILD)/bspkit query $(BM_SHACK) < $< > $@.tmp
	@mv $@.tmp $@

$(BM_DIR)/gen/tables.c $(BM_DIR)/gen/maps.S &: test/baremetal/mktables.py $(BM_DIR)/gen/maps.cfg \
        $(BUILD)/maps/.stamp $(BM_EXTRA)
	python3 test/baremetal/mktables.py $(BM_DIR)/gen $(BM_SPECS)
