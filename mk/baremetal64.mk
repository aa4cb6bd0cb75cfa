# SPDX-License-Identifier: MIT
# baremetal64.mk - the bare-metal test on a 64-bit PowerPC core: e5500 on
# QEMU's ppce500 machine (qemu-system-ppc64), next to mk/baremetal.mk's e500
# board. Included by the main Makefile after mk/baremetal.mk, whose host-side
# files it shares: the embedded maps and expected answers
# ($(BM_DIR)/gen/maps.S, tables.c, sizes.h) are the same, so the 64-bit core
# must give the 32-bit core's (and the host's) answers bit for bit.
#
#   make test-baremetal64  build $(BUILD)/e5500/bspkit-test.elf, boot it and
#                          print its PASS/FAIL lines
#   make baremetal64       just build the image
#
# Only the start-up code (platform/e5500/start.S) and the linker script
# (linker/e5500.ld) are the board's own; the console and exit are the e500's
# (platform/e500/board.c: the same SoC UART and reset register, mapped at
# the same effective address by start.S).

BM64_CROSS  ?= powerpc64-linux-gnu-
BM64_CC     := $(BM64_CROSS)gcc
BM64_DIR    := $(BUILD)/e5500
BM64_IMAGE  := $(BM64_DIR)/bspkit-test.elf

# ELFv2: no function descriptors (the entry point is code). -mno-pltseq and
# no PIC: absolute calls within one TOC.
BM64_ARCH   := -mcpu=e5500 -m64 -mbig-endian -mabi=elfv2 -fno-pic -fno-pie
BM64_GCC_INC = $(shell $(BM64_CC) -print-file-name=include)
BM64_CFLAGS  = $(WARN) $(FLOAT) $(FREESTANDING) -O2 -g $(BM64_ARCH) \
               -nostdinc -isystem $(BM64_GCC_INC) -fno-stack-protector \
               -fno-asynchronous-unwind-tables -fno-unwind-tables
BM64_INC    :=
BM64_LDFLAGS := -nostdlib -nostartfiles -static -no-pie -T linker/e5500.ld \
                -Wl,--orphan-handling=error -Wl,--build-id=none -Wl,--no-dynamic-linker \
                -Wl,-Map=$(BM64_DIR)/bspkit-test.map

BM64_LOADER_OBJ := $(LOADER_SRC:%.c=$(BM64_DIR)/obj/%.o) $(BM64_DIR)/obj/port/bsp_mem.o
BM64_PLAT_OBJ   := $(BM64_DIR)/obj/platform/e5500/start.o $(BM64_DIR)/obj/platform/e500/board.o \
                   $(BM64_DIR)/obj/platform/memory/bsp_memstream.o
BM64_TEST_OBJ   := $(BM64_DIR)/obj/test/baremetal/main.o $(BM64_DIR)/obj/gen/tables.o \
                   $(BM64_DIR)/obj/gen/maps.o
$(BM64_TEST_OBJ) $(BM64_DIR)/obj/platform/e500/board.o: BM64_INC := -Iplatform/e500 -Itest/baremetal -I$(BM_DIR)/gen
$(BM64_TEST_OBJ) $(BM64_DIR)/obj/platform/e500/board.o: $(BM_GEN_H)

.PHONY: baremetal64 test-baremetal64
baremetal64: $(BM64_IMAGE)
test-baremetal64: $(BM64_IMAGE)
	@BUILD=$(BUILD) SHARED=$(SHARED) BM_BOARD=e5500 sh test/baremetal/run.sh

$(BM64_DIR)/obj/%.o: %.c $(HEADERS)
	@mkdir -p $(dir $@)
	$(BM64_CC) $(BM64_CFLAGS) $(BM64_INC) -c $< -o $@
$(BM64_DIR)/obj/%.o: %.S platform/e500/board.h platform/e500/booke.h
	@mkdir -p $(dir $@)
	$(BM64_CC) $(BM64_ARCH) -Iplatform/e500 -Wa,-mregnames -c $< -o $@
$(BM64_DIR)/obj/gen/%.o: $(BM_DIR)/gen/%.c $(HEADERS)
	@mkdir -p $(dir $@)
	$(BM64_CC) $(BM64_CFLAGS) $(BM64_INC) -c $< -o $@
$(BM64_DIR)/obj/gen/maps.o: $(BM_DIR)/gen/maps.S $(BM_FILES)
	@mkdir -p $(dir $@)
	$(BM64_CC) $(BM64_ARCH) -c $< -o $@

$(BM64_IMAGE): $(BM64_PLAT_OBJ) $(BM64_LOADER_OBJ) $(BM64_TEST_OBJ) linker/e5500.ld
	$(BM64_CC) $(BM64_LDFLAGS) $(BM64_PLAT_OBJ) $(BM64_LOADER_OBJ) $(BM64_TEST_OBJ) -o $@

test: baremetal64
